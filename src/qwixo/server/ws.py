"""The WebSocket of ``qwixo serve``: ``/ws/{id}`` (``docs/web-protocol.md`` §2), as an
``APIRouter``: authentication, then the messages of one connection."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from qwixo.core import IllegalMove
from qwixo.server import botapi, etiquette, rematch, social
from qwixo.server import protocol as P
from qwixo.server.accounts import SESSION_COOKIE, refuse_hint
from qwixo.server.http_api import ServerState
from qwixo.server.lobby import Lobby
from qwixo.server.protocol import ServerError, error_payload
from qwixo.server.rooms import Conn, Names, Room

log = logging.getLogger("qwixo.server")

AUTH_TIMEOUT = 30.0          # seconds to send auth/spectate after connecting
PRE_AUTH_ERRORS = 10         # bad messages before auth that close the connection
FLOOD_CLOSE = 100            # refused (rate-limited) messages that close the connection
#: seconds between a program's connection's looks whether its API token still holds
TOKEN_LOOK = 2.0
HINT_COST = 10               # tokens a hint takes from the connection's bucket
WS_MAX_SIZE = 65_536         # frames larger than this are refused by the WebSocket layer
#: the server's compression window (permessage-deflate, RFC 7692), bits: 15 = 32 KB, which
#: holds the previous state message of a connection, so the next one (mostly the same view)
#: compresses to a few hundred bytes instead of ~1 KB and in about 60 % of the CPU time
#: (uvicorn's own choice, 12 = 4 KB, cannot see it). About 144 KB of memory a connection
#: (the compressor's window and hash table) instead of 32 KB.
WS_WINDOW_BITS = 15


def ws_protocol(name: str) -> str | type:
    """uvicorn's WebSocket protocol ``name`` with the server's compression window set to
    :data:`WS_WINDOW_BITS` (``websockets-sansio``, the default of ``qwixo serve``; another
    implementation is returned as named). The client's window stays as uvicorn sets it (its
    messages are small)."""
    if name != "websockets-sansio":
        return name
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

    class WideWindow(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.config.ws_per_message_deflate:
                self.conn.available_extensions = [ServerPerMessageDeflateFactory(
                    # 15 is the protocol's default: then no parameter in the handshake
                    server_max_window_bits=None if WS_WINDOW_BITS == 15 else WS_WINDOW_BITS,
                    client_max_window_bits=12, compress_settings={"memLevel": 5})]

    return WideWindow

router = APIRouter()


@router.websocket("/ws/{game_id}")
async def ws_endpoint(ws: WebSocket, game_id: str) -> None:
    st: ServerState = ws.app.state.qwixo
    await ws.accept()
    host = ws.client.host if ws.client else "?"
    if st.open_ws[host] >= st.ws_per_address:
        err = ServerError("too_many_connections", status=429, limit=st.ws_per_address)
        await ws.send_text(json.dumps(error_payload(err)))
        await ws.close(code=4429)
        return
    st.open_ws[host] += 1
    try:
        await _ws_game(ws, game_id, st)
    finally:
        st.open_ws[host] -= 1
        if st.open_ws[host] <= 0:
            del st.open_ws[host]


async def _ws_game(ws: WebSocket, game_id: str, st: ServerState) -> None:
    lobby = st.lobby
    assert lobby is not None
    try:
        room = await lobby.get(game_id)
    except IllegalMove as e:
        await ws.send_text(json.dumps(error_payload(e)))
        await ws.close(code=4404)
        return
    # kept in memory and followed from here until the connection is in room.conns (several
    # processes: a move notified meanwhile must not drop it)
    pinned = room
    pinned.joining += 1
    conn = Conn(rate=st.ws_rate, burst=st.ws_burst)
    conn.address = ws.client.host if ws.client else None
    conn.session = ws.cookies.get(SESSION_COOKIE)  # (a rematch's new-game limits)
    writer = asyncio.create_task(_writer(ws, conn))
    watcher = None
    try:
        if await _authenticate(ws, conn, room, lobby):
            if conn.api_token is not None:
                watcher = asyncio.create_task(_watch_token(conn, lobby))
            room = await _enter(conn, room, lobby)
            pinned.joining -= 1
            pinned = None
            if conn.seat is not None:
                await lobby.take_work(room)
            await _messages(ws, conn, room, lobby)
    except WebSocketDisconnect:
        pass
    finally:
        if pinned is not None:
            pinned.joining -= 1
        _leave(conn, room, lobby)
        conn.close()
        if watcher is not None:
            watcher.cancel()
        if conn.token_id is not None:
            botapi.socket_closed(conn.token_id)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 5)
        if ws.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await ws.close(code=conn.close_code or 1000)


async def _writer(ws: WebSocket, conn: Conn) -> None:
    while True:
        msg = await conn.out.get()
        if msg is None:
            break
        try:
            await ws.send_text(msg)
        except Exception:  # noqa: BLE001 - the client is gone
            conn.closed = True
            break
    if conn.close_code is not None and ws.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await ws.close(code=conn.close_code)


async def _receive(ws: WebSocket) -> str | bytes:
    msg = await ws.receive()
    if msg["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(msg.get("code", 1000))
    text = msg.get("text")
    return text if text is not None else (msg.get("bytes") or b"")


async def _authenticate(ws: WebSocket, conn: Conn, room: Room, lobby: Lobby) -> bool:
    """Wait for ``auth``/``spectate`` (answering ``ping``); False when the connection is to
    be closed."""
    bad = 0
    deadline = time.monotonic() + AUTH_TIMEOUT
    while conn.role is None:
        try:
            raw = await asyncio.wait_for(_receive(ws), max(0.1, deadline - time.monotonic()))
        except TimeoutError:
            conn.send(error_payload(ServerError("auth_required")))
            conn.close(4400)
            return False
        msg_id = None
        try:
            msg = P.parse_ws(raw)
            msg_id = msg.id
            if isinstance(msg, P.Auth):
                conn.lang = msg.lang or conn.lang
                try:
                    seat = await _seat(ws, conn, room, lobby, msg.token)
                except ServerError as e:
                    conn.send(error_payload(e, conn.lang, msg_id))
                    conn.close(4401)
                    return False
                await lobby.claim(room, seat, msg.name)
                conn.seat, conn.role = seat, "player"
            elif isinstance(msg, P.Spectate):
                conn.lang = msg.lang or conn.lang
                conn.role = "spectator"
            elif isinstance(msg, P.Ping):
                conn.send({"type": "pong", "id": msg_id, "time": time.time()})
            else:
                raise ServerError("auth_required")
        except IllegalMove as e:
            conn.send(error_payload(e, conn.lang, msg_id))
            bad += 1
            status = getattr(e, "status", 400)
            if bad >= PRE_AUTH_ERRORS or status == 413:
                conn.close(4413 if status == 413 else 4400)
                return False
    return True


async def _seat(ws: WebSocket, conn: Conn, room: Room, lobby: Lobby,
                token: str | None) -> int:
    """The seat an ``auth`` plays: its seat token's, or (no token) the seat of the account
    whose API token the handshake's ``Authorization: Bearer`` header carries — that
    connection is a program's: it is also sent the engine protocol's ``position``."""
    if token is not None:
        return lobby.seat_of(room, token)
    api_token = botapi.bearer_of(ws.headers)
    if api_token is None:
        raise ServerError("bad_token", status=401)
    seat, _, tid = await botapi.ws_account(lobby.store, api_token, room.id)
    conn.positions, conn.api_token, conn.token_id = True, api_token, tid
    botapi.socket_opened(tid)
    return seat


async def _watch_token(conn: Conn, lobby: Lobby) -> None:
    """A program's connection ends (4401) once its API token is revoked."""
    assert conn.api_token is not None
    while not conn.closed:
        await asyncio.sleep(TOKEN_LOOK)
        if not await botapi.still_valid(lobby.store, conn.api_token):
            conn.send(error_payload(ServerError("bad_api_token", status=401), conn.lang))
            conn.close(4401)
            return


