"""Qwixx in the terminal: hot-seat play, play against bots, and the score pad for a real table.

Everything goes through :class:`~qwixo.qwixx.game.QwixxGame`'s public contract. Input and output
are plain text streams, so the whole front end runs in tests with scripted input::

    >>> import io
    >>> from qwixo.qwixx.game import QwixxGame
    >>> out = io.StringIO()
    >>> t = Terminal(QwixxGame(players=2, seed=1), inp=io.StringIO("3 4 1 1 1 1\\nr7\\ng7\\npass\\n"),
    ...              out=out, pad=True, lang="en", color=False)
    >>> t.run()
    0
    >>> "r7" in out.getvalue() and t.game.sheets[0]["rows"][0]["crossed"]
    [7]

Sheets are drawn with rich, in colour *and* with letters: each row starts with its letter
(R, Y, G, B); in Mixx A each cell also carries its colour letter; a crossed cell is shown as
``[ 7]``, a cell that can no longer be crossed as `` · ``, a lock number with ``*``.

Commands at any prompt: ``?`` (options and help), ``undo``, ``save FILE``, ``sheet``, ``quit``;
in the score pad also ``dice 3 4 1 6 2 5`` to correct dice typed wrong (before anyone decided).
"""

from __future__ import annotations

import shlex
import sys
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from qwixo.core import IllegalMove
from qwixo.i18n import t as _t
from qwixo.qwixx.display import decision_parts
from qwixo.qwixx.editions import COLOURS
from qwixo.qwixx.game import ACTION1, ACTION2, QwixxGame

STYLE = {"r": "white on red3", "y": "black on yellow3", "g": "white on green4",
         "b": "white on blue3"}
# a Bonus B pair's cells: the reward's symbol (as on the web sheet)
REWARD_MARK = {"two-crosses": "✕", "each-row": "≡", "double": "×", "plus-13": "+",
               "no-penalty": "⊘"}


class Quit(Exception):
    """The user asked to stop (or the input ended)."""


