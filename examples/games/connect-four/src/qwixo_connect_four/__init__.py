"""Connect Four as a qwixo game: ``rules`` (the game and its metadata, ``INFO``), ``bots``,
``codec`` (the research adapters' numbering), ``terminal`` (``qwixo play connect4``) and
``web/`` (the browser's renderer). Written from qwixo's docs/api.md alone."""
