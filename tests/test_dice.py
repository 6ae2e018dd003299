"""The seeded dice generator: golden vectors, fairness, rejection, stability and id validation.

The golden vectors were computed once and are pinned literally: if one of these tests fails, a change
has altered published challenges.  Do not update the numbers; restore the algorithm (docs/seeds.md).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections import Counter
from pathlib import Path

import pytest

from rollwrite import dice
from rollwrite.dice import DiceSpec, game_id, make_schedule, normalise_seed, parse_day, parse_game_id, roll
from rollwrite.errors import UsageError

DOCS = Path(__file__).resolve().parents[1] / "docs" / "seeds.md"

# ---------------------------------------------------------------- golden vectors

CAFE_DICE = "long-way#caf\u00e9 au lait \U0001f3b2"  # a Latin accent and an emoji
SUNDAY = "wobbly-cafe#\u65e5\u66dc\u65e5"  # 日曜日

GOLDEN_D6 = {
    "long-way#picnic": {
        "g1/t1": (1, 3, 4, 5, 6, 1, 4, 5, 2, 6, 2, 3),
        "g1/t2": (6, 1, 5, 5, 5, 4, 1, 5, 1, 4, 2, 3),
        "g2/t1": (2, 4, 3, 3, 3, 4, 6, 1, 1, 1, 6, 4),
        "g3/t22": (5, 3, 2, 5, 2, 1, 5, 2, 3, 6, 4, 6),
        "g1/t1/reroll/d1": (1, 1, 4, 6, 6, 3, 4, 4, 3, 2, 1, 2),
        "g1/t1/reroll/d2": (2, 4, 6, 2, 5, 5, 3, 5, 3, 2, 5, 4),
    },
    "wobbly-cafe@2026-11-22": {
        "g1/t1": (5, 3, 5, 1, 1, 1, 1, 1, 3, 4, 5, 4),
        "g1/t2": (4, 1, 4, 1, 1, 2, 3, 6, 5, 5, 1, 4),
        "g2/t1": (1, 4, 1, 6, 6, 6, 1, 5, 1, 6, 3, 5),
        "g3/t22": (4, 2, 2, 5, 1, 2, 6, 1, 4, 2, 1, 2),
        "g1/t1/reroll/d1": (1, 3, 5, 1, 3, 4, 4, 6, 2, 4, 2, 6),
        "g1/t1/reroll/d2": (2, 3, 5, 4, 3, 5, 4, 5, 2, 5, 6, 4),
    },
    "shelving-wars#rainy-sunday": {
        "g1/t1": (3, 3, 6, 1, 3, 6, 3, 4, 6, 6, 4, 4),
        "g1/t2": (4, 2, 1, 5, 6, 5, 4, 4, 2, 6, 2, 4),
        "g2/t1": (6, 3, 3, 5, 6, 3, 5, 5, 2, 5, 3, 1),
        "g3/t22": (1, 5, 1, 5, 2, 5, 2, 1, 3, 2, 1, 6),
        "g1/t1/reroll/d1": (6, 3, 1, 3, 2, 4, 3, 5, 4, 5, 5, 5),
        "g1/t1/reroll/d2": (5, 3, 3, 3, 6, 2, 2, 1, 4, 3, 4, 6),
    },
    CAFE_DICE: {
        "g1/t1": (6, 4, 5, 3, 6, 6, 3, 5, 1, 2, 4, 6),
        "g1/t2": (4, 5, 1, 3, 2, 3, 6, 6, 6, 5, 5, 2),
        "g2/t1": (3, 4, 2, 5, 6, 2, 5, 4, 5, 5, 3, 5),
        "g3/t22": (1, 1, 5, 3, 4, 4, 4, 1, 4, 5, 2, 3),
        "g1/t1/reroll/d1": (4, 3, 2, 2, 3, 4, 3, 5, 3, 6, 5, 1),
        "g1/t1/reroll/d2": (1, 1, 1, 5, 2, 3, 2, 3, 5, 3, 5, 5),
    },
    SUNDAY: {
        "g1/t1": (6, 6, 3, 5, 3, 3, 5, 6, 6, 6, 2, 4),
        "g1/t2": (6, 2, 2, 1, 4, 5, 3, 2, 1, 2, 6, 2),
        "g2/t1": (6, 3, 6, 2, 1, 4, 5, 3, 6, 6, 4, 3),
        "g3/t22": (4, 6, 4, 4, 4, 2, 2, 5, 4, 5, 5, 5),
        "g1/t1/reroll/d1": (3, 4, 5, 3, 1, 1, 5, 6, 2, 5, 2, 2),
        "g1/t1/reroll/d2": (6, 1, 5, 4, 6, 2, 4, 4, 5, 6, 2, 4),
    },
    "long-way@2000-01-01": {
        "g1/t1": (5, 4, 3, 5, 2, 3, 2, 2, 2, 6, 6, 1),
        "g1/t2": (4, 5, 1, 2, 6, 3, 4, 3, 1, 3, 3, 2),
        "g2/t1": (5, 3, 3, 5, 5, 1, 5, 4, 5, 4, 5, 2),
        "g3/t22": (3, 2, 1, 6, 2, 6, 5, 6, 1, 3, 6, 3),
        "g1/t1/reroll/d1": (4, 5, 4, 4, 4, 1, 3, 3, 3, 5, 4, 1),
        "g1/t1/reroll/d2": (6, 2, 3, 6, 3, 2, 1, 1, 4, 2, 3, 5),
    },
}


@pytest.mark.parametrize(
    ("gid", "stream", "expected"),
    [(gid, stream, rolls) for gid, streams in GOLDEN_D6.items() for stream, rolls in streams.items()],
)
def test_golden_d6(gid: str, stream: str, expected: tuple[int, ...]) -> None:
    assert roll(gid, stream, 6, 12) == expected


def test_golden_other_dice() -> None:
    assert roll("long-way#picnic", "g1/t1", 20, 12) == (1, 1, 4, 17, 8, 1, 8, 5, 16, 12, 8, 3)
    assert roll("long-way#picnic", "g1/t1", 8, 12) == (1, 1, 4, 1, 8, 1, 4, 5, 8, 4, 4, 3)
    assert roll("wobbly-cafe@2026-11-22", "g1/t1", 997, 8) == (767, 920, 772, 83, 678, 328, 569, 404)


def test_golden_ids_are_the_normalised_ones() -> None:
    assert game_id("long-way", seed="caf\u00e9 au lait \U0001f3b2") == CAFE_DICE
    # the same seed typed with a combining accent, a no-break space and extra spaces
    assert game_id("long-way", seed="  cafe\u0301\u00a0au  lait \U0001f3b2 ") == CAFE_DICE
    assert game_id("wobbly-cafe", day=dt.date(2026, 11, 22)) == "wobbly-cafe@2026-11-22"


def _schedule_text(schedule: dice.Schedule) -> str:
    lines = []
    for t in schedule.turns:
        reserve = " / ".join(" ".join(map(str, r)) for r in t.rerolls)
        lines.append(f"{t.group} {t.number}: {' '.join(map(str, t.dice))} | {reserve}\n")
    return "".join(lines)


def test_golden_schedule() -> None:
    spec = DiceSpec(count=2, sides=6, turns=3, labels=("light", "dark"), rerolls=2)
    schedule = make_schedule("long-way", "long-way#picnic", spec, seed="picnic")
    assert [(t.group, t.number, t.dice, t.rerolls) for t in schedule.turns] == [
        (1, 1, (1, 3), ((1, 1), (2, 4))),
        (1, 2, (6, 1), ((2, 4), (5, 6))),
        (1, 3, (1, 1), ((1, 4), (3, 5))),
    ]
    # a bigger schedule, pinned through the SHA-256 of a plain text of all its values
    big = DiceSpec(count=2, sides=6, turns=40, labels=("light", "dark"), rerolls=4, groups=("a", "b", "c"))
    text = _schedule_text(make_schedule("long-way", "long-way#picnic", big))
    assert text.startswith("1 1: 1 3 | 1 1 4 6 / 2 4 6 2\n1 2: 6 1 | 2 4 3 5 / 5 6 4 2\n")
    assert hashlib.sha256(text.encode()).hexdigest() == "73f0f1ecedb80e12dd04de61328feb3e47a1a5eb36629902de575a9696e6ea1a"


def test_schedule_json_shape() -> None:
    spec = DiceSpec(count=2, sides=6, turns=2, labels=("light",), rerolls=1, groups=("",))
    out = make_schedule("long-way", "long-way#picnic", spec, seed="picnic").to_json()
    assert out["game"] == "long-way"
    assert out["id"] == "long-way#picnic"
    assert out["seed"] == "picnic" and out["date"] is None
    assert out["algorithm"] == "rollwrite-dice-1"
    assert out["dice"] == {"count": 2, "sides": 6, "labels": ["light", "die 2"], "rerolls": 1}
    assert out["turns"][0] == {"group": 1, "group_name": "", "turn": 1, "dice": [1, 3], "rerolls": [[1], [2]]}
    plain = make_schedule("x", "x#y", DiceSpec(count=3), seed="y").to_json()
    assert "rerolls" not in plain["turns"][0]


# ---------------------------------------------------------------- the worked example in docs/seeds.md


def _doc_examples() -> list[dict[str, list[str]]]:
    """Each fenced block of docs/seeds.md that starts with an ``id`` line, as {label: [values...]}."""
    blocks = re.findall(r"```\n(id .*?)```", DOCS.read_text(encoding="utf-8"), flags=re.S)
    out = []
    for block in blocks:
        fields: dict[str, list[str]] = {}
        label = ""
        for line in block.splitlines():
            head, rest = line[:10].strip(), line[10:].split()
            if head:
                label = head
            if rest and rest[0] in ("input", "sha256", "words"):
                fields.setdefault(f"{label} {rest[0]}", []).extend(rest[1:])
            else:
                fields[label] = rest
        out.append(fields)
    return out


def test_docs_worked_example_is_right() -> None:
    examples = _doc_examples()
    assert len(examples) == 2
    for ex in examples:
        gid, stream = ex["id"][0], ex["stream"][0]
        blocks = sorted({int(k.split()[1]) for k in ex if k.startswith("block ")})
        assert blocks, ex
        all_words = []
        for i in blocks:
            data = b"\x00".join([b"rollwrite-dice-1", gid.encode(), stream.encode(), str(i).encode()])
            assert ex[f"block {i} input"] == [data.hex()]
            digest = hashlib.sha256(data).digest()
            assert ex[f"block {i} sha256"] == [digest.hex()]
            words = [int.from_bytes(digest[k : k + 4], "big") for k in range(0, 32, 4)]
            assert [int(w) for w in ex[f"block {i} words"]] == words
            all_words += words
        gen = dice.words(gid, stream)
        assert [next(gen) for _ in all_words] == all_words
        for label, sides in (("d6", 6), ("d20", 20)):
            if label in ex:
                expected = tuple(int(v) for v in ex[label])
                assert roll(gid, stream, sides, len(expected)) == expected
        assert tuple(int(v) for v in ex["d6"]) == GOLDEN_D6[gid][stream][: len(ex["d6"])] + roll(
            gid, stream, 6, 16
        )[12 : len(ex["d6"])]


def test_docs_rejection_example() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert "long-way#reject-734623" in text and "4294967014" in text and "4294966330" in text
    words = list(zip(range(9), dice.words("long-way#reject-734623", "g1/t1")))
    assert words[4][1] == 4294967014


# ---------------------------------------------------------------- fairness


def _chi_square(counts: Counter[int], sides: int) -> float:
    n = sum(counts.values())
    expected = n / sides
    return sum((counts[f] - expected) ** 2 / expected for f in range(1, sides + 1))


# Upper 1e-6 quantiles of the chi-square distribution (scipy.stats.chi2.isf(1e-6, df)): a fair die fails
# one of these with probability one in a million, and the inputs are fixed, so the tests are
# deterministic.  A plain `w mod s` without rejection would still pass them; the rejection tests
# below cover that.
CHI2_1E6 = {5: 35.888, 7: 40.522, 19: 63.677, 35: 89.947}


@pytest.mark.parametrize(("sides", "total"), [(6, 60_000), (8, 40_000), (20, 40_000)])
def test_chi_square_uniform(sides: int, total: int) -> None:
    counts: Counter[int] = Counter()
    ids = [f"shelving-wars#uniform-{k}" for k in range(100)]
    for k, gid in enumerate(ids):
        counts.update(roll(gid, f"g{k % 3 + 1}/t{k + 1}", sides, total // len(ids)))
    assert sum(counts.values()) == total
    assert set(counts) == set(range(1, sides + 1))
    assert _chi_square(counts, sides) < CHI2_1E6[sides - 1]


def test_chi_square_pairs_of_a_turn_are_independent() -> None:
    # the light and the dark die of a turn: all 36 pairs equally likely, over 30,000 turns (60,000 dice)
    spec = DiceSpec(count=2, sides=6, turns=3000)
    pairs: Counter[tuple[int, int]] = Counter()
    faces: Counter[int] = Counter()
    for k in range(10):
        for t in make_schedule("long-way", f"long-way#pairs-{k}", spec).turns:
            pairs[t.dice] += 1
            faces.update(t.dice)
    assert sum(faces.values()) == 60_000
    expected = 30_000 / 36
    stat = sum((pairs[(a, b)] - expected) ** 2 / expected for a in range(1, 7) for b in range(1, 7))
    assert stat < CHI2_1E6[35]
    assert _chi_square(faces, 6) < CHI2_1E6[5]


# ---------------------------------------------------------------- rejection sampling


def _direct(gid: str, stream: str, sides: int, n: int) -> tuple[int, ...]:
    """The rolls computed straight from docs/seeds.md, without the module's helpers."""
    limit = (1 << 32) - (1 << 32) % sides
    out: list[int] = []
    i = 0
    while len(out) < n:
        data = "\x00".join(["rollwrite-dice-1", gid, stream, str(i)]).encode("utf-8")
        digest = hashlib.sha256(data).digest()
        for k in range(8):
            w = int.from_bytes(digest[4 * k : 4 * k + 4], "big")
            if w < limit and len(out) < n:
                out.append(w % sides + 1)
        i += 1
    return tuple(out)


