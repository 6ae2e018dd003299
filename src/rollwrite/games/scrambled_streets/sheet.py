"""Drawing Scrambled Streets: card faces and backs, a city, the deal sheet and the score log.

Everything is drawn through the scene's Pen, in mm.  Streets are cubic Bézier curves that leave each
point straight into the card, so a street runs on smoothly across the seam to the next card.  Each
colour prints apart in greyscale: black is solid, white is a white band between two black edges, gray
is a mid-gray band with a dashed white centre line.  Every street is drawn over a thin white casing,
so where two streets cross on one card the upper one visibly passes over the lower: they do not join.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from rollwrite.draw.elements import MIN_TEXT, ParagraphV, fit_size, paragraph_lines
from rollwrite.draw.metrics import text_width
from rollwrite.draw.scene import PT, Pen
from rollwrite.games.base import ElementType
from rollwrite.games.scrambled_streets.data import Deck, Street, street_curve
from rollwrite.layoutlang.nodes import Node, Reader

FRAME = "#9a9a9a"
HIGHLIGHT = "#d9d9d9"


def draw_street(pen: Pen, deck: Deck, s: Street, bleed: float = 0.0) -> None:
    start, pieces = street_curve(deck, s, bleed)
    w = deck.street
    style = deck.styles[s.colour]
    pen.curve(start, pieces, width=w + 1.6, stroke="#ffffff", cap="butt")
    pen.curve(start, pieces, width=w, stroke=style.edge, cap="butt")
    if style.fill != style.edge:
        pen.curve(start, pieces, width=w - 1.1, stroke=style.fill, cap="butt")
    if style.centre:
        pen.curve(start, pieces, width=0.45, stroke=style.centre, cap="butt", dash=(2.2, 1.6))


SAFE = 3.175  # mm: the safe area inside a card's cut (1/8 in)


def draw_card(pen: Pen, deck: Deck, number: int, *, turned: bool = False, scale: float = 1.0,
              frame: str | None = FRAME, fill: str | None = None, label: bool = True, bleed: float = 0.0) -> None:
    """Card ``number`` filling the cell whose top-left corner is at the pen's origin, drawn at
    ``scale``, upright or turned half round (its number then at the bottom right, upside down).  With a
    ``bleed`` (mm, a card cut out of a sheet) the background and the streets run on past the edge by that
    much and the frame is left off: the cut is the card's edge."""
    pen = pen.scaled(scale) if scale != 1.0 else pen
    w, h = deck.width, deck.height
    if turned:
        pen = pen.at(w, h).rotated(180)
    if fill:
        pen.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, width=0, stroke=None, fill=fill)
    card = deck.card(number)
    for s in card.streets:
        draw_street(pen, deck, s, bleed)
    if frame and not bleed:
        pen.rect(0, 0, w, h, width=0.25 / scale, stroke=frame, radius=deck.corner)
    if label:
        # small cards: the number stays readable (two digits, drawn at 0.85, no smaller than MIN_TEXT)
        size = max(8.0, MIN_TEXT / 0.85 / scale)
        r = size * PT * 0.95
        # the number and its ring inside the safe area of a card cut with a bleed: 1/8 in (3.175 mm), as
        # print-on-demand shops ask, and the ring's line
        cx = cy = r + (SAFE + 0.15) / scale
        pen.circle(cx, cy, r, width=0.2 / scale, stroke="#111111", fill="#ffffff")
        shown = size * (0.85 if number >= 10 else 1)
        pen.text(cx, cy + size * PT * 0.36, str(number), size=shown, font="bold", anchor="middle")
        if number in (6, 9):  # a card lies either way up: the line tells 6 from 9
            u = text_width(str(number), shown, "bold") / 2
            pen.line(cx - u, cy + size * PT * 0.5, cx + u, cy + size * PT * 0.5, width=0.25 / scale, color="#111111")


