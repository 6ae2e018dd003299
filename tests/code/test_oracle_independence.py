"""The oracles stand alone: a plain version in tests/oracles/ is a second implementation of a game's
rules, so that a property test comparing it with production compares two.  The rule held here, over
every import statement of every file under tests/oracles/ (at the top, inside a function, or under
``if TYPE_CHECKING:``):

- no import of a game's rules or solvers: ``rollwrite.games.<game>.rules``, ``.solve`` (or anything
  below them), nor the game package itself (``rollwrite.games.<game>``, whose game object is the rules'
  entry point);
- what may be imported is what the rules are not: the typed-in sheet and its reading and naming
  (``rollwrite.games.<game>.format``), the layout's data (``.data``), ``rollwrite.games.base``'s result
  types (``Problem``, ``Score``) and number formatting, and the engine beneath the games.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ORACLES = Path(__file__).resolve().parents[1] / "oracles"
RULES = re.compile(r"^rollwrite\.games\.[a-z_]+(\.(rules|solve)(\..*)?)?$")
NOT_RULES = {"rollwrite.games.base"}


def rule_imports(path: Path) -> set[tuple[str, str]]:
    """(module, name) for every import of a game's rules or solvers in the file (name "*" for a plain
    ``import module``)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out |= {(a.name, "*") for a in node.names if RULES.match(a.name) and a.name not in NOT_RULES}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if RULES.match(node.module) and node.module not in NOT_RULES:
                out |= {(node.module, a.name) for a in node.names}
            elif node.module == "rollwrite.games":  # from rollwrite.games import long_way
                out |= {(f"rollwrite.games.{a.name}", "*") for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{path.name}: a relative import; name the module in full")
    return out


def test_no_oracle_imports_the_rules_it_checks():
    files = sorted(ORACLES.glob("**/*.py"))
    assert len(files) >= 6  # the five games' oracles and the measures
    found = {f.relative_to(ORACLES).as_posix(): rule_imports(f) for f in files}
    leaning = {name: names for name, names in found.items() if names}
    assert leaning == {}


def test_the_check_sees_each_way_of_importing(tmp_path):
    f = tmp_path / "o.py"
    f.write_text("import rollwrite.games.long_way.rules\n"
                 "from rollwrite.games.shelving_wars.solve import best\n"
                 "from rollwrite.games import wobbly_cafe\n"
                 "from rollwrite.games.lines_and_sections import LinesAndSections\n"
                 "from rollwrite.games.wobbly_cafe.data import CafeData\n"
                 "from rollwrite.games.base import Score\n"
                 "def later():\n"
                 "    from rollwrite.games.long_way.rules import weights\n", encoding="utf-8")
    assert rule_imports(f) == {
        ("rollwrite.games.long_way.rules", "*"), ("rollwrite.games.shelving_wars.solve", "best"),
        ("rollwrite.games.wobbly_cafe", "*"), ("rollwrite.games.lines_and_sections", "LinesAndSections"),
        ("rollwrite.games.long_way.rules", "weights")}
