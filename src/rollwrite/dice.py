"""Platform-stable seeded dice.

Every roll comes from SHA-256 in counter mode, never from Python's ``random``, so the same game id gives
the same dice on every machine, every Python version and every release.  docs/seeds.md states the
algorithm precisely enough to re-implement it; tests pin golden vectors.

Game ids: ``<game>#<seed>`` for a named seed (``long-way#picnic``) and ``<game>@<YYYY-MM-DD>`` for the
daily challenge of a UTC date (``wobbly-cafe@2026-11-22``); a variation of the game follows as
``~<code>`` (``shelving-wars#x~2d20``, see :func:`variant_code`).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import re
import struct
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from rollwrite.errors import UsageError, excerpt
from rollwrite.valueclass import Value

ALGORITHM = "rollwrite-dice-1"
MAX_SIDES = 1000
_SEED_MAX = 64
# (patterns: re compiles them when first used, and a print without a seed or a day never does)
_DATE_RE = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
_SLUG_RE = r"[a-z0-9]+(-[a-z0-9]+)*"
_ZWJ = "\u200d"  # zero width joiner: allowed, it glues emoji sequences together
VARIANT_MARK = "~"
_VARIANT_RE = re.compile(r"(?:([0-9]+)d([0-9]+))?(?:s([0-9]+))?(?:t([0-9]+))?(?:p([0-9]+))?")


# ---------------------------------------------------------------- ids


def normalise_seed(seed: str | None) -> str:
    """A seed as it appears in ids and is hashed.

    The text is put in Unicode NFC; every space separator (general category Zs) becomes U+0020; runs of
    spaces become one space; spaces at either end are dropped.  The result must be 1 to 64 code points
    long and contain no '#', no '@' and no character of a C* category (control, format, private use,
    surrogate, unassigned) other than U+200D.  Letter case is kept: ``Picnic`` and ``picnic`` are two
    seeds.
    """
    if seed is None:
        seed = ""
    text = unicodedata.normalize("NFC", seed)
    text = "".join(" " if unicodedata.category(c) == "Zs" else c for c in text)
    text = " ".join(part for part in text.split(" ") if part)
    if text == "":
        raise UsageError("the seed is empty", hint="give a word or phrase, e.g. --seed picnic")
    if len(text) > _SEED_MAX:
        raise UsageError(
            f"the seed is {len(text)} characters long; the most is {_SEED_MAX}", hint="use a shorter seed"
        )
    for c in text:
        if c in "#@" or (unicodedata.category(c).startswith("C") and c != _ZWJ):
            shown = f"'{c}'" if c in "#@" else f"U+{ord(c):04X} (a control or invisible character)"
            raise UsageError(
                f"the seed {seed!r} contains {shown}, which a seed may not contain",
                hint="use letters, digits, spaces and punctuation other than '#' and '@'",
            )
    return text


def check_slug(game: str) -> str:
    """A game slug as used in ids: lower-case ASCII letters and digits in words joined by single '-'."""
    if not isinstance(game, str) or not re.fullmatch(_SLUG_RE, game):
        raise UsageError(
            f"{game!r} is not a game name", hint="game names are lower-case words joined by '-', e.g. long-way"
        )
    return game


def parse_day(text: str | None) -> _dt.date:
    """A ``YYYY-MM-DD`` date (UTC calendar day) or a UsageError that says what is wrong."""
    if not re.fullmatch(_DATE_RE, text or ""):
        raise UsageError(f"'{excerpt(text or '')}' is not a date", hint="write the date as YYYY-MM-DD, e.g. 2026-11-22")
    assert text is not None
    try:
        return _dt.date.fromisoformat(text)
    except ValueError as exc:
        raise UsageError(f"{text!r} is not a real date ({exc})", hint="check the month and day") from None


def today_utc() -> _dt.date:
    """Today's calendar date in UTC: the daily challenge changes at 00:00 UTC everywhere."""
    return _dt.datetime.now(_dt.timezone.utc).date()


def variant_code(values: dict[str, int], defaults: dict[str, int]) -> str:
    """The short code of a game's variation: the parts of ``values`` that differ from ``defaults``, in a
    fixed order: ``<dice>d<sides>`` (both, when either differs), ``s<size>``, ``t<turns>``, ``p<players>``
    (a game whose dice depend on the count of players: a group of dice each); "" for none.
    ``{"dice": 2, "sides": 20}`` against 3d6 gives ``2d20``; a size of 12 and 30 turns ``s12t30``."""
    def differs(key: str) -> bool:
        return key in values and values[key] != defaults.get(key)

    code = ""
    if differs("dice") or differs("sides"):
        code += f"{values['dice']}d{values['sides']}"
    for key, letter in (("size", "s"), ("turns", "t"), ("players", "p")):
        if differs(key):
            code += f"{letter}{values[key]}"
    return code


