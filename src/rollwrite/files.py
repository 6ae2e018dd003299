"""Reading a user's text file, with messages that say what is wrong and how to fix it."""

from __future__ import annotations

from pathlib import Path

from rollwrite.errors import InputError


def decode(data: bytes, name: str, hint: str = "save it as UTF-8") -> str:
    """UTF-8 text (a leading byte-order mark is dropped), or an InputError naming the first bad line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError("the file is not UTF-8 text", file=name, line=line, hint=hint) from None


def read_text(path: str | Path, name: str, kind: str, hint: str = "save it as UTF-8") -> str:
    """The text of ``path``; ``name`` is how messages call it, ``kind`` what it should be ('a sheet')."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", file=name, hint="check the path") from None
    except IsADirectoryError:
        raise InputError(f"is a folder, not {kind}", file=name) from None
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror})", file=name) from None
    return decode(data, name, hint)
