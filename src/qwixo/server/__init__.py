"""The web app's server: ``qwixo serve`` (see ``docs/web.md`` and ``docs/web-protocol.md``).

It knows the games only through the contract (:class:`qwixo.core.Game`, its per-player
``view``), never by name.

- :mod:`qwixo.server.app` — the FastAPI application factory :func:`~qwixo.server.app.create_app`
- :mod:`qwixo.server.http_api`, :mod:`qwixo.server.ws` — the HTTP and WebSocket routes
- :mod:`qwixo.server.lobby` — every room: the ``Lobby``, made of one module per job —
  :mod:`~qwixo.server.creation` (new games), :mod:`~qwixo.server.roomcache` (rooms in memory),
  :mod:`~qwixo.server.seats`, :mod:`~qwixo.server.commits` (decisions: validate, commit,
  broadcast), :mod:`~qwixo.server.sync`, :mod:`~qwixo.server.presence` and
  :mod:`~qwixo.server.leases` (several processes)
- :mod:`qwixo.server.scheduler` — bots, rolls for bots, the turn clock
- :mod:`qwixo.server.rooms` — live games, seats, connections, views and announcements
- :mod:`qwixo.server.botrunner` — bots and hints, off the event loop
- :mod:`qwixo.server.store` — SQLite persistence (WAL, group commit, migrations)
- :mod:`qwixo.server.store_pg` — PostgreSQL persistence for several processes
- :mod:`qwixo.server.sharing` — what each of several processes runs in the background
- :mod:`qwixo.server.protocol` — message schemas and validation
- :mod:`qwixo.server.ratelimit` — token buckets
"""
