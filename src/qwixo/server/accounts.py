"""Accounts (optional), sessions, rated games and players' statistics.

Guests keep playing exactly as before with seat tokens; an account adds a name and a password,
a rating per rating class, statistics and a history (``docs/web.md``, "Accounts and ratings").

**Passwords** are hashed with argon2id (``argon2-cffi``'s defaults), never on the event loop
(the hashes' own threads, :class:`HashQueue`); a password is never logged, stored in clear or
returned. Every password check (sign-in, deleting the account) is rate-limited per client
address and per address and account (:data:`SIGNIN_RATE`), and the wrong passwords of one
account are limited whatever their address (:data:`ACCOUNT_FAILURES`, 429 ``signin_locked``;
an address that signed in to the account before is not held by it, so guesses from elsewhere
do not lock the owner out at home); an unknown name costs the same hash as a wrong password.
At most :data:`MAX_HASHES` hashes run at once; a free slot goes to the waiting client address
that asked for the fewest (:data:`HASHES_PER_ADDRESS` running or waiting each): during a flood
from many addresses a fresh address is next, never refused. Weak passwords are refused at sign-up
(:func:`weak_password`: a blocklist, and zxcvbn's estimate of the guesses it takes).

**Sessions**: a random token (32 bytes) in the cookie :data:`SESSION_COOKIE` (``HttpOnly``,
``SameSite=Lax``, ``Secure`` when the request came over https, also through a trusted proxy);
only its SHA-256 is stored. Each sign-in makes a new token (and ends the session the browser
had: no fixation); sign-out deletes the row, so the old cookie opens nothing.

**CSRF**: a write authenticated by the cookie must carry the header :data:`CSRF_HEADER` with
the session's CSRF token (derived from the session token, returned by sign-in and by
``GET /api/account``; a page of another origin can read neither). The Origin check and the
JSON-only rule of :mod:`qwixo.server.security` apply as well.

**Rated games** (``rated: true`` at creation): rated when the game ends if every seat is a bot
or a seat claimed by an account (each player once), nobody undid (rated games refuse undo and
hints). :func:`rating_ops` computes the new ratings with :mod:`qwixo.tournament.ratings`
(Glicko-2 for two players, OpenSkill for more and for teams; bots start from the shipped
``bot_ratings.json``) and returns the statements that the store commits **in the same
transaction** as the game's last event — once per game (a unique ``rated_games`` row).

>>> csrf_of("abc") == csrf_of("abc") != csrf_of("abd")
True
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import math
import os
import secrets
import time
from collections import OrderedDict, deque
from typing import Annotated, Any

from pydantic import Field

from qwixo.core import Game, IllegalMove, game_info, load_game
from qwixo.gameinfo import load
from qwixo.i18n import t
from qwixo.server.protocol import Name, ServerError, _Strict, name_key
from qwixo.server.ratelimit import KeyedLimiter
from qwixo.server.rooms import shown_settings
from qwixo.server.store import token_hash
from qwixo.server.store_accounts import AccountStore, Op
from qwixo.tournament import ratings as R

SESSION_COOKIE = "qwixo_session"
CSRF_HEADER = "x-csrf-token"
SESSION_SECONDS = 30 * 24 * 3600
MIN_PASSWORD, MAX_PASSWORD = 8, 256
#: password checks (sign-in, deleting the account): (per second, burst) per client address
#: and per client address *and* account (the account alone: :data:`ACCOUNT_FAILURES`)
SIGNIN_RATE = {"address": (0.2, 10.0), "name": (1 / 30, 5.0)}
#: sign-ups per client address (each costs an argon2 hash)
SIGNUP_RATE = (0.05, 5.0)
#: wrong passwords of one account from addresses that never signed in to it: (per second,
#: burst) — 10, then one a minute; past it 429 ``signin_locked`` (the right password too)
ACCOUNT_FAILURES = (1 / 60, 10.0)
#: argon2 hashes computed at once (each takes ~150 ms of one core and 64 MB: one, so that a
#: sign-in flood leaves the other cores to the games), how many one client address (an IPv6
#: address: its /64) may have running or waiting, and how many may wait in all before a
#: password check is refused (429 ``rate_limited``); a free slot goes to the waiting address
#: that asked for the fewest hashes
MAX_HASHES, HASHES_PER_ADDRESS, MAX_HASH_QUEUE = 1, 2, 256
#: passwords refused at sign-up (with the account's own name and blank passwords): the most
#: common ones of at least :data:`MIN_PASSWORD` characters
COMMON_PASSWORDS = frozenset("""
password 12345678 123456789 1234567890 qwertyuiop qwerty123 password1 password123
iloveyou 11111111 00000000 88888888 87654321 abcd1234 12341234 1q2w3e4r 1qaz2wsx qwertyui
asdfghjkl zxcvbnm1 sunshine princess football baseball superman trustno1 welcome1 letmein1
starwars whatever dragon12 computer internet michael1 jennifer passw0rd p@ssw0rd p@ssword
aaaaaaaa abcdefgh abc12345 123123123 147258369 987654321 qwerty12 1234qwer q1w2e3r4
changeme letmein! welcome123 admin123 administrator 123qweasd qazwsxedc zaq12wsx
""".split())

Password = Annotated[str, Field(min_length=1, max_length=MAX_PASSWORD)]


class Credentials(_Strict):
    """Body of ``POST /api/account/signup`` and ``/signin``."""

    name: Name
    password: Password


class PasswordOnly(_Strict):
    """Body of ``POST /api/account/delete``."""

    password: Password


class SeatClaim(_Strict):
    game: Annotated[str, Field(min_length=1, max_length=40)]
    token: Annotated[str, Field(min_length=1, max_length=64)]


class ClaimSeats(_Strict):
    """Body of ``POST /api/account/seats``: the seat tokens this browser holds."""

    seats: Annotated[list[SeatClaim], Field(max_length=100)]


class Empty(_Strict):
    """An empty JSON object (``{}``)."""


#: the least zxcvbn score (0..4) a password must reach at sign-up: 2, "somewhat guessable"
#: (about a million guesses and more), enough with the sign-in limits above
MIN_PASSWORD_SCORE = 2


def weak_password(name: str, password: str) -> bool:
    """A password refused at sign-up: blank, the account's name (letters and digits alike),
    one character repeated, a common password, or too easy to guess by zxcvbn's estimate
    (:data:`MIN_PASSWORD_SCORE`: dictionaries of common passwords, words and names with their
    variants — a suffix, l33t, capitals —, keyboard patterns, sequences, repeats, dates, the
    account's name; the first 72 characters, as zxcvbn takes them).

    >>> [weak_password("Ada", p) for p in ("        ", "ada lovelace!", "A d a", "Password1")]
    [True, False, True, True]
    >>> [weak_password("Bo", p) for p in ("password!", "qwertyuiop1", "aaaaaaab", "123456789a",
    ...                                   "iloveyou2", "correct horse battery")]
    [True, True, True, True, True, False]
    """
    from zxcvbn import zxcvbn

    plain = "".join(password.split()).casefold()
    if (not plain or plain == "".join(name.split()).casefold() or len(set(plain)) == 1
            or plain in COMMON_PASSWORDS):
        return True
    inputs = [name, *name.split()]
    return zxcvbn(password[:72], user_inputs=inputs)["score"] < MIN_PASSWORD_SCORE


def csrf_of(session_token: str) -> str:
    """The CSRF token of a session (a keyed hash of its secret token)."""
    return hmac.new(session_token.encode(), b"qwixo-csrf", hashlib.sha256).hexdigest()[:32]


def account_player(account_id: str) -> str:
    return "a:" + account_id


def bot_player(bot: str) -> str:
    return "b:" + bot


def address_group(address: str) -> str:
    """The key of a client address in the per-address limits of the hashes: the address, or
    for IPv6 its /64 (one host's usual share).

    >>> address_group("192.0.2.7"), address_group("2001:db8::1"), address_group("test")
    ('192.0.2.7', '2001:db8::/64', 'test')
    """
    import ipaddress

    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class HashQueue:
    """At most ``slots`` password hashes at once, in threads of their own (never the event
    loop's, nor the default executor's); a free slot goes to the waiting key (client address)
    that asked for the fewest hashes so far, refused ones included (the first to come among
    equals): an address new to the queue goes first, the flooding ones take turns behind it.
    A key may have
    ``per_key`` running or waiting, all keys together ``total`` waiting; past either,
    ``rate_limited`` (429).

    >>> import asyncio
    >>> q = HashQueue(slots=1, per_key=3, total=8)
    >>> order = []
    >>> async def main():
    ...     jobs = [q.run(k, order.append, k) for k in ["a", "a", "a", "b", "c"]]
    ...     await asyncio.gather(*jobs)
    >>> asyncio.run(main()); order
    ['a', 'b', 'c', 'a', 'a']
    """

    #: how many keys' counts of hashes asked for are kept (the least recently asking forgotten)
    KEEP = 10_000

    def __init__(self, slots: int, per_key: int, total: int) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.slots, self.per_key, self.total = slots, per_key, total
        self.pool = ThreadPoolExecutor(max_workers=slots, thread_name_prefix="argon2")
        self.running = 0
        self.waiting: OrderedDict[str, deque[asyncio.Future]] = OrderedDict()
        self.queued = 0
        self.held: dict[str, int] = {}
        self.asked: OrderedDict[str, int] = OrderedDict()

    async def run(self, key: str, fn: Any, *args: Any) -> Any:
        self._count(key)
        if self.held.get(key, 0) >= self.per_key or self.queued >= self.total:
            raise ServerError("rate_limited", status=429)
        self.held[key] = self.held.get(key, 0) + 1
        try:
            loop = asyncio.get_running_loop()
            if self.running < self.slots and not self.waiting:
                self.running += 1
            else:
                turn = loop.create_future()
                self.waiting.setdefault(key, deque()).append(turn)
                self.queued += 1
                try:
                    await turn  # resolved by _next: the slot is handed over, ``running`` kept
                except asyncio.CancelledError:
                    if turn.done() and not turn.cancelled():
                        self._next()  # the slot was ours already: hand it on
                    else:
                        self._forget(key, turn)
                    raise
            try:
                return await loop.run_in_executor(self.pool, fn, *args)
            finally:
                self._next()
        finally:
            self.held[key] -= 1
            if not self.held[key]:
                del self.held[key]

    def _forget(self, key: str, turn: asyncio.Future) -> None:
        line = self.waiting.get(key)
        if line is not None and turn in line:
            line.remove(turn)
            self.queued -= 1
            if not line:
                del self.waiting[key]

    def _count(self, key: str) -> None:
        self.asked[key] = self.asked.pop(key, 0) + 1
        if len(self.asked) > self.KEEP:
            self.asked.popitem(last=False)

    def _next(self) -> None:
        """A slot is free: to the waiting address that asked for the fewest hashes."""
        while self.waiting:
            key = min(self.waiting, key=lambda k: self.asked.get(k, 0))
            line = self.waiting[key]
            turn = line.popleft()
            self.queued -= 1
            if line:
                self.waiting.move_to_end(key)  # equals take turns
            else:
                del self.waiting[key]
            if not turn.done():
                turn.set_result(None)
                return
        self.running -= 1


class Accounts:
    """Accounts and sessions over one store."""

    def __init__(self, store: Any) -> None:
        from argon2 import PasswordHasher

        self.db = AccountStore(store)
        self.hasher = PasswordHasher()  # argon2id
        self._dummy: str | None = None  # made on first need, in the hashes' thread
        self.by_address = KeyedLimiter(*SIGNIN_RATE["address"])
        #: per (client address, account): see SIGNIN_RATE
        self.by_name = KeyedLimiter(*SIGNIN_RATE["name"])
        #: wrong passwords per account (ACCOUNT_FAILURES), and the (account, address) pairs
        #: that signed in before (not held by it; the most recent 10,000)
        self.failures = KeyedLimiter(*ACCOUNT_FAILURES)
        self.known: OrderedDict[tuple[str, str], None] = OrderedDict()
        self.signups = KeyedLimiter(*SIGNUP_RATE)
        self.hashes = HashQueue(MAX_HASHES, HASHES_PER_ADDRESS, MAX_HASH_QUEUE)

    async def _hashing(self, address: str, fn: Any, *args: Any) -> Any:
        """Run one argon2 computation in the hashes' queue (:class:`HashQueue`)."""
        return await self.hashes.run(address_group(address), fn, *args)

    async def _hash(self, password: str, address: str = "") -> str:
        return await self._hashing(address, self.hasher.hash, password)

    async def _verify(self, stored: str | None, password: str, address: str = "") -> bool:
        from argon2.exceptions import Argon2Error, InvalidHashError

        def run() -> bool:
            if stored is None:  # an unknown name: the same work as a wrong password
                if self._dummy is None:
                    self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
                target = self._dummy
            else:
                target = stored
            try:
                return self.hasher.verify(target, password)
            except (Argon2Error, InvalidHashError):
                return False
        return await self._hashing(address, run)

    def _limit(self, address: str, account: str) -> None:
        """The password-check limits (per address, per address and account, and the wrong
        passwords of the account from addresses new to it)."""
        if not self.by_address.take(address) or not self.by_name.take(f"{address} {account}"):
            raise ServerError("rate_limited", status=429)
        if (account, address) not in self.known:
            wait = self.failures.wait(account)
            if wait > 0:
                raise ServerError("signin_locked", status=429, minutes=max(1, math.ceil(wait / 60)))

    def _checked(self, address: str, account: str, ok: bool) -> None:
        """Count a password check: a wrong one against the account, a right one makes the
        address known to it."""
        if ok:
            self.known[(account, address)] = None
            self.known.move_to_end((account, address))
            if len(self.known) > 10_000:
                self.known.popitem(last=False)
        elif (account, address) not in self.known:
            self.failures.take(account)

    async def sign_up(self, name: str, password: str, address: str) -> str:
        """A new account; returns its id. Refused: a short or weak password, a taken name."""
        if not self.signups.take(address):
            raise ServerError("rate_limited", status=429)
        if len(password) < MIN_PASSWORD:
            raise ServerError("password_too_short", min=MIN_PASSWORD)
        if await asyncio.get_running_loop().run_in_executor(None, weak_password, name,
                                                             password):
            raise ServerError("password_weak")
        account_id = secrets.token_hex(8)
        if not await self.db.create_account(account_id, name, name_key(name),
                                            await self._hash(password, address)):
            raise ServerError("name_taken", status=409, name=name)
        return account_id

    async def sign_in(self, name: str, password: str, address: str) -> tuple[str, str]:
        """``(account id, name)`` when the password is right; rate-limited."""
        key = name_key(name)
        self._limit(address, key)
        row = await self.db.account_by_key(key)
        ok = await self._verify(row[2] if row else None, password, address)
        self._checked(address, key, row is not None and ok)
        if row is None or not ok:
            raise ServerError("bad_credentials", status=401)
        if self.hasher.check_needs_rehash(row[2]):
            await self.db.set_password(row[0], await self._hash(password, address))
        return row[0], row[1]

    async def check_password(self, account_id: str, password: str, address: str) -> None:
        """The password asked again (deleting the account): limited as a sign-in."""
        self._limit(address, "id:" + account_id)
        row = await self.db.account_by_id(account_id)
        ok = row is not None and await self._verify(row[2], password, address)
        self._checked(address, "id:" + account_id, ok)
        if not ok:
            raise ServerError("bad_credentials", status=401)

    async def new_session(self, account_id: str, old_token: str | None) -> str:
        """A new session token (the browser's previous session, if any, ends)."""
        token = secrets.token_urlsafe(32)
        await self.db.add_session(token_hash(token), account_id,
                                  replaces=token_hash(old_token) if old_token else None)
        return token

    async def session(self, token: str | None) -> tuple[str, str] | None:
        """``(account id, name)`` of a live session token."""
        if not token or len(token) > 100:
            return None
        return await self.db.session(token_hash(token), SESSION_SECONDS)

    # -- seats ------------------------------------------------------------------------
    async def claim(self, lobby: Any, account_id: str, claims: list[SeatClaim]
                    ) -> list[dict[str, Any]]:
        """Link to the account the seats whose tokens are given; one result per claim. Refused:
        a seat of a finished unrated game (``game_finished``), a seat of a rated game once a
        person has decided in it (``claim_too_late``)."""
        out = []
        for c in claims:
            entry: dict[str, Any] = {"game": c.game, "claimed": False}
            try:
                room = await lobby.get(c.game)
                seat = lobby.seat_of(room, c.token)
            except ServerError as e:
                entry["error"] = e.key
                out.append(entry)
                continue
            entry["seat"] = seat
            owners = await self.db.seat_accounts(room.id)
            if owners.get(seat) == account_id:
                entry["claimed"] = True
            elif room.public["is_over"] and not room.options.get("rated"):
                entry["error"] = "game_finished"  # (no statistics from games over, L8)
            elif room.options.get("rated") and person_decided(room):
                entry["error"] = "claim_too_late"  # (M1: who is rated is known at the start)
            elif seat in owners:
                entry["error"] = "seat_has_account"
            elif account_id in owners.values():
                entry["error"] = "account_has_seat"
            else:
                entry["claimed"] = await self.db.claim_seat(room.id, seat, account_id)
            if entry["claimed"] and not room.seats[seat].linked:  # shown to every seat
                room.seats[seat].linked = True
                await mark_bot_accounts(self.db.store, room)
                room.broadcast(None)
            if entry["claimed"]:  # the seat shows the account's name (unless it has its own)
                account = await self.db.account_by_id(account_id)
                if account is not None:
                    await lobby.name_seat(room, seat, account[1])
                if room.options.get("rated"):  # (who holds the seat: rated or why not)
                    await lobby.why_unrated(room)
                    room.broadcast(None)
            out.append(entry)
        return out


# -- rated games --------------------------------------------------------------------------
async def linked_seats(store: Any, room: Any) -> None:
    """Mark the seats of ``room`` linked to an account (``Seat.linked``, in every view)."""
    owners = await AccountStore(store).seat_accounts(room.id)
    for s in room.seats:
        s.linked = s.seat in owners


async def mark_bot_accounts(store: Any, room: Any) -> None:
    """Mark the seats of ``room`` held by bot accounts (``Seat.bot_account``, in every
    view: everyone sees which seats a program plays)."""
    from qwixo.server.store_botapi import BotStore

    owners = await AccountStore(store).seat_accounts(room.id)
    bots = await BotStore(store).bots_among(sorted(set(owners.values())))
    for s in room.seats:
        s.bot_account = owners.get(s.seat) in bots


async def link_rematch(store: Any, old: Any, new: Any, seat_of: dict[int, int]) -> None:
    """The rematch ``new`` of the rated game ``old`` is rated too: each seat of ``old`` linked
    to an account is linked to the same account in ``new`` (``seat_of``: old seat -> new
    seat), before anyone decides — as if each player claimed their seat again."""
    if not new.options.get("rated"):
        return
    db = AccountStore(store)
    for seat, account in (await db.seat_accounts(old.id)).items():
        if await db.claim_seat(new.id, seat_of[seat], account):
            new.seats[seat_of[seat]].linked = True


def person_decided(room: Any) -> bool:
    """Whether a person's seat has made a decision in the game: from then on the seats of a
    rated game can no longer be linked to accounts (claiming a seat just before
    one's winning move made the game rated; everyone knows at the start who is rated)."""
    return any(ev["kind"] == "choose" and ev.get("seat") is not None
               and room.seats[ev["seat"]].kind != "bot" for ev in room.events)


#: seconds per decision of a rated game created without a clock or hours per turn: a rated
#: game always has a clock, and in a rated game a seat whose time runs out forfeits (the
#: scheduler), so an abandoned rated game ends and is rated
RATED_CLOCK = 300.0
#: rated games a day between the same two accounts; more are played unrated: the rating one
#: account can pass to another (two accounts of one person) stays bounded
PAIR_GAMES_PER_DAY = 3
#: a resignation or forfeit before the resigner made this many decisions of their own rates
#: only the resigner (:func:`rated_seats`): nobody gains from a game that hardly began
RESIGN_RATED_DECISIONS = 5
#: the rating one account may gain from rated games with one other account in
#: :data:`PAIR_GAIN_DAYS` days; their further games are played unrated: a few accounts that
#: keep losing to one account lift it by this much at most
PAIR_GAIN_CAP, PAIR_GAIN_DAYS = 150.0, 30
#: the time a bot of a rated game thinks per decision, whatever its seat asked: a bot has one
#: rating, earned at this budget
RATED_BOT_SECONDS = 1.0


#: how old an account must be (seconds) before its games are rated (a fresh
#: account made to feed another one a rating plays unrated at first); the environment
#: variable ``QWIXO_RATED_MIN_AGE`` sets it (0: at once; the tests use 0)
RATED_MIN_AGE = 3600.0


def rated_min_age() -> float:
    """:data:`RATED_MIN_AGE`, or ``QWIXO_RATED_MIN_AGE`` when set (seconds, >= 0)."""
    raw = os.environ.get("QWIXO_RATED_MIN_AGE")
    if raw is None:
        return RATED_MIN_AGE
    try:
        return max(0.0, float(raw))
    except ValueError:
        return RATED_MIN_AGE


def rated_settings(rated: bool, game_name: str, settings: dict[str, Any]) -> dict[str, Any]:
    """Before creation: the settings of a rated game, read from the game's settings metadata
    (:meth:`qwixo.gameinfo.GameInfo.rated_settings`): none that chooses or reveals how the
    game goes (a chosen position, the dice's seed, who starts: ``rated_setting``), and its end
    rules fixed for the rating class (a creator's ``ply_limit`` of 1 drew a rated game after one
    move: ``rated_setting_fixed``). Unrated games keep the creator's settings."""
    if not rated:
        return settings
    try:
        return game_info(game_name).rated_settings(settings)
    except IllegalMove as e:
        raise ServerError(e.key, **e.params) from None


def check_rated(rated: bool, game_name: str, game: Game, options: dict[str, Any],
                settings: dict[str, Any] | None = None) -> None:
    """At creation: a rated game must have a rating class, no undo and no score pad (its
    settings went through :func:`rated_settings`); without a clock it gets
    :data:`RATED_CLOCK`."""
    if not rated:
        return
    cls = rating_class_of(game_name, game)
    if cls is None or options.get("undo") or options.get("scorepad"):
        raise ServerError("not_ratable", why="why_undo" if options.get("undo") else
                          "why_scorepad" if options.get("scorepad") else "why_solo")
    if not options.get("clock"):  # (after turn_based: hours per turn are a clock too)
        options["clock"] = RATED_CLOCK
    options["rated"] = True


def rated_bots(seats: list[Any], options: dict[str, Any]) -> None:
    """The bots of a rated game think :data:`RATED_BOT_SECONDS` per decision."""
    if options.get("rated"):
        for s in seats:
            if s.kind == "bot":
                s.seconds = RATED_BOT_SECONDS


def turn_based(hours: float | None, options: dict[str, Any]) -> None:
    """A turn-based game: the turn clock counts ``hours`` per decision (instead of the
    seconds of ``clock``; both at once are refused). The clock rule is unchanged: past the
    time the server decides for the absent seat (docs/web-protocol.md §5)."""
    if hours is None:
        return
    if options.get("clock") or options.get("scorepad"):
        raise ServerError("bad_setting", name="turn_hours", value=hours,
                          why="why_not_with_clock")
    options["clock"] = float(hours) * 3600.0
    options["turn_hours"] = float(hours)


def rating_class_of(game_name: str, game: Game) -> str | None:
    """The rating class of a game (its metadata's, of its own settings)."""
    return game.info.rating_class(game.settings())


def refuse_hint(room: Any) -> None:
    """Rated games have no hints, nor games that declare none (``GameInfo.hints``)."""
    if room.options.get("rated"):
        raise ServerError("no_hints_rated", status=409)
    if not room.game.info.hints:
        raise ServerError("hint_unavailable", status=409)


def _start(player: str, cls: str, system: str) -> R.Rating:
    if player.startswith("b:"):
        bots = R.bot_ratings().get("classes", {}).get(cls, {}).get("bots", {})
        if player[2:] in bots:
            return R.Rating.from_dict({**bots[player[2:]], "system": system})
    return R.initial(system)


def reason(key: str, **params: Any) -> dict[str, Any]:
    """Why a game is not rated, as the API gives it: a message key and its parameters."""
    return {"key": key, "params": params}


def _at(epoch: float) -> str:
    """A moment as the reasons print it (UTC; the page shows it in local time from ``from``).

    >>> _at(0)
    '1970-01-01 00:00 UTC'
    """
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(epoch))


async def rated_players(store: Any, room: Any, game: Game | None = None
                        ) -> tuple[list[str], dict[str, Any] | None]:
    """The players of the rated game ``room`` (``game``: its state, by default the room's),
    and why it is not — or, still running, will not be — rated (:func:`reason`; None: it is
    or will be): a seat without a signed-in account, one account in two seats, an account
    younger than :func:`rated_min_age` (``from``: when its games count), more than
    :data:`PAIR_GAMES_PER_DAY` rated games a day between the same two accounts, an undo.
    The view's ``unrated``, the result card and ``rating_ops`` read the same answer."""
    game = game or room.game
    if rating_class_of(room.game_name, game) is None:
        return [], reason("why_unrated_solo")
    if any(ev["kind"] == "undo" for ev in room.events):
        return [], reason("why_unrated_undo")
    db = AccountStore(store)
    owners = await db.seat_accounts(room.id)
    players = []
    for s in room.seats:
        if s.kind == "bot":
            players.append(bot_player(s.bot))
        elif s.seat in owners:
            players.append(account_player(owners[s.seat]))
        else:
            return [], reason("why_unrated_no_account", seat=s.seat + 1, name=s.name or "")
    if len(set(players)) != len(players):
        return [], reason("why_unrated_same_account")
    people = [p for p in players if p.startswith("a:")]
    young = rated_min_age()
    for p in people:  # a new account plays, unrated, until it is old enough (sybils)
        created = await db.created_of(p[2:])
        if created is None or time.time() - created < young:
            since = (created or time.time()) + young
            seat = players.index(p)
            return [], reason("why_unrated_new_account", seat=seat + 1,
                              name=room.seats[seat].name or "", at=_at(since),
                              **{"from": round(since)})
    since = time.time() - 86_400
    for i, a in enumerate(people):  # two accounts farming each other: played, not rated
        for b in people[i + 1:]:
            if await db.pair_games(a, b, since) >= PAIR_GAMES_PER_DAY:
                return [], reason("why_unrated_pair_limit", limit=PAIR_GAMES_PER_DAY)
    return players, None


async def unrated(store: Any, room: Any, game: Game | None = None) -> dict[str, Any] | None:
    """Why the game ``room``, rated when created, is not (or will not be) rated; None for a
    game that is (or will be), and for a game created unrated (the view's ``rated`` says it;
    the lobby says why before it is created)."""
    if not room.options.get("rated"):
        return None
    return (await rated_players(store, room, game))[1]


async def rating_ops(store: Any, room: Any, game: Game) -> list[Op]:
    """The statements rating the game ``room`` that ``game`` just finished (none when it is not
    rated or not ratable: :func:`rated_players`)."""
    if not room.options.get("rated") or not game.is_over:
        return []
    cls = rating_class_of(room.game_name, game)
    players, why = await rated_players(store, room, game)
    if why is not None or cls is None:
        return []
    db = AccountStore(store)
    system = R.system_of(room.game_name, game.num_players)
    rows = await db.ratings(players, cls)
    before = [R.Rating(*rows[p]) if p in rows else _start(p, cls, system) for p in players]
    moved = rated_seats(room, game, players, rows)
    if not moved:
        return []
    people = [p for p in players if p.startswith("a:")]
    since = time.time() - PAIR_GAIN_DAYS * 86_400
    for i in moved - set(game.resigned):  # what one account may gain from one other account
        for b in people:
            if players[i].startswith("a:") and b != players[i] \
                    and await db.pair_gain(players[i], b, since) >= PAIR_GAIN_CAP:
                return []
    # ranked by the places (as the scores, but a player who resigned is last)
    outcome = game.outcome()
    after = R.rate_game(room.game_name, game.num_players, before,
                        [-p for p in outcome.places] if outcome else [])
    now = time.time()
    return db.rating_ops(room.id, cls, now, [
        (i, p, rows.get(p), b, a)
        for i, (p, b, a) in enumerate(zip(players, before, after, strict=True)) if i in moved])


def rated_seats(room: Any, game: Game, players: list[str], rows: dict[str, tuple]) -> set[int]:
    """The seats of a finished rated game whose ratings the game changes (sybils and
    kingmaking; docs/web.md, "Accounts and ratings"):

    - a resignation (a forfeit too) in a game of more than two sides, or before the resigner
      made :data:`RESIGN_RATED_DECISIONS` decisions of their own: only the resigners are rated
      (last, against everyone); for the others the game is abandoned, not a finish — their
      ratings stay (one person resigning after one turn rated a 3-player game for everyone,
      and a fresh account resigning at once handed its opponent a win);
    - otherwise a person's rating changes only against bots and established accounts: an
      opponent account with fewer than :data:`PROVISIONAL_GAMES` rated games in the class
      moves nobody's rating but its own (and not even its own against another such account),
      so a ring of new accounts passes nothing on; bots are rated against everyone;
    - a draw agreed before every person made :data:`RESIGN_RATED_DECISIONS` decisions is
      abandoned: nobody is rated."""
    n = game.num_players

    def own(p: int) -> int:
        return sum(1 for ev in room.events if ev["kind"] == "choose" and ev.get("seat") == p)

    gave_up = set(game.resigned)
    if gave_up and (len(game.teams()) > 2
                    or min(own(p) for p in gave_up) < RESIGN_RATED_DECISIONS):
        return gave_up
    if not gave_up and game.view(None).get("end_reason") == "agreed_draw" and any(
            own(p) < RESIGN_RATED_DECISIONS for p in range(n) if players[p].startswith("a:")):
        return set()  # a draw agreed before the game began: abandoned, for everyone
    info = game.info

    def new(i: int) -> bool:
        p = players[i]
        return p.startswith("a:") and (rows[p][3] if p in rows else 0) < PROVISIONAL_GAMES

    return {i for i in range(n) if players[i].startswith("b:") or not any(
        new(j) for j in range(n) if info.opponents(n, i, j))}


async def rating_change(store: Any, room: Any) -> list[dict[str, Any]] | None:
    """The rating change of each seat of a finished rated game, for its result card
    (``before``, ``after``, ``deviation``, ``provisional``: fewer than
    :data:`PROVISIONAL_GAMES` games rated so far in the class), or None when it was not
    rated (the view's ``rating_change``)."""
    if not room.options.get("rated") or not room.public["is_over"]:
        return None
    rows = await AccountStore(store).game_ratings(room.id)
    if not rows:
        return None
    db = AccountStore(store)
    owners = await db.seat_accounts(room.id)
    out = []
    for seat, before, after, deviation in rows:
        s = room.seats[seat]
        player = bot_player(s.bot) if s.kind == "bot" else account_player(owners.get(seat, ""))
        cls = rating_class_of(room.game_name, room.game)
        games = (await db.ratings([player], cls or "")).get(player, (0, 0, 0, 0))[3]
        out.append({"seat": seat, "before": round(before, 1), "after": round(after, 1),
                    "deviation": round(deviation, 1), "games": games,
                    "provisional": s.kind != "bot" and games < PROVISIONAL_GAMES})
    return out


#: a person's rating counts as provisional (shown so, not with its deviation) until this many
#: rated games of its class
PROVISIONAL_GAMES = 5


# -- statistics ------------------------------------------------------------------------------
def game_record(row: tuple) -> dict[str, Any]:
    """One game of a player (a row of :meth:`AccountStore.games_of`), with its result read
    through the contract (scores, winners)."""
    gid, seat, name, settings, snapshot, status, version, created, updated = row
    game = load_game(snapshot)
    if isinstance(settings, str):
        settings = json.loads(settings)
    rec: dict[str, Any] = {"id": gid, "game": name, "seat": seat, "status": status,
                           "class": rating_class_of(name, game), "players": game.num_players,
                           "settings": shown_settings(settings or {}),
                           "utility": game.info.utility,
                           "moves": version, "created": created, "updated": updated,
                           "url": f"/?game={gid}"}
    if game.is_over:
        scores = game.scores()
        outcome = game.outcome()
        assert outcome is not None
        won = seat in outcome.winners
        # a draw: nobody won, or everyone shares the win
        even = outcome.draw or len(outcome.winners) == game.num_players
        rec.update(score=scores[seat], scores=scores, won=won,
                   result="draw" if even else "won" if won else "lost",
                   replay=f"/api/games/{gid}/replay/0",
                   details=details(game, seat))
    return rec


def details(game: Game, seat: int) -> dict[str, Any]:
    """Game-specific figures of one seat of a finished game: its ``end_reason`` and seat, and
    what the game's own ``info.details`` reads from the contract's view (e.g. a sheet game's
    crosses per colour, locks and penalties; a line game's wins by the opponent's line)."""
    view = game.view(seat)
    out: dict[str, Any] = {"end_reason": view.get("end_reason"), "seat": seat}
    if game.info.details:
        out.update(load(game.info.details)(view, seat))
    return out


def statistics(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per rating class: games, wins, mean and best score, mean length (events), wins per
    seat (side); and the game's own figures added up as its ``info.stats`` say (score sheets:
    the mean crosses per colour, locks, penalties, lucky and bonus crosses per game; lines:
    the wins by a line the opponent pushed and the lines of one's own symbol made by the
    opponent's push, ``lines_by_opponent_push``)."""
    out: dict[str, dict[str, Any]] = {}
    stats_of: dict[str, Any] = {}
    for rec in records:
        if "score" not in rec:
            continue
        key = rec["class"] or rec["game"]
        st = out.setdefault(key, {
            "games": 0, "wins": 0, "draws": 0, "scores": [], "lengths": [], "by_seat": {},
            "sums": {}, "utility": rec["utility"]})
        stats_of.setdefault(key, game_info(rec["game"]).stats)
        st["games"] += 1
        st["wins"] += int(rec["won"])
        st["draws"] += int(rec["result"] == "draw")
        st["scores"].append(rec["score"])
        st["lengths"].append(rec["moves"])
        side = st["by_seat"].setdefault(str(rec["seat"]), {"games": 0, "wins": 0})
        side["games"] += 1
        side["wins"] += int(rec["won"])
        d = rec.get("details") or {}
        for stat in stats_of[key]:
            if stat.field not in d:
                continue
            if stat.how == "mean_by_key":
                sums = st["sums"].setdefault(stat.field, {})
                for k, n in (d[stat.field] or {}).items():
                    sums[k] = sums.get(k, 0) + n
            else:
                st["sums"][stat.field] = st["sums"].get(stat.field, 0) + int(d[stat.field])
    for key, st in out.items():
        sc, ln, sums = st.pop("scores"), st.pop("lengths"), st.pop("sums")
        n = st["games"]
        st.update(mean_score=round(sum(sc) / n, 2), best_score=max(sc),
                  mean_length=round(sum(ln) / n, 1))
        for stat in stats_of[key]:
            total = sums.get(stat.field)
            if stat.how == "mean_by_key" and total:
                st[stat.out] = {k: round(v / n, 2) for k, v in sorted(total.items())}
            elif stat.how == "mean" and total is not None:
                st[stat.out] = round(total / n, 2)
            elif stat.how == "sum" and total is not None:
                st[stat.out] = total
    return out


def anonymous_name(lang: str = "en") -> str:
    return t("account_deleted_name", lang)
