-- Several server processes: whether a game waits for the server (a bot, a roll, a clock), and
-- which process does that work (a lease it renews; a surviving process takes it over).
ALTER TABLE games ADD COLUMN due INTEGER NOT NULL DEFAULT 1;
CREATE TABLE IF NOT EXISTS leases (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    owner   TEXT NOT NULL,
    until   REAL NOT NULL
);