def draw_back(pen: Pen, deck: Deck, title: str, scale: float = 1.0, bleed: float = 0.0) -> None:
    """The back every card shares: a street grid and the game's name.  It is the same when turned or
    mirrored, so a back printed slightly off on the other side of the paper still gives nothing away."""
    w, h = deck.width * scale, deck.height * scale
    pen.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, width=0, stroke=None, fill="#e6e6e6")
    inset = 4.0 * scale
    pen.rect(inset, inset, w - 2 * inset, h - 2 * inset, width=0.6 * scale, stroke="#555555",
             radius=deck.corner * scale)
    for k in (1, 2, 3):
        y = h * k / 4
        pen.line(inset, y, w - inset, y, width=2.2 * scale, color="#ffffff")
    for k in (1, 2):
        x = w * k / 3
        pen.line(x, inset, x, h - inset, width=2.2 * scale, color="#ffffff")
    bw = w - 2 * inset - 6 * scale
    size = fit_size(title, 13 * scale, "bold", bw)
    pen.rect(inset + 3 * scale, h / 2 - size * PT * 1.1, bw, size * PT * 2.0, width=0.4 * scale,
             stroke="#111111", fill="#ffffff")
    pen.text(w / 2, h / 2 + size * PT * 0.35, title, size=size, font="bold", anchor="middle")


def city_scale(deck: Deck, rows: int, cols: int, box_w: float, box_h: float, gap: float = 0.0) -> float:
    return min((box_w - gap * (cols - 1)) / (cols * deck.width), (box_h - gap * (rows - 1)) / (rows * deck.height))


def draw_city(pen: Pen, deck: Deck, cells: dict[tuple[int, int], tuple[int, bool]], box_w: float, box_h: float, *,
              path: Any = None, new_cell: tuple[int, int] | None = None, max_scale: float = 0.5,
              slots: list[tuple[tuple[int, int], str]] | None = None) -> float:
    """The city drawn to fit a box: cards at their places, the cells of ``path``'s streets shaded and
    ``new_cell`` framed heavily.  ``slots`` marks empty cells with a label (e.g. a puzzle's letters).
    Returns the scale used."""
    all_cells = list(cells) + [rc for rc, _ in (slots or [])]
    r0 = min(r for r, _ in all_cells)
    c0 = min(c for _, c in all_cells)
    rows = max(r for r, _ in all_cells) - r0 + 1
    cols = max(c for _, c in all_cells) - c0 + 1
    scale = min(city_scale(deck, rows, cols, box_w, box_h), max_scale)
    cw, ch = deck.width * scale, deck.height * scale
    ox = (box_w - cols * cw) / 2
    oy = (box_h - rows * ch) / 2
    on_path = {card for card, _ in path.streets} if path is not None else set()
    for (r, c), (card, turned) in sorted(cells.items()):
        at = pen.at(ox + (c - c0) * cw, oy + (r - r0) * ch)
        draw_card(at, deck, card, turned=turned, scale=scale, fill=HIGHLIGHT if card in on_path else None)
    for (r, c), label in slots or []:
        x, y = ox + (c - c0) * cw, oy + (r - r0) * ch
        pen.rect(x + 0.6, y + 0.6, cw - 1.2, ch - 1.2, width=0.3, stroke="#555555", dash=(1.2, 1.0))
        pen.text(x + cw / 2, y + ch / 2 + 2, label, size=fit_size(label, 12, "bold", cw - 2), font="bold",
                 anchor="middle")
    if new_cell is not None:
        r, c = new_cell
        pen.rect(ox + (c - c0) * cw, oy + (r - r0) * ch, cw, ch, width=0.9, stroke="#000000")
    return scale


# ---------------------------------------------------------------- layout elements


@dataclass(frozen=True)
class CardV:
    w: float
    h: float


def _read_none(what: str):
    def read(node: Node, data: Any) -> CardV:
        Reader(node, what).done()
        return CardV(data.width, data.height)

    return read


def _build_face(v: CardV, pen: Pen, ctx: Any) -> None:
    deck: Deck = ctx.data
    if deck.has(ctx.player):
        draw_card(pen, deck, ctx.player, bleed=ctx.bleed)


