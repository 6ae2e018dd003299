"""Converting command-line values without building a validator per parameter.

Recent Typer releases convert each parameter's text through a pydantic validator built on first use:
importing pydantic and building the validators costs more than the rest of a quick command.  rollwrite's
parameters are plain words, whole numbers, numbers, paths and lists of those, so ``install`` gives each
such parameter a converter that does the same in a few lines: the same values are accepted, and a
value that is refused raises the same error with the same text, so the command line reports it as it
would otherwise.  Parameters of any other kind, and Typer
releases that convert through click's own types, are left as they are.

tests/engine/test_cli_params.py runs every parameter of every command through both converters and
checks that they agree.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args, get_origin

_INT = re.compile(r"[+-]?\d+(?:_\d+)*(?:\.0*)?")
INT_MESSAGE = "Input should be a valid integer, unable to parse string as an integer"
FLOAT_MESSAGE = "Input should be a valid number, unable to parse string as a number"


def _to_str(value: Any) -> Any:
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    raise ValueError("Input should be a valid string")


def _to_int(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip()
        if _INT.fullmatch(text):
            return int(text.split(".")[0].replace("_", ""))
    raise ValueError(INT_MESSAGE)


def _to_float(value: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            pass
    raise ValueError(FLOAT_MESSAGE)


_TRUE = {"1", "on", "t", "true", "y", "yes"}
_FALSE = {"0", "off", "f", "false", "n", "no", ""}
BOOL_MESSAGE = "Input should be a valid boolean, unable to interpret input"


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    raise ValueError(BOOL_MESSAGE)


_LEAVES = {str: _to_str, int: _to_int, float: _to_float, bool: _to_bool}


class _Plain:
    """A runtime converter with the interface Typer calls: ``coerce(value, param=..., ctx=...)``."""

    def __init__(self, leaf: Any, info: Any, is_list: bool, bad_parameter: Any, path_check: Any) -> None:
        self.leaf = leaf
        self.info = info
        self.is_list = is_list
        self.bad = bad_parameter
        self.path_check = path_check

    def _one(self, value: Any, param: Any, ctx: Any) -> Any:
        if self.leaf is Path:
            if not isinstance(value, Path):
                value = Path(_to_str(value))
            return self.path_check(value, self.info, path_type=Path, param=param, ctx=ctx)
        try:
            return _LEAVES[self.leaf](value)
        except ValueError as exc:
            raise self.bad(str(exc), ctx=ctx, param=param) from None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        multi = param.multiple or param.nargs == -1
        if value is None:
            return () if multi else None
        if multi and isinstance(value, str):
            raise self.bad("Value must be an iterable.", ctx=ctx, param=param)
        if self.is_list:
            items = value if isinstance(value, (list, tuple)) else [value]
            return [self._one(v, param, ctx) for v in items]
        return self._one(value, param, ctx)


def _plain_leaf(desc: Any) -> tuple[Any, bool] | None:
    """(leaf type, is a list) of a parameter this module converts, or None to leave it to Typer."""
    info = desc.parameter_info
    if desc.file_annotation is not None or getattr(info, "parser", None) is not None:
        return None
    if getattr(info, "min", None) is not None or getattr(info, "max", None) is not None:
        return None
    annotation, is_list = desc.annotation, False
    if get_origin(annotation) is list:
        args = get_args(annotation)
        if len(args) != 1:
            return None
        annotation, is_list = args[0], True
    if annotation in _LEAVES or annotation is Path:
        if annotation is not Path and getattr(info, "path_type", None) is not None:
            return None
        return annotation, is_list
    return None


def install(command: Any) -> int:
    """Give every plain parameter of ``command`` and its subcommands the light converter; returns how many.

    Does nothing (returns 0) with a Typer that has no per-parameter runtime converters."""
    try:
        from typer._click.exceptions import BadParameter
        from typer._param_types import coerce_cli_path
    except ImportError:
        return 0

    def give(param: Any) -> int:
        desc = getattr(param, "type_descriptor", None)
        if desc is None or getattr(param, "_runtime_param", 1) is not None:
            return 0
        found = _plain_leaf(desc)
        if found is None:
            return 0
        param._runtime_param = _Plain(found[0], desc.parameter_info, found[1], BadParameter, coerce_cli_path)
        return 1

    def with_help(cmd: Any) -> None:
        # the help option is made when first asked for, so it is given its converter then
        original = cmd.get_help_option

        def get_help_option(ctx: Any) -> Any:
            option = original(ctx)
            if option is not None:
                give(option)
            return option

        cmd.get_help_option = get_help_option

    done = 0
    stack = [command]
    while stack:
        cmd = stack.pop()
        for param in getattr(cmd, "params", ()):
            done += give(param)
        if hasattr(cmd, "get_help_option"):
            with_help(cmd)
        stack.extend(getattr(cmd, "commands", {}).values())
    return done
