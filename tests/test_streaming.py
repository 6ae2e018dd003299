"""Output that grows with pages is made a page at a time: a run of any length holds one page's scene.

``print --days N``, ``--players N``, ``--split`` and ``puzzle --days N`` draw each page when the backend
asks for it (PDF, SVG, PNG alike) and let it go before the next is made, so memory does not grow with
the run.  Each page is counted as it is made: when a page of the run is made, no earlier page may be
alive (beyond, with ``--high-contrast``, the one page being darkened into its copy).
"""

from __future__ import annotations

import gc
import inspect
import weakref

import pytest

from rollwrite import sheet
from rollwrite.core.printrun import print_scene, run_print
from rollwrite.core.puzzles import run_puzzle
from rollwrite.draw import scene as scene_module
from rollwrite.draw.scene import Page, Streamed
from searches import small_searches


#: where the pages of a run are made: a sheet's front and back, an extra page, a darkened copy
RUN_PAGES = {"front_page", "back_page", "extra_page", "_contrasted_pages", "high_contrast", "new_page"}


@pytest.fixture
def pages_alive(monkeypatch):
    """Counts, as each page of a run is made, how many pages made before it are still alive; returns
    the list of those counts (one a page)."""
    made: list[weakref.ref] = []  # pages are compared on their fields, so not hashed: a list of references
    counts: list[int] = []

    class Counted(Page):
        def __init__(self, *args, **kw) -> None:
            super().__init__(*args, **kw)
            if inspect.currentframe().f_back.f_code.co_name in RUN_PAGES:  # not a page measuring one element
                gc.collect()
                counts.append(sum(1 for ref in made if ref() is not None))
                made.append(weakref.ref(self))

    for module in (sheet, scene_module):  # both places a page of a run is made, before and since
        monkeypatch.setattr(module, "Page", Counted)
    return counts


CASES = [
    ("print", "long-way", {"daily": "2027-01-01", "days": 6}, "pdf"),
    ("print", "long-way", {"daily": "2027-01-01", "days": 5}, "svg"),
    ("print", "long-way", {"daily": "2027-01-01", "days": 4, "dpi": 20}, "png"),
    ("print", "long-way", {"daily": "2027-01-01", "days": 4, "split": True}, "pdf"),
    ("print", "wobbly-cafe", {"players": 7}, "pdf"),
    ("print", "shelving-wars", {"daily": "2027-01-01", "days": 4, "page": {"high_contrast": True}}, "svg"),
    ("print", "scrambled-streets", {"daily": "2027-01-01", "days": 3, "page": {"backs": True}}, "pdf"),
    ("puzzle", "wobbly-cafe", {"daily": "2027-01-01", "days": 3, "with_solutions": True, "per_page": "1"}, "pdf"),
    ("puzzle", "wobbly-cafe", {"daily": "2027-01-01", "days": 3, "with_solutions": True, "per_page": "1"}, "svg"),
]


@pytest.mark.parametrize("command,game,kw,fmt", CASES, ids=lambda c: str(c))
def test_a_run_holds_one_page_at_a_time(command, game, kw, fmt, tmp_path, pages_alive, monkeypatch):
    out = tmp_path / f"run.{fmt}"
    if command == "print":
        written = run_print(game, output=out, **kw)
    else:  # small searches: the pages are made alike whatever the par
        small_searches(monkeypatch)
        _, written = run_puzzle(game, output=out, jobs=1, **kw)
    pages = sum(n for _, n in written)
    assert pages >= 3 and len(pages_alive) >= pages  # the run has pages enough to tell
    most = 1 if kw.get("page", {}).get("high_contrast") else 0  # a page and its darkened copy
    assert max(pages_alive) <= most, pages_alive


def test_a_streamed_scene_gives_the_pages_and_symbols_of_the_whole_one():
    from rollwrite.sheet import stream_scene
    from rollwrite.layoutlang.layout import load_builtin

    layout = load_builtin("wobbly-cafe")
    streamed = stream_scene(layout, sheets=7, share=True)
    assert isinstance(streamed, Streamed) and streamed.symbols == {}  # nothing is drawn until it is read
    pages = list(streamed.pages)
    assert streamed.page_sizes() == [(p.width, p.height) for p in pages]
    whole = sheet.build_scene(layout, sheets=7, share=True)
    assert whole.pages == pages and whole.symbols == streamed.symbols and len(whole.symbols) >= 1


def test_a_glyph_the_font_lacks_on_a_late_page_leaves_no_file(tmp_path, monkeypatch):
    """A page refused as it is drawn (after earlier pages were written to temporary files) leaves nothing."""
    from rollwrite.draw import metrics
    from rollwrite.errors import InputError

    real = metrics.missing_glyphs
    monkeypatch.setattr(sheet, "missing_glyphs",
                        lambda text, font: ["\ufffd"] if "2027-01-03" in text else real(text, font))
    with pytest.raises(InputError, match="cannot draw"):
        run_print("long-way", daily="2027-01-01", days=4, output=tmp_path / "run.svg")
    assert list(tmp_path.iterdir()) == []


def test_print_scene_is_whole():
    scene = print_scene("long-way", daily="2027-01-01", days=3)
    assert len(scene.pages) == 3 and not isinstance(scene, Streamed)
    assert isinstance(scene.pages, list)


@pytest.mark.long
def test_the_memory_of_a_run_does_not_grow_with_its_days(tmp_path):
    """The figure behind the structural test above: a child process's peak RSS (its own getrusage) for
    1 and for 60 dailies as SVG pages differs by less than 6 MB (held whole, 40 days took 11 MB more).
    Under ``-m long``: it draws 60 pages."""
    import subprocess
    import sys

    def peak(days: int) -> int:
        code = ("import resource, sys; from pathlib import Path; from rollwrite.core.printrun import run_print; "
                f"run_print('long-way', daily='2027-01-01', days={days}, output=Path(sys.argv[1])); "
                "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
        out = subprocess.run([sys.executable, "-c", code, str(tmp_path / f"d{days}" / "run.svg")],
                             capture_output=True, text=True, check=True)
        return int(out.stdout.split()[-1])  # KB on Linux

    assert peak(60) - peak(1) < 6 * 1024
