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


# -- checks run by checker processes, never in the process that answers ------------------------------------

import multiprocessing  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from starlette.testclient import TestClient  # noqa: E402

from rollwrite.serve import app as app_module  # noqa: E402
from rollwrite.serve.app import COOKIE, make_app  # noqa: E402
from rollwrite.serve.checkers import Checkers  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PAGE = "/play/wobbly-cafe/daily/2026-11-22"
EXAMPLE = ROOT / "examples/wobbly-cafe/daily-2026-11-22.txt"


def _token(client: TestClient) -> str:
    client.get(PAGE)  # made or being made, the page gives its form token
    return client.cookies.get(COOKIE)


def test_checks_and_steps_are_run_by_the_checkers_not_by_the_desks_process(tmp_path, monkeypatch):
    """The desk's own process (its event loop and threads) never runs the rules: a check there would hold
    the interpreter's lock that every connection's reading and writing waits for."""

    def here(*_a, **_kw):
        raise AssertionError("a check ran in the desk's own process")

    with TestClient(make_app(str(tmp_path / "desk.sqlite"), prepare_ahead=False), base_url="http://127.0.0.1") as client:
        monkeypatch.setattr(Desk, "check", here)
        monkeypatch.setattr(Desk, "play", here)
        headers = {"X-CSRF-Token": _token(client)}
        step = client.post(PAGE + "/play", json={"text": "", "picked": []}, headers=headers)
        assert step.status_code == 200 and step.headers["content-type"] == "application/json"
        assert step.json()["choices"] and step.headers["x-content-type-options"] == "nosniff"
        checked = client.post(PAGE + "/check", json={"text": EXAMPLE.read_text(encoding="utf-8")}, headers=headers)
        assert checked.status_code == 200 and checked.json()["valid"] is True
        refused = client.post(PAGE + "/play", json={"text": "", "picked": [], "field": ["nope", "x"]}, headers=headers)
        assert refused.status_code == 409 and "no field 'nope'" in refused.json()["error"]


def test_a_check_past_its_time_limit_is_a_503_with_retry_after(tmp_path, monkeypatch):
    with TestClient(make_app(str(tmp_path / "desk.sqlite"), prepare_ahead=False), base_url="http://127.0.0.1") as client:
        headers = {"X-CSRF-Token": _token(client)}
        monkeypatch.setattr(app_module, "CHECK_SECONDS", 0.0)
        late = client.post(PAGE + "/play", json={"text": "", "picked": []}, headers=headers)
        assert late.status_code == 503 and late.headers["retry-after"] == "5" and "took too long" in late.json()["error"]


def test_a_checker_that_dies_is_replaced(tmp_path):
    checkers = Checkers(1)
    try:
        with TestClient(make_app(str(tmp_path / "desk.sqlite"), prepare_ahead=False, checkers=checkers),
                        base_url="http://127.0.0.1") as client:
            before = set(multiprocessing.active_children())  # the desk's worker, and others
            checkers.start()
            headers = {"X-CSRF-Token": _token(client)}
            assert client.post(PAGE + "/play", json={"text": "", "picked": []}, headers=headers).status_code == 200
            mine = [p for p in multiprocessing.active_children() if p not in before]
            assert len(mine) == 1
            os.kill(mine[0].pid, signal.SIGKILL)
            mine[0].join(10)
            first = client.post(PAGE + "/play", json={"text": "", "picked": []}, headers=headers)
            assert first.status_code == 200 or (first.status_code == 503 and first.headers["retry-after"] == "1")
            end = time.monotonic() + 30
            while (again := client.post(PAGE + "/play", json={"text": "", "picked": []}, headers=headers)).status_code != 200:
                assert again.status_code == 503 and time.monotonic() < end
                time.sleep(0.2)
            assert again.json()["choices"]
    finally:
        checkers.stop()


def test_a_checker_asks_for_the_puzzle_a_sheet_needs_and_checks_with_the_one_handed_over():
    from rollwrite.serve import checkers as checkers_module
    from rollwrite.serve.desk import puzzle_of

    ch = challenge("shelving-wars", "puzzle-seed", "club")
    desk = Desk("shelving-wars")
    layout, puzzle = puzzle_of(ch)
    answer = desk.game.format(puzzle.answer, layout.data)
    options = tuple(sorted(desk.game.puzzle_options_of(puzzle.answer).items()))
    assert checkers_module.run("check", ch, {"text": answer}, {}, False) == ("puzzle", options)
    kind, out = checkers_module.run("check", ch, {"text": answer}, {options: puzzle}, True)
    assert kind == "ok" and b'"valid":true' in out and f'"par":{puzzle.par}'.encode() in out
    handed: dict = {}
    for _ in range(3):  # a step asks for the puzzle of the sheet before it and after it
        kind, step = checkers_module.run("play", ch, {"text": "", "picked": []}, handed, False)
        if kind != "puzzle":
            break
        assert step not in handed
        handed[step] = puzzle
    assert kind == "ok" and step["choices"] and handed
    kind, message = checkers_module.run("play", ch, {"text": "", "picked": [], "field": ["nope", "x"]}, handed, False)
    assert kind == "refused" and "nope" in message  # the game's refusal, as a message
    # a fault of the desk is named, not raised across the processes
    assert checkers_module.run("check", ch, {"txt": answer}, {}, False) == ("failed", "TypeError while checking the sheet")
    assert checkers_module.run("evaluate", ch, {}, {}, False)[0] == "failed"


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat[stat.rindex(")") + 2:].split()[1]) == pid:
                out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = (Path("/proc") / str(pid) / "stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc")
