-- Rated puzzle attempts followed on the server (POST /api/puzzles/GAME/ID/move): per account
-- and puzzle, the line a rated attempt has played so far (a JSON list of the moves and the
-- defender's replies; NULL when no rated attempt is going on) and whether the solution was
-- shown to that account (then the puzzle can no longer count for its puzzle rating).
CREATE TABLE IF NOT EXISTS puzzle_progress (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    game       TEXT NOT NULL,
    puzzle     TEXT NOT NULL,
    line       TEXT,
    shown      INTEGER NOT NULL DEFAULT 0,
    time       REAL NOT NULL,
    PRIMARY KEY (account_id, game, puzzle)
);