def parse_variant(code: str) -> dict[str, int] | None:
    """The options of a variation code (``2d20s12`` -> dice 2, sides 20, size 12); None when ``code`` is
    not one (an empty code is not one either)."""
    m = _VARIANT_RE.fullmatch(code)
    if not code or m is None:
        return None
    dice, sides, size, turns, players = (int(g) if g is not None else None for g in m.groups())
    out = {"dice": dice, "sides": sides, "size": size, "turns": turns, "players": players}
    return {k: v for k, v in out.items() if v is not None}


def split_variant(text: str) -> tuple[str, str]:
    """(the rest, the code) of a text ending in ``~<variation code>``; (text, "") otherwise."""
    head, mark, code = text.rpartition(VARIANT_MARK)
    if mark and parse_variant(code) is not None:
        return head, code
    return text, ""


def game_id(game: str, *, seed: str | None = None, day: _dt.date | None = None, variant: str = "") -> str:
    """``<game>#<normalised seed>`` or ``<game>@<YYYY-MM-DD>``, then ``~<variant>`` when a variation is
    given; exactly one of seed and day is given.  The dice of a variation come from the id without it.  A seed that itself ends in ``~`` and a variation code
    would read as that variation, so it is refused."""
    if (seed is None) == (day is None):
        raise UsageError("give exactly one of a seed and a daily date")
    check_slug(game)
    if seed is not None:
        norm = normalise_seed(seed)
        if split_variant(norm)[1]:
            raise UsageError(f"the seed {norm!r} ends in what reads as a variation ({split_variant(norm)[1]})",
                             hint="a seed may not end in ~ and a code such as 2d20; change or drop the ~")
        return with_variant(f"{game}#{norm}", variant)
    assert day is not None
    return with_variant(f"{game}@{day.isoformat()}", variant)


def with_variant(gid: str, variant: str) -> str:
    """The id ``gid`` of a variation: ``gid~variant`` (``gid`` itself when ``variant`` is "")."""
    return f"{gid}{VARIANT_MARK}{variant}" if variant else gid


def parse_variant_id(text: str) -> tuple[str, str | None, _dt.date | None, str]:
    """(game, seed, day, variation code) of an id; the code is "" for the game as it is."""
    cut = min((i for i in (text.find("#"), text.find("@")) if i >= 0), default=-1)
    if cut < 0:
        raise UsageError(
            f"{text!r} is not a game id", hint="ids look like long-way#picnic or long-way@2026-11-22"
        )
    game, mark, rest = text[:cut], text[cut], text[cut + 1 :]
    check_slug(game)
    rest, code = split_variant(rest)
    if mark == "#":
        return game, normalise_seed(rest), None, code
    return game, None, parse_day(rest), code


def parse_game_id(text: str) -> tuple[str, str | None, _dt.date | None]:
    """Split ``game#seed`` or ``game@date`` into (game, seed, day), leaving out any variation (which
    :func:`parse_variant_id` gives too).

    A slug never contains '#' or '@', so the first of them ends the game's name; the seed is normalised,
    so ``parse_game_id`` and ``game_id`` are inverse on normalised ids.
    """
    return parse_variant_id(text)[:3]


# ---------------------------------------------------------------- the generator


def words(gid: str, stream: str) -> Iterator[int]:
    """The endless sequence of 32-bit words for (game id, stream name).

    Block i (i = 0, 1, 2, ...) is SHA-256 of the UTF-8 bytes of
    ``"rollwrite-dice-1" NUL <game id> NUL <stream> NUL <i in decimal>``; each block gives eight
    big-endian unsigned 32-bit words, used in order.
    """
    prefix = _prefix(gid, stream)
    i = 0
    while True:
        yield from _block(prefix, i)
        i += 1


_WORDS = struct.Struct(">8I")


def _prefix(gid: str, stream: str) -> bytes:
    return b"\x00".join((ALGORITHM.encode(), gid.encode("utf-8"), stream.encode("utf-8"))) + b"\x00"


def _block(prefix: bytes, i: int) -> tuple[int, ...]:
    """The eight words of block ``i`` (see :func:`words`)."""
    return _WORDS.unpack(hashlib.sha256(prefix + str(i).encode("ascii")).digest())