async def _enter(conn: Conn, room: Room, lobby: Lobby) -> Room:
    """Join the room's connections (the room this process follows for the game: the one
    the connection authenticated in, unless it was dropped meanwhile) and send the welcome;
    returns that room."""
    if lobby.rooms.get(room.id) is not room:  # (not while pinned; an evicted room)
        room = await lobby.get(room.id)
    async with social.entering(room):  # the chat so far, then every new line: each once
        chat = await social.chat_log(conn, room, lobby.store)
        conn.room = room
        room.conns.add(conn)
        came = False
        if conn.seat is not None:
            came = not room.seats[conn.seat].present()  # (on no process before)
            room.seats[conn.seat].online += 1
            lobby.presence_changed(room, conn.seat)
        conn.send({"type": "welcome", "seat": conn.seat, "role": conn.role,
                   "view": room.view(conn.seat)})
        if conn.positions:
            room.send_position(conn)
        if chat is not None:
            conn.send(chat)
    if came:
        s = room.seats[conn.seat]
        room.broadcast(None, [("announce_joined", {"player": s.seat, "name": Names((s.seat,))})])
    return room


async def _messages(ws: WebSocket, conn: Conn, room: Room, lobby: Lobby) -> None:
    while not conn.closed:
        raw = await _receive(ws)
        if not conn.bucket.take():
            conn.send(error_payload(ServerError("rate_limited", status=429), conn.lang))
            if conn.bucket.refused >= FLOOD_CLOSE:
                conn.close(4429)
                return
            continue
        msg_id = None
        try:
            msg = P.parse_ws(raw)
            msg_id = msg.id
            await _handle(conn, room, lobby, msg)
        except (WebSocketDisconnect, asyncio.CancelledError):
            raise
        except Exception as e:  # noqa: BLE001 - never drop a player for a server bug
            if not isinstance(e, IllegalMove):
                log.exception("error handling a message in game %s", room.id)
                e = ServerError("server_error", status=500)
            conn.send(error_payload(e, conn.lang, msg_id))
            if getattr(e, "status", 400) == 413:
                conn.close(4413)
                return