def test_rejection_really_skips_a_word() -> None:
    gid, stream = "long-way#reject-734623", "g1/t1"
    words = [w for w, _ in zip(dice.words(gid, stream), range(9))]
    limit = 2**32 - 2**32 % 997
    assert limit == 4294966330
    assert [k for k, w in enumerate(words) if w >= limit] == [4]
    rolls = roll(gid, stream, 997, 8)
    assert rolls == (652, 556, 454, 475, 379, 496, 703, 769)
    assert rolls == tuple(w % 997 + 1 for w in words if w < limit)[:8]
    # without rejection the fifth roll would have come from the skipped word
    assert rolls[4] != words[4] % 997 + 1
    assert rolls == _direct(gid, stream, 997, 8)
    # 4294967014 is also past the d1000 limit (2**32 - 296) but below none of d6's
    assert roll(gid, stream, 1000, 8)[4] == words[5] % 1000 + 1
    assert roll(gid, stream, 6, 8)[4] == words[4] % 6 + 1


def test_rejection_with_crafted_words(monkeypatch: pytest.MonkeyPatch) -> None:
    limit6 = 2**32 - 4

    blocks = [(limit6, 2**32 - 1, 7, limit6 - 1, limit6 + 3, limit6, limit6, limit6), (limit6 + 1, 0) + (1,) * 6]

    def fake_block(prefix: bytes, i: int):
        return blocks[i]

    monkeypatch.setattr(dice, "_block", fake_block)
    # rejected words are skipped, within a block and across blocks
    assert roll("x#y", "s", 6, 3) == (7 % 6 + 1, (limit6 - 1) % 6 + 1, 1)
    assert [w for w, _ in zip(dice.words("x#y", "s"), range(10))] == [*blocks[0], limit6 + 1, 0]


