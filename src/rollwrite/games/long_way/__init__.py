"""The Long Way: wall in a 7x7 furniture store so the customers' shortest path passes the most displays.

The chart data is in data.py, the typed-in sheet in format.py, the path, checks and log replay in
rules.py, an automatic player in play.py, and the sheet's tile chart, display legend and pictures in
sheet.py.  docs/rules/long-way.md has every reading of the rules.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from rollwrite.dice import DiceSpec
from rollwrite.errors import UsageError
from rollwrite.games.base import ElementType, Evaluation, Game, Puzzle
from rollwrite.layoutlang.nodes import Node
from rollwrite.numbers import plain_number

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.games.entry import Entry
    from rollwrite.games.long_way.data import Chart
    from rollwrite.dice import Schedule
    from rollwrite.games.long_way.format import Sheet

# Only the class is made here: the data, the typed-in format, the rules, the sheet's drawing and the
# solver are imported by the method that needs them (3 to 40 ms each): `rollwrite games` needs none of
# them and `print` only the data.

#: the dice a log is checked against when the layout has no ``dice:`` section
DEFAULT_DICE = DiceSpec(count=2, sides=6, turns=40, labels=("light", "dark"), rerolls=6)
SYMBOL_NAMES = ("chair", "shelf", "lamp", "bed", "desk", "sofa")


class LongWay(Game["Sheet", "Chart"]):
    slug = "long-way"
    title = "The Long Way"
    summary = "wall in a furniture store so the shoppers' shortest path passes the most displays"
    players = (1, 200)
    can_score = True
    can_puzzle = True
    #: ``finish`` (1): the finish-the-store puzzle (finish.py) instead of the whole game's
    puzzle_options = frozenset({"finish"})

    # ---- layout
    def load_data(self, node: Node | None) -> Chart:
        # deferred for start-up: `games` needs this module, not games.long_way.data
        from rollwrite.games.long_way.data import load_chart

        return load_chart(node, SYMBOL_NAMES)

    def element_types(self) -> dict[str, ElementType]:
        # deferred for start-up: `games` needs this module, not games.long_way.sheet
        from rollwrite.games.long_way.sheet import element_types

        return element_types()

    def score_dice_spec(self, layout: Any, sheet: Sheet) -> DiceSpec | None:
        return getattr(layout, "dice", None) or DEFAULT_DICE

    # ---- typed-in sheets
    def parse(self, text: str, source: str, data: Chart) -> Sheet:
        # deferred for start-up: `print long-way`, `games`, `print long-way` need this module, not this import
        from rollwrite.games.long_way.format import parse

        return parse(text, source)

    def format(self, sheet: Sheet, data: Chart) -> str:
        # deferred for start-up: `print long-way`, `games`, `print long-way` need this module, not this import
        from rollwrite.games.long_way.format import format_sheet

        return format_sheet(sheet)

    def entry(self) -> Entry[Sheet, Chart]:
        # deferred for start-up: only the desk needs it
        from rollwrite.games.long_way.entry import LongWayEntry

        return LongWayEntry()

    def evaluate(self, sheet: Sheet, data: Chart, schedule: Schedule | None) -> Evaluation:
        # deferred for start-up: `print long-way`, `games`, `print long-way` need this module, not this import
        from rollwrite.games.long_way.data import as_chart
        from rollwrite.games.long_way.rules import evaluate

        return evaluate(sheet, as_chart(data), schedule)

    # ---- solo puzzles
    def puzzle_layout(self, layout: Any, options: dict[str, int | None]) -> Any:
        """The free-play layout with the solo rules: one player, every roll printed, what par means in
        place of the solo rating (elements ``players``, ``rules`` and ``rating``); the finish puzzle's
        (``finish``) say that the store is given and two rolls finish it, and that its par is proven."""
        # deferred for start-up: `games` and `print long-way` need this module, not this import
        from rollwrite.valueclass import replace

        base = super().puzzle_layout(layout, {k: v for k, v in options.items() if k != "finish"})
        if options.get("finish"):  # the finish puzzle's own texts (finish.py), free play's none
            texts = {"players": FINISH_PLAYERS, "rules": FINISH_RULES, "rating": FINISH_PAR, "heading": FINISH_HEADING}
            return dataclasses.replace(base, sheet=replace(base.sheet, elements=tuple(
                replace(el, value=replace(el.value, text=texts[el.id])) if el.id in texts else el
                for el in base.sheet.elements)))
        # deferred for start-up: `games` and `print long-way` need this module, not this import
        from rollwrite.draw.elements import PuzzleNotesV

        texts = {"players": SOLO_PLAYERS, "rules": SOLO_RULES}
        elements: list[Any] = []
        for el in base.sheet.elements:
            if el.id in texts:
                elements.append(replace(el, value=replace(el.value, text=texts[el.id])))
            elif el.id == "rating":  # what par means (on the answer page, why it scores par) in its place
                v = el.value
                elements.append(replace(el, type="puzzle-notes", value=PuzzleNotesV(
                    v.width, RATING_ROOM, v.size, MIN_NOTES, v.leading, v.font, "par")))
            else:
                elements.append(el)
            if el.id == "rules":  # what the label means, in the room under the rules
                v = el.value
                elements.append(replace(el, id="difficulty", type="puzzle-notes", at=(el.at[0], LABEL_AT),
                                        value=PuzzleNotesV(v.width, LABEL_ROOM, v.size, MIN_NOTES, 1.15, v.font,
                                                           "difficulty")))
        return dataclasses.replace(base, sheet=replace(base.sheet, elements=tuple(elements)))

    def difficulty_meaning(self, puzzle: Puzzle) -> str:
        """The whole game's puzzle in its ladder's words (ladder.py); the finish puzzle's page says its own."""
        if puzzle.extra.get("kind") == "finish":
            return ""
        # deferred for start-up: only a puzzle's page needs the ladder's words
        from rollwrite.difficulty import ladder_meaning
        from rollwrite.games.long_way.ladder import LADDER, NEAR

        return ladder_meaning(puzzle.grade, LADDER, NEAR)

    def par_notes(self, puzzle: Puzzle) -> list[str]:
        """What par means; the whole game's bound comes from a relaxation, far above any store."""
        notes = super().par_notes(puzzle)
        if notes and puzzle.extra.get("kind") != "finish" and not puzzle.par_proven and puzzle.bound is not None:
            notes.append("That bound is proven but far above what any store reaches.")
        return notes

    def answer_notes(self, puzzle: Puzzle) -> list[str]:
        """Why the answer scores par: the path drawn, the score boxes, the rerolls and the stop."""
        return [f"**Why it scores {plain_number(puzzle.par)}:** the grey line is the shoppers' path: "
                "displays on it less empty spaces, as the boxes above say. Rerolls and the stop are "
                "written beside the rolls."] if puzzle.par is not None else []

    def make_puzzle(self, layout: Any, challenge: str, schedule: Schedule | None, options: dict[str, int], *,
                    jobs: int = 1) -> Puzzle:
        # deferred for start-up: `print long-way` and 3 more commands need this module, not this import
        from rollwrite.games.long_way.data import as_chart

        if schedule is None:
            raise UsageError("a Long Way puzzle needs the challenge's dice")
        chart = as_chart(layout.data)
        if options.get("finish"):
            # deferred for start-up: `print long-way` and 3 more commands need this module, not this import
            from rollwrite.games.long_way.finish import graded_finish, make_puzzle as make_finish

            return graded_finish(make_finish(chart, challenge, schedule))
        # deferred for start-up: `print long-way` and 3 more commands need this module, not this import
        from rollwrite.games.long_way.solve import make_puzzle

        return graded(make_puzzle(chart, challenge, schedule, jobs=jobs), chart)

    def puzzle_kind(self, options: dict[str, int]) -> str:
        return "finish" if options.get("finish") else ""

    def puzzle_options_of(self, sheet: Sheet) -> dict[str, int]:
        return {"finish": 1} if sheet.puzzle == "finish" else {}

    def puzzle_given(self, puzzle: Puzzle) -> dict[str, str | int]:
        """A finish puzzle's store: the automatic player's style, its turns and the rolls left."""
        if puzzle.extra.get("kind") != "finish":
            return {}
        return {k: puzzle.extra[k] for k in ("kind", "style", "turns", "rolls")}

    def evaluate_puzzle(self, puzzle: Puzzle, sheet: Sheet, data: Chart) -> Evaluation:
        """A finish puzzle's answer must also start from its store: the automatic player's turns, as
        they were, before its own (finish.py)."""
        evaluation = self.evaluate(sheet, data, puzzle.schedule)
        finish = sheet.puzzle == "finish" or puzzle.extra.get("kind") == "finish"
        if not finish or not evaluation.valid or puzzle.schedule is None:
            return evaluation
        # deferred for start-up: `print long-way` and 3 more commands need this module, not these imports
        from rollwrite.games.long_way.data import as_chart
        from rollwrite.games.long_way.finish import start_problems

        problems = start_problems(sheet, as_chart(data), puzzle.schedule, puzzle)
        return dataclasses.replace(evaluation, problems=(*evaluation.problems, *problems))


