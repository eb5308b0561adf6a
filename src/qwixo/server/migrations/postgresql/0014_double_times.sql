-- The times and ratings of quick pairing, challenges, follows and API tokens as DOUBLE
-- PRECISION, as every other table's (0008 and 0012 made them REAL, PostgreSQL's 4-byte float:
-- an epoch time then keeps 128-second steps). A waiting player's ``seen`` rounded down by
-- more than the 30 seconds of ``qwixo.server.pairing.STALE`` hid them from every pairing until
-- the clock passed the next step (a first pairing across processes took up to half a minute),
-- the longest-waiting player was no longer first, and challenges expired up to a minute off.
-- (SQLite's REAL is 8 bytes already: no migration there.)
ALTER TABLE seeks ALTER COLUMN rating TYPE DOUBLE PRECISION,
    ALTER COLUMN lo TYPE DOUBLE PRECISION, ALTER COLUMN hi TYPE DOUBLE PRECISION,
    ALTER COLUMN bots_after TYPE DOUBLE PRECISION, ALTER COLUMN created TYPE DOUBLE PRECISION,
    ALTER COLUMN seen TYPE DOUBLE PRECISION;
ALTER TABLE challenges ALTER COLUMN created TYPE DOUBLE PRECISION,
    ALTER COLUMN expires TYPE DOUBLE PRECISION, ALTER COLUMN updated TYPE DOUBLE PRECISION;
ALTER TABLE follows ALTER COLUMN created TYPE DOUBLE PRECISION;
ALTER TABLE api_tokens ALTER COLUMN created TYPE DOUBLE PRECISION,
    ALTER COLUMN last_used TYPE DOUBLE PRECISION, ALTER COLUMN revoked TYPE DOUBLE PRECISION;
