-- What the server acknowledged survives a restart: the turn clock's deadline of the decision
-- now due (epoch seconds; NULL: no clock running), written with the decision that starts it,
-- and the chat of every game (public lines: team ''; a team's lines: its seats, e.g. '0,2').
ALTER TABLE games ADD COLUMN deadline REAL;
CREATE TABLE IF NOT EXISTS chat (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL REFERENCES games (id),
    seat    INTEGER,
    name    TEXT,
    text    TEXT NOT NULL,
    team    TEXT NOT NULL DEFAULT '',
    time    REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_game ON chat (game_id, team, id);
