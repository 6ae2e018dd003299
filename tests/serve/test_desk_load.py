"""What keeps the desk quick under many players (benchmarks/serve_load.py measures it): each challenge's
dice drawn once, not at every step of every player."""

from __future__ import annotations

import random

import pytest

from rollwrite.serve import desk as desk_module
from rollwrite.serve.desk import SCHEDULES_KEPT, Desk, challenge


def _steps(desk: Desk, ch, n: int, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    text, picked, choices, out = "", [], [], []
    for _ in range(n):
        doc = desk.play(ch, text=text, picked=picked + ([rng.choice(choices)] if choices else []))
        out.append(doc)
        text, picked, choices = doc["text"], doc["picked"], [c["id"] for c in doc["choices"]]
    return out


def test_a_challenges_dice_are_drawn_once_for_all_its_players_steps(monkeypatch):
    drawn = []
    real = desk_module.resolve_schedule
    monkeypatch.setattr(desk_module, "resolve_schedule", lambda *a, **kw: drawn.append(a[0]) or real(*a, **kw))
    desk, ch = Desk("wobbly-cafe"), challenge("wobbly-cafe", "daily", "2026-11-22")
    steps = _steps(desk, ch, 8) + _steps(desk, ch, 8, seed=2)
    assert drawn == ["wobbly-cafe"]  # one shape of dice for every sheet of the café
    assert any("check" in s for s in steps)
    # the same answers as a desk that draws them afresh at every step
    monkeypatch.setattr(desk_module, "resolve_schedule", real)
    fresh = Desk("wobbly-cafe")
    fresh.schedules = _Forgetful()
    assert _steps(fresh, ch, 8) == steps[:8]


class _Forgetful(dict):
    """A desk's dice kept nowhere."""

    def __setitem__(self, key, value) -> None:
        pass

    def move_to_end(self, key) -> None:
        pass


@pytest.mark.parametrize("game", ["shelving-wars", "long-way"])
def test_each_challenge_has_its_own_dice_and_only_so_many_are_kept(game):
    desk = Desk(game)
    days = [challenge(game, "daily", f"2026-{m:02d}-{d:02d}") for m in (1, 2, 3) for d in range(1, 29)]
    for ch in days[: SCHEDULES_KEPT + 10]:
        sched = desk.schedule(ch, None)
        assert sched is desk.schedule(ch, None)  # kept
        assert sched.id.endswith(ch.value)
    assert len(desk.schedules) == SCHEDULES_KEPT  # the least recently used forgotten
    assert desk.schedule(days[0], None).id != desk.schedule(days[1], None).id
