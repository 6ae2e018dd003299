"""Per-client limits of the desk: how often one client (one address) may check a sheet, submit one or have
a new challenge prepared.  Each is a token bucket: ``burst`` at once, then ``rate`` a second; a client over
its limit is told how many seconds to wait (a 429 with ``Retry-After``).  The buckets live in the process
that answers (each desk process counts its own) and at most ``clients`` of them are kept, the longest idle
forgotten first, so that memory stays bounded whatever the number of addresses."""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limit:
    burst: float
    rate: float  # tokens a second


#: a player typing sends a check at most every 120 ms (the page waits that long after a key); a club
#: behind one address is a few dozen players
CHECKS = Limit(burst=60, rate=20)
SUBMITS = Limit(burst=10, rate=1 / 6)
PREPARES = Limit(burst=6, rate=1 / 10)


class Buckets:
    def __init__(self, limit: Limit, clients: int = 50_000) -> None:
        self.limit, self.clients = limit, clients
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # client -> (tokens, when)

    def take(self, client: str, now: float | None = None) -> int:
        """0 when the client may go on (a token taken); else the seconds to wait (at least 1)."""
        now = time.monotonic() if now is None else now
        tokens, when = self.buckets.pop(client, (self.limit.burst, now))
        tokens = min(self.limit.burst, tokens + (now - when) * self.limit.rate)
        wait = 0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = max(1, math.ceil((1 - tokens) / self.limit.rate))
        self.buckets[client] = (tokens, now)
        while len(self.buckets) > self.clients:
            self.buckets.popitem(last=False)
        return wait
