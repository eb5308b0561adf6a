"""The LAN test's network: a namespace with one end of a veth pair, the other end here.

Adding an address to an interface is a network change for every browser on the machine:
Chromium then fails the requests it has in flight (``ERR_NETWORK_CHANGED``). ``make test``'s
controller (tests/conftest.py) therefore makes the network before any test process or browser
starts and removes it after the last one has ended; the namespace's names reach
tests/e2e/test_browser_lan.py through :data:`ENV`. A run of that file alone makes its own.
"""

from __future__ import annotations

import os
import shutil
import subprocess

IP = shutil.which("ip") or "/usr/sbin/ip"
#: ``namespace,interface here,address here,address there`` of a network made for the run
ENV = "QWIXO_TEST_LAN"


def possible() -> bool:
    """Root and iproute2's ``ip``: what a network namespace needs."""
    return os.geteuid() == 0 and os.access(IP, os.X_OK)


def _ip(*args: str) -> None:
    subprocess.run([IP, *args], check=True, capture_output=True, timeout=20)


def make() -> tuple[str, str, str, str]:
    """``(namespace, interface here, address here, address there)``: a new namespace joined to
    this one by a veth pair, a /30 of 10.213.x between them."""
    pid = os.getpid()
    k = pid % 250 + 1
    ns, here, there = f"qwixo-lan-{pid}", f"qwl{pid}a"[:15], f"qwl{pid}b"[:15]
    a, b = f"10.213.{k}.1", f"10.213.{k}.2"
    _ip("netns", "add", ns)
    try:
        _ip("link", "add", here, "type", "veth", "peer", "name", there)
        _ip("link", "set", there, "netns", ns)
        _ip("addr", "add", f"{a}/30", "dev", here)
        _ip("link", "set", here, "up")
        _ip("-n", ns, "addr", "add", f"{b}/30", "dev", there)
        _ip("-n", ns, "link", "set", there, "up")
        _ip("-n", ns, "link", "set", "lo", "up")
    except BaseException:
        remove(ns, here)
        raise
    return ns, here, a, b


def remove(ns: str, here: str) -> None:
    subprocess.run([IP, "link", "del", here], capture_output=True, timeout=20)
    subprocess.run([IP, "netns", "del", ns], capture_output=True, timeout=20)
