"""Reading a user's text file, with messages that say what is wrong and how to fix it.

Files come from other people (shared layouts, sheets mailed in for a leaderboard), so every read is
bounded: a file longer than its limit is refused after reading at most one byte past the limit, and
a typed-in sheet is also held to a line length and a number length, and to ASCII digits, before any
game reads it.  Each refusal names the file, line and column.
"""

from __future__ import annotations

import io
from itertools import accumulate
import os
import re
import stat
import unicodedata
from pathlib import Path
from typing import IO, Any, BinaryIO

from rollwrite.errors import InputError, excerpt
from rollwrite.valueclass import Value


class TextLimits(Value):  # a Value, not a dataclass: made at every start-up (see rollwrite.valueclass)
    """What a file of one kind may hold.  ``None`` leaves that check out."""

    kind: str  # how messages call the file: "a sheet", "a layout file"
    max_bytes: int
    max_line: int | None = None  # characters on one line
    max_digits: int | None = None  # digits in one run of digits (one number)
    ascii_digits: bool = False  # refuse digits from other scripts (３, ١, ५)
    comment: str | None = None  # text after this on a line is a comment: only the size limits apply there


#: A typed-in sheet.  The longest real sheet is a few kilobytes with lines under 60 characters.
SHEET = TextLimits("a sheet", max_bytes=256 * 1024, max_line=400, max_digits=40, ascii_digits=True, comment="#")
#: A YAML layout (each file of it).  The built-in layouts are under 8 KB.
LAYOUT = TextLimits("a layout file", max_bytes=512 * 1024)


def _kib(n: int) -> str:
    return f"{n // 1024} KB" if n % 1024 == 0 else f"{n} bytes"


def place(data: bytes | str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of ``offset`` (a byte offset into bytes, a character offset into str)."""
    if isinstance(data, bytes):
        head = data[:offset]
        line, start = head.count(b"\n") + 1, head.rfind(b"\n") + 1
        col = len(data[start:offset].decode("utf-8", errors="replace")) + 1  # characters, not bytes, on the line
    else:
        text = data[:offset]
        line, start = text.count("\n") + 1, text.rfind("\n") + 1
        col = offset - start + 1
    return line, col


def too_big(data: bytes | str, name: str, limits: TextLimits) -> InputError:
    line, col = place(data, limits.max_bytes)
    return InputError(
        f"the file is larger than {_kib(limits.max_bytes)}, the most {limits.kind} may be; it goes past that here",
        file=name, line=line, col=col,
        hint=f"this is far larger than any real {limits.kind.split(' ', 1)[1]}: check it is the file you meant",
    )


def read_bounded(stream: BinaryIO, name: str, limits: TextLimits) -> bytes:
    """At most ``limits.max_bytes`` bytes of ``stream``; one more byte means the file is refused.

    A regular file smaller than the bound is read with a request of its own size (plus one byte): asking
    for the whole bound makes Python set aside that much memory for every file, which costs more than
    reading a typed-in sheet of a few kilobytes.  Should the file have grown since, the rest is read too,
    up to the bound."""
    want = limits.max_bytes + 1
    first = want
    try:
        st = os.fstat(stream.fileno())
        if stat.S_ISREG(st.st_mode) and st.st_size < limits.max_bytes:
            first = st.st_size + 1
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        pass
    data = stream.read(first)
    if first < want and len(data) == first:  # longer than it was: read on to the bound
        data += stream.read(want - first)
    if len(data) > limits.max_bytes:
        raise too_big(data, name, limits)
    return data


def decode(data: bytes, name: str, hint: str = "save it as UTF-8", limits: TextLimits | None = None) -> str:
    """UTF-8 text (a leading byte-order mark is dropped), or an InputError naming the first bad line.

    With ``limits``, the size, line length, number length and digits are checked too.
    """
    if limits is not None and len(data) > limits.max_bytes:
        raise too_big(data, name, limits)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError("the file is not UTF-8 text", file=name, line=line, hint=hint) from None
    if limits is not None:
        check_text(text, name, limits)
    return text


#: Most bytes in one part of a path (a file or folder name) and in a whole path, as Linux and macOS
#: allow; a longer name is refused before the system is asked about it.
NAME_MAX = 255
PATH_MAX = 4096


def check_name(path: str | Path, name: str | None = None) -> None:
    """An InputError for a file name no system can have: a NUL byte, a part longer than NAME_MAX bytes,
    a path longer than PATH_MAX bytes.  ``name`` is how messages call the file (default: the path)."""
    text = os.fspath(path)
    shown = name if name is not None else text
    if "\x00" in text:
        raise InputError("a file name cannot hold a NUL character", file=shown, hint="check the name")
    raw = os.fsencode(text) if isinstance(text, str) else text
    if len(raw) > PATH_MAX:
        raise InputError(f"the path is {len(raw):,} bytes long; a path has at most {PATH_MAX:,}",
                         file=excerpt(shown), hint="give a shorter path")
    longest = max(raw.split(b"/"), key=len)
    if len(longest) > NAME_MAX:
        raise InputError(f"a name in the path is {len(longest)} bytes long; a file name has at most {NAME_MAX}",
                         file=excerpt(shown), hint="give a shorter name")


def kind_of(path: str | Path) -> str | None:
    """What ``path`` is: "file" (a regular file), "folder", "other" (a pipe, a device, a socket), or
    None when there is nothing there or it cannot be looked at.  Follows links; never raises."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    return "file" if stat.S_ISREG(mode) else "folder" if stat.S_ISDIR(mode) else "other"


def open_regular(path: str | Path, name: str, what: str) -> BinaryIO:
    """``path`` opened for reading, when it is a regular file; an InputError otherwise.

    A pipe (FIFO) would make ``open`` wait for a writer, a device such as /dev/zero never ends: the
    path is looked at before it is opened (``stat``), opened without waiting (``O_NONBLOCK``) and looked
    at again once open, so a pipe put in its place between the two is refused too.  ``what`` names the
    kind of file wanted in messages ("a sheet")."""
    check_name(path, name)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise InputError("no such file", file=name, hint="check the path") from None
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror})", file=name) from None
    if stat.S_ISDIR(mode):
        raise InputError(f"is a folder, not {what}", file=name)
    if not stat.S_ISREG(mode):
        raise InputError(f"is not a regular file (a pipe, a device or a socket), so not {what}", file=name,
                         hint="rollwrite reads ordinary files only: save it as a file first")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror})", file=name) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise InputError(f"is not a regular file, so not {what}", file=name)
    return os.fdopen(fd, "rb")


