"""The web app's server: ``qwixo serve`` (see ``docs/web.md`` and ``docs/web-protocol.md``).

- :mod:`qwixo.server.app` — the FastAPI application factory :func:`~qwixo.server.app.create_app`
- :mod:`qwixo.server.rooms` — live games, seats, connections, the turn clock
- :mod:`qwixo.server.views` — game state to the JSON each seat or spectator sees
- :mod:`qwixo.server.botrunner` — bots and hints, off the event loop
- :mod:`qwixo.server.store` — SQLite persistence (WAL, group commit)
- :mod:`qwixo.server.protocol` — message schemas and validation
- :mod:`qwixo.server.ratelimit` — token buckets
"""
