"""Nothing above the games knows which game it runs: the server, the tournament
code, the generic research adapters and the generic front-end modules never name a game in
their code. They read the game's metadata (``qwixo.gameinfo.GameInfo``) instead.

Prose may give a game as an example: comments are not checked, code is (string constants,
identifiers, imported modules), and docstrings only for a quoted game name (``"qwixx"``,
``'quixo'``, ``"quixo-5x5-2p"``: an example calling the API with a game's name, which belongs
in a test of tests/, not in a generic module)."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "qwixo"
GAME_NAME = re.compile(r"qwixx|quixo", re.IGNORECASE)
#: a game's name inside quotes, as a string of an example is written: ``"qwixx"``,
#: ``view['quixo']``, ``"quixo-5x5-2p"`` (prose such as "a Quixo board" or "Qwixx's sheet" is
#: not: no space may stand between the quotes)
QUOTED_GAME_NAME = re.compile(r"""(["'])[\w./:-]*(?:qwixx|quixo)[\w./:-]*\1""", re.IGNORECASE)

#: Python modules that must name no game anywhere in their code
GENERIC_PY = sorted(
    [*SRC.glob("server/*.py"), *SRC.glob("tournament/*.py"),
     SRC / "envs" / "pz.py", SRC / "envs" / "codec.py", SRC / "envs" / "rewards.py",
     SRC / "envs" / "kernel_vector.py", SRC / "envs" / "sb3.py", SRC / "envs" / "evaluation.py",
     SRC / "envs" / "selfplay.py", SRC / "envs" / "oracles.py", SRC / "jax.py"])

#: research adapters whose generic classes and functions must name no game; their module-level
#: lines and the per-game wrappers named after a game (``QuixoEnv``, ``QwixxGame``: the
#: published Gymnasium ids and OpenSpiel names) may
ADAPTERS_WITH_WRAPPERS = [SRC / "envs" / "gym_envs.py", SRC / "envs" / "openspiel.py"]

#: generic front-end modules (src/qwixo/web/js): no game name in their code. The front end's
#: per-game modules (a renderer registered in the registry) are not listed. Extend this list
#: as modules become generic.
JS_GENERIC_MODULES = [
    "app.js", "board.js", "game.js", "game-panels.js", "lobby.js", "replay.js", "rules.js",
    "together.js", "walkthrough.js", "words.js",
    # the front end's registry, its fallback renderer and every other module that is not one
    # game's own (quixo*.js, qwixx*.js — their codes in words, *-codes.js, among them —,
    # renderers.js, the Qwixx score pad pad.js)
    "games.js", "fallback.js", "settings-form.js", "game-controls.js", "confirm.js", "invite.js",
    "hints.js", "keynav.js", "chat.js", "seats.js", "nav.js", "ui.js", "api.js", "dom.js",
    "sound.js", "turns.js", "etiquette.js", "account.js", "i18n.js",
]
#: one game's habits that a generic module must not carry either (they come from the game's
#: renderer or the server): Quixo's dot, Qwixx's six dice, a rating class written out
JS_HABITS = re.compile(r'\bdot\b|"", "", "", "", "", ""|"[a-z0-9]+-[a-z0-9]+-[0-9]+p"')


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def code_words(tree: ast.AST, docs: set[int]) -> list[tuple[int, str]]:
    """The (line, text) of every string constant (docstrings aside) and name in ``tree``."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docs:
                words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words.append(node.name)
        elif isinstance(node, ast.alias):
            words += [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            words.append(node.module or "")
        elif isinstance(node, (ast.keyword, ast.arg)):
            words.append(node.arg or "")
        out += [(getattr(node, "lineno", 0), w) for w in words]
    return out


def names_in(tree: ast.AST, docs: set[int]) -> list[str]:
    return [f"line {ln}: {w[:60]!r}" for ln, w in code_words(tree, docs) if GAME_NAME.search(w)]


def quoted_in_docstrings(tree: ast.AST) -> list[str]:
    """The quoted game names in the docstrings of ``tree`` (module, classes, functions)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                doc = body[0].value
                for m in QUOTED_GAME_NAME.finditer(doc.value):
                    line = doc.lineno + doc.value.count("\n", 0, m.start())
                    out.append(f"line {line}: {m.group(0)[:60]}")
    return out


def test_the_checker_finds_a_game_name():
    tree = ast.parse('"""Quixo in prose is fine."""\n# so is qwixx here\n'
                     'def f(game):\n    """Qwixx."""\n    return game == "qwixx"\n'
                     'from qwixo.quixo import bots\nQwixxThing = 1\n')
    found = sorted(names_in(tree, _docstrings(tree)))
    assert found == ["line 5: 'qwixx'", "line 6: 'qwixo.quixo'", "line 7: 'QwixxThing'"]


@pytest.mark.parametrize("path", GENERIC_PY, ids=lambda p: str(p.relative_to(SRC)))
def test_generic_python_names_no_game(path):
    tree = ast.parse(path.read_text("utf-8"))
    assert names_in(tree, _docstrings(tree)) == []


def test_the_checker_finds_a_quoted_game_name_in_a_docstring():
    source = textwrap.dedent('''\
        """A module: Quixo and Qwixx in prose, a player's qwixx sheet, ``qwixo.core``.

        >>> g = qwixo.new_game("qwixx", seed=2)
        """
        # "quixo" in a comment is not a docstring
        class A:
            """The view['quixo'] of a game."""
            def f(self):
                """Shipped: ``"quixo-5x5-2p"``, and Qwixx's 'gap' bot."""
        async def g():
            """Nothing here: the 'random' bot of any game, Quixo's 'size'."""
        x = "qwixx"  # code: the other test's part
        ''')
    assert quoted_in_docstrings(ast.parse(source)) == [
        'line 3: "qwixx"', "line 7: 'quixo'", 'line 9: "quixo-5x5-2p"']


@pytest.mark.parametrize("path", GENERIC_PY, ids=lambda p: str(p.relative_to(SRC)))
def test_generic_python_docstrings_quote_no_game(path):
    assert quoted_in_docstrings(ast.parse(path.read_text("utf-8"))) == []


@pytest.mark.parametrize("path", ADAPTERS_WITH_WRAPPERS, ids=lambda p: p.name)
def test_generic_adapters_name_no_game(path):
    tree = ast.parse(path.read_text("utf-8"))
    docs = _docstrings(tree)
    generic = [node for node in tree.body
               if isinstance(node, (ast.ClassDef, ast.FunctionDef))
               and not GAME_NAME.search(node.name)]
    assert generic, "no generic class or function found"
    found = [f"{node.name}: {hit}" for node in generic for hit in names_in(node, docs)]
    found += [f"{node.name} docstring: {hit}" for node in generic
              for hit in quoted_in_docstrings(node)]
    assert found == []


def _js_code(text: str) -> str:
    """JavaScript without its comments (block comments, then line comments)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    return re.sub(r"(^|[^:\\])//.*", r"\1", text)


def test_js_comment_stripping():
    code = _js_code('const a = "x"; // the qwixx sheet\n/* quixo\n board */ f("https://q");')
    assert not GAME_NAME.search(code) and 'f("https://q")' in code


@pytest.mark.parametrize("name", JS_GENERIC_MODULES)
def test_generic_js_names_no_game(name):
    code = _js_code((SRC / "web" / "js" / name).read_text("utf-8"))
    found = [f"line {i}: {line.strip()[:80]}" for i, line in enumerate(code.splitlines(), 1)
             if GAME_NAME.search(line)]
    assert found == []


@pytest.mark.parametrize("name", JS_GENERIC_MODULES)
def test_generic_js_carries_no_games_habits(name):
    code = _js_code((SRC / "web" / "js" / name).read_text("utf-8"))
    found = [f"line {i}: {line.strip()[:80]}" for i, line in enumerate(code.splitlines(), 1)
             if JS_HABITS.search(line)]
    assert found == []