def read_text(path: str | Path, name: str, kind: str | None = None, hint: str = "save it as UTF-8",
              limits: TextLimits | None = None) -> str:
    """The text of ``path``, a regular file (see :func:`open_regular`); ``name`` is how messages call it.

    ``limits`` bounds what is read (``SHEET``, ``LAYOUT``); without it the file's kind is only named by
    ``kind`` ('a sheet') and the layout limits apply to its size.
    """
    lim = limits or LAYOUT
    what = kind or lim.kind
    with open_regular(path, name, what) as fh:
        try:
            data = read_bounded(fh, name, lim)
        except OSError as exc:
            raise InputError(f"cannot read the file ({exc.strerror})", file=name) from None
    return decode(data, name, hint, limits)


def read_stream(stream: IO[bytes] | IO[str] | io.TextIOBase, name: str, hint: str, limits: TextLimits) -> str:
    """Bounded text from an open stream such as standard input."""
    raw = getattr(stream, "buffer", None)
    if raw is not None:
        data = read_bounded(raw, name, limits)
    else:  # a text stream (tests): read a bounded number of characters
        chunk = stream.read(limits.max_bytes + 1)
        data = chunk.encode("utf-8") if isinstance(chunk, str) else chunk
    return decode(data, name, hint, limits)


def is_digits(text: str) -> bool:
    """``text`` is one or more ASCII digits 0-9.  Python's ``\\d``, ``str.isdigit`` and ``int()`` also take
    digits of other scripts (``３``, ``١``), so typed-in formats read numbers with this or ``[0-9]``."""
    return text.isascii() and text.isdigit()


def die_message(value: int | str, sides: int, what: str = "a die") -> str:
    """The one message every game gives for a value no die of the game can show (unreadable, exit 2)."""
    return f"{what} shows 1 to {sides}, not {value}" if what == "a die" else \
        f"{what} is a die value, 1 to {sides}, not {value}"


def _digit_name(ch: str) -> str:
    value = unicodedata.digit(ch, None)
    script = unicodedata.name(ch, "").split(" DIGIT")[0].title() or "another script"
    return f"'{ch}' is a digit from {script}" + (f"; type {value}" if value is not None else "")


