"""extends, include, merge by id and relative values across files; cycles, missing files and depth refused."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import check_geometry, load_builtin, load_layout
from rollwrite.layoutlang.reuse import MAX_DEPTH


def write(folder: Path, name: str, text: str) -> Path:
    p = folder / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(textwrap.dedent(text))
    return p


def err(path: Path, cwd: Path) -> str:
    with pytest.raises(InputError) as info:
        check_geometry(load_layout(path.relative_to(cwd)))
    return str(info.value)


BASE = """\
    game: my-base
    title: Base
    defaults:
      small: &small {size: 8, font: condensed}
    sheet:
      size: [120, 80]
      elements:
        - {id: title, type: text, at: [0, 8], text: Base sheet, size: 14}
        - {id: grid, type: grid, at: [0, 15], rows: 3, cols: 4, cell: 10}
        - {<<: *small, type: text, at: [0, 55], text: footnote}
        - include: parts/row.yaml
          at: [60, 15]
          repeat: {count: 2, step: [0, 20]}
    """
ROW = """\
    - {type: text, at: [0, 5], text: "Row {i}"}
    - {type: circles, at: [0, 8], count: 4}
    """


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "base.yaml", BASE)
    write(tmp_path, "parts/row.yaml", ROW)
    return tmp_path


def test_include_with_a_place_and_a_repeat_becomes_a_group(here):
    layout = load_layout("base.yaml")
    got = [(e.type, e.at, getattr(e.value, "text", None)) for e in layout.sheet.elements]
    assert got[2:] == [("text", (0, 55), "footnote"), ("text", (60, 20), "Row 1"), ("circles", (60, 23), None),
                       ("text", (60, 40), "Row 2"), ("circles", (60, 43), None)]
    assert layout.sheet.elements[2].value.font == "condensed"


def test_extends_overrides_by_key_path_merges_elements_by_id_and_adds_the_rest(here):
    write(here, "child.yaml", """\
        extends: base.yaml
        title: Child
        sheet:
          elements:
            - {id: title, text: Child sheet, at: [+=5, -=1]}
            - {id: grid, remove: true}
            - {id: extra, type: text, at: [0, 70], text: added}
        """)
    layout = load_layout("child.yaml")
    assert layout.title == "Child" and layout.game == "my-base" and layout.sheet.width == 120
    first = layout.sheet.elements[0]
    assert (first.at, first.value.text, first.value.size) == ((5, 7), "Child sheet", 14)
    assert [e.type for e in layout.sheet.elements].count("grid") == 0
    assert layout.sheet.elements[-1].value.text == "added"
    write(here, "child.yaml", "extends: base.yaml\nsheet:\n  elements:\n    - {type: text, at: [0, 70], text: x, size: +=1}\n")
    assert err(here / "child.yaml", here) == (
        "child.yaml:4:48: sheet.elements[0].size: '+=1' is a relative value, but there is no value here for it to "
        "change\n  hint: a relative value (+=, -=) changes the value it overrides, from 'extends' or a merge key '<<'"
    )


def test_extends_a_builtin_game_and_changes_its_title(here):
    write(here, "mine.yaml", """\
        extends: wobbly-cafe
        title: Our Café Night
        """)
    layout = load_layout("mine.yaml")
    base = load_builtin("wobbly-cafe")
    assert layout.title == "Our Café Night" and layout.game == "wobbly-cafe"
    assert len(layout.sheet.elements) == len(base.sheet.elements) and layout.data == base.data


def test_cycles_missing_files_and_depth_are_refused_where_asked(here):
    write(here, "a.yaml", "extends: b.yaml\ntitle: A\n")
    write(here, "b.yaml", "extends: a.yaml\ntitle: B\n")
    assert err(here / "a.yaml", here) == (
        "b.yaml:1:10: extends: 'a.yaml' is already being read: the files go round in a circle "
        "(a.yaml -> b.yaml -> a.yaml)\n  hint: a layout cannot extend or include itself, even through another file"
    )
    write(here, "m.yaml", "extends: nowhere.yaml\ntitle: M\n")
    assert err(here / "m.yaml", here) == (
        "m.yaml:1:10: extends: there is no file 'nowhere.yaml'\n"
        "  hint: the path is taken from the folder of the file that names it"
    )
    write(here, "g.yaml", "extends: wobly-cafe\n")
    assert err(here / "g.yaml", here) == (
        "g.yaml:1:10: extends: there is no built-in game 'wobly-cafe' to extend\n  hint: did you mean 'wobbly-cafe'?"
    )
    write(here, "self.yaml", BASE.replace("parts/row.yaml", "loop.yaml"))
    write(here, "loop.yaml", "- include: loop.yaml\n")
    assert err(here / "self.yaml", here) == (
        "loop.yaml:1:12: [0].include: 'loop.yaml' is already being read: the files go round in a circle "
        "(loop.yaml -> loop.yaml)\n"
        "  hint: a layout cannot extend or include itself, even through another file"
    )
    for k in range(MAX_DEPTH + 1):
        write(here, f"d{k}.yaml", f"extends: d{k + 1}.yaml\n")
    assert err(here / "d0.yaml", here) == (
        f"d{MAX_DEPTH - 1}.yaml:1:10: extends: more than {MAX_DEPTH} files extend or include each other here\n"
        "  hint: flatten the chain: extend or include fewer files inside each other"
    )


def test_include_mistakes(here):
    write(here, "bad.yaml", BASE.replace("at: [60, 15]", "at: [60, 15]\n          colour: red"))
    assert err(here / "bad.yaml", here) == (
        "bad.yaml:13:7: sheet.elements[3].colour: unknown key 'colour'\n"
        "  hint: known keys here: at, id, include, repeat, rotate, scale, when"
    )
    write(here, "parts/row.yaml", "type: text\n")
    assert err(here / "base.yaml", here) == (
        "parts/row.yaml:1:1: 'elements' is missing\n  hint: add 'elements:' to the top level"
    )
    write(here, "parts/row.yaml", "just words\n")
    assert err(here / "base.yaml", here) == (
        "parts/row.yaml:1:1: an included file holds a list of elements (or 'elements:' with one)\n"
        "  hint: e.g. a file whose lines start '- {type: text, ...}'"
    )


def test_included_files_are_read_by_the_bounded_loader(here):
    write(here, "parts/row.yaml", "- &a [*a]\n")
    assert "alias" in err(here / "base.yaml", here)
    (here / "parts" / "row.yaml").write_text("- " + "[" * 100 + "]" * 100 + "\n")
    assert err(here / "base.yaml", here).startswith("parts/row.yaml:1:")


def test_a_builtin_sheets_title_element_can_be_changed_by_its_id(here):
    write(here, "mine.yaml", """\
        extends: long-way
        sheet:
          elements:
            - {id: title, text: The Long Way Home, size: -=2}
        """)
    layout = load_layout("mine.yaml")
    title = layout.sheet.elements[0]
    assert (title.value.text, title.value.size) == ("The Long Way Home", 16)
    check_geometry(layout)
    write(here, "mine.yaml", "extends: long-way\nsheet:\n  elements:\n    - {id: titel, remove: true}\n")
    assert err(here / "mine.yaml", here) == "mine.yaml:4:27: sheet.elements[0].remove: there is no element with id 'titel' to remove"
