"""An entry of an option table (:mod:`rollwrite.cli.options`) as a Typer parameter."""

from __future__ import annotations

import inspect
from typing import Annotated, Any, Optional

import typer

from rollwrite.cli import polish
from rollwrite.cli.options import Opt


def typer_parameter(opt: Opt) -> inspect.Parameter:
    """The Typer parameter of one entry of an option table."""
    extra: dict[str, Any] = {}
    if opt.metavar is not None:
        extra["metavar"] = opt.metavar
    if opt.panel is not None:
        extra["rich_help_panel"] = opt.panel
    if opt.complete is not None:
        extra["autocompletion"] = getattr(polish, opt.complete)
    if opt.switch:
        extra["show_default"] = False
    kind = opt.kind if opt.kind is bool and not opt.switch else Optional[opt.kind]
    option = typer.Option(*opt.flags, help=opt.help, **extra)
    return inspect.Parameter(opt.name, inspect.Parameter.KEYWORD_ONLY, default=opt.default,
                             annotation=Annotated[kind, option])


def options_signature(table: tuple[Opt, ...], *first: inspect.Parameter) -> inspect.Signature:
    """A command's signature for Typer: its arguments ``first``, then the option table's parameters."""
    return inspect.Signature([*first, *map(typer_parameter, table)])
