"""The built-in layouts' recorded nodes (rollwrite.layoutlang.treedata) are what reading the YAML gives, and are
used only while every file they were recorded from is unchanged."""

from __future__ import annotations

import shutil

import pytest

from rollwrite.layoutlang import layout as layout_mod
from rollwrite.layoutlang import treegen
from rollwrite.layoutlang.layout import builtin_slugs, layout_from_node, load_builtin
from rollwrite.layoutlang.nodes import Map, Node, Seq
from rollwrite.layoutlang.reuse import load_tree
from rollwrite.resources import layouts_dir


def _same(a: Node, b: Node) -> bool:
    """The same tree: node classes, places, paths and values, and the order of every mapping."""
    if type(a) is not type(b) or (a.file, a.line, a.col, a.path) != (b.file, b.line, b.col, b.path):
        return False
    if isinstance(a, Map):
        return (list(a.entries) == list(b.entries) and a.handled == b.handled
                and all(_same(ka, kb) and _same(va, vb)
                        for (ka, va), (kb, vb) in zip(a.entries.values(), b.entries.values())))
    if isinstance(a, Seq):
        return len(a.items) == len(b.items) and all(_same(x, y) for x, y in zip(a.items, b.items))
    return type(a.value) is type(b.value) and a.value == b.value


def test_treedata_is_up_to_date_with_the_layouts():
    assert treegen.OUT.read_text(encoding="utf-8") == treegen.render(), \
        "layouts/ changed: run python -m rollwrite.layoutlang.treegen"


@pytest.mark.parametrize("slug", builtin_slugs())
def test_the_recorded_tree_is_the_tree_read_from_the_files(slug):
    display = f"layouts/{slug}.yaml"
    fresh = load_tree(layouts_dir() / f"{slug}.yaml", display)
    recorded = treegen.recorded_tree(slug)
    assert recorded is not None
    assert _same(recorded, fresh)
    assert recorded == fresh
    load_builtin.cache_clear()
    assert load_builtin(slug) == layout_from_node(load_tree(layouts_dir() / f"{slug}.yaml", display), display)


def _own_layouts(tmp_path, monkeypatch):
    """A copy of layouts/ that the recording reads from, and a layout in it built from two files."""
    folder = tmp_path / "layouts"
    shutil.copytree(layouts_dir(), folder)
    (folder / "mine.yaml").write_text("extends: parts/base.yaml\ntitle: Mine\n", encoding="utf-8")
    (folder / "parts").mkdir()
    (folder / "parts" / "base.yaml").write_text((folder / "long-way.yaml").read_text(encoding="utf-8"),
                                                encoding="utf-8")
    monkeypatch.setattr(treegen, "layouts_dir", lambda: folder)
    monkeypatch.setattr(layout_mod, "layouts_dir", lambda: folder)
    load_builtin.cache_clear()
    return folder


def test_a_layout_edited_after_recording_is_read_from_its_file(tmp_path, monkeypatch):
    folder = _own_layouts(tmp_path, monkeypatch)
    path = folder / "long-way.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("title: ", "title: Edited ", 1), encoding="utf-8")
    assert treegen.recorded_tree("long-way") is None
    assert load_builtin("long-way").title.startswith("Edited ")
    load_builtin.cache_clear()


def test_a_record_names_every_file_read_and_each_one_counts(tmp_path, monkeypatch):
    folder = _own_layouts(tmp_path, monkeypatch)
    rec = treegen.record("mine")
    assert [rel for rel, _ in rec["files"]] == ["mine.yaml", "parts/base.yaml"]
    monkeypatch.setitem(__import__("rollwrite.layoutlang.treedata").layoutlang.treedata.TREES, "mine", rec)
    fresh = load_tree(folder / "mine.yaml", "layouts/mine.yaml")
    assert _same(treegen.recorded_tree("mine"), fresh)
    (folder / "parts" / "base.yaml").write_text("game: long-way\n", encoding="utf-8")  # only the base changes
    assert treegen.recorded_tree("mine") is None
    (folder / "parts" / "base.yaml").unlink()
    assert treegen.recorded_tree("mine") is None
    load_builtin.cache_clear()
