"""Tournament formats: Swiss, round-robin, arena and table rounds — pairings and standings.

Pure and game-agnostic: the functions here see entrants as numbers ``0..n-1`` and games as
records ``{"lineup": [entrant per seat], "scores": [...], "round": r}`` (what
:func:`qwixo.tournament.runner.play_one` returns, plus the round); who beat whom comes from
the scores and the game's teams (:meth:`GameInfo.opponents`), nothing else. :func:`run_event`
plays an event with the shipped bots (``qwixo tournament --format ...``); a server runs the
same pairings with its own games.

**Points.** Each pair of opponents at a table gives 1 to the higher score, ½ each on equal
scores (teammates are not opponents): in a 2-player game the usual 1 / ½ / 0; at a table of
N it is points by place (first of four: 3). A bye is worth half of what the table could give
(½ in a 2-player event).

**Tie breaks** (in this order, after the points): *direct encounter* (the points taken from
the other entrants on the same points, in the games between them), *Buchholz* (the sum of the
final points of every opponent met, once per meeting), *Sonneborn-Berger* (the same sum, each
opponent's points weighted by the result against them), then the entrant's number. A bye adds
nothing to either sum.

**Swiss** (2-player games): each round pairs entrants with the same or close points, never
twice the same pair while another pairing exists (maximum-weight matching, networkx); the bye
(odd number of entrants) goes to the lowest-placed entrant without one; the entrant who
started fewer of its games than it played second starts (seat 0), then the one who did not
start the last game; two entrants who both started (or both played second) two games more
than the other way are paired only when nothing better is left (no one's balance goes past
two). Beyond :data:`SWISS_BLOCK` entrants a round is paired block by block down the
standings, the blocks joined where needed to avoid a repeat (a 1,000-entrant round pairs in
well under a second: ``benchmarks/swiss_pairing.py``).

**Round-robin**: everyone meets everyone (the circle method: ``n - 1`` rounds, ``n`` with a
bye when ``n`` is odd); ``rounds`` more than that start a second cycle with the seats swapped.

**Arena** (2-player games, ours after lichess's): for a fixed time, pairing goes on in waves:
every waiting entrant is paired with the waiting one closest in arena points whom it did not
just play, those games are played, and their entrants wait again (an odd one out waits for
the next wave); no game starts after the time is up. A win is 2 points, a draw 1; after two
wins in a row every game is worth double (4 a win, 2 a draw) until a game is not won.

**Table rounds** (multi-player games: Qwixx 3-5, 4-player Quixo): each round seats entrants
at tables of the game's size in the order of the standings (the first N at table 1, ...),
with seats rotated so that starting (seat 0) is shared out; entrants left over sit at a
smaller table when the game can be played with that many, else they have a bye.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import Any

FORMATS = ("swiss", "round-robin", "arena", "tables")


# -- results ----------------------------------------------------------------------------------
def pairwise(record: dict[str, Any], opponents: Callable[[int, int], bool]
             ) -> list[tuple[int, int, float]]:
    """``(entrant a, entrant b, a's result against b)`` for every pair of opponents of a game
    (1 the better place, ½ the same place; without ``places``, by the scores), both ways
    round."""
    lineup = record["lineup"]
    # a lower place is better: as a score, its negative
    scores = [-p for p in record["places"]] if record.get("places") else record["scores"]
    out = []
    for a in range(len(lineup)):
        for b in range(len(lineup)):
            if a != b and opponents(a, b) and lineup[a] != lineup[b]:
                r = 1.0 if scores[a] > scores[b] else 0.5 if scores[a] == scores[b] else 0.0
                out.append((lineup[a], lineup[b], r))
    return out


def game_points(record: dict[str, Any], opponents: Callable[[int, int], bool]) -> list[float]:
    """Each seat's points in one game: the sum of its results against its opponents."""
    pts = [0.0] * len(record["lineup"])
    seat_of = {e: s for s, e in enumerate(record["lineup"])}
    for a, _, r in pairwise(record, opponents):
        pts[seat_of[a]] += r
    return pts


def arena_points(results: Sequence[float]) -> list[int]:
    """The arena points of each game of one entrant's games in order (results 1 / ½ / 0):
    2 a win, 1 a draw; doubled after two wins in a row, until a game is not won.

    >>> arena_points([1, 1, 1, 0.5, 1, 0, 1])
    [2, 2, 4, 2, 2, 0, 2]
    """
    out, streak = [], 0
    for r in results:
        base = 2 if r == 1 else 1 if r == 0.5 else 0
        out.append(base * (2 if streak >= 2 else 1))
        streak = streak + 1 if r == 1 else 0
    return out


def standings(n: int, records: Sequence[dict[str, Any]], opponents: Callable[[int, int], bool],
              byes: Sequence[tuple[int, float]] = (),
              points: Sequence[float] | None = None) -> list[dict[str, Any]]:
    """The standings: a row per entrant, best first, with ``place`` (shared on equal points
    and tie breaks), ``points``, ``direct``, ``buchholz``, ``sonneborn_berger``, ``games``,
    ``won`` / ``drawn`` / ``lost`` (against each opponent) and ``byes``. ``byes``:
    ``(entrant, points)``; ``points``: each entrant's points when they are not the sum of its
    games' (the arena).

    >>> recs = [{"lineup": [0, 1], "scores": [1, -1]}, {"lineup": [2, 0], "scores": [0, 0]},
    ...         {"lineup": [1, 2], "scores": [1, -1]}]
    >>> [(r["entrant"], r["points"], r["buchholz"]) for r in standings(3, recs, lambda a, b: a != b)]
    [(0, 1.5, 2.0), (1, 1.0, 2.0), (2, 0.5, 2.5)]
    """
    pts = [0.0] * n
    meetings: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    games = [0] * n
    wdl = [[0, 0, 0] for _ in range(n)]
    for rec in records:
        for e in set(rec["lineup"]):
            games[e] += 1
        for a, b, r in pairwise(rec, opponents):
            pts[a] += r
            meetings[a].append((b, r))
            wdl[a][0 if r == 1 else 1 if r == 0.5 else 2] += 1
    bye_count = Counter()
    for e, p in byes:
        pts[e] += p
        bye_count[e] += 1
    if points is not None:
        pts = [float(p) for p in points]
    buch = [sum(pts[b] for b, _ in meetings[a]) for a in range(n)]
    sb = [sum(pts[b] * r for b, r in meetings[a]) for a in range(n)]
    tied = defaultdict(set)
    for a in range(n):
        tied[pts[a]].add(a)
    direct = [sum(r for b, r in meetings[a] if b in tied[pts[a]]) for a in range(n)]
    key = {a: (-pts[a], -direct[a], -buch[a], -sb[a]) for a in range(n)}
    order = sorted(range(n), key=lambda a: (key[a], a))
    rows = []
    place = 0
    for i, a in enumerate(order):
        if i == 0 or key[a] != key[order[i - 1]]:
            place = i + 1  # (equal keys share the place of the first of them)
        rows.append({"entrant": a, "place": place, "points": pts[a], "direct": direct[a],
                     "buchholz": buch[a], "sonneborn_berger": sb[a], "games": games[a],
                     "won": wdl[a][0], "drawn": wdl[a][1], "lost": wdl[a][2],
                     "byes": bye_count[a]})
    return rows


# -- pairings ---------------------------------------------------------------------------------
def round_robin(n: int, rounds: int | None = None) -> list[list[tuple[int, int | None]]]:
    """The pairings of a round-robin: a list of rounds, each a list of ``(starts, second)``
    (``second`` None: a bye). Everyone meets everyone once in ``n - 1`` rounds (``n`` when odd);
    further rounds repeat the cycle with the seats swapped.

    >>> round_robin(4)
    [[(0, 3), (1, 2)], [(3, 2), (0, 1)], [(1, 3), (2, 0)]]
    >>> sorted(len(r) for r in round_robin(3))
    [2, 2, 2]
    """
    ids: list[int | None] = list(range(n)) + ([None] if n % 2 else [])
    m = len(ids)
    cycle = []
    for r in range(m - 1):
        pairs = []
        for k in range(m // 2):
            a, b = ids[k], ids[m - 1 - k]
            if k == 0 and r % 2:  # the fixed entrant alternates its seat
                a, b = b, a
            if a is None:
                a, b = b, a
            pairs.append((a, b))
        cycle.append(pairs)
        ids = [ids[0], ids[-1], *ids[1:-1]]
    total = len(cycle) if rounds is None else rounds
    out = []
    for r in range(total):
        pairs = cycle[r % len(cycle)]
        if (r // len(cycle)) % 2:
            pairs = [(b, a) if b is not None else (a, b) for a, b in pairs]
        out.append(pairs)
    return out


#: a Swiss round of more entrants than this is paired block by block (see :func:`swiss_round`)
SWISS_BLOCK = 24


def _blocks(order: list[int], matching: Callable, whole: Callable) -> set:
    """The pairs of a large Swiss round: blocks of :data:`SWISS_BLOCK` entrants in standings
    order, each paired without repeats (maximum-weight matching), its unpaired entrants
    carried into the next block; when the last block cannot be paired without a repeat, it
    is paired again together with the blocks before it (twice as many each time, up to the
    whole field), so that a repeat is only made when no pairing of everyone avoids it."""
    blocks: list[tuple[list[int], set]] = []
    carry: list[int] = []
    i = 0
    while i < len(order):
        take = max(SWISS_BLOCK - len(carry), SWISS_BLOCK // 2)
        group = carry + order[i:i + take]
        i += take
        m = matching(group, False)
        paired = {e for pair in m for e in pair}
        carry = [e for e in group if e not in paired]
        blocks.append((group, m))
    k = 1
    while carry and k < len(blocks):
        k = min(2 * k, len(blocks))
        group = list(dict.fromkeys(e for g, _ in blocks[-k:] for e in g))
        m = matching(group, False) if k < len(blocks) else whole(group)
        if 2 * len(m) == len(group) or k == len(blocks):
            blocks[-k:] = [(group, m)]
            carry = []
    if carry:  # a single block: the fewest repeats
        blocks[-1] = (blocks[-1][0], whole(blocks[-1][0]))
    return {pair for _, m in blocks for pair in m}


def swiss_round(rows: Sequence[dict[str, Any]], met: Counter, starts: Sequence[int],
                last_started: Sequence[bool], had_bye: set[int],
                games: Sequence[int] | None = None
                ) -> tuple[list[tuple[int, int]], int | None]:
    """One Swiss round: ``(pairs, bye)`` from the current standings ``rows`` (best first),
    ``met`` (``Counter`` of ``frozenset({a, b})`` pairs already played), each entrant's number
    of starts and whether it started its last game, and the entrants who had a bye;
    ``games``: each entrant's number of games (then who starts follows the balance of starts
    and seconds, and two entrants who both started — or both did not — two games more than
    the other way are paired only when nothing better is left). Up to
    :data:`SWISS_BLOCK` entrants are paired in one maximum-weight matching; more, block by
    block (:func:`_blocks`: a 1,000-entrant round in well under a second)."""
    import networkx as nx

    order = [r["entrant"] for r in rows]
    pts = {r["entrant"]: r["points"] for r in rows}
    bye = None
    if len(order) % 2:
        bye = next((e for e in reversed(order) if e not in had_bye), order[-1])
        order = [e for e in order if e != bye]
    rank = {e: i for i, e in enumerate(order)}
    # the balance of starts (seat 0) over seconds; without the games, the starts alone
    bal = {e: (2 * starts[e] - games[e]) if games is not None else starts[e] for e in order}

    def colour(a: int, b: int) -> int:
        if games is None or bal[a] * bal[b] <= 0:
            return 0
        return 600 if min(abs(bal[a]), abs(bal[b])) >= 2 else 20

    def matching(group: list[int], allow_repeats: bool) -> set:
        g = nx.Graph()
        g.add_nodes_from(group)
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                repeats = met[frozenset((a, b))]
                if repeats and not allow_repeats:
                    continue
                w = (10_000 - round(100 * (pts[a] - pts[b]) ** 2) - abs(rank[a] - rank[b])
                     - 1_000 * repeats - colour(a, b))
                g.add_edge(a, b, weight=w)
        return nx.max_weight_matching(g, maxcardinality=True)

    def whole(group: list[int]) -> set:
        m = matching(group, False)
        if 2 * len(m) < len(group):
            m = matching(group, True)  # no pairing without a repeat: the fewest repeats
        return m

    if len(order) <= SWISS_BLOCK:
        m = whole(order)
    else:
        m = _blocks(order, matching, whole)
    pairs = []
    for a, b in m:
        if (bal[a], last_started[a], rank[a]) > (bal[b], last_started[b], rank[b]):
            a, b = b, a
        pairs.append((a, b))
    pairs.sort(key=lambda p: min(rank[p[0]], rank[p[1]]))
    return pairs, bye


def table_round(rows: Sequence[dict[str, Any]], size: int, sizes: Sequence[int],
                starts: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """One round of tables: ``(tables, byes)``; each table a list of entrants by seat, from
    the standings ``rows`` (best first); at each table the entrant who started least sits
    first, the others follow in their order, so that starting is shared out. ``sizes``: the
    table sizes the game allows (for the entrants left over)."""
    order = [r["entrant"] for r in rows]
    tables, rest = [], order
    while len(rest) >= size:
        tables.append(rest[:size])
        rest = rest[size:]
    byes = []
    if rest:
        if len(rest) in sizes and len(rest) > 1:
            tables.append(rest)
        else:
            byes = list(rest)
    out = []
    for t in tables:
        first = min(range(len(t)), key=lambda i: (starts[t[i]], i))
        out.append(t[first:] + t[:first])
    return out, byes


# -- the next round, from what was played --------------------------------------------------
def history(n: int, records: Sequence[dict[str, Any]], byes: Sequence[tuple[int, float]],
            opponents: Callable[[int, int], bool]
            ) -> tuple[list[int], list[bool], Counter, set[int]]:
    """What the pairings read from the games played so far (``records`` in the order they
    were played): each entrant's number of starts (seat 0), whether it started its last game,
    the pairs already met (``Counter`` of ``frozenset``) and the entrants who had a bye."""
    starts, last_started, met = [0] * n, [False] * n, Counter()
    for rec in records:
        for s, e in enumerate(rec["lineup"]):
            starts[e] += s == 0
            last_started[e] = s == 0
        for a, b, _ in pairwise(rec, opponents):
            if a < b:
                met[frozenset((a, b))] += 1
    return starts, last_started, met, {e for e, _ in byes}


def next_round(fmt: str, n: int, rnd: int, records: Sequence[dict[str, Any]],
               byes: Sequence[tuple[int, float]], opponents: Callable[[int, int], bool],
               size: int, sizes: Sequence[int], active: Sequence[int] | None = None
               ) -> tuple[list[list[int]], list[int]]:
    """The tables (entrants by seat) and byes of round ``rnd`` (1, 2, ...) of a Swiss,
    round-robin or table-rounds event of ``n`` entrants, from the games played before it
    (``records``, in order) and the byes given. ``active``: the entrants still in the event
    (default all; a withdrawn entrant is not paired, and in a round-robin its opponent of
    the round has a bye). The one planner of ``qwixo tournament`` and of the server's
    tournaments: the same games give the same pairings."""
    keep = set(range(n) if active is None else active)
    if fmt == "round-robin":
        plan = round_robin(n, rnd)[rnd - 1]
        tables = [[a, b] for a, b in plan if b is not None and a in keep and b in keep]
        out = sorted(e for p in plan for e in p if e is not None and e in keep
                     and not any(e in t for t in tables))
        return tables, out
    rows = [r for r in standings(n, records, opponents, byes) if r["entrant"] in keep]
    starts, last_started, met, had_bye = history(n, records, byes, opponents)
    if fmt == "swiss":
        if len(rows) < 2:
            return [], [r["entrant"] for r in rows]
        games = [0] * n
        for rec in records:
            for e in set(rec["lineup"]):
                games[e] += 1
        pairs, bye = swiss_round(rows, met, starts, last_started, had_bye, games)
        return [list(p) for p in pairs], [] if bye is None else [bye]
    if fmt == "tables":
        return table_round(rows, size, sizes, starts)
    raise ValueError(f"no rounds in a {fmt} event")


def arena_wave(n: int, records: Sequence[dict[str, Any]], waiting: Sequence[int],
               opponents: Callable[[int, int], bool]) -> tuple[list[list[int]], list[int]]:
    """The arena's next pairings among the entrants ``waiting`` (not in a game): each, best
    in arena points first, with the closest waiting one it did not just play (if any other
    waits); ``(pairs by seat, left waiting)``."""
    pts = [sum(arena_points(r)) for r in arena_results(n, records, opponents)]
    starts, last_started, _, _ = history(n, records, (), opponents)
    last_opp: dict[int, int] = {}
    for rec in records:
        a, b = rec["lineup"][:2]
        last_opp[a], last_opp[b] = b, a
    left = sorted(waiting, key=lambda e: (-pts[e], e))
    pairs = []
    while len(left) >= 2:
        a = left.pop(0)
        b = next((x for x in left if last_opp.get(a) != x), left[0])
        left.remove(b)
        if (starts[a], last_started[a]) > (starts[b], last_started[b]):
            a, b = b, a
        pairs.append([a, b])
    return pairs, left


def arena_results(n: int, records: Sequence[dict[str, Any]],
                  opponents: Callable[[int, int], bool]) -> list[list[float]]:
    """Each entrant's results (1 / ½ / 0) in its arena games, in the order played."""
    out: list[list[float]] = [[] for _ in range(n)]
    for rec in records:
        for a, _, r in pairwise(rec, opponents):
            out[a].append(r)
    return out


# -- playing an event -------------------------------------------------------------------------
def run_event(game: str, bots: Sequence[str], fmt: str, rounds: int | None = None,
              minutes: float | None = None, players: int | None = None, jobs: int = 1,
              seed: int = 0, seconds: float | None = None,
              settings: dict[str, Any] | None = None,
              progress: Callable[[int, int], None] | None = None,
              clock: Callable[[], float] | None = None,
              engines: Sequence[Any] = ()) -> dict[str, Any]:
    """Play an event of ``fmt`` (:data:`FORMATS`) between the bots ``bots`` and return the
    tournament report (:func:`qwixo.tournament.runner.report`: the bots' results and Elo) with
    ``format``, ``rounds`` (each round's games and byes) and ``standings``. ``rounds``: Swiss
    (default ⌈log2 n⌉), round-robin (default one cycle) and table rounds (default ⌈log2 n⌉);
    ``minutes``: the arena's length (games started after that are not). ``engines``: as
    :func:`qwixo.tournament.runner.run_tournament`'s (``--engine NAME=CMD``)."""
    import time

    from qwixo.core import IllegalMove, game_info
    from qwixo.tournament import runner

    if fmt not in FORMATS:
        raise IllegalMove("tournament_bad_format", value=fmt, choices=", ".join(FORMATS))
    engines = tuple(engines)
    game, names, settings = runner.prepare(game, bots, players, settings, seconds, engines)
    info = game_info(game)
    size = settings["players"]
    n = len(names)
    two = fmt in ("swiss", "round-robin", "arena")
    if two and size != 2:
        raise IllegalMove("tournament_format_two", format=fmt, players=size)
    if fmt == "tables" and size < 2:
        raise IllegalMove("tournament_format_two", format=fmt, players=size)
    if n < 2:
        raise IllegalMove("tournament_no_bots")
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)
                               or rounds < 1):
        raise IllegalMove("tournament_bad_number", name="rounds", value=rounds)
    if fmt == "arena" and not (minutes is not None and minutes > 0):
        raise IllegalMove("tournament_bad_number", name="minutes", value=minutes)
    opp = lambda a, b: info.opponents(size, a, b)  # noqa: E731
    labs = runner.labels(names)
    records: list[dict[str, Any]] = []
    byes: list[tuple[int, float]] = []
    plan_rounds: list[dict[str, Any]] = []
    t0 = time.perf_counter()

    def task(lineup, table_size):
        i = len(records) + len(pending)
        pending.append(i)
        st = dict(settings, players=table_size)
        return (i, game, st, names, tuple(lineup), seed, seconds, engines, True)

    def play(tasks, rnd):
        done = runner.play_all(tasks, jobs)
        for rec in done:
            rec["round"] = rnd
        records.extend(done)
        pending.clear()
        if progress:
            progress(len(records), len(records))
        return done

    pending: list[int] = []
    bye_value = (size - 1) / 2
    if fmt == "arena":
        deadline = (clock or time.monotonic)() + 60 * minutes
        rnd = 0
        while rnd == 0 or (clock or time.monotonic)() < deadline:
            rnd += 1
            pairs, waiting = arena_wave(n, records, range(n), opp)
            done = play([task(p, 2) for p in pairs], rnd)
            plan_rounds.append({"round": rnd, "games": [r["i"] for r in done],
                                "byes": list(waiting)})
        arena_total = [sum(arena_points(r)) for r in arena_results(n, records, opp)]
        table = standings(n, records, opp, points=arena_total)
    else:
        if fmt == "round-robin":
            total = len(round_robin(n, rounds))
        else:
            total = rounds or max(1, math.ceil(math.log2(n)))
        for rnd in range(1, total + 1):
            tables, out = next_round(fmt, n, rnd, records, byes, opp, size, info.players)
            for e in out:
                byes.append((e, bye_value))
            done = play([task(tb, len(tb)) for tb in tables], rnd)
            plan_rounds.append({"round": rnd, "games": [r["i"] for r in done], "byes": out})
        table = standings(n, records, opp, byes)
    wall = time.perf_counter() - t0
    records.sort(key=lambda r: r["i"])
    rep = runner.report(game, settings, labs, records, seed=seed, seconds=seconds, jobs=jobs,
                        wall=wall, cluster=None)
    for row in table:
        row["bot"] = labs[row.pop("entrant")]
    rep.update({"format": fmt, "rounds": plan_rounds, "standings": table})
    if fmt == "arena":
        rep["minutes"] = minutes
    return rep
