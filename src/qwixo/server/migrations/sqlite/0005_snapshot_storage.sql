-- (PostgreSQL: a game's save is stored without compression.) Nothing to change in SQLite,
-- which stores texts as they are: this number keeps the two schemas' versions in step.
SELECT 1;
