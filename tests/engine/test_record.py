"""rollwrite.record's classes behave as the dataclasses they replaced, where the code relies on it:
construction by position and name with defaults, equality, hashing, repr, immutability, copying and
pickling.  Each drawing item (which writes its own ``__init__``) and each element value is held to a
dataclass with the same fields, built here from the class's annotations."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite import record
from rollwrite import dice, output, sheet
from rollwrite.draw import elements, scene, shapes, tables
from rollwrite.games.long_way import data as long_way_data
from rollwrite.games.long_way import sheet as long_way_sheet
from rollwrite.spec import compose, layout, nodes, page
from rollwrite.record import Frozen, Record


def _twin(cls: type, frozen: bool) -> type:
    """A dataclass with the fields and defaults of the record class ``cls``."""
    specs = []
    for name in cls._fields:
        if name in cls._defaults:
            specs.append((name, object, dataclasses.field(default=cls._defaults[name])))
        else:
            specs.append((name, object))
    return dataclasses.make_dataclass(cls.__name__, specs, frozen=frozen)


ITEMS = [scene.Line, scene.Rect, scene.Circle, scene.Path, scene.Curve, scene.Text, scene.Use]
MODULES = (elements, shapes, tables, dice, output, sheet, long_way_data, long_way_sheet, compose, layout, nodes,
           page)
VALUES = [c for m in MODULES for c in vars(m).values()
          if isinstance(c, type) and issubclass(c, Frozen) and c.__module__ == m.__name__ and c not in ITEMS]
RECORDS = [c for m in MODULES + (scene,) for c in vars(m).values()
           if isinstance(c, type) and issubclass(c, Record) and c.__module__ == m.__name__]

values = st.one_of(st.none(), st.integers(-5, 5), st.floats(-3, 3, allow_nan=False), st.text(max_size=3),
                   st.tuples(st.integers(0, 3), st.integers(0, 3)))


def test_every_element_value_is_a_record():
    assert len(VALUES) >= 40
    assert all(issubclass(c, Frozen) for c in ITEMS)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(ITEMS + VALUES), st.data())
def test_a_record_behaves_as_its_dataclass(cls, data):
    twin = _twin(cls, frozen=True)
    required = [n for n in cls._fields if n not in cls._defaults]
    given_ = {n: data.draw(values) for n in cls._fields
              if n in required or data.draw(st.booleans())}
    by_position = data.draw(st.booleans())
    if by_position:  # the leading fields by position, the rest by name
        k = data.draw(st.integers(0, len(required)))
        args = [given_[n] for n in cls._fields[:k]]
        kw = {n: v for n, v in given_.items() if n not in cls._fields[:k]}
    else:
        args, kw = [], given_
    ours, theirs = cls(*args, **kw), twin(*args, **kw)
    assert [getattr(ours, n) for n in cls._fields] == [getattr(theirs, f.name) for f in dataclasses.fields(theirs)]
    assert repr(ours) == repr(theirs).replace(f"types.{cls.__name__}", cls.__qualname__).replace(
        f"make_dataclass.<locals>.{cls.__name__}", cls.__qualname__)
    assert hash(ours) == hash(theirs)
    same = cls(*args, **kw)
    assert ours == same and not ours != same and hash(ours) == hash(same)
    assert ours != theirs  # another class: never equal, as between two dataclasses
    with pytest.raises(dataclasses.FrozenInstanceError):
        ours.x_new = 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(ours, cls._fields[0], 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(ours, cls._fields[0])
    assert copy.copy(ours) == ours and copy.deepcopy(ours) == ours
    assert pickle.loads(pickle.dumps(ours)) == ours
    changed = record.replace(ours, **{cls._fields[0]: "changed"})
    assert changed == cls(**{**{n: getattr(ours, n) for n in cls._fields}, cls._fields[0]: "changed"})
    assert changed != ours


@pytest.mark.parametrize("cls", ITEMS + VALUES[:3])
def test_wrong_arguments_are_refused_as_a_dataclass_refuses_them(cls):
    n = len(cls._fields)
    with pytest.raises(TypeError):
        cls(*range(n + 1))
    with pytest.raises(TypeError):
        cls(no_such_field=1)
    with pytest.raises(TypeError):
        cls()  # the required fields are missing
    with pytest.raises(TypeError):
        record.replace(cls(*range(n)), no_such_field=1)


def test_mutable_records_compare_on_fields_and_are_not_hashable():
    a = scene.Page(10.0, 20.0)
    b = scene.Page(10.0, 20.0, [], None, None)
    assert a == b and a.items is not b.items  # each page its own list, as default_factory=list gave
    a.items.append(scene.Line(0, 0, 1, 1))
    assert a != b
    with pytest.raises(TypeError):
        hash(a)
    s = scene.Scene()
    assert s.pages == [] and s.symbols == {} and s.title == "rollwrite" and s.subject == ""
    assert scene.Scene() is not s and scene.Scene().pages is not s.pages
    assert repr(scene.Symbol([], (0, 0, 1, 1))) == "Symbol(items=[], bounds=(0, 0, 1, 1))"
    assert pickle.loads(pickle.dumps(a)) == a


def test_the_generic_init_orders_fields_as_a_dataclass_does():
    class Point(Frozen):
        x: int
        y: int = 2

    assert Point(1) == Point(x=1, y=2) and repr(Point(1)) == f"{Point.__qualname__}(x=1, y=2)"
    with pytest.raises(TypeError):
        Point(1, x=1)  # x twice
    with pytest.raises(TypeError):
        class Bad(Record):  # noqa: F841
            x: int = 1
            y: int

    class Box(Record):
        items: list

    box = Box([])
    box.items = [1]  # a mutable record may change
    box.items.append(box)
    assert repr(box) == f"{Box.__qualname__}(items=[1, ...])"  # holding itself, as dataclasses show it


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_dataclasses_functions_see_each_record_as_a_dataclass(cls):
    """Code and games may use dataclasses.replace, fields, asdict on these values."""
    assert dataclasses.is_dataclass(cls)
    assert [f.name for f in dataclasses.fields(cls)] == list(cls._fields)
    for f in dataclasses.fields(cls):
        if f.name in cls._factories:
            assert f.default_factory is cls._factories[f.name]
        else:
            assert f.default == cls._defaults.get(f.name, dataclasses.MISSING)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(ITEMS + VALUES), st.data())
def test_dataclasses_replace_and_asdict_work_on_records(cls, data):
    obj = cls(**{n: data.draw(values) for n in cls._fields})
    new = data.draw(values)
    name = data.draw(st.sampled_from(cls._fields))
    assert dataclasses.replace(obj, **{name: new}) == record.replace(obj, **{name: new})
    assert getattr(dataclasses.replace(obj, **{name: new}), name) == new
    assert dataclasses.asdict(obj) == {n: copy.deepcopy(getattr(obj, n)) for n in cls._fields}


def test_records_made_by_factories_and_through_properties():
    seq = nodes.Seq("f", 1, 1, "")
    assert seq.items == [] and nodes.Seq("f", 1, 1, "").items is not seq.items
    assert dataclasses.replace(seq, line=3) == nodes.Seq("f", 3, 1, "")

    class Shown(Record):
        text: str = ""

        @property
        def text(self) -> str:  # noqa: F811 - a property over a field, as a dataclass subclass may have
            return self._text.upper()

        @text.setter
        def text(self, value: str) -> None:
            self._text = value

    assert Shown("ab").text == "AB"  # __init__ sets the field through the property


class Cached(Frozen):
    x: int


def test_copies_and_pickles_keep_every_attribute_as_a_dataclass_does():
    """A subclass may keep more than its fields (a cache, say): copying and pickling keep it."""
    one = Cached(1)
    object.__setattr__(one, "_cache", "kept")
    for again in (copy.copy(one), copy.deepcopy(one), pickle.loads(pickle.dumps(one))):
        assert again == one and again._cache == "kept"
