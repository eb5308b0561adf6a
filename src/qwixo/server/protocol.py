"""Message schemas of the web protocol (``docs/web-protocol.md``) and their validation.

Every HTTP body and every WebSocket message is checked here — size, JSON, shape, types (strict:
``"3"`` is not a number), ranges — before anything else looks at it. Refusals are
:class:`ServerError` (an :class:`~qwixo.IllegalMove` with an HTTP status), turned into the one
error shape of the protocol by :func:`error_payload`.

>>> parse_ws('{"type": "choose", "decision": "b1b5", "id": 3}')
Choose(type='choose', id=3, decision='b1b5')
>>> try:
...     parse_ws('{"type": "choose", "decision": 7}')
... except ServerError as e:
...     print(e.key)
bad_message
>>> error_payload(ServerError("unknown_type", type="fly"), "en", 3)["text"]
"Unknown message type 'fly'."
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from qwixo.core import GAME_NAMES, IllegalMove
from qwixo.i18n import LANGS
from qwixo.server.chars import bad_char, name_skeleton
from qwixo.server.etiquette import Draw, HandToBot, Resign
from qwixo.server.social import Chat, React, Rematch

MAX_WS_MESSAGE = 4096     # bytes of one WebSocket message
MAX_HTTP_BODY = 16_384    # bytes of one HTTP request body
MAX_NAME = 40
NAME_PATTERN = r"^[^\x00-\x1f\x7f]*$"  # no control characters (see also check_name)

Lang = Literal["en", "tr", "it", "pl"]
assert set(Lang.__args__) == set(LANGS)  # type: ignore[attr-defined]
MsgId = Annotated[int, Field(ge=-(2**53), le=2**53)] | Annotated[str, Field(max_length=64)]


def check_name(name: str) -> str:
    """A player's name, refused when it holds a C0/C1 control character, a format character
    (bidi overrides and isolates, zero-width spaces and joiners, soft hyphen...: Unicode
    category Cf), a line or paragraph separator, an unassigned or private-use code point, or
    nothing visible; spaces at both ends are removed.

    >>> check_name("  Ada ")
    'Ada'
    >>> for bad in ["Ada\u202e", "A\u200bda", "A\x85", "\u3000", "\u3164"]:
    ...     try:
    ...         check_name(bad)
    ...     except ValueError as e:
    ...         print(type(e).__name__)
    PydanticCustomError
    PydanticCustomError
    PydanticCustomError
    PydanticCustomError
    PydanticCustomError
    """
    for ch in name:
        if bad_char(ch):  # (qwixo.server.chars: also the blank-looking letters, U+3164...)
            raise PydanticCustomError("bad_name", "the name holds the character U+{code}",
                                      {"code": f"{ord(ch):04X}"})
    stripped = name.strip()
    if name and not stripped:
        raise PydanticCustomError("bad_name", "the name is blank", {"code": ""})
    return stripped


def name_key(name: str) -> str:
    """The form an account's name is found by at sign-in: ``Ada``, ``ADA`` and ``Ａｄａ`` are
    one name. (Whether two names may stand side by side, in a game or as two accounts, goes
    by the stricter :func:`~qwixo.server.chars.name_skeleton`.)

    >>> name_key("Ａｄａ ") == name_key("ada")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold().strip()


Name = Annotated[str, Field(max_length=MAX_NAME, pattern=NAME_PATTERN), AfterValidator(check_name)]


class ServerError(IllegalMove):
    """A refused request: translation ``key`` + ``params`` and the HTTP ``status``.

    >>> e = ServerError("no_such_game", status=404, id="abc")
    >>> e.status, str(e)
    (404, "There is no game 'abc'.")
    """

    def __init__(self, key: str, /, status: int = 400, **params: Any) -> None:
        self.status = status
        super().__init__(key, **params)


def error_payload(err: IllegalMove, lang: str | None = "en", msg_id: Any = None) -> dict:
    """The protocol's error object for ``err`` (text in ``lang``)."""
    out: dict[str, Any] = {"type": "error", "key": err.key, "params": _jsonable(err.params),
                           "text": err.translated(lang or "en")}
    if msg_id is None:  # a message refused by parse_ws still carries its id
        msg_id = getattr(err, "msg_id", None)
    if msg_id is not None:
        out["id"] = msg_id
    return out


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v if isinstance(v, (str, int, float, bool, type(None))) else str(v)
            for k, v in params.items()}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# -- HTTP bodies ------------------------------------------------------------------------
class SeatSpec(_Strict):
    """One seat of a new game: a person (``human``: invited by the creator; ``open``: anyone
    may take it from the lobby) or a bot."""

    kind: Literal["human", "open", "bot"]
    name: Name | None = None
    bot: Annotated[str, Field(max_length=40)] | None = None
    seconds: Annotated[float, Field(ge=0.05, le=30.0)] | None = None


SettingValue = (bool | int | Annotated[str, Field(max_length=100)] | None
                | Annotated[list[int | list[int]], Field(max_length=10)])


