-- The TR39 skeleton of each account's name (qwixo.server.chars.name_skeleton): a new account
-- whose name looks like a live account's ("Ada" and "Ada" with a variation selector, a
-- Cyrillic "а") is refused. Filled for the older accounts by the server on the first sign-up.
ALTER TABLE accounts ADD COLUMN name_skeleton TEXT;
CREATE INDEX IF NOT EXISTS accounts_name_skeleton ON accounts (name_skeleton);
