"""The players' page: a read-only web page served from the GM's laptop on the local
network, for the players' phones, tablets and a TV's browser (R61: what the player view
shows, and only that).

Qt-free and below ``ui``: ``page_data`` makes what the page sends from the players'
description alone, ``server`` serves it (aiohttp, in a thread of its own) and ``links``
makes its address and QR code, and ``png`` encodes the players' map quickly. The window's
side (``ui.web_prompts``) renders that map and hands both over on every change. aiohttp
and segno load only when the GM turns the page on, never at start-up.
"""
