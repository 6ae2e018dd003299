"""The YAML loader refuses what would cost unbounded memory or time, with a place and exit 2, and reads
merge keys as YAML defines them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.errors import InputError
from rollwrite.layoutlang.nodes import LIMITS, Map, Scalar, Seq, YamlLimits
from rollwrite.layoutlang.loading import load_yaml, load_yaml_file

HEAD = "game: x\ntitle: t\nsheet: {size: [100, 100], elements: []}\n"


def err(text: str, limits: YamlLimits = LIMITS) -> str:
    with pytest.raises(InputError) as info:
        load_yaml(text, "x.yaml", limits)
    return str(info.value)


def laughs(levels: int = 9, width: int = 9) -> str:
    text = HEAD + "a: &a [" + ", ".join(['"lol"'] * width) + "]\n"
    prev = "a"
    for i in range(levels - 1):
        name = f"l{i}"
        text += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * width) + "]\n"
        prev = name
    return text + f"data: *{prev}\n"


def test_billion_laughs_is_refused_at_the_alias_that_passes_the_budget():
    # 9 levels of 9 aliases: 9**9 strings if it were built.  Aliases add 90 + 819 + 7380 values on lines
    # 5 to 7; the first alias on line 8 would add 7381 more.
    assert err(laughs()) == (
        "x.yaml:8:10: aliases here repeat more than 10,000 values in all\n"
        "  hint: a layout repeats a block a few times at most; write the values out or use fewer aliases"
    )


def test_a_few_aliases_are_fine_and_get_their_own_paths():
    root = load_yaml("a: &a {x: 1}\nb: *a\nc: [*a, *a]\n", "x.yaml")
    assert root.plain() == {"a": {"x": 1}, "b": {"x": 1}, "c": [{"x": 1}, {"x": 1}]}
    c1 = root.get("c").items[1]
    assert c1.path == "c[1]" and c1.get("x").path == "c[1].x"
    assert (c1.line, c1.col) == (1, 4)  # the place where the value is written
    assert c1 is not root.get("b")


@pytest.mark.parametrize("depth", [41, 500, 30_000])
def test_deep_nesting_is_refused_while_parsing(depth):
    text = HEAD + "data: " + "[" * depth + "]" * depth + "\n"
    # The root mapping is level 1, so the 40th bracket (column 6 + 40) is the 41st level.  On very deep
    # text, libyaml (PyYAML 6.0.4 and later) may stop its read-ahead at its own cap of 1,000 levels
    # before the first 41 levels reach the loader: the same message then names that place.
    place = "4:46" if depth < 1000 else ("4:46", "4:1006")
    got = err(text)
    assert got.split(": ", 1)[1] == (
        "lists and mappings are nested more than 40 deep here\n"
        "  hint: a layout needs only a few levels; check the brackets and the indentation"
    )
    assert got.split(": ", 1)[0].removeprefix("x.yaml:") in (place if isinstance(place, tuple) else (place,))


def test_deep_block_nesting_is_refused_too():
    text = "a:\n" + "".join("  " * i + "- \n" for i in range(1, 60))
    assert "nested more than 40 deep" in err(text)


def test_nesting_at_the_limit_is_fine():
    text = "data: " + "[" * 39 + "]" * 39 + "\n"
    assert load_yaml(text, "x.yaml").get("data") is not None


def test_aliases_cannot_build_deep_nesting_either():
    text = "a: &a " + "[" * 30 + "]" * 30 + "\nb: [[[[[[[[[[[*a]]]]]]]]]]]\n"
    assert "with this alias, lists and mappings are nested more than 40 deep" in err(text)


def test_an_alias_inside_its_own_anchor_is_refused():
    assert err("a: &a [1, *a]\n") == (
        "x.yaml:1:11: the alias '*a' is inside the value it names, which would never end\n"
        "  hint: an alias can repeat only a value that is complete before it"
    )


def test_an_alias_to_no_anchor_is_refused():
    assert err("a: *nope\n").startswith("x.yaml:1:4: the alias '*nope' names no anchor")


def test_too_many_values_are_refused():
    text = "data: [" + "1, " * 60_000 + "]\n"
    assert err(text).startswith("x.yaml:1:149999: the layout holds more than 50,000 values")


def test_a_number_with_too_many_digits_is_refused():
    assert err("size: 1" + "0" * 5000 + "\n").startswith("x.yaml:1:7: this number is longer than 40 characters")


def test_a_date_that_is_no_date_is_a_message():
    assert err("when: 2026-13-45\n") == "x.yaml:1:7: when: '2026-13-45' cannot be read as timestamp: month must be in 1..12"


def test_tags_that_build_objects_are_refused():
    assert err("a: !!python/object:os.system [ls]\n").startswith(
        "x.yaml:1:4: the tag 'tag:yaml.org,2002:python/object:os.system' is not allowed here")
    assert "is not allowed here" in err("a: !!python/name:os.system x\n")
    assert "is not allowed here" in err("a: !!set {x, y}\n")


def test_a_second_document_is_refused():
    assert err("a: 1\n---\nb: 2\n").startswith("x.yaml:2:1: a layout is one YAML document")


def test_a_text_over_the_size_limit_is_refused_with_the_place():
    small = YamlLimits(max_bytes=100)
    assert err("a: " + "x" * 40 + "\nb: " + "y" * 100 + "\n", small).startswith(
        "x.yaml:2:57: the file is larger than 100 bytes")


def test_a_file_over_the_size_limit_is_refused_without_reading_it_all(tmp_path, monkeypatch):
    path = tmp_path / "big.yaml"
    line = "  - [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
    path.write_text("data:\n" + line * (600_000 // len(line)), encoding="utf-8")
    reads = []
    import os

    real_fdopen = os.fdopen

    def spy(*a, **k):  # files are opened by descriptor, once they are known to be regular files
        fh = real_fdopen(*a, **k)
        real_read = fh.read
        fh.read = lambda n=-1: reads.append(n) or real_read(n)
        return fh

    monkeypatch.setattr(os, "fdopen", spy)
    with pytest.raises(InputError) as info:
        load_yaml_file(path, "big.yaml")
    assert str(info.value).startswith("big.yaml:14565:15: the file is larger than 512 KB, the most a layout file may be")
    assert reads == [512 * 1024 + 1]


# ---------------------------------------------------------------- merge keys


def test_merge_key_adds_the_keys_not_given():
    root = load_yaml("base: &b {size: 8, color: red}\nbox:\n  <<: *b\n  color: blue\n", "x.yaml")
    box = root.get("box")
    assert box.plain() == {"size": 8, "color": "blue"}
    assert box.get("size").path == "box.size" and box.get("size").line == 1
    assert box.get("color").line == 4


def test_merge_key_with_a_list_earlier_mappings_win():
    text = "a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n  w: 0\n"
    assert load_yaml(text, "x.yaml").get("c").plain() == {"x": 1, "y": 1, "z": 2, "w": 0}


def test_merge_key_inline_mapping():
    assert load_yaml("c: {<<: {x: 1}, y: 2}\n", "x.yaml").plain() == {"c": {"x": 1, "y": 2}}


def test_merge_key_agrees_with_pyyaml():
    import yaml

    text = "a: &a {x: 1, y: [1, 2]}\nb: &b {y: 2, q: {r: 1}}\nc:\n  <<: [*a, *b]\n  x: 9\nd: {<<: *b, q: 3}\n"
    assert load_yaml(text, "x.yaml").plain() == yaml.safe_load(text)


def test_merging_something_that_is_not_a_mapping_is_refused():
    assert err("a: &a [1, 2]\nb:\n  <<: *a\n") == (
        "x.yaml:3:3: b.<<: '<<' merges mappings: give a mapping, an alias of one or a list of them\n"
        "  hint: e.g. '<<: *defaults' where '&defaults' names a mapping"
    )
    assert "'<<' merges mappings" in err("b:\n  <<: 3\n")


def test_explicit_keys_given_twice_are_still_refused_with_a_merge():
    assert "'x' is given twice" in err("a: &a {x: 1}\nb: {<<: *a, x: 2, x: 3}\n")


def test_a_layout_with_a_merge_key_prints(cli, tmp_path):
    layout = tmp_path / "m.yaml"
    layout.write_text(
        "game: merged\ntitle: Merged\nsheet:\n  size: [120, 80]\n  elements:\n"
        "    - &label {type: text, at: [10, 10], text: First, size: 12}\n"
        "    - {<<: *label, at: [10, 30], text: Second}\n",
        encoding="utf-8",
    )
    result = cli("check-layout", str(layout))
    assert result.exit_code == 0, result.output
    assert "2 elements" in result.output


# ---------------------------------------------------------------- the CLI, exit 2 and one line


@pytest.mark.parametrize("text, message", [
    (laughs(), "aliases here repeat more than 10,000 values"),
    (HEAD + "data: " + "[" * 500 + "]" * 500 + "\n", "nested more than 40 deep"),
    (HEAD + "data: " + "[" * 30_000 + "]" * 30_000 + "\n", "nested more than 40 deep"),
    ("game: x\ntitle: t\nbase: &b {size: [100, 100]}\nsheet:\n  <<: *b\n  elements: []\n", "unknown key 'base'"),
])
def test_bad_layouts_exit_2_with_a_message(cli, tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    for args in (["check-layout", str(path)], ["print", str(path), "-o", str(tmp_path / "o.pdf")]):
        result = cli(*args)
        assert result.exit_code == 2
        assert result.stderr.startswith(f"rollwrite: {path}:") and message in result.stderr
        assert "internal error" not in result.stderr


def test_a_50_mb_layout_is_refused_quickly(cli, tmp_path):
    path = tmp_path / "big.yaml"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(HEAD + "data:\n")
        block = "  - [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n" * 10_000
        while fh.tell() < 50_000_000:
            fh.write(block)
    result = cli("check-layout", str(path))
    assert result.exit_code == 2
    assert "the file is larger than 512 KB" in result.stderr


def test_too_many_elements_are_refused(cli, tmp_path):
    path = tmp_path / "many.yaml"
    path.write_text("game: x\ntitle: t\nsheet:\n  size: [100, 100]\n  elements:\n"
                    + "    - {type: text, at: [10, 10], text: hi}\n" * 501, encoding="utf-8")
    result = cli("check-layout", str(path))
    assert result.exit_code == 2
    assert f"{path}:506:7: sheet.elements[500]: a sheet may have at most 500 elements" in result.stderr


def test_too_much_drawing_is_refused(cli, tmp_path):
    path = tmp_path / "busy.yaml"
    path.write_text("game: x\ntitle: t\npage: {margin: 5}\nsheet:\n  size: [200, 200]\n  elements:\n"
                    + "    - {type: grid, at: [5, 5], rows: 190, cols: 190, cell: 1, labels: true}\n" * 40,
                    encoding="utf-8")
    result = cli("check-layout", str(path))
    assert result.exit_code == 2
    assert "sheet.elements[26]: by this element the sheet draws more than 20,000 lines" in result.stderr


# ---------------------------------------------------------------- never an internal error


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ab:-[]{}&*!<>,|#'\" \n\t1.", max_size=120))
def test_any_text_loads_or_gives_an_input_error(text):
    try:
        node = load_yaml(text, "f.yaml")
    except InputError as error:
        assert str(error).startswith("f.yaml")
        return
    assert isinstance(node, (Map, Seq, Scalar))


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(min_size=1, max_size=5), kids, max_size=4),
                    max_leaves=20))
def test_loaded_values_agree_with_pyyaml(value):
    import yaml

    text = yaml.safe_dump({"v": value})
    assert load_yaml(text, "f.yaml").plain() == yaml.safe_load(text)
