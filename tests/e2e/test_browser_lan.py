"""An invite printed by ``qwixo serve --lan`` opens from a second network address.

A network namespace (a veth pair, addresses in 10.x inside it and on the pair's end here,
nothing else: :mod:`lan_net`, made for the whole run by ``make test``) stands for a friend's phone on the local network: a browser
started inside it opens the invite link the host's page shows — the host's browser on
``127.0.0.1``, the link carrying the LAN address — takes the seat and plays a move. Needs root
and ``ip`` (``iproute2``); skipped elsewhere.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
import urllib.request

import lan_net
import pytest
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, STARTUP_TIMEOUT, new_page, settle
from playwright.sync_api import expect

from qwixo.server.serve_process import ServeProcess

IP = lan_net.IP


def wait_my_turn(page) -> bool:
    page.wait_for_selector("#result, .status.mine")
    settle(page)
    return page.locator("#result").count() == 0


@pytest.fixture(scope="module")
def netns():
    """``(namespace, address here, address there)``: the run's LAN network (made by
    ``make test``'s controller before any browser started: :mod:`lan_net`), else one of this
    module."""
    made = os.environ.get(lan_net.ENV)
    if made:
        ns, _, a, b = made.split(",")
        yield ns, a, b
        return
    if not lan_net.possible():
        pytest.skip("a network namespace needs root and iproute2's ip")
    ns, here, a, b = lan_net.make()
    try:
        yield ns, a, b
    finally:
        lan_net.remove(ns, here)


@pytest.fixture(scope="module")
def lan_server(netns, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lan")
    srv = ServeProcess("--db", str(tmp / "q.sqlite"), "--bot-delay", "0.05", lan=netns[1],
                       env={"QWIXO_DATA": str(tmp / "data")}, timeout=STARTUP_TIMEOUT)
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while True:  # the bots ready too (their kernels loaded), as the other browser tests
            with urllib.request.urlopen(srv.url + "api/health", timeout=10) as r:
                if json.loads(r.read()).get("ready") or time.monotonic() > deadline:
                    break
            time.sleep(0.2)
        yield srv
    finally:
        srv.stop()


def test_lan_invite_opens_from_another_address(netns, lan_server, tmp_path):
    ns, here, there = netns
    lan_url = f"http://{here}:{lan_server.port}/"
    assert any(lan_url in line for line in lan_server.output)  # printed at the start
    # the reach as the host's browser (on 127.0.0.1) and as another device see it
    with urllib.request.urlopen(lan_server.url + "api/reach", timeout=10) as r:
        reach = json.loads(r.read())
    assert reach["base"] == lan_url and not reach["local_only"]
    # a browser in the namespace: another machine on the network as far as the server knows
    wrapper = tmp_path / "chromium-in-ns"
    wrapper.write_text(f'#!/bin/sh\nexec {IP} netns exec {ns} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        local = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        remote = pw.chromium.launch(executable_path=str(wrapper), args=CHROMIUM_ARGS)
        try:
            host = new_page(local)
            host.goto(lan_server.url)
            host.wait_for_selector("#play-friends")
            host.locator("label.seg", has_text="Quixo").click()
            host.click("#play-friends")
            panel = host.locator("#invite-panel")
            expect(panel.locator(".qr svg")).to_be_visible()
            expect(panel.locator(".reach-note")).to_be_hidden()
            link = panel.locator(".invite-url").first.input_value()
            assert link.startswith(lan_url) and "token=" in link
            assert panel.locator(".qr").first.get_attribute("data-url") == link
            friend = new_page(remote)
            friend.goto(link)
            expect(friend.locator(".game-page")).to_be_visible()
            expect(host.locator("#invite-panel")).to_have_count(0)  # the seat is taken
            assert wait_my_turn(host)
            host.locator(".cell.takeable").first.click()
            host.locator(".arrow.legal").first.click()
            settle(host)
            assert wait_my_turn(friend)  # the friend's move now, over the LAN address
            friend.locator(".cell.takeable").first.click()
            friend.locator(".arrow.legal").first.click()
            settle(friend)
            assert wait_my_turn(host)
            expect(host.locator(".quixo-board .last-line")).to_have_count(1)
            assert not host.js_errors and not friend.js_errors  # type: ignore[attr-defined]
        finally:
            remote.close()
            local.close()
    # a plain HTTP client there gets the same address for its links
    out = subprocess.run([IP, "netns", "exec", ns, "python3", "-c",
                          "import urllib.request,sys; print(urllib.request.urlopen("
                          f"'{lan_url}api/reach', timeout=10).read().decode())"],
                         capture_output=True, text=True, timeout=30)
    assert json.loads(out.stdout)["base"] == lan_url, out.stderr
