-- Tournaments on the server (/api/tournaments, qwixo.server.tournaments): a host's event of a
-- game, its settings, a format and a time control (spec, JSON), its entrants (people by
-- account, shipped bot levels), its rounds and, per round, its boards (a game, or a bye).
-- Each step of running one is a statement that changes a row only from the state before it
-- (status, game_id/result IS NULL) or an insert under a key: a round is planned once, a
-- board's game made once and its result recorded once, whichever process (several on one
-- PostgreSQL database) or restart (after kill -9) repeats the step. One process at a time
-- advances a tournament: it holds the lease (lease_owner until lease_until).
CREATE TABLE IF NOT EXISTS tournaments (
    id          TEXT PRIMARY KEY,
    host_id     TEXT NOT NULL REFERENCES accounts (id),
    name        TEXT NOT NULL,
    game        TEXT NOT NULL,
    format      TEXT NOT NULL,
    spec        TEXT NOT NULL,
    status      TEXT NOT NULL,
    starts_at   REAL,
    created     REAL NOT NULL,
    started     REAL,
    finished    REAL,
    paused_at   REAL,
    rounds      INTEGER,
    lease_owner TEXT,
    lease_until REAL NOT NULL DEFAULT 0,
    updated     REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_status ON tournaments (status, starts_at);
CREATE TABLE IF NOT EXISTS tournament_entrants (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    id            TEXT NOT NULL,
    account_id    TEXT REFERENCES accounts (id),
    bot           TEXT,
    name          TEXT NOT NULL,
    joined        REAL NOT NULL,
    number        INTEGER,
    withdrawn     REAL,
    PRIMARY KEY (tournament_id, id),
    UNIQUE (tournament_id, account_id),
    UNIQUE (tournament_id, number)
);
CREATE INDEX IF NOT EXISTS tournament_entrants_account ON tournament_entrants (account_id);
CREATE TABLE IF NOT EXISTS tournament_rounds (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    started       REAL NOT NULL,
    deadline      REAL NOT NULL,
    finished      REAL,
    PRIMARY KEY (tournament_id, round)
);
CREATE TABLE IF NOT EXISTS tournament_boards (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    lineup        TEXT NOT NULL,
    game_id       TEXT UNIQUE,
    tokens        TEXT,
    made          REAL,
    result        TEXT,
    recorded      REAL,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX IF NOT EXISTS tournament_boards_game ON tournament_boards (game_id);
