"""Bases that make a class a dataclass, for the game packages that still derive from them.

``class X(Frozen)`` is ``@dataclass(frozen=True) class X``; ``class X(Record)`` is ``@dataclass class
X``: the class is handed to :func:`dataclasses.dataclass` when it is defined, so every dataclass tool
(``fields``, ``replace``, ``asdict``) works on it.  A class that writes its own ``__init__`` keeps it.
New code uses ``@dataclass(slots=True, frozen=True)`` directly; these bases go once the games have
moved to it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

_set = object.__setattr__  # how a frozen dataclass's own __init__ sets a field


class Record:
    """A mutable value compared on its fields: ``@dataclass``."""

    _frozen = False

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        dataclasses.dataclass(cls, frozen=cls._frozen, init="__init__" not in cls.__dict__)


class Frozen(Record):
    """An immutable value compared and hashed on its fields: ``@dataclass(frozen=True)``."""

    _frozen = True


def fields(obj: Any) -> tuple[str, ...]:
    """The field names of a dataclass value (or class), in order."""
    return tuple(f.name for f in dataclasses.fields(obj))


replace = dataclasses.replace
