"""Statistics for tournament reports: Wilson score intervals and score summaries.

>>> lo, hi = wilson(60, 100)
>>> round(lo, 4), round(hi, 4)
(0.502, 0.6906)
>>> summary([3, 1, 2, 10])["median"]
2.5
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    ``successes`` may be fractional (a shared win counts as a share). ``n == 0`` gives (0, 1).

    >>> wilson(0, 10)[0], round(wilson(0, 10)[1], 4)
    (0.0, 0.2775)
    >>> wilson(5, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    if successes < 0 or successes > n:
        raise ValueError(f"successes {successes} not within 0..{n}")
    p = successes / n
    z2 = z * z
    den = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return lo, hi


def summary(values: Sequence[float]) -> dict[str, float]:
    """Mean, median, standard deviation (sample), min, max, quartiles of ``values``.

    >>> s = summary([1, 2, 3, 4])
    >>> s["mean"], s["median"], s["min"], s["max"], round(s["std"], 4)
    (2.5, 2.5, 1, 4, 1.291)
    >>> summary([])["n"]
    0
    """
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": math.nan, "median": math.nan, "std": math.nan,
                "min": math.nan, "max": math.nan, "q1": math.nan, "q3": math.nan}
    xs = sorted(values)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return {"n": n, "mean": mean, "median": _quantile(xs, 0.5), "std": math.sqrt(var),
            "min": xs[0], "max": xs[-1], "q1": _quantile(xs, 0.25), "q3": _quantile(xs, 0.75)}


def _quantile(xs: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = math.ceil(pos)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)
