"""A malformed message is refused in the reader's language: the validation library's English
reasons ("Extra inputs are not permitted") become catalogue reasons (``why_v_...``) with the
field and the limits, over the WebSocket and HTTP alike; no English word in tr/it/pl."""

from __future__ import annotations

import json

import pytest

from qwixo.i18n import t
from qwixo.server.protocol import ServerError, error_payload, parse_ws
from words_check import check

BAD_WS = [
    ({"type": "ping", "x": 1}, "why_v_extra", "x"),
    ({"type": "roll", "dice": ["1"]}, "why_v_integer", "dice.0"),
    ({"type": "choose"}, "why_v_missing", "decision"),
    ({"type": "chat", "text": "x" * 3000}, "why_v_text_long", "text"),
    ({"type": "ping", "id": [1]}, "why_v_integer", "id"),
    ({"type": "lang", "lang": "xx"}, "why_v_one_of", "lang"),
]


@pytest.mark.parametrize(("msg", "why", "field"), BAD_WS)
def test_websocket_refusals_name_the_field_in_the_readers_language(msg, why, field):
    with pytest.raises(ServerError) as e:
        parse_ws(json.dumps(msg))
    assert e.value.key == "bad_message"
    assert e.value.params["why"] == why and e.value.params["field"] == field
    for lang in ("en", "tr", "it", "pl"):
        text = error_payload(e.value, lang)["text"]
        assert repr(field) in text and "Input should" not in text and "Extra inputs" not in text
        if lang != "en":
            # what the message named (its fields, a choice) is protocol syntax, as typed
            check(text, lang, allowed=f"{field} {json.dumps(msg)}")
    assert error_payload(e.value, "it")["text"].startswith(t("bad_message", "it", why="")[:10])


def test_http_body_refusals_are_translated_too(client):
    body = {"game": "qwixx", "seats": [{"kind": "nobody"}]}
    for lang in ("tr", "it", "pl"):
        r = client.post(f"/api/games?lang={lang}", json=body)
        assert r.status_code in (400, 422), r.text
        err = r.json()
        assert err["key"] == "bad_message" and err["params"]["why"] == "why_v_one_of"
        assert err["params"]["field"] == "seats.0.kind", err
        check(err["text"], lang, allowed="seats kind human open bot")
    r = client.post("/api/games?lang=pl", json={**body, "unknown": 1, "seats": [{"kind": "human"}]})
    assert r.json()["params"]["why"] == "why_v_extra", r.json()
