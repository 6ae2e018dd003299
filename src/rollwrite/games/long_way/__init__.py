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

            return graded_finish(make_finish(chart, challenge, schedule), chart)
        # deferred for start-up: `print long-way` and 3 more commands need this module, not this import
        from rollwrite.games.long_way.solve import make_puzzle

        return graded(make_puzzle(chart, challenge, schedule, jobs=jobs), chart)

    def puzzle_layout(self, layout: Any, options: dict[str, int | None]) -> Any:
        return self.vary(layout, {k: v for k, v in options.items() if k != "finish"}, 1)

    def puzzle_options_of(self, sheet: Sheet) -> dict[str, int]:
        return {"finish": 1} if sheet.puzzle == "finish" else {}

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

        problems = start_problems(sheet, as_chart(data), puzzle.schedule)
        return dataclasses.replace(evaluation, problems=(*evaluation.problems, *problems))


#: points of par the automatic player misses that part easy from medium and medium from hard
CUTS = (7, 10)


def graded(puzzle: Any, chart: Any) -> Any:
    """The puzzle with its difficulty, and how many turns its answer plays (``extra["played"]``, which
    the roll track ticks on the answer page).  The difficulty: how many points of par the automatic
    player misses (``play.play``, an average player: each tile at a place its fixed, hash-driven
    chooser picks among those that fit); see rollwrite.difficulty."""
    # deferred for start-up: `print long-way` and 3 more commands need this module, not this import
    from rollwrite.difficulty import by_count
    from rollwrite.games.long_way.play import play, schedule_dice
    from rollwrite.games.long_way.rules import score

    simple = score(play(chart, schedule_dice(puzzle.schedule)), chart).total
    # the turns the answer plays before it stops, ticked off on its page
    played = sum(1 for t in puzzle.answer.log or () if t.action != "stop")
    return dataclasses.replace(puzzle, difficulty=by_count(max(0, (puzzle.par or 0) - simple), CUTS),
                               extra={**puzzle.extra, "played": played})
