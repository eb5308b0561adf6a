-- A finished game's analysis (GET /api/games/ID/analysis), computed once and kept with the
-- game: the game's version (number of events) it was made from, the time budget it had, and
-- the analysis itself as JSON (qwixo.analysis's shape, without the replay steps).
CREATE TABLE IF NOT EXISTS analyses (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    version INTEGER NOT NULL,
    seconds REAL NOT NULL,
    data    TEXT NOT NULL,
    created REAL NOT NULL
);