def roll(gid: str, stream: str, sides: int, n: int) -> tuple[int, ...]:
    """The first ``n`` rolls of a fair die with ``sides`` faces (1..sides) for this stream.

    Unbiased by rejection: a word w is used only when w < 2**32 - (2**32 mod sides), giving
    ``w mod sides + 1``; otherwise it is skipped.
    """
    if not 2 <= sides <= MAX_SIDES:
        raise UsageError(f"a die needs 2 to {MAX_SIDES} sides, not {sides}")
    return _roll(_prefix(gid, stream), sides, n)


def _roll(prefix: bytes, sides: int, n: int) -> tuple[int, ...]:
    """:func:`roll` for the stream whose blocks start with ``prefix`` (``sides`` already checked)."""
    if n <= 0:
        return ()
    limit = 2**32 - (2**32 % sides)
    if n <= 8:  # nearly always: the first block holds them all, none rejected
        first = _block(prefix, 0)[:n]
        if max(first) < limit:
            return tuple([w % sides + 1 for w in first])
    out: list[int] = []
    i = 0
    while True:  # the words of :func:`words`, a block at a time
        for w in _block(prefix, i):
            if w < limit:
                out.append(w % sides + 1)
                if len(out) == n:
                    return tuple(out)
        i += 1


# ---------------------------------------------------------------- schedules


@dataclass(frozen=True, slots=True)  # a dataclass: game packages replace() its fields
class DiceSpec:
    """The shape of a game's dice schedule, read from the ``dice:`` section of its layout.

    ``groups`` names independent runs of turns (a single unnamed group, the floors of a café, one per
    player); each group has ``turns`` turns of ``count`` dice with ``sides`` faces.  ``rerolls`` is how many
    reserve values each die gets per turn for paid rerolls.
    """

    count: int
    sides: int = 6
    turns: int = 1
    labels: tuple[str, ...] = ()
    groups: tuple[str, ...] = ("",)
    rerolls: int = 0

    def die_label(self, k: int) -> str:
        return self.labels[k] if k < len(self.labels) else f"die {k + 1}"


class Turn(Value):
    group: int  # 1-based
    number: int  # 1-based within its group
    dice: tuple[int, ...]
    rerolls: tuple[tuple[int, ...], ...] = ()  # per die: its reserve, used in order


class Schedule(Value):
    game: str
    id: str
    spec: DiceSpec
    turns: tuple[Turn, ...]
    seed: str | None = None
    day: str | None = None  # ISO date for a daily challenge

    def group(self, g: int) -> list[Turn]:
        """The turns of group ``g`` (1-based) in order."""
        return [t for t in self.turns if t.group == g]

    def turn(self, g: int, number: int) -> Turn:
        return self.group(g)[number - 1]

    def to_json(self) -> dict:
        """A JSON-ready dict: game, id, seed, date, algorithm, dice, groups and turns (each with its
        ``dice`` and, when the game has a reserve, ``rerolls``: one list per die)."""
        spec = self.spec
        return {
            "game": self.game,
            "id": self.id,
            "seed": self.seed,
            "date": self.day,
            "algorithm": ALGORITHM,
            "dice": {
                "count": spec.count,
                "sides": spec.sides,
                "labels": [spec.die_label(k) for k in range(spec.count)],
                "rerolls": spec.rerolls,
            },
            "groups": [g for g in spec.groups],
            "turns": [
                {
                    "group": t.group,
                    "group_name": spec.groups[t.group - 1],
                    "turn": t.number,
                    "dice": list(t.dice),
                    **({"rerolls": [list(r) for r in t.rerolls]} if spec.rerolls else {}),
                }
                for t in self.turns
            ],
        }


def stream_name(group: int, turn: int, reroll_die: int | None = None) -> str:
    """``g<group>/t<turn>`` for a turn's dice; ``g<group>/t<turn>/reroll/d<die>`` for a die's reserve."""
    base = f"g{group}/t{turn}"
    return base if reroll_die is None else f"{base}/reroll/d{reroll_die}"


