"""``rollwrite roll`` and the --seed/--daily handling it shares with print and score."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from rollwrite import dice
from rollwrite.core import challenges as common
from clirun import invoke
from rollwrite.cli.common import rewrite_daily
from rollwrite.core.challenges import resolve_schedule, resolve_schedule_id
from rollwrite.dice import DiceSpec
from rollwrite.errors import UsageError


LAYOUT = """\
game: dice-test
title: Dice Test
dice:
  count: 2
  sides: 6
  turns: 30
  labels: [light, dark]
  rerolls: 3
sheet:
  size: [100, 100]
  elements: []
"""

NO_DICE = """\
game: no-dice
title: No Dice
sheet:
  size: [100, 100]
  elements: []
"""


@pytest.fixture
def layout(tmp_path: Path) -> str:
    path = tmp_path / "dice-test.yaml"
    path.write_text(LAYOUT, encoding="utf-8")
    return str(path)


def roll(*args: str):
    return invoke(["roll", *args])


def ok_json(*args: str) -> dict:
    result = roll(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def fails(args: list[str], message: str) -> str:
    """Run roll, expect exit 2 with ``rollwrite: <message>`` on stderr and nothing on stdout."""
    result = roll(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert "Traceback" not in result.output
    first = result.stderr.splitlines()[0]
    assert first == f"rollwrite: {message}", result.stderr
    return result.stderr


# ---------------------------------------------------------------- output


def test_json_of_a_daily_cafe() -> None:
    doc = ok_json("wobbly-cafe", "--daily", "2026-11-22")
    assert doc["game"] == "wobbly-cafe"
    assert doc["id"] == "wobbly-cafe@2026-11-22"
    assert doc["date"] == "2026-11-22" and doc["seed"] is None
    assert doc["algorithm"] == "rollwrite-dice-1"
    assert doc["groups"] == ["Floor 1", "Floor 2", "Floor 3"]
    assert len(doc["turns"]) == 66
    assert [t["dice"] for t in doc["turns"][:2]] == [[5, 3], [4, 1]]  # the golden vectors of g1/t1, g1/t2
    assert doc["turns"][22]["group"] == 2 and doc["turns"][22]["dice"] == [1, 4]  # g2/t1
    assert all(len(t["dice"]) == 2 and all(1 <= v <= 6 for v in t["dice"]) for t in doc["turns"])


def test_json_of_a_seed_with_rerolls(layout: str) -> None:
    doc = ok_json(layout, "--seed", "picnic", "--turns", "2")
    assert doc["id"] == "dice-test#picnic~t2" and doc["seed"] == "picnic" and doc["date"] is None
    assert doc["dice"] == {"count": 2, "sides": 6, "labels": ["light", "dark"], "rerolls": 3}
    assert doc["turns"] == [
        {"group": 1, "group_name": "", "turn": 1, "dice": [3, 1], "rerolls": [[1, 2, 6], [4, 2, 6]]},
        {"group": 1, "group_name": "", "turn": 2, "dice": [4, 1], "rerolls": [[4, 3, 3], [5, 5, 1]]},
    ]
    expected = dice.make_schedule("dice-test", "dice-test#picnic", DiceSpec(2, 6, 2, ("light", "dark"), ("",), 3))
    assert doc["turns"] == expected.to_json()["turns"]


def test_same_id_same_bytes(layout: str) -> None:
    a = roll("wobbly-cafe", "--daily", "2026-11-22", "--json")
    b = roll("wobbly-cafe", "--json", "--daily=2026-11-22")
    assert a.exit_code == b.exit_code == 0
    assert a.stdout_bytes == b.stdout_bytes
    c = roll(layout, "--seed", "  rainy \u00a0sunday", "--json")
    d = roll(layout, "--seed", "rainy sunday", "--json")
    assert c.stdout_bytes == d.stdout_bytes
    assert json.loads(c.stdout)["id"] == "dice-test#rainy sunday"


def test_json_is_one_turn_per_line(layout: str) -> None:
    text = roll(layout, "--seed", "picnic", "--show", "3", "--json").stdout
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert sum(1 for line in lines if line.lstrip().startswith('{"group"')) == 3
    assert '"id": "dice-test#picnic"' in lines[2]


def test_unicode_seed_is_kept_in_json(layout: str) -> None:
    text = roll(layout, "--seed", "caf\u00e9 \U0001f3b2", "--json").stdout
    assert '"id": "dice-test#caf\u00e9 \U0001f3b2"' in text
    assert json.loads(text)["seed"] == "caf\u00e9 \U0001f3b2"


def test_different_ids_differ(layout: str) -> None:
    docs = [
        ok_json(layout, "--seed", "picnic"),
        ok_json(layout, "--seed", "Picnic"),
        ok_json(layout, "--daily", "2026-11-22"),
        ok_json(layout, "--daily", "2026-11-23"),
    ]
    assert len({d["id"] for d in docs}) == 4
    assert len({json.dumps(d["turns"]) for d in docs}) == 4
    a, b = ok_json("wobbly-cafe", "--seed", "picnic"), ok_json("shelving-wars", "--seed", "picnic")
    assert a["id"] == "wobbly-cafe#picnic" and b["id"] == "shelving-wars#picnic"


def test_turns_shows_a_prefix(layout: str) -> None:
    full = ok_json(layout, "--seed", "picnic")
    assert len(full["turns"]) == 30
    assert ok_json(layout, "--seed", "picnic", "--turns", "5")["turns"] == full["turns"][:5]
    more = ok_json(layout, "--seed", "picnic", "--turns", "40")["turns"]
    assert len(more) == 40 and more[:30] == full["turns"]
    cafe = ok_json("wobbly-cafe", "--daily", "2026-11-22", "--show", "1")["turns"]
    assert [(t["group"], t["turn"], t["dice"]) for t in cafe] == [(1, 1, [5, 3]), (2, 1, [1, 4]), (3, 1, [3, 1])]
    assert ok_json(layout, "--seed", "picnic", "--show", "5")["turns"] == full["turns"][:5]
    fails([layout, "--seed", "picnic", "--show", "31"], "--show must be between 1 and 30 (the turns of each group), not 31")
    # --turns is the game's length, as in print: a game whose length is fixed refuses it and points at --show
    err = fails(["wobbly-cafe", "--seed", "x", "--turns", "3"], "wobbly-cafe has no --turns option")
    assert "to see fewer turns, give --show N" in err


def test_players_shape_the_groups() -> None:
    two = ok_json("shelving-wars", "--seed", "rainy-sunday", "--turns", "1")
    assert [t["dice"] for t in two["turns"]] == [[3, 3, 6], [6, 3, 3]]  # g1/t1 and g2/t1 golden vectors
    three = ok_json("shelving-wars", "--seed", "rainy-sunday", "--turns", "1", "--players", "3")
    assert len(three["groups"]) == 3
    assert [t["dice"] for t in three["turns"]][:2] == [[3, 3, 6], [6, 3, 3]]  # adding a player changes no one's dice
    fails(["shelving-wars", "--seed", "x", "--players", "5"], "shelving-wars is played by 2 to 4 players, not 5")


def test_human_table(layout: str) -> None:
    result = roll(layout, "--seed", "picnic", "--show", "2")
    assert result.exit_code == 0
    out = result.stdout
    assert out.splitlines()[0] == "Dice Test: dice-test#picnic (seed: picnic)"
    assert out.splitlines()[1] == (
        "2 dice with 6 sides per turn; each die has 3 reroll values in reserve, used in order"
    )
    for word in ("turn", "light", "dark", "light reserve", "dark reserve", "1 2 6", "5 5 1"):
        assert word in out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert [line.split("│")[1:4] for line in rows] == [["    1 ", "   3   ", "  1   "], ["    2 ", "   4   ", "  1   "]]


def test_human_table_of_a_daily_lists_each_group() -> None:
    out = roll("wobbly-cafe", "--daily", "2026-11-22", "--show", "1").stdout
    assert out.splitlines()[0] == "Wobbly Caf\u00e9: wobbly-cafe@2026-11-22 (daily challenge of 2026-11-22, UTC)"
    assert out.index("Floor 1") < out.index("Floor 2") < out.index("Floor 3")


# ---------------------------------------------------------------- --daily without a date


@pytest.fixture
def frozen_today(monkeypatch: pytest.MonkeyPatch) -> dt.date:
    day = dt.date(2031, 3, 4)
    monkeypatch.setattr(common, "today_utc", lambda: day)
    return day


@pytest.mark.parametrize(
    "args",
    [
        ["wobbly-cafe", "--daily"],
        ["wobbly-cafe", "--daily", "--show", "2"],
        ["--daily", "wobbly-cafe"],
        ["--daily", "--show", "2", "wobbly-cafe"],
        ["wobbly-cafe", "-d"],
        ["wobbly-cafe", "--daily", "today"],
        ["wobbly-cafe", "--daily=today"],
    ],
)
def test_bare_daily_means_today(args: list[str], frozen_today: dt.date) -> None:
    doc = ok_json(*args)
    assert doc["id"] == "wobbly-cafe@2031-03-04" and doc["date"] == "2031-03-04"
    assert doc["turns"][0]["dice"] == list(dice.roll("wobbly-cafe@2031-03-04", "g1/t1", 6, 2))


def test_today_is_the_utc_day(monkeypatch: pytest.MonkeyPatch) -> None:
    # 23:30 on 22 November in New York is already 23 November in UTC
    new_york = dt.timezone(dt.timedelta(hours=-5))
    instant = dt.datetime(2026, 11, 22, 23, 30, tzinfo=new_york)

    class Clock(dt.datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[override]
            return instant.astimezone(tz) if tz is not None else instant.replace(tzinfo=None)

    monkeypatch.setattr(dice._dt, "datetime", Clock)
    assert dice.today_utc() == dt.date(2026, 11, 23)
    assert ok_json("wobbly-cafe", "--daily", "--show", "1")["id"] == "wobbly-cafe@2026-11-23"


def test_rewrite_daily() -> None:
    assert rewrite_daily(["g", "--daily"]) == ["g", "--daily=today"]
    assert rewrite_daily(["--daily", "g"]) == ["--daily=today", "g"]
    assert rewrite_daily(["g", "--daily", "2026-11-22"]) == ["g", "--daily=2026-11-22"]
    assert rewrite_daily(["g", "--daily", "2026-1-5"]) == ["g", "--daily=2026-1-5"]  # refused later
    assert rewrite_daily(["g", "--daily", "--json"]) == ["g", "--daily=today", "--json"]
    assert rewrite_daily(["g", "--daily=2026-11-22"]) == ["g", "--daily=2026-11-22"]
    assert rewrite_daily(["g", "--", "--daily"]) == ["g", "--", "--daily"]
    assert rewrite_daily(["g", "--seed", "x"]) == ["g", "--seed", "x"]


# ---------------------------------------------------------------- the shared resolver


def test_resolve_schedule_id(frozen_today: dt.date) -> None:
    assert resolve_schedule_id("long-way", "picnic", None) == ("long-way#picnic", "picnic", None)
    assert resolve_schedule_id("long-way", " a  b ", None) == ("long-way#a b", "a b", None)
    assert resolve_schedule_id("long-way", None, "2026-11-22") == ("long-way@2026-11-22", None, "2026-11-22")
    assert resolve_schedule_id("long-way", None, "today") == ("long-way@2031-03-04", None, "2031-03-04")
    assert resolve_schedule_id("long-way", None, None) == (None, None, None)
    with pytest.raises(UsageError, match="say which dice to roll"):
        resolve_schedule_id("long-way", None, None, required=True)
    with pytest.raises(UsageError, match="give either --seed or --daily, not both"):
        resolve_schedule_id("long-way", "x", "today")


def test_resolve_schedule() -> None:
    spec = DiceSpec(count=2, turns=40, labels=("light", "dark"), rerolls=6)
    s = resolve_schedule("long-way", spec, seed="picnic", daily=None, turns=3)
    assert s.id == "long-way#picnic" and s.seed == "picnic" and s.day is None
    assert [t.dice for t in s.turns] == [(1, 3), (6, 1), (1, 1)]
    assert s.turns[0].rerolls[0] == (1, 1, 4, 6, 6, 3)
    d = resolve_schedule("long-way", spec, seed=None, daily="2026-11-22")
    assert d.day == "2026-11-22" and len(d.turns) == 40
    with pytest.raises(UsageError, match="--turns must be between 1 and 1000, not 1001"):
        resolve_schedule("long-way", spec, seed="x", daily=None, turns=1001)


# ---------------------------------------------------------------- bad input


def test_both_seed_and_daily(layout: str) -> None:
    err = fails([layout, "--seed", "x", "--daily", "2026-11-22"], "give either --seed or --daily, not both")
    assert "hint:" in err
    fails([layout, "--daily", "--seed", "x"], "give either --seed or --daily, not both")


def test_neither_seed_nor_daily(layout: str) -> None:
    fails([layout], "say which dice to roll: give --seed S or --daily [DATE]")


@pytest.mark.parametrize("seed", ["", "   "])
def test_empty_seed(layout: str, seed: str) -> None:
    err = fails([layout, "--seed", seed], "the seed is empty")
    assert "hint: give a word or phrase, e.g. --seed picnic" in err


def test_bad_seed(layout: str) -> None:
    fails([layout, "--seed", "A#b"], "the seed 'A#b' contains '#', which a seed may not contain")
    fails([layout, "--seed", "a#b"], "--seed 'a#b' is an id of a, not of dice-test")
    fails([layout, "--seed", "x" * 65], "the seed is 65 characters long; the most is 64")


@pytest.mark.parametrize(
    ("date", "message"),
    [
        ("2026-02-30", "'2026-02-30' is not a real date (day is out of range for month)"),
        ("2026-13-01", "'2026-13-01' is not a real date (month must be in 1..12)"),
        ("2026-1-5", "'2026-1-5' is not a date"),
        ("22/11/2026", "'22/11/2026' is not a date"),
    ],
)
def test_invalid_date(layout: str, date: str, message: str) -> None:
    fails([layout, "--daily", date], message)
    fails([layout, f"--daily={date}"], message)


def test_unknown_game() -> None:
    err = fails(["no-such-game", "--seed", "x"], "unknown game 'no-such-game'")
    for slug in ("long-way", "shelving-wars", "wobbly-cafe"):
        assert slug in err
    err = fails(["wobly-cafe", "--seed", "x"], "unknown game 'wobly-cafe'")
    assert "did you mean 'wobbly-cafe'?" in err


def test_game_without_dice(tmp_path: Path) -> None:
    path = tmp_path / "no-dice.yaml"
    path.write_text(NO_DICE, encoding="utf-8")
    fails([str(path), "--seed", "x"], "no-dice uses no dice, so it has no schedule to roll")


@pytest.mark.parametrize("turns", ["0", "-3", "1001"])
def test_turns_out_of_range(layout: str, turns: str) -> None:
    fails([layout, "--seed", "x", "--turns", turns], f"--turns must be between 1 and 1000, not {turns}")


def test_players_out_of_range(layout: str) -> None:
    fails([layout, "--seed", "x", "--players", "0"], "dice-test is played by 1 to 500 players, not 0")


def test_missing_layout_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.yaml"
    fails([str(path), "--seed", "x"], f"{path}: no such file")
