"""An independent, straightforward pure-Python referee of Qwixx: what the engine is checked
and measured against, never used to play.

The referee implements the rules of the six sheets (``classic``, ``longo``, ``mixx-a``,
``mixx-b``, ``bonus-a``, ``bonus-b``) of docs/qwixx.md on its own (its own sheet tables, no
import from the rest of ``qwixo.qwixx``), in plain readable Python: a sheet is a list of crossed
numbers per row. It offers the same small surface as the engine (``needs_roll``, ``roll``,
``to_act``, ``options``, ``choose``, ``is_over``, ``scores``) and rolls its dice with
``random.Random(seed)`` the same way; Longo's lucky numbers are given to it (``lucky``). So both
can be driven side by side: ``tests/qwixx/test_qwixx_referee.py`` compares every player's
options at every decision and the final scores over thousands of random games, and
``benchmarks/contract_speed.py`` measures the engine's contract against it.
"""

from __future__ import annotations

import copy
import random

UP = list(range(2, 13))
DOWN = list(range(12, 1, -1))

# edition -> (faces, crosses needed to lock, how many last cells lock, rows, any-row action 2)
# rows: [(row letter, [numbers], [cell colour letters])]
SHEETS = {
    "classic": (6, 5, 1, [("r", UP, "r" * 11), ("y", UP, "y" * 11),
                          ("g", DOWN, "g" * 11), ("b", DOWN, "b" * 11)], False),
    "longo": (8, 6, 2, [("r", list(range(2, 17)), "r" * 15), ("y", list(range(2, 17)), "y" * 15),
                        ("g", list(range(16, 1, -1)), "g" * 15),
                        ("b", list(range(16, 1, -1)), "b" * 15)], False),
    "mixx-a": (6, 5, 1, [("r", UP, "yyybbbgggrr"), ("y", UP, "rrggggbbyyy"),
                         ("g", DOWN, "bbbyyyrrrgg"), ("b", DOWN, "ggrrrryybbb")], True),
    "mixx-b": (6, 5, 1, [("r", [10, 6, 2, 8, 3, 4, 12, 5, 9, 7, 11], "r" * 11),
                         ("y", [9, 12, 4, 6, 7, 2, 5, 8, 11, 3, 10], "y" * 11),
                         ("g", [8, 2, 10, 12, 6, 9, 7, 4, 5, 11, 3], "g" * 11),
                         ("b", [5, 7, 11, 9, 12, 3, 8, 10, 2, 6, 4], "b" * 11)], False),
}
LETTERS = "rygb"
SHEETS["bonus-a"] = SHEETS["bonus-b"] = SHEETS["classic"]
# Bonus A: the bonus cells of each row and the bonus bar
BONUS_CELLS = {"r": [3, 6, 9], "y": [5, 8, 11], "g": [11, 7, 4], "b": [10, 8, 5]}
BONUS_BAR = "rygbgrbyrybg"
# Bonus B: reward -> its two cells
PAIRS = {"two-crosses": [("y", 11), ("g", 9)], "each-row": [("y", 7), ("b", 7)],
         "double": [("r", 8), ("b", 10)], "plus-13": [("r", 6), ("b", 4)],
         "no-penalty": [("y", 3), ("g", 5)]}
PAIR_CELLS = {cell for cells in PAIRS.values() for cell in cells}


class TieNeeded(Exception):
    """A two-crosses reward met a tie and the decision did not name one of the tied rows."""

    def __init__(self, rows):
        super().__init__(rows)
        self.rows = rows