@pytest.mark.parametrize("sides", [3, 5, 6, 7, 10, 12, 20, 100, 997, 1000])
def test_matches_direct_computation(sides: int) -> None:
    assert 2**32 % sides != 0
    for gid in ("long-way#picnic", "wobbly-cafe@2026-11-22", CAFE_DICE):
        assert roll(gid, "g2/t5", sides, 40) == _direct(gid, "g2/t5", sides, 40)


def test_power_of_two_dice_never_reject() -> None:
    gid, stream = "long-way#picnic", "g1/t1"
    words = [w for w, _ in zip(dice.words(gid, stream), range(24))]
    assert roll(gid, stream, 8, 24) == tuple(w % 8 + 1 for w in words)
    assert roll(gid, stream, 2, 24) == tuple(w % 2 + 1 for w in words)


def test_roll_bounds() -> None:
    assert roll("x#y", "s", 6, 0) == ()
    assert len(roll("x#y", "s", 6, 1000)) == 1000
    for sides in (0, 1, 1001):
        with pytest.raises(UsageError, match="a die needs 2 to 1000 sides"):
            roll("x#y", "s", sides, 1)


# ---------------------------------------------------------------- stability and independence


def test_prefix_stability() -> None:
    short = DiceSpec(count=2, sides=6, turns=5, rerolls=2)
    long = DiceSpec(count=3, sides=6, turns=30, rerolls=5, groups=("a", "b"))
    a = make_schedule("long-way", "long-way#picnic", short)
    b = make_schedule("long-way", "long-way#picnic", long)
    for t in a.turns:
        u = b.turn(t.group, t.number)
        assert u.dice[:2] == t.dice
        assert tuple(r[:2] for r in u.rerolls[:2]) == t.rerolls
    assert len(b.turns) == 60 and len(b.turns[0].rerolls) == 3 and len(b.turns[0].rerolls[0]) == 5
    assert roll("long-way#picnic", "g1/t1", 6, 5) == roll("long-way#picnic", "g1/t1", 6, 500)[:5]


