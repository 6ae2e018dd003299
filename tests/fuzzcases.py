"""Cases for fuzzing: typed-in sheets and layouts, well-formed and broken, from a ``random.Random``.

Shared by the hypothesis tests (tests/test_fuzz.py, which draw the Random with ``st.randoms()``) and the
long run in benchmarks/fuzz.py (which seeds it).  Every case starts from a real file — a game's
examples, a built-in or example layout — so that most cases get deep into the parser and the checks
before something breaks, then applies a few random edits.
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# characters a careless or hostile file may hold: other scripts' digits, look-alikes, controls, emoji
ODD = ["３", "١", "५", "٣", "Ａ", "×", "−", "\u00a0", "\u200b", "\u202e", "\t", "\r", "\x00", "\x7f", "\ufeff",
       "🎲", "☕", "é", "ß", "İ", "\ud7ff", "\\", '"', "'", "&", "*", "!", "%", "{", "}", "[", "]", ":", "-", "#",
       "|", ",", ".", "_", "@"]
WORDS = ["0", "1", "6", "7", "9", "10", "-1", "99999999999", "1" * 45, "1e309", "nan", "inf", "0x10", "3x4",
         "3×4", "3 x 4", "A1", "Z99", "a0", "r1c1", "G7", "T20", "rolled", "at", "box", "shelf", "player:",
         "floor", "name:", "log:", "store:", "roll", "tile", "display", "stop", "bonus", "coins:", "size:",
         "turns:", "dice:", "capture:", "yes", "no", "N", "E", "S", "W", "NESW", "N*", "o", "A", "B", ".",
         "|", "path:", "shade:", "players:", "winner:", "top-left", "br", "down", "from", "3d6", "0d0",
         "100d100"]


@lru_cache(maxsize=None)
def examples(slug: str) -> tuple[str, ...]:
    """The game's example sheets (and the example in its format page, when the folder is empty)."""
    return tuple(p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples" / slug).glob("*.txt")))


@lru_cache(maxsize=None)
def layouts() -> tuple[tuple[str, str], ...]:
    """(name, text) of every built-in and example layout."""
    files = sorted((ROOT / "layouts").glob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml"))
    return tuple((p.name, p.read_text(encoding="utf-8")) for p in files)


def _edit_line(lines: list[str], rnd: random.Random) -> None:
    if not lines:
        lines.append(rnd.choice(WORDS))
        return
    i = rnd.randrange(len(lines))
    op = rnd.randrange(12)
    line = lines[i]
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, line)
    elif op == 2:
        j = rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], line
    elif op == 3 and line:  # change one character
        k = rnd.randrange(len(line))
        lines[i] = line[:k] + rnd.choice(ODD + list("0123456789abcxyzNESW ")) + line[k + 1:]
    elif op == 4:  # a word in
        words = line.split(" ")
        words.insert(rnd.randrange(len(words) + 1), rnd.choice(WORDS))
        lines[i] = " ".join(words)
    elif op == 5:  # a word replaced
        words = line.split(" ")
        words[rnd.randrange(len(words))] = rnd.choice(WORDS)
        lines[i] = " ".join(words)
    elif op == 6 and line:  # cut short
        lines[i] = line[: rnd.randrange(len(line))]
    elif op == 7:  # a digit moved out of the dice's range
        lines[i] = "".join(rnd.choice("0789") if c in "123456" and rnd.random() < 0.3 else c for c in line)
    elif op == 8:  # a digit from another script
        lines[i] = "".join(chr(0xFF10 + int(c)) if c.isascii() and c.isdigit() and rnd.random() < 0.3 else c
                           for c in line)
    elif op == 9:  # a line of another kind
        lines.insert(i, rnd.choice(WORDS) + " " + rnd.choice(WORDS))
    elif op == 10:  # indentation and case
        lines[i] = rnd.choice(["", " ", "\t", "   "]) + (line.upper() if rnd.random() < 0.5 else line.lower())
    else:  # a long line or a long number
        lines[i] = line + rnd.choice([" x" * rnd.randrange(1, 400), " " + "9" * rnd.randrange(5, 60)])


