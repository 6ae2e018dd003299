"""A run of dailies in one call: one PDF with a page a day, or a file a day; the shared date range."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from pypdf import PdfReader

from rollwrite.core import challenges as common
from rollwrite.errors import UsageError


def test_days_make_one_pdf_with_a_page_per_day(cli, tmp_path):
    r = cli("print", "long-way", "--daily", "2027-12-30", "--days", "4", "-o", str(tmp_path / "run.pdf"))
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == f"wrote {tmp_path / 'run.pdf'} (4 pages)"
    reader = PdfReader(io.BytesIO((tmp_path / "run.pdf").read_bytes()))
    days = ["2027-12-30", "2027-12-31", "2028-01-01", "2028-01-02"]
    for page, day in zip(reader.pages, days):
        assert f"long-way@{day}" in page.extract_text()  # over the year's end too


def test_each_page_has_the_dice_of_its_own_day(cli, tmp_path):
    from rollwrite.core.printrun import print_scene
    from rollwrite.draw.scene import Text

    run = print_scene("long-way", daily="2027-01-01", days=2)
    alone = print_scene("long-way", daily="2027-01-02")
    texts = [sorted(it.text for it in s.page_items(p) if isinstance(it, Text) and "page" not in it.text)
             for s, p in ((run, run.pages[1]), (alone, alone.pages[0]))]
    assert texts[0] == texts[1]


def test_split_writes_a_file_per_day_named_by_its_date(cli, tmp_path):
    r = cli("print", "long-way", "--daily", "2027-01-01", "--days", "3", "--split", "-o", str(tmp_path / "lw.pdf"))
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lw-2027-01-01.pdf", "lw-2027-01-02.pdf", "lw-2027-01-03.pdf"]
    assert len(r.stdout.strip().splitlines()) == 3


@pytest.mark.parametrize("args,message", [
    (["--days", "3"], "give --daily DATE with it"),
    (["--daily", "2027-01-01", "--days", "0"], "--days must be between 1 and 366"),
    (["--daily", "2027-01-01", "--days", "367"], "--days must be between 1 and 366"),
    (["--daily", "2027-01-01", "--split"], "give --days N with it"),
    (["--seed", "picnic", "--days", "2"], "not --seed"),
    (["--daily", "2027-02-30", "--days", "2"], "not a real date"),
])
def test_bad_runs_are_refused_before_any_work(cli, tmp_path, args, message):
    r = cli("print", "long-way", *args, "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2
    assert message in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_daily_range_is_shared_and_counts_from_today(monkeypatch):
    assert common.daily_range(None, None) is None
    assert common.daily_range("2028-02-28", 3) == ["2028-02-28", "2028-02-29", "2028-03-01"]
    monkeypatch.setattr(common, "today_utc", lambda: dt.date(2031, 12, 31))
    assert common.daily_range("today", 2) == ["2031-12-31", "2032-01-01"]
    with pytest.raises(UsageError):
        common.daily_range("9999-12-31", 2)


def test_quiet_asks_for_no_bar_even_on_a_terminal():
    from rich.console import Console

    from rollwrite.cli.progress import _nothing, progress

    term = Console(file=io.StringIO(), force_terminal=True)
    with progress("printing", 100, console=term) as advance:
        assert advance is not _nothing
    with progress("printing", 100, console=term, quiet=True) as advance:
        assert advance is _nothing


def test_piped_print_has_no_progress_bar(cli, tmp_path):
    r = cli("print", "long-way", "--daily", "2027-01-01", "--days", "2", "-o", str(tmp_path / "a.pdf"))
    assert r.exit_code == 0 and r.stderr == ""
    r = cli("print", "long-way", "-q", "-o", str(tmp_path / "b.pdf"))
    assert r.exit_code == 0 and r.stderr == ""


# ---------------------------------------------------------------- puzzles of a run of days


def test_puzzle_split_writes_a_file_per_day_with_its_answers(cli, tmp_path):
    r = cli("puzzle", "shelving-wars", "--daily", "2027-01-01", "--days", "3", "--split", "--with-solutions",
            "--answers", str(tmp_path / "answers"), "-o", str(tmp_path / "sw.pdf"))
    assert r.exit_code == 0, r.output
    days = ["2027-01-01", "2027-01-02", "2027-01-03"]
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == [f"sw-{d}.pdf" for d in days]
    for d in days:
        reader = PdfReader(io.BytesIO((tmp_path / f"sw-{d}.pdf").read_bytes()))
        assert len(reader.pages) == 2  # the puzzle and its answer
        text = "".join(page.extract_text() for page in reader.pages)
        assert f"shelving-wars@{d} puzzle" in text
        assert all(other not in text for other in days if other != d)
    assert sorted(p.name for p in (tmp_path / "answers").iterdir()) == [f"shelving-wars_{d}.txt" for d in days]
    assert [line for line in r.stdout.splitlines() if line.startswith("wrote")] == \
        [f"wrote {tmp_path / f'sw-{d}.pdf'} (2 pages)" for d in days] + \
        [f"wrote {tmp_path / 'answers' / f'shelving-wars_{d}.txt'}" for d in days]


def test_puzzle_split_names_files_by_date_in_the_output_folder(cli, tmp_path):
    r = cli("puzzle", "shelving-wars", "--daily", "2027-01-01", "--days", "2", "--split", "-o", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == \
        ["shelving-wars-puzzle@2027-01-01.pdf", "shelving-wars-puzzle@2027-01-02.pdf"]


@pytest.mark.parametrize("args,message", [
    (["--seed", "x", "--split"], "give --days N with it"),
    (["--daily", "2027-01-01", "--split"], "give --days N with it"),
])
def test_puzzle_split_needs_a_run_of_days(cli, tmp_path, args, message):
    r = cli("puzzle", "shelving-wars", *args, "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2
    assert message in r.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("quiet", [False, True])
def test_puzzle_run_advances_one_bar_per_puzzle_and_sheet(monkeypatch, tmp_path, quiet):
    from contextlib import contextmanager
    from functools import partial

    from rollwrite.core.puzzles import run_puzzle

    seen = []

    @contextmanager
    def fake(label, total, *, min_total=20, console=None, quiet=False):
        seen.append({"total": total, "quiet": quiet, "steps": 0, "min_total": min_total})

        def advance(n=1):
            seen[-1]["steps"] += n

        yield advance

    run_puzzle("shelving-wars", daily="2027-01-01", days=2, count=2, with_solutions=True,
               output=tmp_path / "p.pdf", progress=partial(fake, quiet=quiet))
    # four puzzles: each solved, then drawn as a puzzle sheet and an answer sheet
    assert seen == [{"total": 12, "quiet": quiet, "steps": 12, "min_total": 6}]


def test_a_run_of_days_of_a_deck_holds_each_days_deal(cli, tmp_path):
    """A card deck's run of three dailies in one file: each day's cards followed by that day's own deal,
    the rules once (after the first day's cards, as a print of that day alone has them)."""
    r = cli("print", "scrambled-streets", "--daily", "2027-01-01", "--days", "3", "-o", str(tmp_path / "d.pdf"))
    assert r.exit_code == 0, r.output
    reader = PdfReader(io.BytesIO((tmp_path / "d.pdf").read_bytes()))
    texts = [p.extract_text() for p in reader.pages]
    deals = [i for i, t in enumerate(texts) if "the deal" in t]
    rules = [i for i, t in enumerate(texts) if "rules and score log" in t]
    assert len(deals) == 3 and len(rules) == 1
    for i, day in zip(deals, ["2027-01-01", "2027-01-02", "2027-01-03"]):
        assert f"UTC date {day}" in texts[i]
    one = cli("print", "scrambled-streets", "--daily", "2027-01-02", "-o", str(tmp_path / "one.pdf"))
    assert one.exit_code == 0, one.output
    alone = PdfReader(io.BytesIO((tmp_path / "one.pdf").read_bytes()))
    deal_alone = next(p.extract_text() for p in alone.pages if "the deal" in p.extract_text())
    strip = lambda t: t.rsplit("page", 1)[0]  # noqa: E731 - the page numbers differ
    assert strip(texts[deals[1]]) == strip(deal_alone)