def test_a_desk_killed_outright_leaves_no_checker_behind(tmp_path):
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from desk_server import Server

    server = Server(tmp_path / "desk.sqlite", args=("--access-log", "off")).start()
    try:
        assert server.proc is not None
        end = time.monotonic() + 60
        while True:  # the fork server (a child of the desk) and, its children, the checkers and the worker
            forked = {c: _children(c) for c in _children(server.proc.pid)}
            helpers = set().union(*forked.values()) if forked else set()
            if len(helpers) >= 2 or time.monotonic() > end:
                break
            time.sleep(0.2)
        assert len(helpers) >= 2, forked
        os.kill(server.proc.pid, signal.SIGKILL)
        server.proc.wait(10)
        end = time.monotonic() + 20
        while any(_alive(p) for p in helpers | set(forked)) and time.monotonic() < end:
            time.sleep(0.2)
        assert not [p for p in helpers | set(forked) if _alive(p)]
    finally:
        server.stop()


def test_a_check_given_up_at_its_time_limit_ends_its_checker_and_the_next_check_is_answered(monkeypatch):
    """A thread cannot be stopped, a process can: a check past the request's time limit does not go on
    taking a core."""
    import asyncio

    from rollwrite.serve import checkers as checkers_module

    real = checkers_module.run

    def slow_or_real(method, ch, kw, puzzles, encode):
        if kw.get("text") == "slow":
            time.sleep(60)
        return real(method, ch, kw, puzzles, encode)

    monkeypatch.setattr(checkers_module, "run", slow_or_real)  # forked checkers start with it
    checkers = Checkers(1, start_method="fork", seconds=2.0).start()
    ch = challenge("wobbly-cafe", "daily", "2026-11-22")
    try:
        first = checkers.checkers[0].proc

        async def scenario():
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(checkers.run("check", ch, {"text": "slow"}, {}, False), 1.0)
            return await asyncio.wait_for(checkers.run("check", ch, {"text": EXAMPLE.read_text(encoding="utf-8")}, {}, False), 60)

        kind, out = asyncio.run(scenario())
        assert kind == "ok" and out["valid"] is True
        assert not first.is_alive() and checkers.checkers[0].proc is not first
    finally:
        checkers.stop()


def test_a_check_given_up_while_its_checker_starts_leaves_the_checker_alone(monkeypatch):
    """A checker starting on a busy machine is not a check running too long: ending it would start the
    next one just as slowly, and a crowd's checks would never find one ready."""
    import asyncio

    from rollwrite.serve import checkers as checkers_module

    real = checkers_module._start

    def slow_start(*args):
        time.sleep(3)
        real(*args)

    monkeypatch.setattr(checkers_module, "_start", slow_start)  # forked checkers start with it
    checkers = Checkers(1, start_method="fork", seconds=1.0).start()
    ch = challenge("wobbly-cafe", "daily", "2026-11-22")
    try:
        first = checkers.checkers[0].proc

        async def scenario():
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(checkers.run("check", ch, {"text": "x"}, {}, False), 0.5)
            await asyncio.sleep(1.0)  # past the checker's own time, had the check been handed over
            return await asyncio.wait_for(checkers.run("check", ch, {"text": EXAMPLE.read_text(encoding="utf-8")}, {}, False), 60)

        kind, out = asyncio.run(scenario())
        assert kind == "ok" and out["valid"] is True
        assert checkers.checkers[0].proc is first and first.is_alive()
    finally:
        checkers.stop()


@pytest.mark.parametrize("loop", ["asyncio", "uvloop"])
def test_many_checks_at_once_on_the_event_loop_uvicorn_runs(loop):
    """uvicorn runs the desk on uvloop where it is installed, whose watching makes a pipe non-blocking:
    every answer comes back whole all the same, and no checker is taken for dead."""
    import asyncio

    if loop == "uvloop":
        uvloop = pytest.importorskip("uvloop")
    checkers = Checkers(2).start()
    ch = challenge("wobbly-cafe", "daily", "2026-11-22")
    first = [c.proc for c in checkers.checkers]

    async def player(n: int) -> int:
        rng = random.Random(n)
        text, picked, choices, done = "", [], [], 0
        for _ in range(6):
            kw = {"text": text, "picked": picked + ([rng.choice(choices)] if choices else []), "undo": False, "field": None}
            kind, out = await asyncio.wait_for(checkers.run("play", ch, kw, {}, False), 60)
            assert kind == "ok"
            text, picked, choices = out["text"], out["picked"], [c["id"] for c in out["choices"]]
            done += 1
        return done

    async def crowd() -> list[int]:
        return await asyncio.gather(*(player(n) for n in range(8)))

    try:
        done = uvloop.run(crowd()) if loop == "uvloop" else asyncio.run(crowd())
        assert done == [6] * 8 and [c.proc for c in checkers.checkers] == first
    finally:
        checkers.stop()