class CreateGame(_Strict):
    """Body of ``POST /api/games``."""

    game: Literal[GAME_NAMES]  # type: ignore[valid-type]  # the registry's games
    settings: Annotated[dict[Annotated[str, Field(max_length=40)], SettingValue],
                        Field(max_length=16)] = Field(default_factory=dict)
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=5)]
    clock: Annotated[float, Field(ge=5, le=3600)] | None = None
    auto_roll: bool = False
    undo: bool = False
    confer: bool = False  # team chat (the rulebook's "partners may confer"); social.py
    spectator_chat: bool = False  # spectators may write in the chat
    lang: Lang | None = None
    #: rate the game (accounts and bots only, no undo, no hints: docs/web.md)
    rated: bool = False
    #: turn-based game: hours per decision instead of the seconds of ``clock`` (docs/web.md)
    turn_hours: Annotated[float, Field(ge=1, le=24 * 14)] | None = None

    @model_validator(mode="after")
    def _distinct_names(self) -> CreateGame:
        seen: set[str] = set()
        for seat in self.seats:
            if seat.name:
                key = name_skeleton(seat.name)
                if key in seen:
                    raise PydanticCustomError("duplicate_name", "two seats are named {name}",
                                              {"name": seat.name})
                seen.add(key)
        return self


class JoinGame(_Strict):
    """Body of ``POST /api/games/{id}/join``."""

    seat: Annotated[int, Field(ge=0, le=4)] | None = None
    name: Name | None = None


class HintRequest(_Strict):
    """Body of ``POST /api/games/{id}/hint``."""

    token: Annotated[str, Field(min_length=1, max_length=64)]
    lang: Lang | None = None


# -- WebSocket messages (client -> server) ------------------------------------------------
class Auth(_Strict):
    type: Literal["auth"]
    id: MsgId | None = None
    #: the seat's token; none: the API token of the WebSocket handshake's ``Authorization:
    #: Bearer`` header plays its account's seat (``qwixo.server.botapi``)
    token: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    name: Name | None = None
    lang: Lang | None = None


class Spectate(_Strict):
    type: Literal["spectate"]
    id: MsgId | None = None
    lang: Lang | None = None


class Roll(_Strict):
    type: Literal["roll"]
    id: MsgId | None = None
    dice: Annotated[list[Annotated[int, Field(ge=0, le=8)] | None],
                    Field(min_length=1, max_length=6)] | None = None


class Choose(_Strict):
    type: Literal["choose"]
    id: MsgId | None = None
    decision: Annotated[str, Field(min_length=1, max_length=64)]


class Undo(_Strict):
    type: Literal["undo"]
    id: MsgId | None = None


class Hint(_Strict):
    type: Literal["hint"]
    id: MsgId | None = None


class SetLang(_Strict):
    type: Literal["lang"]
    id: MsgId | None = None
    lang: Lang


class Rename(_Strict):
    """A seated guest names (or renames) their seat: ``{"type": "rename", "name": "Ada"}``."""

    type: Literal["rename"]
    id: MsgId | None = None
    name: Name


class Ping(_Strict):
    type: Literal["ping"]
    id: MsgId | None = None


ClientMessage = Annotated[Auth | Spectate | Roll | Choose | Undo | Hint | SetLang | Ping | Chat | React
                          | Rematch | Resign | Draw | HandToBot | Rename,
                          Field(discriminator="type")]
_CLIENT = TypeAdapter(ClientMessage)
MESSAGE_TYPES = ("auth", "spectate", "roll", "choose", "undo", "hint", "lang", "ping", "chat", "react",
                 "rematch", "resign", "draw", "hand_to_bot", "rename")


# the validation library's error types as reasons of the catalogues (``why_v_...``, shown with
# the field and the limits: "the field seats.0.kind: one of 'human', 'open', 'bot'"); a type
# not listed reads "the field x: not a valid value"
_VALIDATION_WHY = {
    "extra_forbidden": "why_v_extra", "missing": "why_v_missing",
    "string_type": "why_v_text", "string_too_long": "why_v_text_long",
    "string_too_short": "why_v_text_short", "string_pattern_mismatch": "why_v_invalid",
    "int_type": "why_v_integer", "int_parsing": "why_v_integer", "int_from_float": "why_v_integer",
    "float_type": "why_v_number", "float_parsing": "why_v_number", "bool_type": "why_v_bool",
    "bool_parsing": "why_v_bool", "list_type": "why_v_list", "tuple_type": "why_v_list",
    "dict_type": "why_v_object", "model_type": "why_v_object", "model_attributes_type": "why_v_object",
    "too_long": "why_v_list_long", "too_short": "why_v_list_short",
    "greater_than_equal": "why_v_at_least", "greater_than": "why_v_more_than",
    "less_than_equal": "why_v_at_most", "less_than": "why_v_less_than",
    "literal_error": "why_v_one_of", "enum": "why_v_one_of", "finite_number": "why_v_number",
}
# names the validation library gives the members of a union in an error's place ("id.int")
_NOT_A_FIELD = re.compile(r"^(str|int|float|bool|list|dict|none|.*[-\[(].*)$")


