"""API tokens as a way to sign in (``docs/web-protocol.md`` §7): the ``Authorization:
Bearer`` header, the token's account and scopes, and each token's own request limit. Read by
:func:`qwixo.server.accounts_api.current` for the routes that take tokens, and by
:mod:`qwixo.server.botapi` (the event stream, the game WebSocket)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from qwixo.server.protocol import ServerError
from qwixo.server.ratelimit import KeyedLimiter
from qwixo.server.store import token_hash
from qwixo.server.store_botapi import BotStore

#: what a token may do: ``bot:play`` (a bot account: the event stream, challenges, its games
#: over the WebSocket, and the upgrade to a bot account), ``board:play`` (the same for a
#: person's account played by a program), ``challenge:read`` (the challenges and the event
#: stream), ``challenge:write`` (make, accept, decline and cancel challenges)
SCOPES = ("bot:play", "board:play", "challenge:read", "challenge:write")
#: the scopes that play games
PLAY = ("bot:play", "board:play")
#: requests a token may make: a burst, then so many a second (each token its own bucket)
TOKEN_BURST, TOKEN_RATE = 60.0, 5.0
#: event streams open at once per token, game WebSockets open at once per token
MAX_STREAMS, MAX_SOCKETS = 2, 32
#: live tokens per account
MAX_TOKENS = 20

_limiter = KeyedLimiter(TOKEN_RATE, TOKEN_BURST)


def bearer_of(headers: Any) -> str | None:
    """The token of an ``Authorization: Bearer`` header (None without one)."""
    auth = headers.get("authorization", "")
    if auth[:7].lower() != "bearer ":
        return None
    return auth[7:].strip()[:200]


async def token_account(store: Any, token: str, scopes: Iterable[str]) -> tuple[str, str, str,
                                                                               tuple[str, ...],
                                                                               bool]:
    """``(account id, name, token id, the token's scopes, bot account)`` of a live token that
    has one of ``scopes``; raises ``bad_api_token`` (401), ``token_scope`` (403, ``scopes``:
    those that would do), ``rate_limited`` (429: the token's own limit)."""
    found = await BotStore(store).token(token_hash(token))
    if found is None:
        raise ServerError("bad_api_token", status=401)
    tid, account_id, name, have, bot = found
    granted = tuple(have.split())
    wanted = tuple(scopes)
    if not set(granted) & set(wanted):
        raise ServerError("token_scope", status=403, scopes=", ".join(wanted))
    if not _limiter.take(tid):
        raise ServerError("rate_limited", status=429)
    if set(granted) & set(wanted) <= {"bot:play"} and not bot and "upgrade" not in wanted:
        raise ServerError("bot_account_only", status=403)
    if set(granted) & set(wanted) <= {"board:play"} and bot:
        raise ServerError("person_account_only", status=403)
    return account_id, name, tid, granted, bool(bot)