def test_group_names_are_not_hashed() -> None:
    a = make_schedule("wobbly-cafe", "wobbly-cafe#x", DiceSpec(count=2, turns=3, groups=("ground", "first")))
    b = make_schedule("wobbly-cafe", "wobbly-cafe#x", DiceSpec(count=2, turns=3, groups=("1", "2")))
    assert [t.dice for t in a.turns] == [t.dice for t in b.turns]


def test_different_ids_differ() -> None:
    spec = DiceSpec(count=3, sides=6, turns=8, groups=("p1", "p2"))
    ids = [
        "shelving-wars#picnic",
        "shelving-wars#Picnic",
        "shelving-wars#picnic2",
        "long-way#picnic",
        "shelving-wars@2026-11-22",
        "shelving-wars@2026-11-23",
        "shelving-wars#2026-11-22",
    ]
    schedules = {gid: tuple(t.dice for t in make_schedule("shelving-wars", gid, spec).turns) for gid in ids}
    assert len(set(schedules.values())) == len(ids)
    # streams of one id differ from each other too
    streams = {roll("long-way#picnic", s, 6, 20) for s in ("g1/t1", "g1/t2", "g2/t1", "g1/t1/reroll/d1")}
    assert len(streams) == 4


def test_same_id_same_schedule() -> None:
    spec = DiceSpec(count=2, sides=6, turns=22, groups=("1", "2", "3"))
    a = make_schedule("wobbly-cafe", "wobbly-cafe@2026-11-22", spec, day="2026-11-22")
    b = make_schedule("wobbly-cafe", "wobbly-cafe@2026-11-22", spec, day="2026-11-22")
    assert a == b and a.to_json() == b.to_json()
    assert len(a.turns) == 66 and a.group(3)[21].number == 22 and a.turn(2, 1).group == 2


