"""One small exception family.  Every error a user can cause is a RollwriteError.

The command boundary (``rollwrite.cli.app.main``) prints ``str(error)`` to stderr and exits with
``error.exit_code``; library code never calls ``sys.exit``.

Exit codes: 1 = a rule violation or a wrong claimed score; 2 = unusable input or wrong usage.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

# Characters a terminal acts on rather than shows (C0 and C1 controls, DEL) and lone surrogates, which
# no terminal can be sent; a message's own line breaks and tabs are kept.  (Patterns, compiled by ``re``
# when first used: most texts are printable, and `print long-way` never needs them.)
_CONTROL = "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]"
_CONTROL_ALL = "[\x00-\x1f\x7f-\x9f\ud800-\udfff]"


def _escape(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, lines: bool = True) -> str:
    """``text`` with every control character escaped (ESC as ``\\x1b``), so that what a file holds can be
    shown on a terminal without the terminal acting on it; with ``lines`` False, line breaks and tabs too."""
    if text.isprintable():  # no control character, no surrogate: nothing to escape
        return text
    return re.sub(_CONTROL if lines else _CONTROL_ALL, _escape, text)


#: Most characters of a file's text a message quotes (a value, a key): enough to find it, never a line
#: of a file that was not meant to be shown.
EXCERPT = 40


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """A short, escaped excerpt of text from a file, for quoting in a message: its first ``limit``
    characters, line breaks and controls escaped, ``…`` when cut."""
    shown = printable(text[: limit + 1], lines=False)
    return shown if len(text) <= limit and len(shown) <= limit * 4 else shown[: limit] + "…"


def excerpt_path(text: str, limit: int = EXCERPT) -> str:
    """A file's name quoted as :func:`excerpt` quotes a value, but its end kept when it is cut (the end
    names the file): ``…`` and its last ``limit`` characters."""
    if len(text) <= limit:
        return excerpt(text, limit)
    shown = printable(text[-limit:], lines=False)
    return "…" + shown[-limit:]


class RollwriteError(Exception):
    """An error the user can act on.  Carries an optional place: file, line, column, key path."""

    exit_code = 2

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        col: int | None = None,
        path: str | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        self.path = path
        self.hint = hint

    def where(self) -> str:
        """``file:line:col`` (as much of it as is known), or ``''``."""
        parts = []
        if self.file:
            parts.append(printable(str(self.file), lines=False))
            if self.line is not None:
                parts.append(str(self.line))
                if self.col is not None:
                    parts.append(str(self.col))
        return ":".join(parts)

    def __str__(self) -> str:
        """The message as printed: ``file:line:col: key.path: message`` and a hint.  Every part is escaped
        (:func:`printable`) here, the one place messages are made into text, so nothing a file or an
        argument holds reaches a terminal raw."""
        head = self.where()
        message = printable(self.message)
        text = f"{printable(self.path, lines=False)}: {message}" if self.path else message
        if head:
            text = f"{head}: {text}"
        if self.hint:
            text = f"{text}\n  hint: {printable(self.hint)}"
        return text


class InputError(RollwriteError):
    """A file or value that cannot be used: unreadable layout, malformed typed-in sheet, bad date."""


class InputErrors(InputError):
    """Several independent problems found in one reading of a file, in file order.  The error's own
    place, message and hint are the first problem's; ``errors`` holds them all, and ``str`` shows each
    on its own line(s)."""

    def __init__(self, errors: Sequence[InputError]) -> None:
        first = errors[0]
        super().__init__(first.message, file=first.file, line=first.line, col=first.col, path=first.path,
                         hint=first.hint)
        self.errors = tuple(errors)

    def __str__(self) -> str:
        return "\n".join(InputError.__str__(e) for e in self.errors)


def raise_all(errors: Sequence[InputError]) -> None:
    """Raise the problems found, if any: one as it is, several as :class:`InputErrors` (in file order)."""
    if errors:
        ordered = sorted(errors, key=lambda e: e.line or 0)  # stable: on one line, in the order found
        raise ordered[0] if len(ordered) == 1 else InputErrors(ordered)


class UsageError(RollwriteError):
    """A command used the wrong way: conflicting options, an unknown game, an absurd request."""


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """A ``did you mean 'x'?`` suggestion for an unknown name, or None when nothing is close."""
    # deferred for start-up: `print long-way` and every command given right names never suggest one
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None
