"""Charts of the odds and of the fight (pyqtgraph, loaded when first shown)."""
