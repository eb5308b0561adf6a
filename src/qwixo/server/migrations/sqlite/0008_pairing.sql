-- Quick pairing and challenges. Quick pairing (POST /api/pairing, qwixo.server.pairing): one row per player waiting for
-- an opponent in a pool (the game, its settings and its time control). A row is taken by
-- the process that pairs it (game_id set in one transaction with the others of its game:
-- each waiting player is paired once, whichever process pairs), then gets its seat and token.
CREATE TABLE IF NOT EXISTS seeks (
    id         TEXT PRIMARY KEY,
    pool       TEXT NOT NULL,
    spec       TEXT NOT NULL,
    players    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    account_id TEXT,
    rating     REAL,
    lo         REAL,
    hi         REAL,
    bots_after REAL,
    created    REAL NOT NULL,
    seen       REAL NOT NULL,
    game_id    TEXT,
    seat       INTEGER,
    token      TEXT
);
CREATE INDEX IF NOT EXISTS seeks_waiting ON seeks (pool, game_id, created);
-- Challenges (POST /api/challenges, qwixo.server.challenges): one account challenges another,
-- by name, to a game with settings; accepted (the game is made, both seats linked to their
-- accounts), declined, cancelled or expired. The one mechanism people and bot accounts use.
CREATE TABLE IF NOT EXISTS challenges (
    id         TEXT PRIMARY KEY,
    from_id    TEXT NOT NULL REFERENCES accounts (id),
    to_id      TEXT NOT NULL REFERENCES accounts (id),
    spec       TEXT NOT NULL,
    status     TEXT NOT NULL,
    created    REAL NOT NULL,
    expires    REAL NOT NULL,
    updated    REAL NOT NULL,
    game_id    TEXT,
    from_token TEXT
);
CREATE INDEX IF NOT EXISTS challenges_to ON challenges (to_id, status);
CREATE INDEX IF NOT EXISTS challenges_from ON challenges (from_id, status);
-- Follows (POST /api/follows, qwixo.server.challenges): who an account follows (to see them
-- online and their current games, and to challenge them by name).
CREATE TABLE IF NOT EXISTS follows (
    follower_id TEXT NOT NULL REFERENCES accounts (id),
    followed_id TEXT NOT NULL REFERENCES accounts (id),
    created     REAL NOT NULL,
    PRIMARY KEY (follower_id, followed_id)
);
