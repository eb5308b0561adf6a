"""A pool's slots shared fairly between owners (``docs/deploy.md``, "Reliability").

The bots' workers, the analysis worker and the heavy reads each run at most ``slots``
requests at once. Requests wait in one queue per owner (the creator of a game — its account,
else its address — for bots; the client address for analyses and reads), and a freed slot
goes to the owners in turn (round robin), so one owner's many requests wait behind each
other, not in front of anyone else's. One owner holds at most ``per_owner`` slots at once
(default: all but one when there are several, so another owner's request always finds a slot
within one decision's time); ``queued`` bounds an owner's requests running or waiting (past
it :meth:`FairShare.slot` raises ``busy()`` at once; None: no bound).

>>> import asyncio
>>> async def demo():
...     share = FairShare(1)
...     order = []
...     async def job(owner, n):
...         async with share.slot(owner):
...             order.append(f"{owner}{n}")
...             await asyncio.sleep(0)
...     await asyncio.gather(*(job("a", n) for n in range(3)), job("b", 0))
...     return order
>>> asyncio.run(demo())
['a0', 'b0', 'a1', 'a2']

An owner that asks again as soon as it was answered waits behind the others' turns:

>>> async def again():
...     share = FairShare(1)
...     order = []
...     async def job(owner, n):
...         async with share.slot(owner):
...             order.append(f"{owner}{n}")
...             await asyncio.sleep(0)
...     async def chain(owner):
...         for n in range(3):
...             await job(owner, n)
...     await asyncio.gather(chain("a"), job("b", 0), job("c", 0))
...     return order
>>> asyncio.run(again())
['a0', 'b0', 'c0', 'a1', 'a2']
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter, OrderedDict, deque
from collections.abc import AsyncIterator, Callable, Coroutine, Hashable
from typing import Any

#: owners whose last turn is remembered (past it, those without requests are forgotten)
MAX_SERVED = 10_000


class FairShare:
    """``slots`` shared between owners in turn (module docstring)."""

    def __init__(self, slots: int, *, per_owner: int | None = None,
                 queued: int | None = None,
                 busy: Callable[[], Exception] | None = None) -> None:
        self.slots = max(1, int(slots))
        self.per_owner = max(1, self.slots - 1 if per_owner is None else int(per_owner))
        self.queued = queued
        self.busy = busy
        self.running: Counter[Hashable] = Counter()
        #: the waiting requests of each owner, the owners in their turn's order
        self.waiting: OrderedDict[Hashable, deque[asyncio.Future]] = OrderedDict()
        #: when each owner was last given a slot (the turn's order)
        self.served: dict[Hashable, int] = {}
        self._tick = 0

    @property
    def in_use(self) -> int:
        return sum(self.running.values())

    def held_by(self, owner: Hashable) -> int:
        """The owner's requests running or waiting."""
        return len(self.waiting.get(owner, ())) + self.running.get(owner, 0)

    @contextlib.asynccontextmanager
    async def slot(self, owner: Hashable) -> AsyncIterator[None]:
        """Hold one slot for ``owner`` (waiting for its turn) while the block runs."""
        await self.acquire(owner)
        try:
            yield
        finally:
            self._release(owner)

    async def run(self, owner: Hashable, coro: Coroutine[Any, Any, Any], *,
                  granted: Callable[[], None] | None = None) -> Any:
        """Run ``coro`` in a slot of ``owner``; the slot is held until ``coro`` ends even when
        the caller is cancelled meanwhile (a worker that was sent a request keeps computing
        it: its slot is not free before it answers). ``granted`` is called when the slot is
        taken."""
        try:
            await self.acquire(owner)
        except BaseException:
            coro.close()
            raise
        if granted is not None:
            granted()
        task = asyncio.ensure_future(coro)

        def done(t: asyncio.Future) -> None:
            if not t.cancelled():
                t.exception()  # (retrieved: an abandoned request's failure is not logged)
            self._release(owner)

        task.add_done_callback(done)
        return await asyncio.shield(task)

    async def acquire(self, owner: Hashable) -> None:
        """Wait for ``owner``'s turn and take a slot (give it back with :meth:`release`)."""
        if self.queued is not None and self.held_by(owner) >= self.queued:
            raise (self.busy() if self.busy else RuntimeError("busy"))
        fut = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(owner, deque()).append(fut)
        self._grant()
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():  # granted, then cancelled: give it back
                self._release(owner)
            else:
                self._forget(owner, fut)
            raise

    def release(self, owner: Hashable) -> None:
        """Give back a slot taken by :meth:`acquire`."""
        self._release(owner)

    def _forget(self, owner: Hashable, fut: asyncio.Future) -> None:
        q = self.waiting.get(owner)
        if q is not None:
            with contextlib.suppress(ValueError):
                q.remove(fut)
            self._tidy(owner)

    def _tidy(self, owner: Hashable) -> None:
        """Forget the queue of an owner with nothing waiting or running (not when it was
        served: one that asks again at once keeps its place after the others)."""
        if not self.waiting.get(owner) and not self.running[owner]:
            self.waiting.pop(owner, None)
            self.running.pop(owner, None)

    def _release(self, owner: Hashable) -> None:
        self.running[owner] -= 1
        self._tidy(owner)
        self._grant()

    def _grant(self) -> None:
        """Hand the free slots to the waiting owners in turn: the one served longest ago
        (or never) first."""
        while self.in_use < self.slots:
            for q in self.waiting.values():
                while q and q[0].done():  # cancelled while waiting
                    q.popleft()
            ready = [o for o, q in self.waiting.items()
                     if q and self.running[o] < self.per_owner]
            if not ready:
                return
            owner = min(ready, key=lambda o: self.served.get(o, -1))
            self.waiting[owner].popleft().set_result(None)
            self.running[owner] += 1
            self._tick += 1
            self.served[owner] = self._tick
            if len(self.served) > MAX_SERVED:  # (memory: keep the owners with requests)
                self.served = {o: n for o, n in self.served.items()
                               if o in self.waiting or o in self.running}
