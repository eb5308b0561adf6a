"""The ``strong`` Qwixx bot and the hints: Monte Carlo search over the dice, playing to win.

For each of its options the bot plays many games on from the current position in the numba
batch kernel (:mod:`qwixo.qwixx.batch`), every player following a model after the option (by
default the greedy policy of the learnt value function, :mod:`qwixo.qwixx.td`, each playout cut
after :data:`DEPTH` more rolls and valued by that function: its win chance), and keeps the
option with the best result:

- with opponents, the **win chance** (a shared win counts as a share), plus a small weight on
  the final margin against the best opponent to break near-ties: so it locks a row when that
  ends the game while it is ahead, crosses a lock to deny the others points, and takes risks
  (skips, late penalties) when it is behind;
- alone (solitaire), the **expected score**.

All options are played out on the same dice (common random numbers), so the differences
between them are measured precisely with few games. Action 1 is decided on what the player
sees: the other players' hidden decisions are not looked at; in the playouts they decide by the
model on the same dice. ``seconds`` bounds the time per decision (the playouts run in batches
until it is spent); without it a fixed number of playouts per option is used.

The kernel plays every edition (Longo's lucky numbers, Bonus A's bar, Bonus B's rewards and
tie choices included), so the playouts follow the real rules. (An edition the kernel did not
know would be approximated: the option carried out exactly with the rules engine, the rest
played on classic rows.)

>>> import qwixo
>>> g = qwixo.new_game("qwixx", players=2, seed=1)
>>> _ = g.roll([1, 1, 6, 6, 6, 6])
>>> bot = qwixo.make_bot("qwixx", "strong", seed=1)
>>> bot.decide(g, 1) in g.options(1)
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from qwixo.bots import decision_options
from qwixo.core import Game, IllegalMove
from qwixo.qwixx import batch, playout
from qwixo.qwixx import kernels as K
from qwixo.qwixx.batch import PHASE, Position, option_code
from qwixo.qwixx.rules import code_of

#: playouts per option per batch, and batches without a time budget
BATCH = 64
DEFAULT_BATCHES = 16
#: playouts per option for a hint without a time budget
HINT_PLAYOUTS = 2048
#: action-2 crosses skipping more cells than this are not searched jointly with action 1
JOINT_SKIP = 3
#: the model of the searching player in the playouts: ``td``, the greedy policy of the learnt
#: value function (default; :mod:`qwixo.qwixx.td`: the playouts are cut after :data:`DEPTH`
#: rolls and valued by it; alone, ``odds`` playouts to the end), the ``odds`` policy, ``ev``
#: (:mod:`qwixo.qwixx.evrule`) or ``gap`` (then every player plays ``gap``)
MODELS = ("odds", "gap", "ev", "td")
#: the ``td`` model's playouts stop after this many rolls more and are valued by the learnt
#: value function (:mod:`qwixo.qwixx.td`)
DEPTH = 2
#: decisions where the rules disagreed before an opponent gets its own model
ADAPT_AFTER = 3
#: a candidate behind the leader by more than this many standard errors is dropped
PRUNE_Z = 3.0
#: the search stops when every option left is known to be within this much of the best
#: (:data:`PRUNE_Z` standard errors of the paired difference)
INDIFFERENT = 0.002
#: weight of the final margin (points) next to the win share
MARGIN_WEIGHT = 0.002


@dataclass
class Evaluation:
    """The search result for one option: ``win`` share (None in solitaire), mean final
    ``score`` of the player, mean ``margin`` against the best opponent, playouts ``n``, and
    for the active player's action 1 the best action 2 to follow on these dice (``then``)."""

    option: str
    value: float
    win: float | None
    score: float
    margin: float
    n: int
    then: str | None = None


def _prepare(game: Any, player: int, text: str) -> tuple[Position, dict[int, int], np.ndarray]:
    """The kernel start of option ``text``: position, fixed decisions, extra end points (none:
    the kernels play every edition, the option included)."""
    return (batch.state_of(game), {player: option_code(game, player, text)},
            np.zeros(game.num_players, np.int64))


def _texts_actions(game: Any, player: int) -> tuple[list[str], list[tuple]]:
    if game.phase == "action1":
        d = game.dice
        pairs = game.rules.white_options(game.sheets_state[player], game.closed, d[0] + d[1])
    else:
        pairs = game.rules.colour_options(game.sheets_state[player], game.closed, game.dice)
    return [t for t, _ in pairs], [a for _, a in pairs]


