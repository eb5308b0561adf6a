-- Several server processes: which process has a connection on which seat of a game. A
-- process renews its rows every second and deletes a row when its last connection on that
-- seat leaves; the rows of a killed process run out (``until``). Presence is of the moment:
-- the table is not written to the WAL (UNLOGGED; a crashed database empties it, as it drops
-- every connection anyway).
CREATE UNLOGGED TABLE IF NOT EXISTS presence (
    game_id TEXT NOT NULL,
    seat    INTEGER NOT NULL,
    owner   TEXT NOT NULL,
    until   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat, owner)
);
