-- Bot accounts and API tokens (qwixo.server.botapi, docs/web-protocol.md section 7). An
-- account played by a program is marked (bot = 1, for ever: only an account that played no
-- rated game as a person becomes one). API tokens are stored by their SHA-256 only, with
-- their scopes (space-separated), a description, and when revoked (NULL: live).
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS api_tokens (
    id          TEXT PRIMARY KEY,
    account_id  TEXT NOT NULL REFERENCES accounts (id),
    token_hash  TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL,
    scopes      TEXT NOT NULL,
    created     REAL NOT NULL,
    last_used   REAL,
    revoked     REAL
);
CREATE INDEX IF NOT EXISTS api_tokens_account ON api_tokens (account_id);