async def _handle(conn: Conn, room: Room, lobby: Lobby, msg: Any) -> None:
    if isinstance(msg, P.Ping):
        conn.send({"type": "pong", "id": msg.id, "time": time.time()})
    elif isinstance(msg, P.SetLang):
        conn.lang = msg.lang
        conn.send({"type": "ok", "id": msg.id, "version": room.version})
    elif isinstance(msg, (P.Auth, P.Spectate)):
        raise ServerError("already_authenticated")
    elif isinstance(msg, (P.Chat, P.React)):
        await social.handle(conn, room, msg, lobby.store, lobby.owner)
    elif isinstance(msg, P.Rematch):
        await rematch.handle(conn, room, lobby, msg)
    elif isinstance(msg, etiquette.MESSAGES):
        await etiquette.handle(conn, room, lobby, msg)
    elif conn.seat is None:
        raise ServerError("spectator_cannot_act", status=403)
    elif isinstance(msg, P.Rename):
        await lobby.rename(room, conn.seat, msg.name)
        conn.send({"type": "ok", "id": msg.id, "version": room.version})
    elif isinstance(msg, P.Hint):
        refuse_hint(room)
        if not conn.bucket.take(HINT_COST):
            raise ServerError("rate_limited", status=429)
        answer = await lobby.bots.hint(room.game, conn.seat, conn.lang, game_id=room.id,
                                       client=conn.address)
        if not answer["lines"]:
            raise ServerError("hint_unavailable")
        conn.send({"type": "hint", "id": msg.id, "lines": answer["lines"],
                   "moves": answer["moves"]})
    else:
        if isinstance(msg, P.Roll):
            ev = await lobby.act(room, conn.seat, "roll", msg.dice)
        elif isinstance(msg, P.Choose):
            ev = await lobby.act(room, conn.seat, "choose", msg.decision)
        else:
            ev = await lobby.act(room, conn.seat, "undo")
        conn.send({"type": "ok", "id": msg.id, "version": ev["n"] if ev else room.version})


def _leave(conn: Conn, room: Room, lobby: Lobby) -> None:
    if conn not in room.conns:
        return
    room.conns.discard(conn)
    if conn.seat is not None:
        s = room.seats[conn.seat]
        s.online = max(0, s.online - 1)
        if s.online == 0:
            s.seen = time.time()  # a hand-over counts the time away from here
            lobby.presence_changed(room, s.seat)
            rematch.cancel(room, s.seat, "left")
            etiquette.left(room, s.seat)
            if s.present():  # still connected on another process: not gone
                room.broadcast(None)
            else:
                room.broadcast(None, [("announce_left", {"player": s.seat,
                                                         "name": Names((s.seat,))})])
