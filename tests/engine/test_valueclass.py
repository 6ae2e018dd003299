"""rollwrite.valueclass's Value and Mutable behave as the dataclasses they stand for."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwrite.valueclass import Mutable, Value, fields, replace


class P(Value):
    x: int
    y: int = 2
    tags: tuple = dataclasses.field(default_factory=tuple)


@dataclasses.dataclass(frozen=True)
class D:
    x: int
    y: int = 2
    tags: tuple = dataclasses.field(default_factory=tuple)


class M(Mutable):
    a: int
    b: str = "b"


@dataclasses.dataclass
class DM:
    a: int
    b: str = "b"


def _same_error(make_ours, make_theirs):
    with pytest.raises(TypeError) as ours:
        make_ours()
    with pytest.raises(TypeError) as theirs:
        make_theirs()
    # the same mistake, named the same way (the wording differs a little)
    assert str(ours.value).split(":")[-1] == str(theirs.value).split(":")[-1] or \
        str(ours.value).rsplit(" ", 1)[-1] == str(theirs.value).rsplit(" ", 1)[-1]


@given(st.integers(), st.integers(), st.integers(), st.integers())
def test_equality_hash_and_repr_are_a_dataclasses(x1, y1, x2, y2):
    a, b = P(x1, y1), P(x2, y=y2)
    da, db = D(x1, y1), D(x2, y=y2)
    assert (a == b) == (da == db)
    assert (hash(a) == hash(P(x1, y1)))
    assert repr(a).removeprefix("P") == repr(da).removeprefix("D")
    assert a != da  # another class is never equal


def test_frozen_defaults_factories_and_errors():
    p = P(1)
    assert (p.x, p.y, p.tags) == (1, 2, ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del p.y
    _same_error(lambda: P(), lambda: D())  # type: ignore[call-arg]
    _same_error(lambda: P(1, 2, (), 4), lambda: D(1, 2, (), 4))  # type: ignore[call-arg]
    _same_error(lambda: P(1, x=1), lambda: D(1, x=1))  # type: ignore[misc]
    _same_error(lambda: P(1, z=1), lambda: D(1, z=1))  # type: ignore[call-arg]


def test_fields_replace_and_pickle():
    p = P(1, 5, ("t",))
    assert fields(p) == fields(P) == ("x", "y", "tags") == tuple(f.name for f in dataclasses.fields(D))
    assert replace(p, y=7) == P(1, 7, ("t",))
    assert replace(D(1), y=7) == D(1, 7)  # a dataclass too
    with pytest.raises(TypeError):
        replace(p, z=1)
    assert pickle.loads(pickle.dumps(p)) == p


def test_a_mutable_is_compared_not_hashed():
    m = M(1)
    m.b = "c"
    assert m == M(1, "c") and repr(m).removeprefix("M") == repr(DM(1, "c")).removeprefix("DM")
    with pytest.raises(TypeError):
        hash(m)


def test_a_default_before_a_field_without_one_is_refused_as_by_a_dataclass():
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        class Bad(Value):
            a: int = 1
            b: int
