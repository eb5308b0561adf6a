"""``qwixo serve`` is registered with its options (the server itself runs in
test_server_restart.py)."""

from __future__ import annotations

import pytest

from qwixo.cli import build_parser


def test_serve_is_registered_with_defaults():
    args = build_parser().parse_args(["serve"])
    assert args.command == "serve"
    assert (args.host, args.port, args.db, args.sync) == ("127.0.0.1", 8000, None, "normal")
    assert args.bot_processes == 1 and callable(args.func)


def test_serve_options():
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "0", "--db",
                                      "/tmp/x.sqlite", "--sync", "full", "--bot-delay", "0"])
    assert (args.host, args.port, args.db, args.sync, args.bot_delay) == (
        "0.0.0.0", 0, "/tmp/x.sqlite", "full", 0.0)


def test_serve_refuses_bad_options(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--sync", "off"])
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--port", "eighty"])