def sheet_case(slug: str, rnd: random.Random) -> tuple[str, bytes]:
    """(kind, bytes) of a typed-in sheet of ``slug``: 'example' (as shipped), 'edited' or 'bytes'."""
    base = rnd.choice(examples(slug))
    roll = rnd.random()
    if roll < 0.05:
        return "example", base.encode("utf-8")
    if roll < 0.10:  # whole-file damage
        data = base.encode("utf-8")
        choice = rnd.randrange(6)
        if choice == 0:
            return "bytes", b""
        if choice == 1:
            return "bytes", data[: rnd.randrange(len(data))]
        if choice == 2:
            return "bytes", data.replace(b"\n", b"\r\n")
        if choice == 3:
            return "bytes", b"\xef\xbb\xbf" + data
        if choice == 4:
            k = rnd.randrange(len(data))
            return "bytes", data[:k] + bytes([rnd.randrange(256)]) + data[k:]
        return "bytes", bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 200)))
    lines = base.split("\n")
    for _ in range(rnd.choice([1, 1, 1, 2, 3, 5])):
        _edit_line(lines, rnd)
    return "edited", "\n".join(lines).encode("utf-8", "surrogatepass")


# ---------------------------------------------------------------- layouts

YAML_VALUES = ["0", "-5", "1e9", "1e400", ".nan", "~", "null", "true", "[]", "{}", "[1, 2, 3]", "'text'",
               '"🎲 dice"', "!!python/object:os.system [ls]", "!!binary aGVsbG8=", "*nothing", "&a 3",
               "2026-13-45", "12mm", "3cm", "-2in", "1" * 50, "'" + "x" * 300 + "'", "'é☕'", "|\n  block",
               "{<<: {a: 1}}", "[[[[[[[[[[]]]]]]]]]]", "0o777", "0x1F", "+.inf", "yes", "no", "on"]
YAML_KEYS = ["type", "at", "size", "rows", "cols", "cell", "text", "title", "page", "sheet", "elements", "game",
             "dice", "players", "data", "<<", "extends", "include", "repeat", "group", "margin", "paper", "font",
             "labels", "shape", "marks", "count", "colums", "zzz"]


def _alias_bomb(rnd: random.Random) -> str:
    width, levels = rnd.randrange(2, 10), rnd.randrange(3, 10)
    out = "x0: &x0 [" + ", ".join(["lol"] * width) + "]\n"
    for i in range(1, levels):
        out += f"x{i}: &x{i} [" + ", ".join([f"*x{i - 1}"] * width) + "]\n"
    return out + f"data: *x{levels - 1}\n"


def layout_case(rnd: random.Random) -> tuple[str, str]:
    """(name, text) of a broken layout: a real one with random edits, or one of the known attacks."""
    name, base = rnd.choice(layouts())
    roll = rnd.random()
    if roll < 0.04:
        return name, base + _alias_bomb(rnd)
    if roll < 0.07:
        depth = rnd.choice([41, 100, 500, 5000, 30000])
        return name, base + "nested: " + "[" * depth + "]" * depth + "\n"
    if roll < 0.09:
        depth = rnd.choice([41, 60])
        return name, base + "nested:\n" + "".join("  " * i + "- \n" for i in range(1, depth))
    if roll < 0.11:
        return name, base + "x: &a [1, *a]\n"
    if roll < 0.13:
        return name, base.replace("title:", "title: 🎲", 1)
    if roll < 0.15:
        return name, base + "---\nsecond: document\n"
    lines = base.split("\n")
    for _ in range(rnd.choice([1, 1, 2, 3, 4])):
        if not lines:
            break
        i = rnd.randrange(len(lines))
        line = lines[i]
        op = rnd.randrange(8)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, line)
        elif op == 2 and ":" in line:  # a value replaced
            key = line.split(":", 1)[0]
            lines[i] = f"{key}: {rnd.choice(YAML_VALUES)}"
        elif op == 3 and ":" in line:  # a key replaced
            indent = len(line) - len(line.lstrip())
            lines[i] = " " * indent + rnd.choice(YAML_KEYS) + ":" + line.split(":", 1)[1]
        elif op == 4:  # indentation
            lines[i] = rnd.choice(["", " ", "  ", "\t"]) + line
        elif op == 5 and line:
            k = rnd.randrange(len(line))
            lines[i] = line[:k] + rnd.choice(ODD + list("0123456789[]{}:,-&*!'\"")) + line[k + 1:]
        elif op == 6:  # a number changed
            lines[i] = "".join(rnd.choice(["0", "-1", "999", "1e9", "0.001"]) if c.isdigit() and rnd.random() < 0.3
                               else c for c in line)
        else:
            lines.insert(i, rnd.choice(YAML_KEYS) + ": " + rnd.choice(YAML_VALUES))
    return name, "\n".join(lines)