def make_schedule(
    game: str, gid: str, spec: DiceSpec, *, seed: str | None = None, day: str | None = None, variant: str = ""
) -> Schedule:
    """The schedule of id ``gid``: for each group g and turn t, ``spec.count`` dice from stream
    ``g<g>/t<t>`` and, when ``spec.rerolls`` > 0, for die d a reserve of ``spec.rerolls`` values from
    stream ``g<g>/t<t>/reroll/d<d>``.  Each turn has its own streams, so a longer schedule (more turns,
    groups, dice or reserve values) starts with exactly the shorter one.  ``variant``, the code of the
    variation ``spec`` plays (``2d20``), is added to the schedule's id; the dice come from ``gid`` alone."""
    roll(gid, "", spec.sides, 0)  # the die's sides are checked once, here
    turns = []
    head = _prefix(gid, "")[:-1]  # every stream's prefix starts with the same bytes
    sides, count, reserve = spec.sides, spec.count, spec.rerolls
    for g in range(1, len(spec.groups) + 1):
        for t in range(1, spec.turns + 1):
            base = stream_name(g, t)
            dice = _roll(b"%s%s\x00" % (head, base.encode("utf-8")), sides, count)
            rerolls = tuple(
                _roll(b"%s%s/reroll/d%d\x00" % (head, base.encode("utf-8"), d), sides, reserve)
                for d in range(1, count + 1)
            ) if reserve else ()
            turns.append(Turn(g, t, dice, rerolls))
    return Schedule(game, with_variant(gid, variant), spec, tuple(turns), seed=seed, day=day)


# ---------------------------------------------------------------- deals (card games)


def below(stream: Iterator[int], n: int) -> int:
    """A uniform whole number 0..n-1 from the next words of ``stream`` (1 <= n <= 2**32), by the same
    rejection as a die: a word w is used only when w < 2**32 - (2**32 mod n), giving ``w mod n``."""
    limit = 2**32 - (2**32 % n)
    for w in stream:
        if w < limit:
            return w % n
    raise AssertionError("unreachable: the stream is endless")  # pragma: no cover


def shuffle(gid: str, stream: str, n: int) -> tuple[int, ...]:
    """The cards 1..n in the shuffled order of (game id, stream): a Fisher-Yates shuffle.

    Start from the list 1, 2, ..., n.  For i = n-1 down to 1 (0-based positions), take
    j = below(i + 1) from the stream's words and swap the cards at positions i and j.  The list then
    is the order, top card first.
    """
    if not 1 <= n <= 10_000:
        raise UsageError(f"a deck has 1 to 10000 cards, not {n}")
    deck = list(range(1, n + 1))
    ws = words(gid, stream)
    for i in range(n - 1, 0, -1):
        j = below(ws, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


class DealSpec(Value):
    """The shape of a card game's deal: a deck of ``cards`` cards, shuffled, of which the first
    ``start`` are laid out face up at the start, each upright or turned half round."""

    cards: int
    start: int = 4
    start_places: tuple[str, ...] = ()  # names of the start cards' places, for tables and sheets


class Deal(Value):
    game: str
    id: str
    spec: DealSpec
    order: tuple[int, ...]  # every card, top of the shuffled deck first
    turned: tuple[bool, ...]  # for each start card: True when it lies turned half round
    seed: str | None = None
    day: str | None = None

    @property
    def start(self) -> tuple[int, ...]:
        return self.order[: self.spec.start]

    @property
    def draws(self) -> tuple[int, ...]:
        """The cards drawn in play, in order."""
        return self.order[self.spec.start :]

    def place(self, k: int) -> str:
        places = self.spec.start_places
        return places[k] if k < len(places) else f"start card {k + 1}"

    def to_json(self) -> dict:
        """A JSON-ready dict: game, id, seed, date, algorithm, deck (cards, start), start (place, card,
        orientation for each start card) and draws (the cards drawn in play, in order)."""
        return {
            "game": self.game,
            "id": self.id,
            "seed": self.seed,
            "date": self.day,
            "algorithm": ALGORITHM,
            "deck": {"cards": self.spec.cards, "start": self.spec.start},
            "start": [
                {"place": self.place(k), "card": c, "orientation": "down" if t else "up"}
                for k, (c, t) in enumerate(zip(self.start, self.turned))
            ],
            "draws": list(self.draws),
        }


DECK_STREAM = "deck"
START_STREAM = "start"


def make_deal(game: str, gid: str, spec: DealSpec, *, seed: str | None = None, day: str | None = None,
              variant: str = "") -> Deal:
    """The deal of id ``gid``: the order is ``shuffle(gid, "deck", spec.cards)``; start card k (from 1)
    lies turned half round when roll k of a two-sided die from stream ``start`` is 2.  ``variant`` as for
    :func:`make_schedule`."""
    order = shuffle(gid, DECK_STREAM, spec.cards)
    turned = tuple(v == 2 for v in roll(gid, START_STREAM, 2, spec.start)) if spec.start else ()
    return Deal(game, with_variant(gid, variant), spec, order, turned, seed=seed, day=day)
