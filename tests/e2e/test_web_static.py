"""The front end's source, read as text (no browser): its JS modules import each other without
a cycle, no function is longer than ~80 lines, the page has no inline script, event handler or
style attribute (the Content-Security-Policy forbids them), every text key the page uses is in
the catalog in all four languages, and the service worker keeps every module."""

from __future__ import annotations

import re
from pathlib import Path

from qwixo.i18n import LANGS, TABLE

WEB = Path(__file__).resolve().parents[2] / "src" / "qwixo" / "web"
JS = sorted((WEB / "js").glob("*.js"))
MAX_LINES = 80


def imports(path: Path) -> list[str]:
    return re.findall(r'from "\./([\w-]+\.js)"', path.read_text(encoding="utf-8"))


def test_js_modules_have_no_import_cycle():
    graph = {p.name: imports(p) for p in JS}
    for deps in graph.values():
        assert set(deps) <= set(graph), deps
    state: dict[str, int] = {}

    def visit(n: str, path: list[str]) -> None:
        if state.get(n) == 1:
            raise AssertionError("import cycle: " + " -> ".join([*path, n]))
        if state.get(n) == 2:
            return
        state[n] = 1
        for d in graph[n]:
            visit(d, [*path, n])
        state[n] = 2

    for n in graph:
        visit(n, [])


FUNC = re.compile(r"^\s*(export\s+)?(async\s+)?function\s+\w+|^  (async\s+)?[a-zA-Z]\w*\([^;]*\)\s*\{\s*$")


def long_functions(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for i, line in enumerate(lines):
        if not FUNC.search(line) or re.match(r"^\s*(if|for|while|switch|catch)\b", line):
            continue
        depth, started = 0, False
        for j in range(i, len(lines)):
            code = re.sub(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'|`(\\.|[^`\\])*`', '""', lines[j])
            depth += code.count("{") - code.count("}")
            started = started or "{" in code
            if started and depth <= 0:
                if j - i + 1 > MAX_LINES:
                    out.append(f"{path.name}:{i + 1} {line.strip()[:60]} ({j - i + 1} lines)")
                break
    return out


def test_no_function_over_80_lines():
    found = [f for p in JS for f in long_functions(p)]
    assert not found, found


def test_page_has_no_inline_script_handler_or_style():
    for name in ("index.html", "account.html"):
        html = (WEB / name).read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), f"{name}: inline <script>"
        assert not re.search(r"\son\w+\s*=", html), f"{name}: inline event handler"
        assert not re.search(r"\sstyle\s*=", html), f"{name}: style attribute"
    for p in JS:
        text = p.read_text(encoding="utf-8")
        assert not re.search(r"""setAttribute\(\s*["'](style|on\w+)["']""", text), p.name
        assert not re.search(r"""\bstyle:\s*[`"']""", text), f"{p.name}: style attribute from h()"


def test_every_text_key_of_the_page_is_translated():
    used = set()
    for p in [*JS, WEB / "index.html"]:
        used |= set(re.findall(r"""\bt\(\s*["'`](web_[a-z0-9_-]+)["'`]""", p.read_text(encoding="utf-8")))
    missing = sorted(k for k in used if k not in TABLE)
    assert not missing, missing
    for key in used:
        assert set(TABLE[key]) == set(LANGS) and all(TABLE[key].values()), key


def test_service_worker_keeps_every_module():
    sw = (WEB / "sw.js").read_text(encoding="utf-8")
    for p in JS:
        assert f'"/js/{p.name}"' in sw, p.name


def test_service_worker_keeps_the_account_page_under_its_three_addresses():
    from qwixo.server.app import ACCOUNT_PAGE, ACCOUNT_VIEWS

    sw = (WEB / "sw.js").read_text(encoding="utf-8")
    shell = re.search(r"const SHELL = \[(.*?)\];", sw, re.S).group(1)
    assert f'"/{ACCOUNT_PAGE}"' in shell and '"/css/account.css"' in shell
    views = re.search(r"const ACCOUNT_VIEWS = \[(.*?)\];", sw, re.S).group(1)
    assert re.findall(r'"/([\w.]+)"', views) == list(ACCOUNT_VIEWS)
