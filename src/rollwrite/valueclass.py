"""Value classes that cost nothing to create at import.

``@dataclass`` writes the source of each class's ``__init__``, ``__repr__``, ``__eq__`` and ``__hash__``
(and for a frozen class ``__setattr__`` and ``__delattr__``) and compiles each when the module is
imported: 0.74 ms a class (frozen, with slots) against 0.013 ms here, measured on the machine of
benchmarks/README.md.  A ``rollwrite print`` imports about fifty such classes: dataclasses cost it
40 ms of its 190 ms of CPU, enough to miss its start-up goal.  The bases here do the same work with
methods written once, through Python's public object model only:

``Value``
    like ``@dataclass(frozen=True)``: fields from the class's annotations, in order, defaults from the
    class body (``field(default_factory=...)`` too); ``__init__`` takes the fields by position or by
    name; equal when of the same class with equal fields, hashed on the fields, ``Name(field=value,
    ...)`` as repr; setting or deleting an attribute raises ``dataclasses.FrozenInstanceError``.
``Mutable``
    the same without the freezing (like ``@dataclass``): compared on its fields, unhashable.

They are not dataclasses: :func:`fields` and :func:`replace` here stand for ``dataclasses.fields``
and ``dataclasses.replace``.  A class may write its own ``__init__`` and set its fields with
``_set(self, name, value)``.

Type checkers read both as they read dataclasses (PEP 681, ``typing.dataclass_transform``): a subclass's
constructor is checked against its fields (or against its own ``__init__``), and a Value's fields are
read-only.
"""

from __future__ import annotations

import dataclasses
from dataclasses import MISSING, Field, FrozenInstanceError
from operator import attrgetter
from typing import Any, dataclass_transform

_set = object.__setattr__  # how a frozen value's own __init__ sets a field
_NONE = object()


def _key(names: tuple[str, ...]) -> Any:
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    if not names:
        return lambda obj: ()
    return attrgetter(*names)


class ValueClass:
    """What a Value and a Mutable share: their fields, ``__init__``, ``__eq__`` and ``__repr__``.  Derive
    from ``Value`` or ``Mutable``; ``isinstance(obj, ValueClass)`` tells either."""

    _fields: tuple[str, ...] = ()
    _defaults: dict[str, Any] = {}
    _factories: dict[str, Any] = {}
    _values: Any = staticmethod(lambda obj: ())
    _post: Any = None  # the class's __post_init__, called after the fields are set

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        own = [n for n, t in cls.__dict__.get("__annotations__", {}).items() if not str(t).startswith("ClassVar")]
        names = tuple(dict.fromkeys([*cls._fields, *own]))
        defaults = dict(cls._defaults)
        for n in own:
            value = cls.__dict__.get(n, _NONE)
            if isinstance(value, Field) and value.default_factory is MISSING:  # field(default=...)
                value = value.default if value.default is not MISSING else _NONE
            if value is not _NONE:
                defaults[n] = value
            else:
                defaults.pop(n, None)
        if "__init__" not in cls.__dict__:  # the generic __init__: arguments in field order, as a dataclass's
            seen_default = False
            for n in names:
                if n in defaults:
                    seen_default = True
                elif seen_default:
                    raise TypeError(f"non-default argument {n!r} follows default argument")
        cls._fields, cls._defaults, cls._values = names, defaults, staticmethod(_key(names))
        cls._factories = {n: d.default_factory for n, d in defaults.items() if isinstance(d, Field)}
        cls._post = getattr(cls, "__post_init__", None)
        for n in cls._factories:  # as a dataclass: a field made by a factory has no class attribute
            if n in cls.__dict__:
                delattr(cls, n)

    def __init__(self, *args: Any, **kw: Any) -> None:
        cls = type(self)
        names = cls._fields
        given = len(args)
        if given > len(names):
            raise TypeError(f"{cls.__name__}.__init__() takes {len(names) + 1} positional arguments "
                            f"but {given + 1} were given")
        for name in kw:
            if name not in names:
                raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword argument {name!r}")
            if names.index(name) < given:
                raise TypeError(f"{cls.__name__}.__init__() got multiple values for argument {name!r}")
        for name, value in zip(names, args):  # in field order, as a dataclass's __init__
            _set(self, name, value)
        if given < len(names):
            defaults, factories = cls._defaults, cls._factories
            rest = names[given:]
            missing = [n for n in rest if n not in kw and n not in defaults]
            if missing:
                raise TypeError(f"{cls.__name__}.__init__() missing {len(missing)} required argument"
                                f"{'s' if len(missing) > 1 else ''}: {', '.join(repr(n) for n in missing)}")
            for n in rest:
                _set(self, n, kw[n] if n in kw else factories[n]() if n in factories else defaults[n])
        if cls._post is not None:
            cls._post(self)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values(self) == self._values(other)
        return NotImplemented

    def __repr__(self) -> str:
        return _repr(self)


# Type checkers read these two as they read dataclasses (PEP 681): each subclass's constructor is the one
# its fields make, and a Value's fields are read-only.  At run time the decorator only marks the class.
@dataclass_transform(eq_default=True, field_specifiers=(dataclasses.field,))
class Mutable(ValueClass):
    """A mutable value compared on its fields, unhashable (see the module's docstring)."""


@dataclass_transform(eq_default=True, frozen_default=True, field_specifiers=(dataclasses.field,))
class Value(ValueClass):
    """An immutable value compared and hashed on its fields (see the module's docstring)."""

    def __hash__(self) -> int:
        return hash(self._values(self))

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


_active: set[tuple[int, int]] = set()


def _repr(obj: ValueClass) -> str:
    # deferred for start-up: `print long-way` and most commands never show a value's repr
    from threading import get_ident

    key = (id(obj), get_ident())
    if key in _active:  # a value that holds itself, as dataclasses' repr says it
        return "..."
    _active.add(key)
    try:
        inner = ", ".join(f"{n}={getattr(obj, n)!r}" for n in obj._fields)
    finally:
        _active.discard(key)
    return f"{type(obj).__qualname__}({inner})"


def fields(obj: Any) -> tuple[str, ...]:
    """The field names of a Value or Mutable (or of a dataclass), in order."""
    if isinstance(obj, ValueClass) or (isinstance(obj, type) and issubclass(obj, ValueClass)):
        return obj._fields
    return tuple(f.name for f in dataclasses.fields(obj))


def replace(obj: Any, **changes: Any) -> Any:
    """A copy of ``obj`` with ``changes``, made through its ``__init__`` (as ``dataclasses.replace``)."""
    if not isinstance(obj, ValueClass):
        return dataclasses.replace(obj, **changes)
    values = {n: getattr(obj, n) for n in obj._fields}
    for name in changes:
        if name not in values:
            raise TypeError(f"{type(obj).__name__}.__init__() got an unexpected keyword argument {name!r}")
    values.update(changes)
    return type(obj)(**values)
