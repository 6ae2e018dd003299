"""The command line as users expect it: one error style, help in words, completion of games and files.

* **Errors.** Every mistake on the command line is reported the way rollwrite reports its own:
  ``rollwrite: --players: 'abc' is not a whole number`` on stderr, exit 2; no boxes, no second style for
  the errors Typer finds (bad option values, unknown options or commands, missing arguments).
* **Help.** Placeholders read as words: flags show none (never ``<bool>``), arguments show their name
  only (never ``<str>``), and the usage line reads ``rollwrite score [OPTIONS] GAME FILE...``.
* **Completion.** ``GAME`` completes the built-in games and layout files, ``FILE`` arguments complete
  file names, ``--paper`` and ``--format`` their values (``rollwrite --install-completion``).

:class:`RollwriteGroup` is the Typer app's group class; it applies all three to every command,
including commands added later, so no command module needs to know about them.
"""

from __future__ import annotations

import difflib
import re
import sys
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from weakref import WeakSet

import typer
from typer.core import TyperGroup

from rollwrite.errors import EXCERPT, excerpt, printable

MAX_COMPLETIONS = 200

# ---------------------------------------------------------------- completion


def _files(incomplete: str, suffixes: tuple[str, ...] | None = None) -> list[str]:
    """Files and folders starting with ``incomplete`` (folders end with '/'), at most MAX_COMPLETIONS."""
    folder, _, stem = incomplete.rpartition("/")
    base = Path(folder or ".")
    prefix = f"{folder}/" if folder else ""
    out: list[str] = []
    try:
        entries = sorted(base.iterdir())
    except OSError:
        return []
    for entry in entries:
        if not entry.name.startswith(stem) or (entry.name.startswith(".") and not stem.startswith(".")):
            continue
        try:
            is_dir = entry.is_dir()
        except OSError:
            continue
        if is_dir:
            out.append(f"{prefix}{entry.name}/")
        elif suffixes is None or entry.name.endswith(suffixes):
            out.append(f"{prefix}{entry.name}")
        if len(out) >= MAX_COMPLETIONS:
            break
    return out