#: what a solo puzzle prints in place of the free-play texts (layout elements ``players``, ``rules``,
#: ``rating``)
SOLO_PLAYERS = "A puzzle for one: every roll is printed below, with its rerolls. Reach par."
SOLO_RULES = (
    "**Setup.** Draw the entrance and the exit on any two edge spaces: an arrow through the outer wall. "
    "Your coin box starts empty.\n"
    "**Each turn** take the next roll printed below: the light die picks the row of the tile chart (the "
    "shape), the dark die its column (the walls). Cross out one coin to reroll one die: its new number is "
    "the next unused one of that die's printed reserve. Then do one of these:\n"
    "- **Draw the tile** exactly as charted (never turned) on empty spaces: its walls, and a dot on each of "
    "its spaces without a wall. Draw a display on one of its spaces: the furniture of either die. If that "
    "display touches a cafeteria, or an earlier display of the same furniture, with no wall between them "
    "(a wall with a doorway does not count), take one bonus from the menu.\n"
    "- **Draw a cafeteria** instead: the fork over two side-by-side empty spaces, no walls, no display. "
    "Two per game at most.\n"
    "- **Stop**: the game ends here, whatever rolls are left; it often pays, as every empty space on the "
    "route costs a point."
)
#: where a puzzle page's notes go (mm): what par means in the free-play rating's place, 11.5 mm tall;
#: what the difficulty label means under the rules, from LABEL_AT down LABEL_ROOM (to the bonus menu); both at least
#: MIN_NOTES pt, 9 pt in large print (tests/puzzles/test_puzzle_words.py holds every label's words to that room)
RATING_ROOM, LABEL_AT, LABEL_ROOM, MIN_NOTES = 11.5, 66.2, 7.6, 6.4