def _follow_ups(game: Any, player: int, text: str) -> list[tuple[str, int]]:
    """The active player's promising action-2 options after action-1 option ``text`` on the
    current dice, as (text, code): pass, locks, and crosses skipping at most
    :data:`JOINT_SKIP` cells. Empty when there is no joint search (not the active player in
    action 1, a bonus edition, or the option ends the game)."""
    if game.phase != "action1" or player != game.active:
        return []
    rules = game.rules
    sheet = game.sheets_state[player].copy()
    closed = game.closed
    if text != "pass":
        act = dict(zip(*_texts_actions(game, player), strict=True))[text]
        closed = rules.apply(sheet, closed, act, [])
        if K.rows_end_game(closed):
            return []
    out = [("pass", -1)]
    for t, act in rules.colour_options(sheet, closed, game.dice)[1:]:
        _, r, i, _ = act
        if i >= rules.lock_from[r] or i - sheet.last[r] - 1 <= JOINT_SKIP:
            out.append((t, code_of(act)))
    return out


def _near_end(game: Any) -> bool:
    """Whether the game is near its end: one closed row short of the rows that end it, or
    a player one penalty short of the last."""
    closed = bin(int(game.closed)).count("1")
    pens = max(int(sh.penalties) for sh in game.sheets_state)
    return bool(K.closed_rows_end_game(closed + 1)
                or K.penalties_end_game(pens + 1, game.rules.T))


class OpponentModels:
    """Which model predicts each opponent best: the ``odds``, ``gap``, ``race`` and ``ev`` rules are
    asked what they would have chosen at every past decision of the opponents that has taken
    effect (hidden action-1 decisions of the current roll are never looked at), on a replay
    of the game kept up to date call after call; an opponent is modelled by the rule that
    agreed most often, after :data:`ADAPT_AFTER` decisions where the rules disagreed, and by
    ``default`` (``odds``) until then and on ties. ``td_weights``: the weights of the greedy
    ``td`` rule (when it is asked: ``default`` ``td``; default None: the shipped ones), the
    same as the playouts' (:meth:`StrongBot.plain_weights`)."""

    RULES: tuple[str, ...] = ("odds", "gap", "race", "ev")

    def __init__(self, game: Any, player: int, default: str = "odds",
                 me: str = "odds", td_weights: Any = None) -> None:
        from qwixo.qwixx.game import QwixxGame

        if default not in self.RULES:  # the learnt policy: asked first, so it wins ties
            self.RULES = (default,) + self.RULES
        self.default = default
        self.me = me
        self.td_weights = td_weights
        self.player = player
        self.replay = QwixxGame(edition=game.edition.name, players=game.num_players,
                                lucky=game.lucky or None)
        self.done = 0
        self.hits = np.zeros((game.num_players, len(self.RULES)), np.int64)
        self.seen = np.zeros(game.num_players, np.int64)

    def follows(self, game: Any, player: int) -> bool:
        """Whether this replay is a prefix of ``game`` (the same game, the same player)."""
        return (player == self.player and game.num_players == self.replay.num_players
                and len(game.history) >= self.done
                and game.history[:self.done] == self.replay.history)

    def _rule_choice(self, rule: str, p: int) -> str:
        from qwixo.qwixx import rulebots

        g = self.replay
        if rule == "odds":
            return rulebots.OddsBot().decide(g, p)
        if rule == "td":
            return rulebots.TdBot(weights=self.td_weights).decide(g, p)
        if rule == "ev":
            from qwixo.qwixx.rulebots import EvBot

            return EvBot().decide(g, p)
        return rulebots.heuristic(g, p, rule)

    def update(self, game: Any) -> None:
        hist = game.history
        end = len(hist)
        while end > 0 and hist[end - 1][0] != "roll":  # this roll's decisions: not yet
            end -= 1
        if game.phase == "action2":  # action 1 has taken effect: its decisions are public
            end = len(hist)
        for entry in hist[self.done:end]:
            if entry[0] == "roll":
                self.replay.roll(entry[1])
                continue
            p, text = entry[1], entry[2]
            if p != self.player and len(self.replay.options(p)) > 1:
                said = [self._rule_choice(r, p) for r in self.RULES]
                if len(set(said)) > 1:
                    self.seen[p] += 1
                    self.hits[p] += [x == text for x in said]
            self.replay.choose(p, text)
        self.done = end

    def policies(self, game: Any) -> list[str]:
        """The playout policy of every seat (``me`` for the searching player)."""
        self.update(game)
        out = []
        for p in range(game.num_players):
            rule = self.me if p == self.player else self.default
            if p != self.player and self.seen[p] >= ADAPT_AFTER:
                h = self.hits[p]
                k = int(np.argmax(h))  # the first on ties: odds
                if h[self.RULES.index(self.default)] < h[k]:
                    rule = self.RULES[k]
            out.append(rule)
        return out


