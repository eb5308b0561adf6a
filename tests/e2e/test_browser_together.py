"""Playing together: the chat of a game (public, team-only in 4-player Quixo when the game
lets partners confer, spectators read-only unless allowed), quick reactions, and idle games
leaving the lobby lists."""

from __future__ import annotations

import pytest
from a11y import post
from e2e_helpers import new_page, settle, shot
from playwright.sync_api import expect

from qwixo.i18n import t
from qwixo.server import social

pytestmark = pytest.mark.browser


def links(server, **options):
    reply = post(server.url, "/api/games", {
        "game": "quixo", "settings": {"size": 5, "players": 4}, "lang": "en",
        "seats": [{"kind": "human", "name": n} for n in ("Ann", "Ben", "Cy", "Di")], **options})
    base = server.url.rstrip("/")
    return [base + s["url"] for s in reply["seats"]], base + reply["url"]


def say(page, text, to=None):
    if to:
        page.select_option("#chat-to", to)
    page.fill("#chat-input", text)
    page.click("#chat-send")


def test_team_chat_public_chat_spectators_and_reactions(server, browser):
    seats, watch = links(server, confer=True)
    pages = [new_page(browser) for _ in range(5)]
    try:
        for p, url in zip(pages, [*seats, watch], strict=True):
            p.goto(url)
            p.wait_for_selector("#chat")
        ann, ben, cy, _di, spec = pages
        settle(ann)
        say(ann, "hello all")
        for p in pages:
            expect(p.locator(".chat-msg", has_text="hello all")).to_have_count(1)
        # team chat: N's partner is S (Cy); E, W and the spectator never see it
        say(ann, "take a1 next", to="team")
        expect(cy.locator(".chat-msg.team", has_text="take a1 next")).to_have_count(1)
        for p in (ben, spec):
            expect(p.locator(".chat-msg", has_text="hello all")).to_have_count(1)
            assert p.locator(".chat-msg", has_text="take a1 next").count() == 0
        # spectators read, but may not write in this game
        expect(spec.locator("#chat-input")).to_have_count(0)
        expect(spec.locator("#chat")).to_contain_text(t("web_chat_read_only", "en"))
        # a quick reaction reaches everyone
        ben.locator(".react").first.click()
        expect(ann.locator(".chat-msg .chat-reaction")).to_have_count(1)
        shot(ann, "together-chat")
        # a page opened later gets the chat so far (its team's messages too)
        cy.reload()
        expect(cy.locator(".chat-msg", has_text="take a1 next")).to_have_count(1)
    finally:
        for p in pages:
            p.context.close()


def test_no_team_chat_without_confer_and_spectators_may_write_when_allowed(server, browser):
    seats, watch = links(server, spectator_chat=True)
    ann, spec = new_page(browser), new_page(browser)
    try:
        ann.goto(seats[0])
        spec.goto(watch)
        ann.wait_for_selector("#chat-input")
        expect(ann.locator("#chat-to")).to_have_count(0)  # no team chat offered
        say(spec, "nice move")
        expect(ann.locator(".chat-msg", has_text="nice move")).to_contain_text(t("web_spectator", "en"))
    finally:
        ann.context.close()
        spec.context.close()


def test_idle_games_leave_the_lobby_lists():
    now = 1_000_000.0
    assert social.listed({"status": "open", "updated": now - 60}, now)
    assert not social.listed({"status": "open", "updated": now - social.OPEN_IDLE - 1}, now)
    assert social.listed({"status": "running", "updated": now - social.OPEN_IDLE - 1}, now)
    assert not social.listed({"status": "running", "updated": now - social.RUNNING_IDLE - 1}, now)
    assert social.listed({"status": "finished", "updated": 0.0}, now)
    # a game left to the bots (no person connected, no move for a while) leaves sooner
    bot = {"kind": "bot", "online": True}
    away, here = {"kind": "human", "online": False}, {"kind": "human", "online": True}
    late = now - social.BOT_GAME_IDLE - 1
    assert not social.listed({"status": "running", "updated": late, "seats": [away, bot]}, now)
    assert social.listed({"status": "running", "updated": now - 60, "seats": [away, bot]}, now)
    assert social.listed({"status": "running", "updated": late, "seats": [here, bot]}, now)
    assert social.listed({"status": "running", "updated": late, "seats": [away, away]}, now)


def test_the_server_refuses_what_the_game_does_not_allow(server):
    import json
    from urllib.parse import urlparse

    from websockets.sync.client import connect

    seats, _ = links(server)  # no confer, no spectator chat
    token = seats[0].split("token=")[1]
    host = urlparse(server.url).netloc
    gid = seats[0].split("game=")[1].split("&")[0]

    def ask(first: dict, msg: dict) -> dict:
        with connect(f"ws://{host}/ws/{gid}", open_timeout=30) as ws:
            ws.send(json.dumps(first))
            while json.loads(ws.recv(timeout=30))["type"] != "welcome":
                pass
            ws.send(json.dumps({**msg, "id": 7}))
            while True:
                reply = json.loads(ws.recv(timeout=30))
                # (a message that fails the schema may come back without its id)
                if reply.get("id") == 7 or reply["type"] == "error":
                    return reply

    assert ask({"type": "spectate"}, {"type": "chat", "text": "hi"})["key"] == "spectator_cannot_chat"
    assert ask({"type": "auth", "token": token}, {"type": "chat", "text": "hi", "to": "team"})["key"] == "chat_no_team"
    assert ask({"type": "auth", "token": token}, {"type": "react", "reaction": "💣"})["key"] == "bad_message"
    assert ask({"type": "auth", "token": token}, {"type": "chat", "text": "a\u202eb"})["key"] == "bad_message"
    assert ask({"type": "auth", "token": token}, {"type": "chat", "text": "hello"})["type"] == "ok"
