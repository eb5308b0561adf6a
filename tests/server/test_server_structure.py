"""The shape of the code the issues ask for: no import cycle in the package, bot workers never
import the web framework, the server names no game and keeps its SQL in the store, and no
function of the server or of the views is longer than ~80 lines."""

from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import qwixo

SRC = pathlib.Path(qwixo.__file__).resolve().parent
SERVER = SRC / "server"
MAX_LINES = 80


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports anywhere (top level, functions, TYPE_CHECKING)."""
    files = {_module_name(f): f for f in SRC.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for mod, path in files.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            graph[mod].update(n for n in names if n in files and n != mod)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_in_the_package():
    graph = _import_graph()
    assert "qwixo.quixo.perfect" in graph["qwixo.quixo.bots"]  # the graph sees local imports
    assert _cycles(graph) == []


def test_a_cycle_would_be_found():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_bot_workers_do_not_import_the_web_framework():
    """What a bot worker process runs (warm-up, a decision, a hint) loads the engines only."""
    code = (
        "import json, sys\n"
        "import qwixo\n"
        "from qwixo.server import botrunner\n"
        "assert botrunner._ping()\n"
        "g = qwixo.new_game('quixo', size=3)\n"
        "botrunner._decide_in_worker('g', 0, 'random', 0.05, g.to_json())\n"
        "botrunner._hint_in_worker(g.to_json(), 0, 'en')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('fastapi', 'starlette', 'uvicorn', 'pydantic'))))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def _code_strings(tree: ast.AST) -> list[ast.Constant]:
    """String constants that are not docstrings."""
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs]


def test_the_server_names_no_game_and_probes_no_attribute():
    for path in sorted(SERVER.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for const in _code_strings(tree):
            for name in qwixo.core.GAME_NAMES:
                assert name not in const.value.lower(), f"{path.name}:{const.lineno} names {name}"
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "getattr":
                # probing the game (getattr(game, ...)) is not allowed; other objects are
                target = ast.unparse(node.args[0])
                assert "game" not in target, f"{path.name}:{node.lineno} probes {target}"


def test_sql_only_in_the_store():
    words = ("SELECT ", "INSERT ", "UPDATE ", "DELETE ", "CREATE TABLE")
    for path in sorted(SERVER.glob("*.py")):
        if path.name == "store.py" or path.name.startswith("store_"):
            continue
        for const in _code_strings(ast.parse(path.read_text(encoding="utf-8"))):
            assert not any(w in const.value.upper() for w in words), \
                f"{path.name}:{const.lineno}: SQL outside the store"


def test_no_long_function():
    files = [*SERVER.glob("*.py"), SRC / "core.py", SRC / "quixo" / "view.py",
             SRC / "qwixx" / "view.py"]
    long = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_LINES:
                    long.append(f"{path.name}:{node.name} ({lines} lines)")
    assert long == []