class Terminal:
    """One terminal session around a game.

    ``seats``: per player ``None`` (a person at the keyboard) or a bot (``decide(game, p)``).
    ``pad``: score-pad mode, the dice are typed in (a group rolling real dice).
    """

    def __init__(self, game: QwixxGame, *, seats: list[Any] | None = None,
                 inp: TextIO | None = None, out: TextIO | None = None, pad: bool = False,
                 lang: str | None = None, color: bool = True,
                 names: list[str] | None = None) -> None:
        self.game = game
        self.seats = seats if seats is not None else [None] * game.num_players
        self.inp = inp if inp is not None else sys.stdin
        out = out if out is not None else sys.stdout
        self.console = Console(file=out, highlight=False, no_color=not color,
                               force_terminal=color and out.isatty(), width=100,
                               emoji=False, soft_wrap=True)
        self.pad = pad
        self.lang = lang
        self.names = names or [self.t("qx_player", n=p + 1) for p in range(game.num_players)]
        self._log_seen = len(game.log)

    # -- helpers --------------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        return _t(key, self.lang, **params)

    def abbr(self, colour: str) -> str:
        """A colour's abbreviation in the session's language (R, Y, G, B, W in English)."""
        return self.t(f"qwixx_abbr_{colour[:1]}")

    def choice_words(self, text: str | None, done: bool = False) -> str:
        """A decision in words: "red 7", "pass", a lucky cross, a bonus-bar reward row;
        ``done``: a decision made, said as the moves of the log are ("crossed red 7", "passed")."""
        kind, what, reward = decision_parts(text or "pass")
        if kind == "pass":
            return self.t("web_move_pass" if done else "pass")
        if kind == "lucky":
            out = self.t("web_move_lucky", row=what)
        elif kind == "cross":
            out = self.t("web_move_cross", cell=what)
        else:
            out = what
        if reward:
            out += " " + self.t("web_move_reward_row", row=reward)
        return out

    def say(self, text: str | Text = "") -> None:
        self.console.print(text, markup=False)

    def ask(self, prompt: str, hidden: bool = False) -> str:
        """One line of input. ``hidden``: on a real terminal, typed without echo (action-1
        choices in hot-seat play stay secret until everyone is in)."""
        tty = hasattr(self.inp, "isatty") and self.inp.isatty()
        if hidden and tty and self.inp is sys.stdin:
            import getpass

            try:
                return getpass.getpass(prompt).strip()
            except EOFError:
                self.say()
                raise Quit from None
        self.console.print(prompt, end="", markup=False)
        self.console.file.flush()
        line = self.inp.readline()
        if not line:
            self.say()
            raise Quit
        if not tty:
            self.say(line.rstrip("\n"))  # echo scripted input, so transcripts read well
        return line.strip()

    # -- drawing --------------------------------------------------------------------------
    def sheet_text(self, p: int) -> Text:
        """One player's sheet as rich text (colours plus letters)."""
        g = self.game
        ed = g.edition
        view = g.sheets[p]
        mixed = ed.action2_any_row
        pair_of = {cell: k for k, cells in ed.pairs.items() for cell in cells}
        txt = Text()
        txt.append(f"{self.names[p]}  ", style="bold")
        txt.append(self.t("qx_score_is", score=view["score"]))
        if view["lucky"]:
            txt.append("  " + self.t("qx_lucky_are", numbers=" ".join(map(str, view["lucky"]))))
        txt.append("\n")
        for r, row in enumerate(ed.rows):
            rv = view["rows"][r]
            txt.append(f" {self.abbr(row.colour)} ", style=STYLE[row.colour] + " bold")
            txt.append(" ")
            last_i = row.index(rv["last"]) if rv["last"] is not None else -1
            crossed = set(rv["crossed"])
            for i, (n, c) in enumerate(row.cells):
                mark = ""
                if i >= row.lock_from:
                    mark = "*"
                elif (r, n) in ed.bonus_cells:
                    mark = "+"
                elif (r, n) in pair_of:
                    mark = REWARD_MARK[pair_of[(r, n)]]
                body = f"{n:>2}{self.abbr(c) if mixed else ''}{mark}"
                if n in crossed:
                    cell = f"[{body}]"
                    style = STYLE[c] + " bold reverse"
                elif i < last_i or rv["closed"]:
                    cell = f" {'·':^{len(body)}} "
                    style = "dim"
                else:
                    cell = f" {body} "
                    style = STYLE[c]
                txt.append(cell, style=style)
            m = self.t("qx_lock_mark")
            lock = f"[{m}]" if rv["locked"] else (" - " if rv["closed"] else f" {m} ")
            txt.append(" " + lock, style=STYLE[row.colour])
            txt.append(f"  {rv['crosses']:>2} x = {rv['points']:>3}\n")
        pen = view["penalties"]
        txt.append("    " + self.t("qx_penalties", marks="X" * pen + "." * (ed.max_penalties - pen),
                                       points=-ed.penalty_points * pen))
        if view["bar"]:
            bar = " ".join(
                (self.abbr(ed.bar[b]) if s == "" else "x" if s == "x" else "-")
                for b, s in enumerate(view["bar"]))
            txt.append("\n    " + self.t("qx_bar", bar=bar))
        if ed.pairs:
            got = ", ".join(self.t(f"web_bonus_{k}") for k in view["rewards"]) or "-"
            txt.append("\n    " + self.t("qx_rewards", rewards=got))
        return txt

    def draw(self) -> None:
        for p in range(self.game.num_players):
            self.say(self.sheet_text(p))
        self.scores_line()

    def scores_line(self) -> None:
        sc = self.game.scores()
        self.say(self.t("qx_scores") + ": " + ", ".join(
            f"{self.names[p]} {sc[p]}" for p in range(self.game.num_players)))

    def dice_text(self) -> Text:
        d = self.game.dice
        txt = Text(self.t("qx_dice") + ": ")
        white = self.abbr("w")
        txt.append(f" {white} {d[0]} ", style="black on grey85")
        txt.append(" ")
        txt.append(f" {white} {d[1]} ", style="black on grey85")
        for c in range(4):
            txt.append(" ")
            col = COLOURS[c]
            if d[2 + c] is None:
                txt.append(f" {self.abbr(col)} - ", style="dim")
            else:
                txt.append(f" {self.abbr(col)} {d[2 + c]} ", style=STYLE[col])
        txt.append("   " + self.t("qx_white_sum", total=d[0] + d[1]))
        return txt

    def announce(self) -> None:
        """Tell everyone what happened since the last announcement (locks, penalties, ...)."""
        g = self.game
        for e in g.log[self._log_seen:]:
            ev = e["event"]
            who = self.names[e["player"]] if e.get("player") is not None else ""
            if ev == "lock":
                self.say(self.t("qx_ann_lock", player=who, row=e["row"]))
            elif ev == "die_removed":
                self.say(self.t("qx_ann_die", row=e["row"]))
            elif ev == "penalty":
                self.say(self.t("qx_ann_penalty", player=who, count=e["count"]))
            elif ev == "bar":
                number = e["number"] if e["number"] is not None else "-"
                self.say(self.t("qx_ann_bar", player=who, row=e["row"], number=number))
            elif ev == "reward":
                self.say(self.t("qx_ann_reward", player=who,
                                reward=self.t(f"web_bonus_{e['reward']}")))
            elif ev == "lucky":
                self.say(self.t("qx_ann_lucky", player=who, row=e["row"],
                                number=e["number"]))
            elif ev == "end":
                self.say(self.t("qx_ann_end_" + e["reason"]))
        self._log_seen = len(g.log)

    def reveal_action1(self) -> None:
        """After action 1 took effect: everyone's choice, now public."""
        h = self.game.history
        k = len(h) - 1
        while k >= 0 and h[k][0] != "roll":
            k -= 1
        picks = {e[1]: e[2] for e in h[k + 1:k + 1 + self.game.num_players]}
        self.say(self.t("qx_action1_done") + ": " + "; ".join(
            f"{self.names[p]}: {self.choice_words(picks[p], done=True) if p in picks else '?'}"
            for p in range(self.game.num_players)))

    # -- commands -------------------------------------------------------------------------
    def command(self, line: str, p: int | None) -> bool:
        """Handle a command; True when ``line`` was one."""
        words = line.split(maxsplit=1)
        if not words:
            return False
        cmd = words[0].lower()
        g = self.game
        if cmd in ("?", "help", "options"):
            if p is not None:
                self.say(self.t("qx_options", options=" ".join(g.options(p))))
            self.say(self.t("qx_help"))
            return True
        if cmd in ("quit", "exit"):
            raise Quit
        if cmd == "sheet":
            self.draw()
            return True
        if cmd == "save":
            path = shlex.split(words[1])[0] if len(words) > 1 else "qwixx-game.json"
            try:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(g.to_json())
            except OSError as e:
                self.say(self.t("qx_save_failed", path=path, why=str(e)))
            else:
                self.say(self.t("qx_saved", path=path))
            return True
        if cmd == "undo":
            self.undo()
            return True
        if cmd == "hint":
            self.hint(p)
            return True
        if cmd == "dice" and self.pad:
            self.fix_dice(words[1] if len(words) > 1 else "")
            return True
        return False

    def hint(self, p: int | None) -> None:
        """The options of the player to decide ranked by the strong bot's search, in words
        (the web page's and ``qwixo qwixx hint``'s hint)."""
        from qwixo.qwixx.strong import hint_lines

        g = self.game
        if p is None:
            p = g.to_act[0] if g.to_act else g.active
        try:
            lines = hint_lines(g, p, self.lang)
        except IllegalMove as e:
            self.say(e.translated(self.lang))
            return
        for line in lines:
            self.say(line)

    def fix_dice(self, text: str) -> None:
        """Score pad: correct the dice just typed, before anyone has decided on them."""
        g = self.game
        if not g.history or g.history[-1][0] != "roll":
            self.say(self.t("qx_dice_fix_late"))
            return
        n = sum(1 for v in g.history[-1][1] if v is not None)
        values = parse_dice(text, n)
        if values is None:
            self.say(self.t("qx_dice_hint", count=n, faces=g.edition.faces))
            return
        data = g.to_dict()
        data["history"] = data["history"][:-1]
        try:
            fixed = QwixxGame.from_dict(data)
            fixed.roll(values)
        except IllegalMove as e:
            self.say(e.translated(self.lang))
            return
        g.__dict__.update(fixed.__dict__)
        self.say(self.dice_text())

    def undo(self) -> None:
        """Take back decisions until one made by a person is undone (bots would only replay
        theirs)."""
        g = self.game
        try:
            while True:
                last = g.history[-1] if g.history else None
                g.undo()
                if last is None or self.seats[last[1]] is None:
                    break
        except IllegalMove as e:
            self.say(e.translated(self.lang))
            return
        self._log_seen = min(self._log_seen, len(g.log))
        self.say(self.t("qx_undone"))

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        g = self.game
        try:
            self.say(self.t("qx_welcome", edition=self.t(f"web_edition_{g.edition.name}"),
                            players=g.num_players))
            if not g.needs_roll:
                self.draw()
            while not g.is_over:
                if g.needs_roll:
                    self.draw()  # every sheet and the scores before each roll
                    self.roll_step()
                elif g.phase == ACTION1:
                    self.action1_step()
                elif g.phase == ACTION2:
                    self.decide(g.active, 2)
                self.after_step()
        except Quit:
            self.say(self.t("qx_bye"))
            return 0
        self.draw()
        win = g.winners()
        self.say(self.t("qx_winner", players=", ".join(self.names[p] for p in win),
                        score=g.scores()[win[0]]))
        return 0

    def after_step(self) -> None:
        self.announce()

    def roll_step(self) -> None:
        g = self.game
        p = g.active
        if not self.pad:
            if self.seats[p] is None:
                while True:
                    line = self.ask(self.t("qx_roll_prompt", player=self.names[p]) + " ")
                    if not line or line.lower() in ("r", "roll"):
                        break
                    if not self.command(line, None):
                        self.say(self.t("qx_roll_hint"))
            g.roll()
        else:
            in_play = [self.abbr(c) for c in ("w", "w", *COLOURS) if c not in g.removed_dice]
            while True:
                line = self.ask(self.t("qx_dice_prompt", player=self.names[p],
                                       dice=" ".join(in_play)) + " ")
                if self.command(line, None):
                    continue
                values = parse_dice(line, len(in_play))
                if values is None:
                    self.say(self.t("qx_dice_hint", count=len(in_play),
                                    faces=g.edition.faces))
                    continue
                try:
                    g.roll(values)
                    break
                except IllegalMove as e:
                    self.say(e.translated(self.lang))
        self.say(self.dice_text())

    def action1_step(self) -> None:
        g = self.game
        while g.phase == ACTION1:
            bots = [p for p in g.to_act if self.seats[p] is not None]
            for p in bots:  # bots first: they can never see a person's hidden choice
                self.bot_move(p)
            if g.phase == ACTION1:
                self.decide(g.to_act[0], 1)
        if g.history and g.history[-1][0] == "choose":
            self.reveal_action1()

    def bot_move(self, p: int) -> str:
        """Let the bot in seat ``p`` decide; a bot offering an illegal decision passes (with
        a notice) instead of stopping the game."""
        g = self.game
        choice = self.seats[p].decide(g, p)
        try:
            g.choose(p, choice)
        except IllegalMove as e:
            self.say(self.t("qx_bot_illegal", player=self.names[p], choice=choice,
                            why=e.translated(self.lang)))
            choice = "pass"
            g.choose(p, choice)
        return choice

    def decide(self, p: int, action: int) -> None:
        g = self.game
        bot = self.seats[p]
        if bot is not None:
            choice = self.bot_move(p)
            if action == 2:
                self.say(self.t("qx_bot_played", player=self.names[p],
                                move=self.choice_words(choice, done=True)))
            return
        key = "qx_prompt_a1" if action == 1 else "qx_prompt_a2"
        before = len(g.history)
        while len(g.history) == before:
            opts = g.options(p)
            if not opts:
                return
            humans = sum(1 for seat in self.seats if seat is None)
            line = self.ask(self.t(key, player=self.names[p]) + " [" + " ".join(opts) + "] ",
                            hidden=action == 1 and humans > 1)
            if self.command(line, p):
                if len(g.history) < before:  # an undo happened: re-evaluate the game
                    return
                continue
            if not line:
                continue
            try:
                g.choose(p, line)
            except IllegalMove as e:
                self.say(e.translated(self.lang))


def parse_dice(line: str, count: int) -> list[int] | None:
    """``"3 4 1 6 2 5"``, ``"3,4,1,6,2,5"`` or ``"341625"`` -> the numbers (None if not).

    >>> parse_dice("341625", 6), parse_dice("3 4, 1", 3), parse_dice("3 x", 2)
    ([3, 4, 1, 6, 2, 5], [3, 4, 1], None)
    """
    parts = line.replace(",", " ").split()
    if len(parts) == 1 and len(parts[0]) == count and parts[0].isdigit():
        parts = list(parts[0])
    if len(parts) != count or not all(x.isdigit() for x in parts):
        return None
    return [int(x) for x in parts]