def validation_reason(first: dict[str, Any]) -> dict[str, Any]:
    """``{"why": key, ...params}`` of the validation library's first error ``first`` (one of
    ``ValidationError.errors()``): the field in the message's own names and the reason as a
    catalogue key, never the library's English text.

    >>> validation_reason({"type": "extra_forbidden", "loc": ("ping", "x"), "msg": "..."})
    {'why': 'why_v_extra', 'field': 'x'}
    >>> validation_reason({"type": "string_too_long", "loc": ("text",), "ctx": {"max_length": 300}})
    {'why': 'why_v_text_long', 'field': 'text', 'n': 300}
    """
    loc = tuple(first.get("loc", ()))
    parts = [str(p) for p in (loc[1:] if loc and loc[0] in MESSAGE_TYPES else loc)]
    field = ".".join(p for p in parts if not _NOT_A_FIELD.match(p)) or "—"
    ctx = first.get("ctx") or {}
    why = _VALIDATION_WHY.get(first.get("type", ""), "why_v_invalid")
    out: dict[str, Any] = {"why": why, "field": field[:80]}
    for name in ("max_length", "min_length"):
        if name in ctx:
            out["n"] = ctx[name]
    for name in ("ge", "gt", "le", "lt"):
        if name in ctx:
            out["limit"] = ctx[name]
    if "expected" in ctx:
        out["choices"] = str(ctx["expected"]).replace(" or ", ", ")[:120]
    return out


def _why(err: ValidationError) -> dict[str, Any]:
    return validation_reason(err.errors(include_url=False)[0])


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ServerError("duplicate_key", name=str(k)[:40])
        out[k] = v
    return out


def _check_json(raw: str | bytes) -> Any:
    """Parse ``raw`` with the standard library only to refuse what pydantic lets through: a
    key given twice in one object (``{"type": "ping", "type": "roll"}``: the last would win).
    Returns the parsed value (None when it is not JSON: pydantic reports that)."""
    try:
        return json.loads(raw, object_pairs_hook=_no_duplicate_keys)
    except (ValueError, RecursionError) as e:
        if isinstance(e, ServerError):
            raise
        return None


def _id_of(data: Any) -> Any:
    """The message ``id`` of a refused message, when it has a valid one (echoed in the error)."""
    if isinstance(data, dict):
        i = data.get("id")
        if isinstance(i, str) and len(i) <= 64:
            return i
        if isinstance(i, int) and not isinstance(i, bool) and abs(i) <= 2**53:
            return i
    return None


def _refusal(e: ValidationError) -> ServerError:
    errs = e.errors(include_url=False)
    kind = errs[0]["type"] if errs else ""
    if kind == "json_invalid":
        return ServerError("bad_json")
    if kind in ("bad_name", "duplicate_name"):
        ctx = errs[0].get("ctx") or {}
        if kind == "bad_name":
            return ServerError("bad_name", code=str(ctx.get("code", "")))
        return ServerError("duplicate_name", name=str(ctx.get("name", ""))[:MAX_NAME])
    if kind == "union_tag_invalid":
        tag = errs[0].get("ctx", {}).get("tag", "?")
        return ServerError("unknown_type", type=str(tag)[:40])
    if kind == "union_tag_not_found":
        return ServerError("bad_message", why="why_no_type")
    return ServerError("bad_message", **_why(e))


def parse_ws(raw: str | bytes) -> Any:
    """Validate one WebSocket message; raises :class:`ServerError`.

    >>> parse_ws('{"type": "ping"}')
    Ping(type='ping', id=None)
    >>> for bad in ['[]', 'nope', '{"type": "roll", "dice": ["1"]}', '{"type": "ping", "x": 1}']:
    ...     try:
    ...         parse_ws(bad)
    ...     except ServerError as e:
    ...         print(e.key)
    bad_message
    bad_json
    bad_message
    bad_message
    """
    if isinstance(raw, str):
        size = len(raw.encode("utf-8", "replace"))
    else:
        size = len(raw)
    if size > MAX_WS_MESSAGE:
        raise ServerError("too_large", status=413, limit=MAX_WS_MESSAGE)
    data = None
    try:
        data = _check_json(raw)
        return _CLIENT.validate_json(raw)
    except ServerError as e:  # a duplicate key: the id is still worth echoing
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            data = None
        e.msg_id = _id_of(data)  # type: ignore[attr-defined]
        raise
    except ValidationError as e:
        err = _refusal(e)
        err.msg_id = _id_of(data)  # type: ignore[attr-defined]
        raise err from None


def parse_body(model: type[BaseModel], raw: bytes) -> Any:
    """Validate an HTTP body against ``model``; raises :class:`ServerError`."""
    if len(raw) > MAX_HTTP_BODY:
        raise ServerError("too_large", status=413, limit=MAX_HTTP_BODY)
    try:
        _check_json(raw or b"{}")
        return model.model_validate_json(raw or b"{}")
    except ValidationError as e:
        raise _refusal(e) from None