class StrongBot:
    """Monte Carlo search over the dice with a model of every player; plays to win.

    ``seconds``: time per decision (at least one batch of playouts is always played; no
    batch is started that would end after 90% of it);
    ``model``: the playout model (:data:`MODELS`); ``depth``: the ``td`` playouts' cut;
    ``end_depth``: near the end of the game (a row closed, or a player one penalty short of
    the last) the cut is at least this (100: the playouts go to the end; default None: off,
    it measured no gain); ``margin_weight``: the weight of the margin next to the win share
    (default :data:`MARGIN_WEIGHT`); ``own``: with the ``td`` model, the rule that plays the
    bot's own moves in the playouts (default None: ``td``); ``mix``: with the ``td`` model, the
    playouts go on after the cut to the end (the bot's own moves by ``after``, default
    ``odds``; the others by their models) and each is valued by ``1 - mix`` times the learnt
    win chance at the cut plus ``mix`` times its result (default 0: cut, as before);
    ``playouts``: playouts per option without a time budget (default 1024; half of it per
    action-1/action-2 pair in the joint search); ``joint``: search the active player's action
    1 together with its action 2 (default False for play: it measured no gain against
    ``gap`` or ``odds``; hints use it); ``exploit``: with the ``td`` model, when every
    opponent is modelled by one rule and weights learnt against it were shipped (key
    ``edition/players@rule``: :func:`qwixo.qwixx.td.rule_weights`), the bot's own seat in
    the playouts (its moves and the value at the cut) uses them (default True;
    ``"value"``: only the value at the cut; :meth:`value_weights`); ``weights``: with the
    ``td`` model, a JSON file of ``td`` weights (a list, or a weights file read at the key
    ``edition/players``) that every seat of the playouts, and the greedy ``td`` rule of
    :class:`OpponentModels`, use instead of the shipped ones (default None: the shipped ones;
    for comparing candidate weights, :meth:`plain_weights`);
    ``seed``: the playouts' dice (the same seed and game give the
    same decisions).
    """

    name = "strong"

    def __init__(self, seconds: float | None = None, seed: int | None = None,
                 playouts: int | None = None, joint: bool = False, model: str = "td",
                 params: Any = None, adapt: bool = True, prune: bool = True,
                 depth: int = DEPTH, end_depth: int | None = None,
                 margin_weight: float = MARGIN_WEIGHT, own: str | None = None,
                 mix: float = 0.0, after: str = "odds", exploit: bool | str = True,
                 weights: str | None = None, **_: Any) -> None:
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if model not in MODELS:
            raise ValueError(f"model must be one of {', '.join(MODELS)}")
        self.model = model
        self.depth = depth
        self.end_depth = end_depth
        self.margin_weight = margin_weight
        self.own = own
        self.mix = mix
        self.after = after
        self.params = params
        self.adapt = adapt and model != "gap"
        self.exploit = exploit
        #: a JSON file of td weights (a list of numbers, or a weights file's key
        #: ``edition/players``) for every seat of the playouts (and the td rule of the
        #: opponent models) instead of the shipped ones
        self.weights = weights
        self._weights: dict[tuple[str, int], np.ndarray] = {}
        #: the rule whose learnt weights valued the last search's playouts (None: the plain
        #: ones; see :meth:`value_weights`)
        self.exploiting: str | None = None
        self.prune = prune
        self._watch: OpponentModels | None = None
        self.seconds = seconds
        self.playouts = playouts or BATCH * DEFAULT_BATCHES
        self.pair_playouts = max(BATCH, self.playouts // 2)
        self.joint = joint
        self.rng = random.Random(seed)

    # -- search ------------------------------------------------------------------------
    def evaluate(self, game: Game, player: int, options: list[str] | None = None,
                 seed: int | None = None, prune: bool | None = None) -> list[Evaluation]:
        """Every option of ``player`` (or the ``options`` given) with its search result, best
        first. Does not change ``game``.

        As the active player in action 1 (kernel editions), each option is played out
        together with each promising action 2 on the same dice, and scored by the best pair
        (:attr:`Evaluation.then` names that action 2).
        """
        if options is None:
            options = [str(o) for o in game.options(player)]
        if not options:
            if game.is_over:
                raise IllegalMove("game_over")
            raise IllegalMove("not_your_turn", player=player)
        if seed is None:
            seed = self.rng.getrandbits(62)
        if prune is None:
            prune = self.prune
        P = game.num_players
        # candidates: (option index, position, fixed decisions, extra points, action-2 code)
        cands: list[tuple[int, Position, dict[int, int], np.ndarray, int | None]] = []
        thens: list[str | None] = []
        for k, text in enumerate(options):
            pos, fixed, extra = _prepare(game, player, text)
            follow = _follow_ups(game, player, text) if self.joint else []
            if not follow:
                cands.append((k, pos, fixed, extra, None))
                thens.append(None)
            for then_text, code in follow:
                cands.append((k, pos, fixed, extra, code))
                thens.append(then_text)
        policies = None
        if self.adapt and P > 1:
            if self._watch is None or not self._watch.follows(game, player):
                # the td rule predicts the opponents with the playouts' plain weights
                tw = self._file_weights(batch.tables(cands[0][1].edition).name, P)
                self._watch = OpponentModels(game, player, me=self.model,
                                             default="td" if self.model == "td" else "odds",
                                             td_weights=tw)
            policies = self._watch.policies(game)
        vw = self.value_weights(cands[0][1].edition, P, player, policies)
        depth = self.depth
        if self.end_depth is not None and _near_end(game):
            depth = max(depth, self.end_depth)
        C = len(cands)
        sums = np.zeros((C, 4))  # value, win, score, margin
        counts = np.zeros(C, np.int64)
        values: list[list[np.ndarray]] = [[] for _ in range(C)]
        alive = np.ones(C, bool)
        per = self.playouts if C == len(options) else self.pair_playouts
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds * 0.9
        batch_no = 0
        while True:
            n = BATCH
            started = time.perf_counter()
            for c, (_, pos, fixed, extra, then) in enumerate(cands):
                if not alive[c]:
                    continue
                sc, est = self._rollouts(pos, n, seed * 7919 + batch_no, fixed, then, policies,
                                         player, depth, vw)
                sc = sc + extra
                me = sc[:, player].astype(np.float64)
                if P > 1:
                    others = np.delete(sc, player, axis=1)
                    best = others.max(axis=1)
                    ties = (others == me[:, None]).sum(axis=1)
                    if est is not None:  # the learnt win chance at the cut
                        win = est
                    else:
                        win = np.where(me > best, 1.0,
                                       np.where(me == best, 1.0 / (1 + ties), 0.0))
                    margin = me - best
                    value = win + self.margin_weight * margin
                else:
                    win = np.zeros(n)
                    margin = me
                    value = me
                sums[c] += (value.sum(), win.sum(), me.sum(), margin.sum())
                counts[c] += n
                values[c].append(value)
            batch_no += 1
            alive_before = int(alive.sum())
            if prune and batch_no >= 2:
                if self._eliminate(sums, counts, values, alive):
                    break  # the survivors are as good as one another: any will do
            if alive.sum() <= 1:
                break
            if deadline is None:
                if counts[alive].min() >= per:
                    break
            else:  # no batch that would end after the deadline (timed by the last one)
                now = time.perf_counter()
                if now + (now - started) * alive.sum() / max(1, alive_before) >= deadline:
                    break
        means = sums / counts[:, None]
        best_of: dict[int, int] = {}
        for c, (k, *_rest) in enumerate(cands):
            if (k not in best_of or (alive[c], means[c, 0])
                    > (alive[best_of[k]], means[best_of[k], 0])):
                best_of[k] = c
        out = []
        for k, text in enumerate(options):
            c = best_of[k]
            m = means[c]
            out.append(Evaluation(text, float(m[0]), float(m[1]) if P > 1 else None,
                                  float(m[2]), float(m[3]), int(counts[c]), thens[c]))
        # the survivors of the elimination first, then by value
        rank = {e.option: bool(alive[best_of[k]]) for k, e in enumerate(out)}
        out.sort(key=lambda e: (not rank[e.option], -e.value))
        return out

    @staticmethod
    def _eliminate(sums: np.ndarray, counts: np.ndarray, values: list[list[np.ndarray]],
                   alive: np.ndarray) -> bool:
        """Drop the candidates that are behind the leader by more than :data:`PRUNE_Z`
        standard errors of their paired difference (the same dice: common random numbers).
        True when every survivor is known to be within :data:`INDIFFERENT` of the leader
        (:data:`PRUNE_Z` standard errors): more playouts could not change the choice by more."""
        idx = np.flatnonzero(alive)
        lead = idx[np.argmax(sums[idx, 0] / counts[idx])]
        top = np.concatenate(values[lead])
        settled = True
        for c in idx:
            if c == lead:
                continue
            mine = np.concatenate(values[c])
            d = top[:mine.shape[0]] - mine
            half = PRUNE_Z * d.std(ddof=1) / np.sqrt(d.shape[0])
            if d.mean() > half + 1e-9:
                alive[c] = False
            elif d.mean() + half > INDIFFERENT:
                settled = False
        return settled

    def value_weights(self, edition_name: str, players: int, player: int,
                      policies: list[str] | None) -> list[np.ndarray] | None:
        """The ``td`` weights of every seat in the playouts (None: the plain shipped ones):
        with ``exploit`` and the ``td`` model, when every opponent of ``player`` is modelled
        by the same rule (``policies``, from :class:`OpponentModels`) and weights learnt
        against that rule exist (:func:`qwixo.qwixx.td.rule_weights`), ``player``'s seat gets
        them and the others the plain ones (:meth:`plain_weights`: with the ``weights``
        option, those of its file, in every seat otherwise). Sets :attr:`exploiting`."""
        self.exploiting = None
        name = batch.tables(edition_name).name
        found = self._exploit_weights(name, players, player, policies)
        if found is None and players >= 2:
            own = self._file_weights(name, players)
            return None if own is None else [own] * players
        return found

    def _file_weights(self, edition_name: str, players: int) -> np.ndarray | None:
        """The ``weights`` option's weights when they apply (the ``td`` model), else None
        (the shipped ones)."""
        if self.weights is None or self.model != "td":
            return None
        return self.plain_weights(edition_name, players)

    def plain_weights(self, edition_name: str, players: int) -> np.ndarray:
        """The plain ``td`` weights of the playouts: the shipped ones, or those of the
        ``weights`` file (a JSON list, or a weights file whose key ``edition/players`` is
        read)."""
        from qwixo.qwixx import td

        if self.weights is None:
            return td.load_weights(edition_name, players)
        key = (edition_name, players)
        if key not in self._weights:
            import json
            from pathlib import Path

            data = json.loads(Path(self.weights).read_text())
            if isinstance(data, dict):
                data = data["weights"][f"{edition_name}/{players}"]
            self._weights[key] = td.pad_weights(np.asarray(data, np.float64))
        return self._weights[key]

    def _exploit_weights(self, name: str, players: int, player: int,
                         policies: list[str] | None) -> list[np.ndarray] | None:
        from qwixo.qwixx import td

        if (not self.exploit or self.model != "td" or self.mix > 0 or policies is None
                or players < 2):
            return None
        rules = {r for p, r in enumerate(policies) if p != player}
        if len(rules) != 1:
            return None
        rule = rules.pop()
        if rule == "td":
            return None
        w = td.rule_weights(name, players, rule)
        if w is None:
            return None
        self.exploiting = rule
        plain = self.plain_weights(name, players)
        return [w if p == player else plain for p in range(players)]

    def _rollouts(self, pos: Position, n: int, seed: int, fixed: dict[int, int],
                  then: int | None, policies: list[str] | None = None,
                  player: int = 0, depth: int | None = None,
                  td_weights: list[np.ndarray] | None = None
                  ) -> tuple[np.ndarray, np.ndarray | None]:
        """Scores ``(n, players)`` of ``n`` playouts, and with the ``td`` model (2 players or
        more) the learnt win chance of ``player`` at their cut (None otherwise)."""
        model = self.model
        if model == "td" and pos.players == 1:  # alone: the expected score, odds playouts
            model = "odds"
            policies = None
        if model == "gap":
            return batch.rollouts(pos, n, seed, fixed, then=then), None
        if policies is None:
            policies = [model] * pos.players
        if model == "td":
            if self.own is not None:  # the bot's own moves in the playouts by another rule
                policies = list(policies)
                policies[player] = self.own
            if self.mix > 0:  # on to the end after the cut, the two values mixed
                after = list(policies)
                after[player] = self.after
                return batch.rollouts_mixed(pos, n, seed, player,
                                            self.depth if depth is None else depth, self.mix,
                                            fixed, policies, after, then, self.params)
            vw = None
            if td_weights is not None and self.exploit == "value":  # the value at the cut only
                td_weights, vw = None, td_weights[player]
            return batch.rollouts_value(pos, n, seed, player,
                                        self.depth if depth is None else depth, fixed, policies,
                                        then, self.params, td_weights, value_weights=vw)
        return playout.rollouts(pos, n, seed, fixed, policies=policies, params=self.params,
                                then=then), None

    def decide(self, game: Game, player: int) -> str:
        options = decision_options(game, player)
        if len(options) == 1:
            return options[0]
        return self.evaluate(game, player, options)[0].option


def hint_answer(game: Game, player: int, lang: str | None = None, *,
                seconds: float | None = None, playouts: int | None = None,
                seed: int = 0) -> dict[str, list]:
    """The options of ``player`` ranked best first: ``lines``, one line each, with the win
    chance (or, in solitaire, the expected final score) the search found for it, for the
    active player's action 1 also the action 2 to follow on these dice; and ``moves``, the
    same as data (:func:`qwixo.bots.hint`: ``move``, ``chance`` 0…1 or None in solitaire,
    ``score`` the mean final score).

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=2, seed=1)
    >>> _ = g.roll([1, 1, 6, 6, 6, 6])
    >>> h = hint_answer(g, 0, "en", playouts=64)
    >>> h["lines"][0].startswith("1. "), 0 <= h["moves"][0]["chance"] <= 1
    (True, True)
    """
    from qwixo.i18n import number, percent, t

    if game.is_over:
        raise IllegalMove("game_over")
    if game.needs_roll:
        raise IllegalMove("roll_needed")
    game.check_player(player)
    options = [str(o) for o in game.options(player)]
    if not options:
        return {"lines": [t("qwixx_hint_nothing", lang, player=player)], "moves": []}
    if playouts is None and seconds is None:
        playouts = HINT_PLAYOUTS
    bot = StrongBot(seconds=seconds, playouts=playouts, joint=True, prune=False)
    evals = bot.evaluate(game, player, options, seed=seed)
    lines, moves = [], []
    for k, e in enumerate(evals, 1):
        if e.win is None:
            line = t("qwixx_hint_line_solo", lang, rank=k, option=e.option,
                     score=number(e.score, lang, 1))
        else:
            line = t("qwixx_hint_line", lang, rank=k, option=e.option,
                     win=percent(e.win, lang), score=number(e.score, lang, 1),
                     margin=number(e.margin, lang, 1, sign=True))
        if e.then is not None:
            line += " " + t("qwixx_hint_then", lang, option=e.then)
        lines.append(line)
        moves.append({"move": e.option, "outcome": None, "plies": None,
                      "chance": None if e.win is None else float(e.win),
                      "score": float(e.score)})
    return {"lines": lines, "moves": moves}


def hint_lines(game: Game, player: int, lang: str | None = None, *,
               seconds: float | None = None, playouts: int | None = None,
               seed: int = 0) -> list[str]:
    """The lines of :func:`hint_answer` (what ``qwixo qwixx hint`` and the terminal print)."""
    return hint_answer(game, player, lang, seconds=seconds, playouts=playouts,
                       seed=seed)["lines"]


__all__ = ["StrongBot", "Evaluation", "hint_answer", "hint_lines", "PHASE"]