# ---------------------------------------------------------------- ids and their validation


def test_normalise_seed() -> None:
    assert normalise_seed("picnic") == "picnic"
    assert normalise_seed("  rainy   sunday ") == "rainy sunday"
    assert normalise_seed("rainy\u00a0sunday") == "rainy sunday"
    assert normalise_seed("rainy\u3000sunday") == "rainy sunday"  # ideographic space
    assert normalise_seed("cafe\u0301") == "caf\u00e9"
    assert normalise_seed("Picnic") != normalise_seed("picnic")
    assert normalise_seed("x" * 64) == "x" * 64
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert normalise_seed(family) == family


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        ("", "the seed is empty"),
        ("   ", "the seed is empty"),
        ("\u00a0", "the seed is empty"),
        (None, "the seed is empty"),
        ("x" * 65, "the seed is 65 characters long; the most is 64"),
        ("a#b", "the seed 'a#b' contains '#', which a seed may not contain"),
        ("me@home", "the seed 'me@home' contains '@', which a seed may not contain"),
        ("tab\there", "contains U+0009 (a control or invisible character)"),
        ("new\nline", "contains U+000A (a control or invisible character)"),
        ("zero\u200bwidth", "contains U+200B (a control or invisible character)"),
        ("private\ue000", "contains U+E000"),
        ("unassigned\U000e0fff", "contains U+E0FFF"),
    ],
)
def test_bad_seeds(seed: str | None, message: str) -> None:
    with pytest.raises(UsageError) as info:
        normalise_seed(seed)
    assert message in str(info.value)
    assert info.value.exit_code == 2


