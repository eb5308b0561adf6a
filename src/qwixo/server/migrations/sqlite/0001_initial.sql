-- The schema of the first release (PRAGMA user_version = 1, before the version table).
CREATE TABLE IF NOT EXISTS games (
    id        TEXT PRIMARY KEY,
    game      TEXT NOT NULL,
    settings  TEXT NOT NULL,
    options   TEXT NOT NULL,
    initial   TEXT NOT NULL,
    snapshot  TEXT NOT NULL,
    version   INTEGER NOT NULL,
    status    TEXT NOT NULL,
    summary   TEXT NOT NULL,
    created   REAL NOT NULL,
    updated   REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_status ON games (status, updated);
CREATE TABLE IF NOT EXISTS seats (
    game_id    TEXT NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    bot        TEXT,
    seconds    REAL,
    name       TEXT NOT NULL,
    token_hash TEXT,
    claimed    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games (id),
    n       INTEGER NOT NULL,
    kind    TEXT NOT NULL,
    seat    INTEGER,
    data    TEXT NOT NULL,
    time    REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