def check_text(text: str, name: str, limits: TextLimits) -> None:
    """Line length, number length and ASCII digits, with the line and column of the first problem."""
    if limits.max_line is None and limits.max_digits is None and not limits.ascii_digits:
        return
    if text.isascii():  # the usual sheet: three checks over the whole text instead of one per line
        if ((limits.max_line is None or max(map(len, text.split("\n"))) <= limits.max_line)
                and (limits.max_digits is None or not _has_long_number(text, limits.max_digits))):
            return
    for lineno, line in enumerate(text.split("\n"), 1):
        if limits.max_line is not None and len(line) > limits.max_line:
            raise InputError(
                f"the line is {len(line)} characters long; a line of {limits.kind} may have at most {limits.max_line}",
                file=name, line=lineno, col=limits.max_line + 1,
                hint="each entry goes on its own line",
            )
        body = line.split(limits.comment, 1)[0] if limits.comment else line
        if body.isascii():
            if limits.max_digits is not None and len(body) > limits.max_digits:
                _check_runs(body, name, lineno, limits)
            continue
        for col, ch in enumerate(body, 1):
            if limits.ascii_digits and not ch.isascii() and ch.isdigit():
                raise InputError(f"{_digit_name(ch)}: numbers are written with the digits 0 to 9",
                                 file=name, line=lineno, col=col, hint="retype the number with the digits 0 to 9")
        if limits.max_digits is not None:
            _check_runs(body, name, lineno, limits)


_DIGITS_AS_ZERO = bytes(48 if 48 <= i <= 57 else 32 for i in range(256))  # a byte table: '0'-'9' to '0', the rest ' '


def _has_long_number(ascii_text: str, digits: int) -> bool:
    """Whether ASCII ``ascii_text`` holds a run of more than ``digits`` digits.  (Its bytes with every digit
    made '0' are searched for the run of zeros: a tenth of the time ``[0-9]{41}`` takes, which re tries
    at every place of the text.)"""
    return ascii_text.encode("ascii").translate(_DIGITS_AS_ZERO).find(b"0" * (digits + 1)) >= 0


def _check_runs(body: str, name: str, lineno: int, limits: TextLimits) -> None:
    run = 0
    for col, ch in enumerate(body, 1):
        run = run + 1 if "0" <= ch <= "9" else 0
        if run > limits.max_digits:  # type: ignore[operator]
            start = col - run + 1
            raise InputError(f"this number has more than {limits.max_digits} digits",
                             file=name, line=lineno, col=start, hint="no count or score in a game is that long")


#: How deep a JSON document read from a user may nest lists and objects (a sheet's record nests 1 deep).
JSON_DEPTH = 64
# (patterns: re compiles them when first used, and a print reads no JSON)
_JSON_STRING = r'"(?:[^"\\]|\\.)*"'
_NOT_BRACKET = r"[^\[\]{}]+"


def load_json(text: str, name: str, line: int | None = None, max_depth: int = JSON_DEPTH, what: str = "JSON") -> Any:
    """A JSON value from ``text``, or an InputError: nesting deeper than ``max_depth`` is refused before it
    is parsed (the parser would recurse once a level), and so is a string holding half a surrogate pair
    (``"\\ud800"``), which is no character and cannot be written out again."""
    # deferred for start-up: `print long-way` and 5 more commands need this module, not this import
    import json

    brackets = re.sub(_NOT_BRACKET, "", re.sub(_JSON_STRING, "", text))
    if len(brackets) > max_depth:
        depth = max(accumulate(1 if c in "[{" else -1 for c in brackets))
        if depth > max_depth:
            raise InputError(f"the JSON nests {depth:,} levels deep; at most {max_depth} are read", file=name,
                             line=line, hint="nothing rollwrite reads nests more than a few levels")
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise InputError(f"not {what}: {exc}", file=name, line=line) from None
    if "\\u" in text:
        _whole_characters(value, name, line)
    return value


def _whole_characters(value: Any, name: str, line: int | None) -> None:
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise InputError(f"a string holds '\\u{ord(v[exc.start]):04x}', half of a surrogate pair, which is "
                                 "no character", file=name, line=line,
                                 hint="write the character itself, or both halves of its pair") from None
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