def _build_back(v: CardV, pen: Pen, ctx: Any) -> None:
    draw_back(pen, ctx.data, ctx.layout.title, bleed=ctx.bleed)


@dataclass(frozen=True)
class BoxV:
    w: float
    h: float
    size: float


def _read_box(what: str):
    def read(node: Node, data: Any) -> BoxV:
        r = Reader(node, what)
        w, h = r.point("size")
        v = BoxV(w, h, r.number("text", 8.0, minimum=5, maximum=14))
        r.done()
        return v

    return read


def _build_log(v: BoxV, pen: Pen, ctx: Any) -> None:
    """The score log: every turn of the game in play order, in two blocks side by side (each headed by
    its turns, so neither reads as one player's), with room for the card, where it went and both
    players' points and running totals on each turn's row, so the finished log is the typed-in game."""
    deck: Deck = ctx.data
    turns = len(deck.cards) - 4
    per = -(-turns // 2)
    gap = 6.0
    bw = (v.w - gap) / 2
    head = v.size * PT * 4.0
    for blk in range(2):
        lo, hi = blk * per + 1, min((blk + 1) * per, turns)
        pen.text(blk * (bw + gap), v.size * PT * 1.1, f"Turns {lo} to {hi}, both players, in play order",
                 size=max(v.size * 0.95, MIN_TEXT), font="bold")
    rh = (v.h - head) / (per + 1)
    cols = [("turn", 0.11), ("card", 0.20), ("at a|b, push", 0.33), ("Black", 0.18), ("White", 0.18)]
    size = min(v.size, rh / PT * 0.62)
    for blk in range(2):
        x0 = blk * (bw + gap)
        x = x0
        for name, frac in cols:
            pen.text(x + frac * bw / 2, head - 1.2, name, size=max(size * 0.9, MIN_TEXT), font="bold", anchor="middle")
            x += frac * bw
        first = blk * per + 1
        rows = [("start", None)] + [(str(t), t) for t in range(first, min(first + per, turns + 1))]
        if blk == 1:
            rows = rows[1:]
        for k, (label, _) in enumerate(rows):
            y = head + k * rh
            pen.rect(x0, y, bw, rh, width=0.25, stroke="#666666", fill="#f2f2f2" if label == "start" else None)
            x = x0
            for _, frac in cols[:-1]:
                x += frac * bw
                pen.line(x, y, x, y + rh, width=0.2, color="#999999")
            pen.text(x0 + cols[0][1] * bw / 2, y + rh * 0.68, label, size=size, anchor="middle", color="#333333")


def _log_size(v: BoxV) -> tuple[float, float]:
    return (v.w, v.h)


def _build_deal(v: BoxV, pen: Pen, ctx: Any) -> None:
    """The deal of a seeded print: the starting city drawn and the order the cards are drawn in."""
    deal = ctx.schedule
    deck: Deck = ctx.data
    if deal is None or not hasattr(deal, "order"):
        return
    size = v.size
    pen.text(0, size * PT, "Deal: lay out the starting city, then stack the rest face down in this order.",
             size=size, font="bold")
    top = size * PT * 2.2
    city_h = min(v.h * 0.42, 2 * deck.height * 0.6)
    cells = {rc: (card, turned) for rc, card, turned in zip(((0, 0), (0, 1), (1, 0), (1, 1)), deal.start, deal.turned)}
    scale = draw_city(pen.at(0, top), deck, cells, v.w * 0.45, city_h, max_scale=0.6)
    tx = v.w * 0.5
    ty = top + 4
    pen.text(tx, ty, "Starting city", size=size, font="bold")
    for k, (card, turned) in enumerate(zip(deal.start, deal.turned)):
        pen.text(tx, ty + (k + 1) * size * PT * 1.5,
                 f"{deal.place(k)}: card {card} {'down (number at the bottom right)' if turned else 'up'}",
                 size=size)
    del scale
    y0 = top + city_h + size * PT * 2.5
    pen.text(0, y0, "Draw pile, top card first (turn: card)", size=size, font="bold")
    draws = deal.draws
    per_row = 8
    cw = v.w / per_row
    rh = size * PT * 1.9
    for k, card in enumerate(draws):
        r, c = divmod(k, per_row)
        x, y = c * cw, y0 + size * PT * 1.2 + r * rh
        pen.rect(x + 0.5, y, cw - 1, rh - 0.8, width=0.2, stroke="#777777")
        pen.text(x + 2, y + rh * 0.62, f"{k + 1}:", size=size * 0.8, color="#555555")
        pen.text(x + cw - 2.5, y + rh * 0.62, str(card), size=size, font="bold", anchor="end")


def element_types() -> dict[str, ElementType]:
    return {
        "scrambled-streets.card": ElementType(
            _read_none("a card face"), _build_face, lambda v: (v.w, v.h),
            "the face of the card whose number is the sheet's number in the print run", full_bleed=True),
        "scrambled-streets.back": ElementType(_read_none("a card back"), _build_back, lambda v: (v.w, v.h),
                                              "the back every card shares", full_bleed=True),
        "scrambled-streets.score-log": ElementType(_read_box("a score log"), _build_log, _log_size,
                                                   "the turn-by-turn score log for both players"),
        "scrambled-streets.deal": ElementType(_read_box("a deal"), _build_deal, _log_size,
                                              "a seeded print's deal: the starting city and the draw order"),
    }


ELEMENTS = element_types()


# ---------------------------------------------------------------- puzzles


def _runners_up(answer: Any) -> str:
    """``, and the next best score 7 (3 of them)``: how close the tempting wrong answers come."""
    rest = [s for s in answer.scores if s < answer.best]
    if not rest:
        return ""
    second = max(rest)
    n = rest.count(second)
    return f", and the next best score {second} ({n} of them)" if n > 1 else f", and the next best scores {second}"


def _wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` mm at ``size`` pt (words kept whole)."""

    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, "regular") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _path_line(path: Any) -> str:
    """Why the answer scores par: its path card by card, a street each (a card crossed twice named
    twice), and the loop's 2."""
    cards = " - ".join(str(card) for card, _ in path.streets)
    text = f"The path, street by street: {cards}: {path.length} streets"
    return text + (" + 2 for the loop" if path.loop else "") + f" = {path.value}."


def _notes(pen: Pen, puzzle: Any, y: float, size: float, step: float, width: float) -> float:
    """What par and the label mean, in the words every puzzle page uses (Game.puzzle_notes), from ``y``
    down; returns where they end."""
    # deferred for start-up: only a puzzle page needs the games' registry
    from rollwrite import games

    game = games.get(puzzle.game)
    notes = game.puzzle_notes(puzzle) if game is not None else []
    if notes and not puzzle.extra.get("hide_par"):
        notes[0] += " Exactly one placement reaches it: every placement was tried."
    for _, runs in paragraph_lines(ParagraphV("\n".join(notes), width, size, 1.0, "regular", "•")):
        x = 0.0
        for text, face in runs:
            pen.text(x, y, text, size=size, font=face)
            x += text_width(text, size, face)
        y += step
    return y


def _build_puzzle(v: BoxV, pen: Pen, ctx: Any) -> None:
    """A placement puzzle (ctx.puzzle) and, on an answer page (ctx.answer), its answer drawn: the city
    after the best placement, the new card framed and the cards of the scoring path shaded."""
    puzzle = getattr(ctx, "puzzle", None)
    if puzzle is None:
        return
    # deferred for start-up: `print scrambled-streets` and 1 more commands need this module, not this import
    from rollwrite.games.scrambled_streets.solve import place

    deck: Deck = ctx.data
    pos = puzzle.extra["position"]
    size = v.size
    lh = size * PT * 1.45
    who = "Black" if pos.player == "black" else "White"
    answer = getattr(ctx, "answer", None) is not None
    # deferred for start-up: `score scrambled-streets` needs this module, not buildcontext
    from rollwrite.buildcontext import SheetJob, puzzle_stamp

    title = puzzle_stamp(SheetJob(None, puzzle, ctx.answer))
    card_k = 0.45
    card_w, card_h = deck.width * card_k, deck.height * card_k
    text_w = v.w if answer else v.w - card_w - 6
    pen.text(0, size * PT * 1.6, title, size=fit_size(title, size * 1.6, "bold", text_w), font="bold")
    y = size * PT * 1.6 + lh * 1.2
    t = pos.totals
    lines = [f"After {len(pos.game.moves)} turns from the deal of {puzzle.challenge}:",
             f"Black {t['black']}, White {t['white']}.", puzzle.prompt]
    rules: list[tuple[str, str]] = []
    if not answer:
        colour = "black" if pos.player == "black" else "white"
        rules = [
            ("Placing.", "Pick an edge two touching cards share (A|B) and one of those two cards, P. Push P, "
             "and every card beyond it in its row or column, one space away from the edge; the new card "
             "goes into the space P left, up (its number at the top left) or turned half round (down)."),
            ("Scoring.", f"{who} scores the longest path in the whole city of {colour} and gray streets: a "
             "point for each street it runs along (a card crossed twice counts twice), and 2 more for a "
             "loop with no loose end. Streets that cross on a card do not meet."),
            ("Your answer.", f"Write it as {pos.card} WAY at A|B push P: the card, up or down, the edge "
             "it goes into (the two cards' numbers) and the card pushed away, one of A and B."),
        ]
    if answer:
        best = puzzle.extra["best"]
        lines = [f"Best: {best[0]}, scoring {puzzle.par} for {who}"
                 + (" (a loop)" if puzzle.extra["path"].loop else "") + ".",
                 (f"It is the only placement that scores {puzzle.par}" if len(best) == 1 else
                  f"{len(best)} placements score {puzzle.par}; the others: {', '.join(best[1:4])}"
                  + (" ..." if len(best) > 4 else "")) + f"; all {pos.answer.tried} placements were tried"
                 + _runners_up(pos.answer) + ".",
                 _path_line(puzzle.extra["path"]),
                 "Shaded: the cards the scoring path runs through. Framed: the new card."]
    for text in lines:
        pen.text(0, y, text, size=fit_size(text, size, "regular", text_w))
        y += lh
    for head, text in rules:  # the solo rules, in as many lines as the width leaves
        y += lh * 0.3
        for line in _wrap(f"{head} {text}", size * 0.9, text_w):
            pen.text(0, y, line, size=size * 0.9)
            y += lh * 0.9
    if not answer:
        y = _notes(pen, puzzle, y + lh * 0.3, size * 0.9, lh * 0.9, text_w)
    if not answer:
        cx = v.w - card_w
        pen.text(cx, size * PT * 1.6, f"{who} drew:", size=size, font="bold")
        draw_card(pen.at(cx, size * PT * 1.6 + 2), deck, pos.card, scale=card_k)
        pen.text(cx, size * PT * 1.6 + 4 + card_h + size * PT, "It goes in up or down.", size=size * 0.85)
        y = max(y, size * PT * 1.6 + 6 + card_h + size * PT * 1.5)
    y += 3
    box_h = v.h - y
    if answer:
        after, cell = place(pos.city, pos.card, puzzle.extra["placement"])
        draw_city(pen.at(0, y), deck, after.cells, v.w, box_h, path=puzzle.extra["path"], new_cell=cell,
                  max_scale=0.6)
    else:
        draw_city(pen.at(0, y), deck, pos.city.cells, v.w, box_h, max_scale=0.6)


ELEMENTS["scrambled-streets.puzzle"] = ElementType(
    _read_box("a puzzle"), _build_puzzle, _log_size,
    "a placement puzzle (the city and the drawn card) or, on an answer page, the best placement drawn")