#: the finish puzzle's texts in their place (finish.py)
FINISH_PLAYERS = "A puzzle for one: finish the store drawn below in two rolls. Reach par."
FINISH_HEADING = "The store as given: finish it in two rolls."
FINISH_RULES = (
    "**The store is given**, drawn on the rolls ticked below, its coins in the coin box. **Play the next "
    "two rolls** printed below, or stop sooner.\n"
    "**Each turn** the light die picks the row of the tile chart (the shape), the dark die its column (the "
    "walls). Cross out one coin to reroll one die: its new number is the next unused one of that die's "
    "printed reserve. Then do one of these:\n"
    "- **Draw the tile** exactly as charted (never turned) on empty spaces: its walls, and a dot on each of "
    "its spaces without a wall. Draw a display on one of its spaces: the furniture of either die. If that "
    "display touches a cafeteria, or an earlier display of the same furniture, with no wall between them "
    "(a wall with a doorway does not count), take one bonus from the menu.\n"
    "- **Draw a cafeteria** instead: the fork over two side-by-side empty spaces. Two per game at most.\n"
    "- **Stop**: the game ends here; it may pay, as every empty space on the route costs a point."
)
FINISH_PAR = ("Par (top right) is proven: no finish of the two rolls scores more. Easy: one of the two "
              "first turns that score most at once leads to par; medium: one of the best seven; hard: none.")


def graded(puzzle: Any, chart: Any) -> Any:
    """The puzzle with its difficulty, and how many turns its answer plays (``extra["played"]``, which
    the roll track ticks on the answer page).  The difficulty: its place on the game's ladder
    (ladder.py)."""
    # deferred for start-up: `print long-way` and 3 more commands need this module, not this import
    from rollwrite.games.long_way.ladder import grade

    graded = grade(chart, puzzle.schedule, puzzle.par)
    # the turns the answer plays before it stops, ticked off on its page
    played = sum(1 for t in puzzle.answer.log or () if t.action != "stop")
    return dataclasses.replace(puzzle, difficulty=graded.level, grade=graded.to_json(),
                               extra={**puzzle.extra, "played": played, "turn_notes": turn_notes(puzzle.answer)})


def turn_notes(sheet: Any) -> dict[int, str]:
    """What the answer page writes beside a turn's roll, in place of its reserves: the dice it rerolled
    (``rerolled light to 4``) and the turn it stops on (``STOP``)."""
    notes = {}
    for t in sheet.log or ():
        if t.action == "stop":
            notes[t.number] = "STOP"
        elif t.rerolls:
            # in words for one or two rerolls, as the puzzle page's reserves (l, d) for more: it keeps to its column
            words = [f"{('light', 'dark')[die]} to {value}" if len(t.rerolls) <= 2 else f"{'ld'[die]} {value}"
                     for die, value in t.rerolls]
            notes[t.number] = "rerolled " + ", ".join(words)
    return notes
