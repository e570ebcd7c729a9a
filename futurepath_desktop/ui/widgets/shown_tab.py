"""Tabs as tall as the tab shown. Qt sizes a tab widget for the largest of its pages (for
wrapping words, by every page's height at the width given), so opening a long tab once
left a short one stretched, with a scroll bar, for good."""

from __future__ import annotations

from PySide6.QtWidgets import QSizePolicy, QTabWidget


class ShownTabs(QTabWidget):
    """A tab widget sized by the page shown; the pages behind it count for nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.currentChanged.connect(self._shown)

    def tabInserted(self, index: int) -> None:
        super().tabInserted(index)
        self._shown()

    def _shown(self, *_: object) -> None:
        shown = self.currentWidget()
        for page in filter(None, map(self.widget, range(self.count()))):
            policy = QSizePolicy.Policy.Preferred if page is shown else QSizePolicy.Policy.Ignored
            page.setSizePolicy(policy, policy)
        self.updateGeometry()

    def heightForWidth(self, width: int) -> int:
        """The shown page's height at this width, with the tab bar and the frame round the
        pages (measured on the tabs as laid out; before they are first shown, Qt's own)."""
        page = self.currentWidget()
        pages = page.parentWidget()
        if pages is None or not self.isVisible():
            return super().heightForWidth(width)
        height = page.heightForWidth(width - (self.width() - pages.width()))
        height = max(height, page.sizeHint().height() if height < 0 else 0)
        return max(height, page.minimumSizeHint().height()) + self.height() - pages.height()
