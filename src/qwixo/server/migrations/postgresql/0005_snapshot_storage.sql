-- A game's save is rewritten at every move (7-8 KB for Qwixx, most of it the dice generator's
-- state): PostgreSQL's default compression of long texts (pglz) cost about half of each move's
-- update. Stored out of line without compression instead (twice the room, half the work);
-- rows already written keep their compressed form until their next move.
ALTER TABLE games ALTER COLUMN snapshot SET STORAGE EXTERNAL;
