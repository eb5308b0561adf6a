"""Token-bucket rate limits: one bucket per WebSocket connection, one per client address for
the HTTP ``POST`` endpoints.

A bucket holds at most ``burst`` tokens and gains ``rate`` tokens per second; each message
takes one. A message that finds the bucket empty is refused (and not processed).

>>> clock = [0.0]
>>> b = TokenBucket(rate=2.0, burst=3, clock=lambda: clock[0])
>>> [b.take() for _ in range(4)]
[True, True, True, False]
>>> clock[0] = 0.5          # half a second later: one token back
>>> b.take(), b.take()
(True, False)
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable


class TokenBucket:
    """A token bucket: ``take()`` is True when the action is allowed."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "clock", "refused")

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("rate must be > 0 and burst >= 1")
        self.rate = float(rate)
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.stamp = clock()
        self.refused = 0  # how many takes were refused so far

    def take(self, cost: float = 1.0) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        self.refused += 1
        return False

    def wait(self, cost: float = 1.0) -> float:
        """Seconds until ``take(cost)`` would be allowed (0: now); takes nothing."""
        tokens = min(self.burst, self.tokens + (self.clock() - self.stamp) * self.rate)
        return max(0.0, (cost - tokens) / self.rate)


class KeyedLimiter:
    """One :class:`TokenBucket` per key (client address), keeping at most ``max_keys`` buckets
    (the least recently used are forgotten, so memory stays bounded).

    >>> lim = KeyedLimiter(rate=1.0, burst=1, clock=lambda: 0.0)
    >>> lim.take("10.0.0.1"), lim.take("10.0.0.1"), lim.take("10.0.0.2")
    (True, False, True)
    """

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.max_keys, self.clock = rate, burst, max_keys, clock
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str) -> bool:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst, self.clock)
            if len(self.buckets) > self.max_keys:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket.take()

    def wait(self, key: str) -> float:
        """Seconds until ``take(key)`` would be allowed (0: now); takes nothing.

        >>> lim = KeyedLimiter(rate=0.5, burst=1, clock=lambda: 0.0)
        >>> lim.wait("a"), lim.take("a"), lim.wait("a")
        (0.0, True, 2.0)
        """
        bucket = self.buckets.get(key)
        return 0.0 if bucket is None else bucket.wait()
