"""Built-in layouts recorded as checked: the full fit check passes on each, and the record is current."""

from __future__ import annotations

import pytest

from rollwrite.layoutlang import checked_builtins as checked
from rollwrite.layoutlang.layout import builtin_slugs

REFRESH = "a built-in layout changed: run python -m rollwrite.layoutlang.checked_builtins to check and record it"


@pytest.mark.parametrize("slug", builtin_slugs())
def test_every_builtin_passes_the_full_fit_check_and_is_recorded(slug):
    checked.check_builtin(slug)  # raises with the place of the problem
    assert checked.CHECKED.get(slug) == checked.file_digest(slug), REFRESH
    assert checked.is_checked(slug)


def test_no_record_for_a_layout_that_is_not_there():
    assert set(checked.CHECKED) == set(builtin_slugs())
    assert not checked.is_checked("no-such-game")


def test_print_runs_the_full_check_when_the_file_is_not_the_recorded_one(monkeypatch, tmp_path):
    from rollwrite.core import layout_checks as layoutcheck
    from rollwrite.core import printrun as print_cmd
    from rollwrite.layoutlang import layout as layout_mod

    calls = []
    real = layoutcheck.check_layout
    monkeypatch.setattr(layoutcheck, "check_layout", lambda lay, page=None: calls.append(lay.game) or real(lay, page))
    print_cmd.run_print("long-way", output=tmp_path / "a.pdf")
    assert calls == []  # recorded: not measured again
    monkeypatch.setitem(checked.CHECKED, "long-way", "0" * 64)
    print_cmd.run_print("long-way", output=tmp_path / "b.pdf")
    assert calls == ["long-way"]  # not the recorded file: checked in full
    print_cmd.run_print(str(layout_mod.layouts_dir() / "long-way.yaml"), output=tmp_path / "c.pdf")
    assert calls == ["long-way", "long-way"]  # a layout file given by its path: always checked