class Referee:
    """One game of Qwixx, refereed the plain way."""

    def __init__(self, edition="classic", players=2, seed=None, lucky=None):
        self.faces, self.need, self.n_lock, self.rows, self.any_row = SHEETS[edition]
        self.edition = edition
        self.players = players
        self.rng = random.Random(seed)
        self.lucky = [tuple(x) for x in lucky] if lucky else [()] * players
        # crossed[p][row letter] = crossed numbers in order; the lock box is counted separately
        self.crossed = [{c: [] for c in LETTERS} for _ in range(players)]
        self.lock_box = [{c: False for c in LETTERS} for _ in range(players)]
        self.penalties = [0] * players
        self.bar_next = [0] * players          # Bonus A: the next bar box to look at
        self.rewards = [[] for _ in range(players)]  # Bonus B: rewards earned
        self.closed = set()
        self.active = 0
        self.dice = None
        self.phase = "roll"
        self.choices = {}
        self.crossed_in_action1 = False

    # -- sheet helpers ---------------------------------------------------------------------
    def row(self, letter):
        for name, numbers, colours in self.rows:
            if name == letter:
                return numbers, colours
        raise KeyError(letter)

    def crosses(self, p, letter):
        return len(self.crossed[p][letter]) + (1 if self.lock_box[p][letter] else 0)

    def may_cross(self, p, letter, number, closed=None):
        """May player p cross ``number`` in row ``letter`` now (``closed``: closed rows)?"""
        if letter in (self.closed if closed is None else closed):
            return False
        numbers, _ = self.row(letter)
        if number not in numbers:
            return False
        pos = numbers.index(number)
        done = self.crossed[p][letter]
        if done and pos <= numbers.index(done[-1]):
            return False
        if pos >= len(numbers) - self.n_lock and self.crosses(p, letter) < self.need:
            return False
        return True

    def next_cell(self, p, letter):
        numbers, _ = self.row(letter)
        done = self.crossed[p][letter]
        pos = numbers.index(done[-1]) + 1 if done else 0
        return numbers[pos] if pos < len(numbers) else None

    def next_possible(self, p, letter, closed):
        """The leftmost number right of the last cross that p may cross, or None."""
        numbers, _ = self.row(letter)
        done = self.crossed[p][letter]
        start = numbers.index(done[-1]) + 1 if done else 0
        for number in numbers[start:]:
            if self.may_cross(p, letter, number, closed):
                return number
        return None

    def fewest(self, p):
        least = min(self.crosses(p, letter) for letter in LETTERS)
        return [letter for letter in LETTERS if self.crosses(p, letter) == least]

    # -- the game ------------------------------------------------------------------------
    @property
    def needs_roll(self):
        return self.phase == "roll"

    @property
    def is_over(self):
        return self.phase == "over"

    @property
    def to_act(self):
        if self.phase == "action1":
            return [p for p in range(self.players) if p not in self.choices]
        if self.phase == "action2":
            return [self.active]
        return []

    def roll(self, dice=None):
        if dice is None:  # a die: int(random() * faces) + 1, the same draws as the engine
            dice = [self.die(), self.die()]
            for letter in LETTERS:
                dice.append(None if letter in self.closed else self.die())
        self.dice = list(dice)
        self.phase = "action1"
        self.choices = {}
        self.crossed_in_action1 = False
        return self.dice

    def die(self):
        return int(self.rng.random() * self.faces) + 1

    def options(self, p):
        if p not in self.to_act:
            return []
        opts = ["pass"]
        w1, w2 = self.dice[0], self.dice[1]
        if self.phase == "action1":
            total = w1 + w2
            for letter in LETTERS:
                if self.may_cross(p, letter, total):
                    opts.append(f"{letter}{total}")
            if total in self.lucky[p]:
                for letter in self.fewest(p):
                    number = self.next_cell(p, letter)
                    if (number is not None and number != total
                            and self.may_cross(p, letter, number)):
                        opts.append(f"L:{letter}")
        else:
            for k, die_colour in enumerate(LETTERS):
                die = self.dice[2 + k]
                if die is None:
                    continue
                for white in (w1, w2):
                    total = white + die
                    for letter in LETTERS:
                        if not self.any_row and letter != die_colour:
                            continue
                        numbers, colours = self.row(letter)
                        if total not in numbers:
                            continue
                        if colours[numbers.index(total)] != die_colour:
                            continue
                        if self.may_cross(p, letter, total) and f"{letter}{total}" not in opts:
                            opts.append(f"{letter}{total}")
        if self.edition == "bonus-b":
            opts = self.with_tie_choices(p, opts)
        return opts

    def with_tie_choices(self, p, opts):
        """Bonus B: an option that meets a two-crosses tie becomes "<option>+<row>"."""
        out = []
        for text in opts:
            if text == "pass" or (text[0], int(text[1:])) not in PAIR_CELLS:
                out.append(text)  # only crossing a pair cell can earn a reward
                continue
            trial = copy.copy(self)
            for name in ("crossed", "lock_box", "bar_next", "rewards"):
                setattr(trial, name, copy.deepcopy(getattr(self, name)))
            try:
                trial.decision(p, text, set(trial.closed))
            except TieNeeded as tie:
                out.extend(f"{text}+{letter}" for letter in tie.rows)
                continue
            out.append(text)
        return out

    def cross(self, p, letter, number, closed, queue):
        """Cross a cell with everything it sets off; new locks are added to ``closed``."""
        self.crossed[p][letter].append(number)
        numbers, _ = self.row(letter)
        if numbers.index(number) >= len(numbers) - self.n_lock:
            self.lock_box[p][letter] = True
            closed.add(letter)
        if self.edition == "bonus-a" and number in BONUS_CELLS[letter]:
            box = self.bar_next[p]
            while box < len(BONUS_BAR) and BONUS_BAR[box] in closed:
                box += 1  # boxes of closed colours are struck out
            if box < len(BONUS_BAR):
                self.bar_next[p] = box + 1
                colour = BONUS_BAR[box]
                target = self.next_possible(p, colour, closed)
                if target is not None:
                    self.cross(p, colour, target, closed, queue)
        if self.edition == "bonus-b":
            for kind, cells in PAIRS.items():
                if (letter, number) in cells and kind not in self.rewards[p]:
                    if all(n in self.crossed[p][r] for r, n in cells):
                        self.rewards[p].append(kind)
                        queue.append(kind)

    def decision(self, p, text, closed):
        """Carry out a decision (not "pass") of player p; ``closed`` gets p's new locks."""
        text, _, tie = text.partition("+")
        if text.startswith("L:"):
            letter = text[2]
            number = self.next_cell(p, letter)
        else:
            letter, number = text[0], int(text[1:])
        queue = []
        self.cross(p, letter, number, closed, queue)
        used_tie = False
        while queue:
            kind = queue.pop(0)
            if kind == "two-crosses":
                rows = self.fewest(p)
                if len(rows) > 1:
                    if tie not in rows:
                        raise TieNeeded(rows)
                    used_tie = True
                    rows = [tie]
                for _ in range(2):
                    target = self.next_possible(p, rows[0], closed)
                    if target is not None:
                        self.cross(p, rows[0], target, closed, queue)
            elif kind == "each-row":
                for letter in LETTERS:
                    target = self.next_possible(p, letter, closed)
                    if target is not None:
                        self.cross(p, letter, target, closed, queue)
        if tie and not used_tie:
            raise TieNeeded([])

    def choose(self, p, text):
        if text not in self.options(p):
            raise ValueError(f"illegal: player {p} {text!r}")
        if self.phase == "action1":
            self.choices[p] = text
            if len(self.choices) < self.players:
                return
            locked = set()
            for q in range(self.players):
                choice = self.choices[q]
                if choice == "pass":
                    continue
                if q == self.active:
                    self.crossed_in_action1 = True
                view = set(self.closed)
                self.decision(q, choice, view)
                locked |= view
            self.closed |= locked
            for letter in self.closed:
                self.dice[2 + LETTERS.index(letter)] = None
            if len(self.closed) >= 2:
                self.phase = "over"
            else:
                self.phase = "action2"
            return
        if text == "pass":
            if not self.crossed_in_action1:
                self.penalties[p] += 1
                if self.penalties[p] >= 4:
                    self.phase = "over"
                    return
        else:
            self.decision(p, text, self.closed)
            for letter in self.closed:
                self.dice[2 + LETTERS.index(letter)] = None
        if len(self.closed) >= 2:
            self.phase = "over"
            return
        self.active = (self.active + 1) % self.players
        self.phase = "roll"

    def scores(self):
        out = []
        for p in range(self.players):
            rows = [self.crosses(p, letter) for letter in LETTERS]
            total = sum(n * (n + 1) // 2 for n in rows)
            penalty = 5 * self.penalties[p]
            if self.is_over:  # Bonus B rewards at the end
                if "no-penalty" in self.rewards[p]:
                    penalty = 0
                if "plus-13" in self.rewards[p]:
                    total += 13
                if "double" in self.rewards[p]:
                    n = min(rows)
                    total += n * (n + 1) // 2
            out.append(total - penalty)
        return out
