"""Typed-in sheets for the scoring benchmark, written by the games' own formatters.

    .venv/bin/python benchmarks/score_sheets.py FOLDER [--count 10000] [--games GAME ...]
                                                        # FOLDER/<game>-<count>/00001.txt ...

Every game's sheets are finished games of random legal play, made from a fixed seed (``random.Random``
seeded with a string, and the project's seeded dice and deals), so the folder holds the same bytes on
every machine:
  long-way            the automatic player (rollwrite.games.long_way.play), each game on the dice of
                      its own seed, with one of four pairs of gates;
  wobbly-cafe         all three floors filled from the 22 rolls each of a seed's schedule; each pair
                      goes to a random free mirror pair of spaces, either way round, or, for a player
                      who likes company, next to the most equal values (a mix, so groups vary);
  shelving-wars       2 to 4 players, mostly the 20 × 20 battlefield of 8 turns, sometimes smaller or
                      shorter, with or without the capture rule; each turn's 3d6 come from a seed's
                      schedule and are written as rolled on half of the sheets; a player builds a box
                      joined to their own (often the largest the dice allow, otherwise any), now and
                      then a floating shelf, until the turns run out or a player cannot build;
  lines-and-sections  a 3 × 3 to 8 × 8 board, 2 to 4 players: a random path drawn until it is stuck,
                      then sections shaded in turn (a safe one when there is one, a careless player
                      now and then shading a risky one) until one player is left;
  scrambled-streets   a seed's deal played to the end (all 44 cards), each card pushed into a random
                      edge of the city, either way up.
Each sheet is formatted, parsed, checked by the game's own check (it must break no rule) and
formatted again; the files cycle through the distinct sheets (200 per game).  Made once and kept in
FOLDER/<game>-<count>-<digest of this file>; such a folder with the right count is reused.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("long-way", "wobbly-cafe", "shelving-wars", "lines-and-sections", "scrambled-streets")
DISTINCT = 200
NAMES = ("Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lena", "Mira", "Ned", "Ola",
         "Pim", "Quinn", "Rosa", "Sam", "Tove", "Uma", "Vik", "Wren", "Yara", "Zed", "Anna-Lena", "Bram O'Neil")


# ---------------------------------------------------------------- The Long Way


def long_way_sheets(rng: random.Random, layout, g) -> list:
    from rollwrite.dice import make_schedule
    from rollwrite.games.long_way.format import Gate
    from rollwrite.games.long_way.play import play, schedule_dice

    spec = g.score_dice_spec(layout, None)
    gates = [(Gate(21, 8), Gate(6, 1)), (Gate(3, 1), Gate(45, 4)), (Gate(6, 1), Gate(45, 4)),
             (Gate(45, 4), Gate(21, 8))]
    out = []
    for i in range(DISTINCT):
        seed = f"bench-{rng.randrange(10**9)}"
        sched = make_schedule("long-way", f"long-way#{seed}", spec, seed=seed)
        a, b = rng.choice(gates)
        try:
            sheet = play(layout.data, schedule_dice(sched), style=str(i), entrance=a, exit=b)
        except Exception:  # a gate the player cannot use: try the next seed
            continue
        out.append(replace(sheet, log=None))
    return out


# ---------------------------------------------------------------- Wobbly Café


def wobbly_cafe_sheet(rng: random.Random, data, rolls: list[list[tuple[int, int]]], name: str):
    """Every floor filled from its rolls in order: each roll goes to a free mirror pair of spaces."""
    from rollwrite.games.wobbly_cafe.format import CafeSheet

    social = rng.random()  # how often this player puts a pair next to equal values
    floors = []
    for floor_rolls in rolls:
        grid: dict[tuple[int, int], int] = {}  # (row, grid column) -> value
        slots = [(r, k) for r, cols in enumerate(data.rows) for k in range(len(cols) // 2)]
        for a, b in floor_rolls:
            if rng.random() < 0.5:
                a, b = b, a
            if rng.random() < social:
                def company(slot, a=a, b=b):
                    r, k = slot
                    cols = data.rows[r]
                    here = 0
                    for v, c in ((a, cols[k]), (b, cols[len(cols) - 1 - k])):
                        here += sum(grid.get(n) == v for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
                    return here
                best = max(map(company, slots))
                choice = rng.choice([s for s in slots if company(s) == best])
            else:
                choice = rng.choice(slots)
            slots.remove(choice)
            r, k = choice
            cols = data.rows[r]
            grid[(r, cols[k])] = a
            grid[(r, cols[len(cols) - 1 - k])] = b
        floors.append(tuple(tuple(grid[(r, c)] for c in cols) for r, cols in enumerate(data.rows)))
    return CafeSheet(floors=tuple(floors), name=name)


def wobbly_cafe_sheets(rng: random.Random, layout, g) -> list:
    from rollwrite.dice import make_schedule

    spec = g.dice_spec(layout, 1)
    out = []
    for _ in range(DISTINCT):
        seed = f"bench-{rng.randrange(10**9)}"
        sched = make_schedule("wobbly-cafe", f"wobbly-cafe#{seed}", spec, seed=seed)
        rolls = [[(t.dice[0], t.dice[1]) for t in sched.group(f)] for f in range(1, layout.data.floors + 1)]
        name = rng.choice(NAMES) if rng.random() < 0.7 else ""
        out.append(wobbly_cafe_sheet(rng, layout.data, rolls, name))
    return out


# ---------------------------------------------------------------- Shelving Wars


def _joined_boxes(own: list, h: int, w: int):
    """Every box h × w that shares a corner and part of a side with one of ``own`` (or, with no box
    yet, nothing: the first box is placed at the corner)."""
    from rollwrite.games.shelving_wars.format import Box

    for o in own:
        for row in (o.row, o.row + o.h - h):  # left or right of o, top or bottom edges lined up
            yield Box(row, o.col - w, h, w)
            yield Box(row, o.col + o.w, h, w)
        for col in (o.col, o.col + o.w - w):  # above or below o
            yield Box(o.row - h, col, h, w)
            yield Box(o.row + o.h, col, h, w)


def shelving_wars_sheet(rng: random.Random, data, size: int, turns: int, players: int, capture: bool,
                        schedule, names: list[str], write_rolls: bool):
    from rollwrite.games.shelving_wars.format import Box, Player, Sheet, Shelf
    from rollwrite.games.shelving_wars.rules import Board, Placed, corner_square

    blank = Sheet(size, turns, 3, 6, capture, tuple(Player(n) for n in names))
    board = Board(blank, data.corners)
    taken = bytearray(size * size)
    played: list[list] = [[] for _ in range(players)]
    counts = [{"box": 0, "shelf": 0} for _ in range(players)]
    greed = [rng.random() for _ in range(players)]  # how often each player takes the largest box
    shelfy = [rng.random() * 0.15 if capture else rng.random() * 0.03 for _ in range(players)]

    def free(b: Box) -> bool:
        if b.row < 0 or b.col < 0 or b.row + b.h > size or b.col + b.w > size:
            return False
        return not any(taken[r * size + b.col:r * size + b.col + b.w].count(1)
                       for r in range(b.row, b.row + b.h))

    def place(k: int, item) -> None:
        kind = "box" if isinstance(item, Box) else "shelf"
        counts[k][kind] += 1
        board.add(Placed(k, counts[k][kind], item))
        played[k].append(item)
        if isinstance(item, Box):
            for r in range(item.row, item.row + item.h):
                taken[r * size + item.col:r * size + item.col + item.w] = b"\1" * item.w

    for t in range(turns):
        for k in range(players):
            dice = tuple(schedule.turn(k + 1, t + 1).dice)
            rolled = dice if write_rolls else ()
            sizes = sorted({(dice[i], dice[j]) for i in range(3) for j in range(3) if i != j})
            own = [p.item for p in board.boxes if p.player == k]
            options = []
            for h, w in sizes:
                if own:
                    cands = set(_joined_boxes(own, h, w))
                else:
                    cr, cc = corner_square(data.corners[k], size)
                    cands = {Box(cr if cr == 0 else cr - h + 1, cc if cc == 0 else cc - w + 1, h, w)}
                options += sorted((b for b in cands if free(b)), key=lambda b: (b.row, b.col, b.h, b.w))
            options = [b for b in options if not board.box_problems(k, b)]
            if own and rng.random() < shelfy[k]:
                corners = sorted({pt for b in own for pt in b.corners()})
                shelves = [Shelf(x, y, dx, dy, n) for x, y in corners for n in sorted(set(dice))
                           for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
                shelves = [s for s in shelves if not board.shelf_problems(k, s)]
                if shelves:
                    place(k, replace(rng.choice(shelves), rolled=rolled))
                    continue
            if not options:  # the player cannot build: the game ends here
                return Sheet(size, turns, 3, 6, capture, tuple(Player(n, tuple(p)) for n, p in zip(names, played)))
            if rng.random() < greed[k]:
                most = max(b.area for b in options)
                options = [b for b in options if b.area == most]
            place(k, replace(rng.choice(options), rolled=rolled))
    return Sheet(size, turns, 3, 6, capture, tuple(Player(n, tuple(p)) for n, p in zip(names, played)))


def shelving_wars_sheets(rng: random.Random, layout, g) -> list:
    from rollwrite.dice import make_schedule
    from rollwrite.games.shelving_wars.data import as_data, dice_shape

    data = as_data(layout.data)
    out = []
    for i in range(DISTINCT):
        players = rng.choice((2, 2, 2, 2, 3, 4))
        size = 20 if rng.random() < 0.7 else rng.choice((10, 12, 14, 16, 18))
        turns = 8 if rng.random() < 0.8 else rng.choice((5, 6, 10))
        capture = rng.random() < 0.5
        seed = f"bench-{rng.randrange(10**9)}"
        spec = dice_shape(getattr(layout, "dice", None), 3, 6, turns, players)
        sched = make_schedule("shelving-wars", f"shelving-wars#{seed}", spec, seed=seed)
        names = rng.sample(NAMES, players)
        out.append(shelving_wars_sheet(rng, data, size, turns, players, capture, sched, names, i % 2 == 0))
    return out


# ---------------------------------------------------------------- Lines & Sections


def lines_and_sections_sheets(rng: random.Random, layout, g) -> list:
    from rollwrite.games.lines_and_sections.format import Game, Shade
    from rollwrite.games.lines_and_sections.rules import board, referee
    from rollwrite.games.lines_and_sections.solve import Picker, random_path

    out = []
    for _ in range(DISTINCT):
        size = rng.choice((3, 4, 4, 5, 5, 5, 5, 6, 6, 7, 8))
        players = tuple(rng.sample(NAMES, rng.choice((2, 2, 2, 3, 4))))
        b = board(size)
        seed = f"bench-{rng.randrange(10**9)}"
        path = tuple(b.xy(p) for p in random_path(b, Picker(f"lines-and-sections#{seed}", "path"),
                                                  lookahead=rng.random() < 0.7))
        named = rng.random() < 0.5
        careless = rng.random() * 0.2
        shades: list = []
        while True:
            res = referee(Game(size, players, path, tuple(shades)))
            assert not res.problems, res.problems
            if res.phase == "over":
                break
            safe, unshaded = res.safe_sections(), res.unshaded()
            pick = rng.choice(safe if safe and rng.random() >= careless else unshaded)
            square = b.square_xy(rng.choice(res.sections.squares[pick]))
            shades.append(Shade(square, players[res.to_move] if named else None))
        out.append(Game(size, players, path, tuple(shades)))
    return out


# ---------------------------------------------------------------- Scrambled Streets


def scrambled_streets_sheets(rng: random.Random, layout, g) -> list:
    from rollwrite.games.scrambled_streets.solve import play

    out = []
    for _ in range(DISTINCT):
        seed = f"bench-{rng.randrange(10**9)}"
        game, _ = play(layout.data, f"scrambled-streets#{seed}", len(layout.data.cards), greedy=False)
        if rng.random() < 0.6:
            game = replace(game, names=tuple(rng.sample(NAMES, 2)))
        out.append(game)
    return out


MAKERS = {
    "long-way": long_way_sheets,
    "wobbly-cafe": wobbly_cafe_sheets,
    "shelving-wars": shelving_wars_sheets,
    "lines-and-sections": lines_and_sections_sheets,
    "scrambled-streets": scrambled_streets_sheets,
}


def distinct_sheets(game: str) -> list[str]:
    """The game's distinct legal sheets as typed-in text (formatted, parsed, checked, formatted again)."""
    from rollwrite import games
    from rollwrite.errors import RollwriteError
    from rollwrite.layoutlang.layout import load_builtin

    g, layout = games.get(game), load_builtin(game)
    rng = random.Random(f"bench-{game}")
    legal: list[str] = []
    for sheet in MAKERS[game](rng, layout, g):
        try:
            parsed = g.parse(g.format(sheet, layout.data), "bench", layout.data)
        except RollwriteError as err:
            raise SystemExit(f"{game}: a generated sheet does not parse: {err}")
        problems = list(g.evaluate(parsed, layout.data, None).problems)
        if problems:
            raise SystemExit(f"{game}: a generated sheet breaks a rule: {problems[0]}")
        legal.append(g.format(parsed, layout.data))
    if len(set(legal)) < len(legal):
        raise SystemExit(f"{game}: {len(legal) - len(set(legal))} generated sheets are the same")
    return legal


def make_folder(game: str, count: int, cache: Path) -> Path:
    # named after this file's own content too, so sheets made by an older version are never reused
    made_by = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
    folder = cache / f"{game}-{count}-{made_by}"
    if folder.is_dir() and len(list(folder.iterdir())) == count:
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    t0 = time.process_time()
    sheets = distinct_sheets(game)
    width = len(str(count))
    for i in range(count):
        (folder / f"{i + 1:0{width}d}.txt").write_text(sheets[i % len(sheets)], encoding="utf-8")
    print(f"{game}: {count:,} files from {len(sheets)} distinct legal sheets in {folder} "
          f"({time.process_time() - t0:.1f} s of CPU)", file=sys.stderr)
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--games", nargs="+", choices=GAMES, default=GAMES)
    args = ap.parse_args()
    for game in args.games:
        make_folder(game, args.count, args.folder)


if __name__ == "__main__":
    main()
