"""The YAML loader keeps places and the Reader turns values into typed ones with pinned messages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.errors import InputError
from rollwrite.layoutlang.nodes import Reader
from rollwrite.layoutlang.loading import load_yaml


def err(fn) -> str:
    with pytest.raises(InputError) as info:
        fn()
    return str(info.value)


def test_wrong_type_names_file_line_column_and_key_path():
    node = load_yaml("grid:\n  rows: seven\n", "x.yaml")
    grid = Reader(Reader(node).map("grid"))
    assert err(lambda: grid.int("rows", minimum=1)) == "x.yaml:2:9: grid.rows: expected a positive whole number, got 'seven'"


def test_number_out_of_range():
    node = load_yaml("cell: 0.5\n", "x.yaml")
    assert err(lambda: Reader(node).number("cell", minimum=1)) == (
        "x.yaml:1:7: cell: expected a positive number of at least 1, got 0.5"
    )


def test_unknown_key_gets_did_you_mean():
    node = load_yaml("rows: 3\ncolums: 4\n", "x.yaml")
    r = Reader(node)
    r.int("rows")
    r.int("cols", 1)
    r.int("columns", 1)
    assert err(r.done) == "x.yaml:2:1: colums: unknown key 'colums'\n  hint: did you mean 'columns'?"


def test_missing_key_and_duplicate_key():
    assert err(lambda: Reader(load_yaml("a: 1\n", "m.yaml")).int("rows")) == (
        "m.yaml:1:1: 'rows' is missing\n  hint: add 'rows:' to the top level"
    )
    assert err(lambda: load_yaml("a: 1\nb: 2\na: 3\n", "d.yaml")) == (
        "d.yaml:3:1: a: 'a' is given twice (first at line 1)\n  hint: keep one of them"
    )


def test_syntax_error_and_unsafe_tag_and_empty():
    assert err(lambda: load_yaml("a: [1,\n", "s.yaml")).startswith("s.yaml:2:1: YAML syntax:")
    assert "is not allowed here" in err(lambda: load_yaml("a: !!python/object:os.system x\n", "t.yaml"))
    assert err(lambda: load_yaml("", "e.yaml")).startswith("e.yaml:1:1: the file is empty")


def test_booleans_are_not_numbers():
    node = load_yaml("rows: true\n", "b.yaml")
    assert err(lambda: Reader(node).int("rows")) == "b.yaml:1:7: rows: expected a whole number, got True"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_loader_never_crashes(text):
    try:
        load_yaml(text, "fuzz.yaml")
    except InputError as e:
        assert str(e).startswith("fuzz.yaml")
