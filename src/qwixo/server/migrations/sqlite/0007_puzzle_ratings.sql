-- The puzzle rating of signed-in players (POST /api/puzzles/GAME/ID/move with "rated": true):
-- one row per account and game with its Elo rating (qwixo.quixo.puzzles.rate), and the
-- attempts that counted: the first finished attempt of each puzzle, one per account.
CREATE TABLE IF NOT EXISTS puzzle_ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    game       TEXT NOT NULL,
    rating     REAL NOT NULL,
    attempts   INTEGER NOT NULL,
    solved     INTEGER NOT NULL,
    updated    REAL NOT NULL,
    PRIMARY KEY (account_id, game)
);
CREATE TABLE IF NOT EXISTS puzzle_attempts (
    account_id    TEXT NOT NULL REFERENCES accounts (id),
    game          TEXT NOT NULL,
    puzzle        TEXT NOT NULL,
    solved        INTEGER NOT NULL,
    puzzle_rating REAL NOT NULL,
    previous      REAL NOT NULL,
    rating        REAL NOT NULL,
    time          REAL NOT NULL,
    PRIMARY KEY (account_id, game, puzzle)
);