def test_parse_day() -> None:
    assert parse_day("2026-11-22") == dt.date(2026, 11, 22)
    assert parse_day("2028-02-29") == dt.date(2028, 2, 29)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2026-02-30", "'2026-02-30' is not a real date"),
        ("2026-13-01", "'2026-13-01' is not a real date"),
        ("0000-01-01", "'0000-01-01' is not a real date"),
        ("2026-1-5", "'2026-1-5' is not a date"),
        ("20261122", "'20261122' is not a date"),
        ("today", "'today' is not a date"),
        ("", "'' is not a date"),
        (" 2026-11-22", "is not a date"),
        ("2026-11-22\n", "is not a date"),
        ("\uff12\uff10\uff12\uff16-11-22", "is not a date"),  # full-width digits
        ("\u0662\u0660\u0662\u0666-11-22", "is not a date"),  # Arabic-Indic digits
    ],
)
def test_bad_days(text: str, message: str) -> None:
    with pytest.raises(UsageError) as info:
        parse_day(text)
    assert message in str(info.value)
    assert "YYYY-MM-DD" in str(info.value) or "check the month and day" in str(info.value)


def test_today_is_utc() -> None:
    before = dt.datetime.now(dt.timezone.utc).date()
    today = dice.today_utc()
    after = dt.datetime.now(dt.timezone.utc).date()
    assert before <= today <= after


def test_game_id_forms() -> None:
    assert game_id("long-way", seed="picnic") == "long-way#picnic"
    assert game_id("long-way", day=dt.date(2026, 1, 5)) == "long-way@2026-01-05"
    with pytest.raises(UsageError, match="give exactly one of a seed and a daily date"):
        game_id("long-way")
    with pytest.raises(UsageError, match="give exactly one of a seed and a daily date"):
        game_id("long-way", seed="x", day=dt.date(2026, 1, 5))
    for bad in ("Long-Way", "long_way", "long--way", "-long", "long-", "", "a#b", "a@b", "caf\u00e9", "long-way\n"):
        with pytest.raises(UsageError, match="is not a game name"):
            game_id(bad, seed="x")


def test_parse_game_id() -> None:
    assert parse_game_id("long-way#picnic") == ("long-way", "picnic", None)
    with pytest.raises(UsageError, match="contains '@'"):
        parse_game_id("long-way#a@b")
    assert parse_game_id("wobbly-cafe@2026-11-22") == ("wobbly-cafe", None, dt.date(2026, 11, 22))
    assert parse_game_id("long-way#  rainy  sunday") == ("long-way", "rainy sunday", None)
    for gid in ("long-way#picnic", "wobbly-cafe@2026-11-22", CAFE_DICE, SUNDAY):
        game, seed, day = parse_game_id(gid)
        assert game_id(game, seed=seed, day=day) == gid


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("long-way", "'long-way' is not a game id"),
        ("", "'' is not a game id"),
        ("long-way#", "the seed is empty"),
        ("long-way@", "'' is not a date"),
        ("long-way@2026-02-30", "is not a real date"),
        ("Long-Way#picnic", "'Long-Way' is not a game name"),
        ("#picnic", "'' is not a game name"),
        ("long-way@2026-11-22#x", "is not a date"),
    ],
)
def test_bad_game_ids(text: str, message: str) -> None:
    with pytest.raises(UsageError) as info:
        parse_game_id(text)
    assert message in str(info.value)
