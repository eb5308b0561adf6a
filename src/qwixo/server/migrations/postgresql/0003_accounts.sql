-- Accounts (optional: guests keep playing with seat tokens), their sessions, the seats they
-- hold, and ratings per player (an account or a bot) and rating class.
CREATE TABLE IF NOT EXISTS accounts (
    id       TEXT PRIMARY KEY,
    name     TEXT NOT NULL,
    name_key TEXT UNIQUE,
    password TEXT NOT NULL,
    created  DOUBLE PRECISION NOT NULL,
    deleted  INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    created    DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account_id);
CREATE TABLE IF NOT EXISTS seat_accounts (
    game_id    TEXT NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS seat_accounts_account ON seat_accounts (account_id);
CREATE TABLE IF NOT EXISTS ratings (
    player     TEXT NOT NULL,
    class      TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL,
    system     TEXT NOT NULL,
    updated    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (player, class)
);
CREATE INDEX IF NOT EXISTS ratings_class ON ratings (class, rating);
CREATE TABLE IF NOT EXISTS rated_games (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    class   TEXT NOT NULL,
    time    DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS rating_history (
    game_id   TEXT NOT NULL REFERENCES rated_games (game_id),
    seat      INTEGER NOT NULL,
    player    TEXT NOT NULL,
    class     TEXT NOT NULL,
    previous  DOUBLE PRECISION NOT NULL,
    previous_deviation DOUBLE PRECISION NOT NULL,
    rating    DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    time      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS rating_history_player ON rating_history (player, class, time);