def complete_game(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    """Built-in games (with a seed mark once one is typed) and layout files."""
    # deferred for start-up: `games`, `--help` need this module, not layoutlang.layout
    from rollwrite.layoutlang.layout import builtin_slugs

    out = [s for s in builtin_slugs() if s.startswith(incomplete)]
    return out + _files(incomplete, (".yaml", ".yml"))


def complete_layout(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    return _files(incomplete, (".yaml", ".yml"))


def complete_file(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    return _files(incomplete)


def complete_paper(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    # deferred for start-up: `games`, `--help` need this module, not layoutlang.page
    from rollwrite.layoutlang.page import PAPERS

    return [p for p in PAPERS if p.startswith(incomplete.lower())]


def complete_format(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    return [f for f in ("pdf", "svg", "png") if f.startswith(incomplete.lower())]


# ---------------------------------------------------------------- help in words


def _no_type(self: Any, ctx: Any = None) -> None:
    return None


def _usage_pieces(self: Any, ctx: Any) -> list[str]:
    pieces = [self.options_metavar] if getattr(self, "options_metavar", None) else []
    for p in self.get_params(ctx):
        if getattr(p, "param_type_name", "") != "argument":
            continue
        name = p.metavar or (p.name or "").upper()
        if p.nargs != 1 and not name.endswith("..."):
            name += "..."
        pieces.append(name if p.required else f"[{name}]")
    return pieces


def _polish_param(p: Any) -> Any:
    flag = getattr(p, "is_flag", False) or getattr(p, "is_bool_flag", False)
    if (getattr(p, "param_type_name", "") == "argument" or flag) and hasattr(p, "display_type_rich"):
        p.display_type_rich = types.MethodType(_no_type, p)
    return p


_POLISHED: WeakSet[Any] = WeakSet()  # the commands polish() has seen


def polish(command: Any) -> Any:
    """Help in words for ``command``: no type placeholders on flags (the help flag too) and arguments,
    and for a command (not the group) a plain usage line."""
    if command in _POLISHED:
        return command
    _POLISHED.add(command)
    if not hasattr(command, "commands"):
        command.collect_usage_pieces = types.MethodType(_usage_pieces, command)
    get_params = command.get_params

    def polished_params(ctx: Any) -> list[Any]:
        return [_polish_param(p) for p in get_params(ctx)]

    command.get_params = polished_params
    return command


# ---------------------------------------------------------------- one error style
#
# Typer exports the base of its command-line errors (``typer.TyperException``, with ``exit_code`` and
# ``format_message``) and ``typer.BadParameter``, but not the kinds between them.  They are told apart
# here by the names of their classes and the attributes click documents for each (``option_name``,
# ``possibilities``, ``param``, ``ctx``), never by importing Typer's private copy of click.


def _kinds(error: Exception) -> set[str]:
    """The names of ``error``'s classes: NoSuchOption, MissingParameter, UsageError..."""
    return {klass.__name__ for klass in type(error).__mro__}


def _raw_value(param: Any, argv: list[str]) -> str | None:
    """The text the user gave for ``param`` on the command line (its last use), if it can be found."""
    names = [o for o in (*getattr(param, "opts", ()), *getattr(param, "secondary_opts", ())) if o.startswith("-")]
    found = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        for name in names:
            if word == name and i + 1 < len(argv):
                found = argv[i + 1]
            elif name.startswith("--") and word.startswith(name + "="):
                found = word[len(name) + 1:]
            elif not name.startswith("--") and word.startswith(name) and len(word) > len(name):
                found = word[len(name):]
    return found


def _reads_as(raw: str, kind: str) -> bool:
    """Whether ``raw`` reads as a number of ``kind`` ('int' or 'float')."""
    try:
        (int if kind == "int" else float)(raw)
    except ValueError:
        return False
    return True


def _out_of_range(name: str, param: Any, raw: str) -> str:
    """What is wrong with a number the option's range does not hold, in the words of rollwrite's own
    range checks (``--days must be between 1 and 366, not 0``)."""
    lo, hi = getattr(param, "min", None), getattr(param, "max", None)
    if lo is not None and hi is not None:
        return f"{name} must be between {lo} and {hi}, not {excerpt(raw)}"
    if lo is not None:
        return f"{name} must be at least {lo}, not {excerpt(raw)}"
    if hi is not None:
        return f"{name} must be at most {hi}, not {excerpt(raw)}"
    return f"{name}: '{excerpt(raw)}' is out of range"


def _kind(param: Any) -> str | None:
    """'int', 'float' or None: what an option expects, for a message in words."""
    desc = getattr(param, "type_descriptor", None)
    annotation = getattr(desc, "annotation", None)
    for t, name in ((bool, None), (int, "int"), (float, "float")):
        if annotation is t:
            return name
    ptype = getattr(param, "type", None)
    pname = getattr(ptype, "name", "")
    return {"integer": "int", "float": "float"}.get(pname)


def _param_name(param: Any) -> str:
    opts = [o for o in getattr(param, "opts", ()) if o.startswith("--")]
    if opts:
        return opts[0]
    return getattr(param, "metavar", None) or (getattr(param, "name", "") or "").upper()


def describe(error: Exception, argv: list[str]) -> tuple[str, str | None]:
    """(message, hint) in rollwrite's words for an error Typer or click raised while parsing."""
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        where = f"'{ctx.command_path} --help'"
    else:
        first = next((w for w in argv if not w.startswith("-")), "")
        where = f"'rollwrite {first} --help'" if first.isalpha() else "'rollwrite --help'"
    help_hint = f"{where} lists the options"
    kinds = _kinds(error)
    message = str(getattr(error, "message", "") or "")
    if "NoSuchOption" in kinds:
        name = str(getattr(error, "option_name", ""))
        possible = list(getattr(error, "possibilities", None) or [])
        close = difflib.get_close_matches(name, possible, n=1, cutoff=0.5)
        return f"no option {excerpt(name)}", (f"did you mean {close[0]}? " if close else "") + help_hint
    if "BadOptionUsage" in kinds and "requires an argument" in message:
        return f"{getattr(error, 'option_name', 'the option')} needs a value", help_hint
    if "MissingParameter" in kinds:
        param = getattr(error, "param", None)
        name = _param_name(param) if param is not None else "a value"
        what = "argument" if getattr(param, "param_type_name", "") == "argument" else "option"
        return f"{name} is missing", f"give the {what} {name}; {help_hint}"
    if isinstance(error, typer.BadParameter):
        param = error.param
        hint = error.param_hint  # a name, or the names of one parameter
        name = (_param_name(param) if param is not None else hint if isinstance(hint, str)
                else " / ".join(hint) if hint else "a value")
        raw = _raw_value(param, argv) if param is not None else None
        kind = _kind(param) if param is not None else None
        if kind is not None and raw is not None and _reads_as(raw, kind):  # a number, out of the option's range
            return _out_of_range(name, param, raw), help_hint
        if kind == "int":
            shown = f"'{excerpt(raw)}'" if raw is not None else "the value"
            return f"{name}: {shown} is not a whole number", "give digits only, e.g. 3"
        if kind == "float":
            shown = f"'{excerpt(raw)}'" if raw is not None else "the value"
            return f"{name}: {shown} is not a number", "give a number such as 2 or 1.5"
        message = _quoted_short(message.rstrip("."), argv)
        return f"{name}: {message[:1].lower()}{message[1:]}", help_hint
    message = error.format_message() if hasattr(error, "format_message") else str(error)
    message = _quoted_short(message.rstrip("."), argv)
    low = f"{message[:1].lower()}{message[1:]}"
    if low.startswith("no such command"):
        name = low.split("'")[1] if "'" in low else ""
        group = ctx.command if ctx is not None else None
        known = sorted(getattr(group, "commands", {}) or {})
        close = difflib.get_close_matches(name, known, n=1)
        return (f"unknown command '{excerpt(name)}'",
                (f"did you mean '{close[0]}'? " if close else "") + f"commands: {', '.join(known)}")
    if low.startswith("got unexpected extra argument"):
        m = re.search(r"\(([^()]*)\)\s*$", low)
        extra = m.group(1) if m else ""
        return f"unexpected {'words' if ' ' in extra else 'word'} at the end: {excerpt(extra)}", help_hint
    return low, help_hint


def _quoted_short(message: str, argv: list[str]) -> str:
    """``message`` (click's or a parameter's own) with each word of the command line it quotes that is
    longer than an excerpt cut to one, so a long argument is never repeated whole."""
    for word in sorted({w for w in argv if len(w) > EXCERPT}, key=len, reverse=True):
        message = message.replace(word, excerpt(word))
    return message


class RollwriteGroup(TyperGroup):
    """The app's group: polishes every command and reports every command-line mistake in one style."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        return polish(command) if command is not None else None

    def format_help(self, ctx: Any, formatter: Any) -> None:
        polish(self)
        super().format_help(ctx, formatter)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (KeyboardInterrupt, EOFError):  # Typer would exit 130 without a word: see main
            raise typer.Abort() from None

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
        argv = list(sys.argv[1:] if args is None else args)
        try:
            rv = super().main(argv, prog_name or "rollwrite", complete_var, False, windows_expand_args, **extra)
        except typer.TyperException as error:
            kinds = _kinds(error)
            ctx = getattr(error, "ctx", None)
            if "NoArgsIsHelpError" in kinds:  # the bare command: its help, as asked
                typer.echo(ctx.get_help() if ctx is not None else "rollwrite --help")
                sys.exit(0)
            message, hint = describe(error, argv)
            typer.echo(f"rollwrite: {printable(message)}" + (f"\n  hint: {printable(hint)}" if hint else ""), err=True)
            sys.exit(2 if "UsageError" in kinds else max(error.exit_code, 1))
        except typer.Abort:  # click's word for an interrupt: the error boundary (cli/boundary.py) says it
            raise KeyboardInterrupt from None
        sys.exit(rv if isinstance(rv, int) else 0)
