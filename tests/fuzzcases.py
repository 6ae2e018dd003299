"""Cases for fuzzing: typed-in sheets and layouts, well-formed and broken, from a ``random.Random``.

Shared by the hypothesis tests (tests/test_fuzz.py, which draw the Random with ``st.randoms()``) and the
long run in benchmarks/fuzz.py (which seeds it).  Every case starts from a real file — a game's
examples, a built-in or example layout — so that most cases get deep into the parser and the checks
before something breaks, then applies a few random edits.
"""

from __future__ import annotations

import os
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

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


# ---------------------------------------------------------------- attacks
#
# Each attack is a case of one class: ``setup(folder)`` makes its files in an empty folder (the working
# folder of the run) and returns (arguments, standard input or None, check); ``check(folder, output)``
# returns what went wrong beyond the exit code (a file read that must not be, a user's file changed, a
# leftover), or None.  benchmarks/fuzz.py runs every case as its own process (time and memory of the
# whole process); tests/test_fuzz.py runs one of each class in-process.

SECRET = "root:$6$abcdefgh$verysecrethash"
LAYOUT = "game: x\ntitle: t\nsheet: {size: [100, 100], elements: []}\n"
GAMES = ("long-way", "wobbly-cafe", "lines-and-sections", "scrambled-streets", "shelving-wars")


class Attack:
    """``timed`` False: the command does real work besides reading its input (solving a puzzle), so the
    2 s bound is not asked of it."""

    def __init__(self, cls: str, label: str, setup, timed: bool = True) -> None:  # noqa: ANN001
        self.cls, self.label, self.setup, self.timed = cls, label, setup, timed


def _secret(folder: Path) -> Path:
    out = folder.parent / (folder.name + "-secret")
    out.write_text(LAYOUT + f"{SECRET}: 1\n")
    return out


def _no_secret(folder: Path, output: str) -> str | None:
    return "the secret line was shown" if "verysecrethash" in output else None


def _path_cases() -> list[Attack]:
    def via(name_of) -> Any:  # noqa: ANN001
        def setup(folder: Path) -> tuple:
            secret = _secret(folder)
            (folder / "l.yaml").write_text(f"extends: {name_of(folder, secret)}\n")
            return ["check-layout", "l.yaml"], None, _no_secret
        return setup

    def link(folder: Path, secret: Path) -> str:
        os.symlink(secret, folder / "s.yaml")
        return "s.yaml"

    def sub_include(folder: Path) -> tuple:
        _secret(folder)
        (folder / "parts").mkdir()
        (folder / "parts" / "p.yaml").write_text(f"- include: ../../{folder.name}-secret\n")
        (folder / "l.yaml").write_text(LAYOUT.replace("elements: []", "elements: [{include: parts/p.yaml}]"))
        return ["check-layout", "l.yaml"], None, _no_secret

    def in_print(folder: Path) -> tuple:
        secret = _secret(folder)
        (folder / "l.yaml").write_text(LAYOUT.replace("elements: []", f"elements: [{{include: {secret}}}]"))
        return ["print", "l.yaml", "-o", "a.pdf"], None, _no_secret

    return [Attack("paths and links", "extends a link out of the folder", via(link)),
            Attack("paths and links", "extends an absolute path", via(lambda f, s: str(s))),
            Attack("paths and links", "extends ../", via(lambda f, s: f"../{s.name}")),
            Attack("paths and links", "extends /etc/passwd", via(lambda f, s: "/etc/passwd")),
            Attack("paths and links", "include out of a subfolder", sub_include),
            Attack("paths and links", "print includes an absolute path", in_print)]


def _special_cases() -> list[Attack]:
    def fifo(args: list[str], name: str) -> Any:
        def setup(folder: Path) -> tuple:
            target = folder / name
            target.parent.mkdir(exist_ok=True)
            os.mkfifo(target)
            return args, None, None
        return setup

    def zero(folder: Path) -> tuple:
        return ["score", "long-way", "--from-jsonl", "-"], b"\0" * 1_100_000, None

    return [Attack("special files", "a FIFO as a layout", fifo(["check-layout", "f.yaml"], "f.yaml")),
            Attack("special files", "a FIFO as a sheet", fifo(["score", "long-way", "f.txt"], "f.txt")),
            Attack("special files", "a FIFO in a scored folder", fifo(["score", "long-way", "d"], "d/b.txt")),
            Attack("special files", "a FIFO as --from-jsonl", fifo(["score", "long-way", "--from-jsonl", "f"], "f")),
            Attack("special files", "a FIFO as an extended layout",
                   lambda f: (fifo([], "p.yaml")(f), (f / "l.yaml").write_text("extends: p.yaml\n"),
                              (["check-layout", "l.yaml"], None, None))[-1]),
            Attack("special files", "/dev/zero as --from-jsonl", lambda f: (["score", "long-way", "--from-jsonl",
                                                                             "/dev/zero"], None, None)),
            Attack("special files", "/dev/zero as a layout", lambda f: (["check-layout", "/dev/zero"], None, None)),
            Attack("special files", "endless NUL bytes on --from-jsonl -", zero)]


def _jsonl(folder: Path, text: str) -> str:
    (folder / "in.jsonl").write_text(text, encoding="utf-8")
    return "in.jsonl"


def _deep_cases() -> list[Attack]:
    out = []
    for slug in GAMES:
        for label, body in [("lists", "[" * 100_000 + "]" * 100_000), ("objects", '{"a":' * 50_000 + "1" + "}" * 50_000)]:
            out.append(Attack("deep JSON", f"{slug}: {label} nested 100,000 deep", lambda f, s=slug, b=body: (
                ["score", s, "--from-jsonl", _jsonl(f, '{"name": "a", "text": ' + b + "}\n")], None, None)))
    return out


def _surrogate_cases() -> list[Attack]:
    out = []
    for slug in GAMES:
        for where, line in [("text", '{"name": "a", "text": "\\ud800"}'), ("name", '{"name": "\\udfff", "text": "x"}')]:
            out.append(Attack("surrogates", f"{slug}: a lone surrogate in the {where}", lambda f, s=slug, x=line: (
                ["score", s, "--jsonl", "--from-jsonl", _jsonl(f, x + "\n")], None, None)))
    return out


def _long_name_cases() -> list[Attack]:
    long = "a" * 5000
    nul_include = LAYOUT.replace("elements: []", 'elements: [{include: "a\\0b.yaml"}]')
    long_include = LAYOUT.replace("elements: []", f"elements: [{{include: {'a' * 300}.yaml}}]")

    def layout(text: str) -> Any:
        return lambda f: ((f / "l.yaml").write_text(text), (["check-layout", "l.yaml"], None, None))[-1]

    return [Attack("long names", "a 5,000-character -o", lambda f: (["print", "long-way", "-o", long + ".pdf"], None, None)),
            Attack("long names", "a 5,000-character game", lambda f: (["print", long], None, None)),
            Attack("long names", "a 5,000-character id", lambda f: (["print", "long-way#" + long], None, None)),
            Attack("long names", "a 5,000-character sheet", lambda f: (["score", "long-way", long], None, None)),
            Attack("long names", "a 5,000-character --answers", lambda f: (
                ["puzzle", "wobbly-cafe", "--seed", "a", "--answers", long], None, None)),
            Attack("long names", "an include name with a NUL byte", layout(nul_include)),
            Attack("long names", "an include name of 305 bytes", layout(long_include)),
            Attack("long names", "a legal 250-character output", lambda f: (
                ["print", "long-way", "-o", "b" * 246 + ".pdf"], None, None)),
            Attack("long names", "a 5,000-character unknown option", lambda f: (
                ["print", "long-way", "--" + long], None, _short)),
            Attack("long names", "a 5,000-character --paper", lambda f: (
                ["print", "long-way", "--paper", long], None, _short)),
            Attack("long names", "a 5,000-digit --players", lambda f: (
                ["print", "long-way", "--players", "9" * 5000], None, _short))]


def _short(folder: Path, output: str) -> str | None:
    """A long word of the command line is quoted as an excerpt, not repeated whole."""
    return f"the message is {len(output)} characters long" if len(output) > 400 else None


def _control_cases() -> list[Attack]:
    def clean(folder: Path, output: str) -> str | None:
        return "a control character reached the terminal" if any(c in output for c in "\x1b\x07\x9b\r") else None

    def layout(text: str) -> Any:
        return lambda f: ((f / "l.yaml").write_text(text), (["check-layout", "l.yaml"], None, clean))[-1]

    return [Attack("control characters", "ESC ] 0 ; ... BEL in a key", layout(LAYOUT + '"\\e]0;pwned\\a": 1\n')),
            Attack("control characters", "ESC [ in a value", layout(LAYOUT.replace("title: t", 'title: "\\e[2J"'))),
            Attack("control characters", "CSI (U+009B) in a game name", layout(LAYOUT.replace("game: x", 'game: "\\x9bx"'))),
            Attack("control characters", "ESC in a file name", lambda f: (["check-layout", "\x1b]0;x\x07.yaml"], None, clean)),
            Attack("control characters", "ESC in a sheet", lambda f: ((f / "s.txt").write_text("entrance: \x1b[2J\n"),
                                                                    (["score", "long-way", "s.txt"], None, clean))[-1]),
            Attack("control characters", "ESC in a player's name", lambda f: ((f / "s.txt").write_text(
                examples("shelving-wars")[0].replace("player: ", "player: \x1b]0;x\x07", 1)),
                (["score", "shelving-wars", "s.txt"], None, clean))[-1])]


def _edited_cases() -> list[Attack]:
    def unchanged(name: str, data: bytes | None = None) -> Any:
        def check(folder: Path, output: str) -> str | None:
            path = folder / name
            if not path.exists():
                return f"{name} was removed"
            want = data if data is not None else (folder / (name + ".keep")).read_bytes()
            return None if path.read_bytes() == want else f"{name} was changed"
        return check

    def first(args: list[str], edit, name: str, again: list[str]) -> Any:  # noqa: ANN001
        def setup(folder: Path) -> tuple:
            from typer.testing import CliRunner

            from rollwrite.cli.app import app

            CliRunner().invoke(app, args)
            path = folder / name
            edit(path)
            (folder / (name + ".keep")).write_bytes(path.read_bytes())
            return again, None, unchanged(name)
        return setup

    def fake(folder: Path) -> tuple:
        text = b'<?xml version="1.0" encoding="utf-8" ?>\n<!-- rollwrite 9.9 output: page 2 of 3 --><svg/>'
        (folder / "c-2.svg").write_bytes(text)
        return ["print", "long-way", "-o", "c.svg"], None, unchanged("c-2.svg", text)

    svg = ["print", "wobbly-cafe", "-n", "7", "-f", "svg", "-o", "c.svg"]
    return [Attack("edited outputs", "an SVG page with a shape added, then a shorter run", first(
                svg, lambda p: p.write_text(p.read_text().replace("</svg>", "<rect/></svg>")), "c-3.svg",
                ["print", "wobbly-cafe", "-n", "4", "-f", "svg", "-o", "c.svg"])),
            Attack("edited outputs", "an SVG page with a shape added, then the same run", first(
                svg, lambda p: p.write_text(p.read_text().replace("</svg>", "<rect/></svg>")), "c-2.svg", svg)),
            Attack("edited outputs", "a PDF with a line appended", first(
                ["print", "long-way", "-o", "a.pdf"], lambda p: p.write_bytes(p.read_bytes() + b"%x\n"), "a.pdf",
                ["print", "long-way", "-o", "a.pdf"])),
            Attack("edited outputs", "a file that merely starts like a page", fake),
            Attack("edited outputs", "an answer file edited", first(
                ["puzzle", "wobbly-cafe", "--seed", "a", "-o", "p.pdf", "--answers", "ans"],
                lambda p: p.write_text(p.read_text() + "# mine\n"), "ans/wobbly-cafe_a.txt",
                ["puzzle", "wobbly-cafe", "--seed", "a", "-o", "p.pdf", "--answers", "ans"]), timed=False)]


def _bomb_cases() -> list[Attack]:
    def layout(text: str) -> Any:
        return lambda f: ((f / "l.yaml").write_text(text), (["check-layout", "l.yaml"], None, None))[-1]

    sheet = "game: x\ntitle: t\nsheet:\n  size: [180, 240]\n  elements:\n"
    holes = sheet + f'    - {{type: text, at: [5, 5], text: "{"{i}" * 100_000}", repeat: {{count: 500, step: [0, 0.4]}}}}\n'
    nest = sheet + ("    - {type: group, at: [2, 2], repeat: {count: 70, step: [2.5, 0], var: j}, elements: "
                    "[{type: box, at: [0, 0], size: [2, 2], repeat: {count: 70, step: [0, 3]}, overlaps: true}]}\n")
    column = nest.replace("overlaps: true", "overlaps: false").replace("size: [2, 2]", "size: [1, 1]").replace(
        "count: 70, step: [2.5, 0]", "count: 8, step: [0, 29]").replace("count: 70, step: [0, 3]", "count: 500, step: [0, 0.05]")
    merge = "game: x\ntitle: t\ndefaults:\n  a: &a {type: box, size: [1, 1], overlaps: true}\n" + sheet[16:] + "".join(
        f"    - {{<<: *a, at: [{(i % 20) * 9}, {(i // 20) * 9}]}}\n" for i in range(480))
    values = f"game: x\ntitle: t\ndefaults: [{', '.join(str(i) for i in range(60_000))}]\n" + sheet[16:]
    bomb = LAYOUT + "x0: &x0 [" + ", ".join(["lol"] * 9) + "]\n" + "".join(
        f"x{i}: &x{i} [" + ", ".join([f"*x{i - 1}"] * 9) + "]\n" for i in range(1, 9))
    return [Attack("work bombs", "100,000 placeholders repeated 500 times", layout(holes)),
            Attack("work bombs", "a 70 x 70 nested repeat that may overlap", layout(nest)),
            Attack("work bombs", "4,000 elements in one column", layout(column)),
            Attack("work bombs", "480 elements merged from one anchor", layout(merge)),
            Attack("work bombs", "60,000 values", layout(values)),
            Attack("work bombs", "an alias bomb", layout(bomb))]


def _language_cases() -> list[Attack]:
    """The third step of the layout language at its limits: lists, paths, patterns, icons of icons, fit."""
    def layout(text: str, *extra: str) -> Any:
        return lambda f: ((f / "l.yaml").write_text(text), (["check-layout", *extra, "l.yaml"], None, None))[-1]

    head = "game: x\ntitle: t\n{top}sheet:\n  size: [180, 240]\n  elements:\n"
    sheet = head.format(top="")
    ranges = sheet + ('    - {type: text, at: [5, 5], text: "{len(range(1, 1000)) + len(range(1, 999999999999))}"}\n')
    lists = sheet + ('    - {type: text, at: [5, 5], text: "{len(' + "[" * 12 + "range(900)" + "]" * 12 + ')}"}\n')
    joined = sheet + ('    - {type: text, at: [5, 5], text: "{item[0]}", repeat: {items: "{range(500) + range(500)}", '
                      'step: [0, 0.2]}, overlaps: true}\n')
    arcs = " ".join(f"A 1 1 0 1 1 {k % 2} 0" for k in range(990))
    path = sheet + f'    - {{type: path, at: [50, 50], d: "M 0 0 {arcs}", overlaps: true, repeat: {{count: 20, step: [0, 0]}}}}\n'
    dots = sheet + ("    - {type: box, at: [0, 0], size: [180, 240], fill: '#ccc dots', overlaps: true, "
                    "repeat: {count: 20, step: [0, 0]}}\n")
    icons = ["icons:", "  i0:", "    - {type: circle, at: [5, 5], radius: 1, repeat: {count: 40, step: [0, 0]}}"]
    icons += [line for k in range(1, 30) for line in (f"  i{k}:", f"    - {{type: icon, at: [5, 5], name: i{k - 1}, size: 2, "
                                                          "repeat: {count: 40, step: [0, 0]}}")]
    nested = head.format(top="\n".join(icons) + "\n") + "    - {type: icon, at: [5, 5], name: i29}\n"
    fills = sheet + ("    - {type: grid, at: [0, 0], rows: 40, cols: 40, cell: 4.5, fills: [" + ", ".join(
        f"{{cell: [{r}, {c}], color: '#{(r * 40 + c) * 4099 % 0xffffff:06x}'}}" for r in range(1, 41) for c in range(1, 41)
        if (r * 40 + c) <= 2000) + "]}\n")
    fit = sheet + ("    - {id: b, type: box, at: [0, 0], size: [20, 10], repeat: {count: 1, step: [0, 0]}}\n"
                   "    - {type: text, text: '" + "W" * 5000 + "', fit: 6, in: {id: b}}\n")
    return [Attack("language", "a range of 10^12 entries", layout(ranges)),
            Attack("language", "lists 12 deep of 900 entries", layout(lists)),
            Attack("language", "a repeat over two ranges joined", layout(joined)),
            Attack("language", "20 paths of 990 arcs", layout(path)),
            Attack("language", "20 sheet-sized dotted fills", layout(dots, "--greyscale")),
            Attack("language", "icons of icons 30 deep, 40 each", layout(nested)),
            Attack("language", "1,600 fills of different colours, judged in grey", layout(fills, "--greyscale")),
            Attack("language", "a 5,000-character text made to fit", layout(fit))]


def _killed_cases() -> list[Attack]:
    def leftover(folder: Path) -> tuple:
        (folder / ".a.pdf.k2j4x_9q.part").write_bytes(b"%PDF-1.4 " + b"x" * 890_000)

        def check(folder: Path, output: str) -> str | None:
            left = sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))
            return f"left over: {left}" if left else None
        return ["print", "long-way", "-o", "a.pdf"], None, check

    return [Attack("killed runs", "a run killed during its final fsync left its temporary file", leftover)]


def _png_bytes(w: int, h: int, extra: bytes = b"") -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    rows = zlib.compress(b"".join(b"\0" + b"\x80" * w for _ in range(h)), 9)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) + extra
            + chunk(b"IDAT", rows) + chunk(b"IEND", b""))


def _with_picture(name: str, data: Any, element: str, command: str = "check-layout", extra: str = "") -> Any:
    """An attack that writes the file ``name`` (``data``: its bytes, made when the case is set up) beside
    a layout of one element."""
    def setup(folder: Path) -> tuple:
        (folder / name).write_bytes(data())
        (folder / "l.yaml").write_text("game: x\ntitle: t\n" + extra + "sheet:\n  size: [100, 100]\n  elements:\n"
                                       f"    - {element}\n")
        args = ["check-layout", "l.yaml"] if command == "check-layout" else ["print", "l.yaml", "-o", "a.pdf"]
        return args, None, None
    return setup


def _picture_cases() -> list[Attack]:
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    def bomb() -> bytes:  # 1 GB of zeros, inflated from 1 MB (made in pieces: never held whole)
        z = zlib.compressobj(9)
        zero = bytes(1 << 20)
        return b"".join(z.compress(zero) for _ in range(1024)) + z.flush()

    good = _png_bytes(4, 4)
    crc = bytearray(good)
    crc[-20] ^= 0xFF
    paths = "".join(f'<path d="M{i % 90} {i // 90} l1 1"/>' for i in range(4990))
    many = f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">{paths}</svg>'.encode()
    use = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><defs><path id="a0" d="M0 0 l1 1"/>'
    for i in range(1, 12):
        use += f'<g id="a{i}">' + "".join(f'<use xlink:href="#a{i - 1}"/>' for _ in range(10)) + "</g>"
    use += '</defs><use xlink:href="#a11"/></svg>'
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">{}</svg>'
    once = "{type: image, at: [0, 0], file: %s, size: [10, 10]}"
    many_copies = "{type: image, at: [0, 0], file: %s, size: [1, 1], overlaps: true, repeat: {count: 500, step: [0, 0]}}"

    def selflink(folder: Path) -> tuple:
        os.symlink("self.png", folder / "self.png")
        (folder / "l.yaml").write_text(LAYOUT.replace("elements: []", "elements: [" + once % "self.png" + "]"))
        return ["print", "l.yaml", "-o", "a.pdf"], None, None

    return [
        Attack("pictures", "a 3000 x 3000 PNG repeated 500 times, printed", _with_picture("big.png", lambda: _png_bytes(3000, 3000), many_copies % "big.png", "print")),
        Attack("pictures", "a PNG whose zTXt chunk inflates to 1 GB", _with_picture("z.png", lambda: _png_bytes(4, 4, chunk(b"zTXt", b"k\0\0" + bomb())), once % "z.png", "print")),
        Attack("pictures", "a PNG whose iTXt chunk inflates to 1 GB", _with_picture("i.png", lambda: _png_bytes(4, 4, chunk(b"iTXt", b"k\0\1\0\0\0" + bomb())), once % "i.png", "print")),
        Attack("pictures", "a PNG whose iCCP profile inflates to 1 GB", _with_picture("c.png", lambda: _png_bytes(4, 4, chunk(b"iCCP", b"p\0\0" + bomb())), once % "c.png", "print")),
        Attack("pictures", "a PNG with a wrong checksum", _with_picture("crc.png", lambda: bytes(crc), once % "crc.png", "print")),
        Attack("pictures", "a PNG cut short", _with_picture("cut.png", lambda: good[:-30], once % "cut.png", "print")),
        Attack("pictures", "an SVG of 4,990 paths repeated 500 times", _with_picture("many.svg", lambda: many, many_copies % "many.svg")),
        Attack("pictures", "an SVG of <use> inside <use>, 10 ** 11 copies", _with_picture("use.svg", use.encode, once % "use.svg", "print")),
        Attack("pictures", "an SVG that writes 1e308", _with_picture("huge.svg", svg.format('<path d="M0 0 L1e308 1e308"/>').encode, once % "huge.svg", "print")),
        Attack("pictures", "an SVG that is not well-formed XML", _with_picture("bad.svg", svg.format('<path d="M0 0 L5 5">').encode, once % "bad.svg", "print")),
        Attack("pictures", "a picture's name with a NUL", _with_picture("x.png", lambda: good, '{type: image, at: [0, 0], file: "x\\0.png", size: [10, 10]}')),
        Attack("pictures", "a picture that is a link to itself", selflink),
    ]


def _font_cases() -> list[Attack]:
    import struct

    def serif() -> bytes:
        return (Path(__file__).resolve().parents[1] / "docs" / "pictures" / "serif.ttf").read_bytes()

    def damaged(how: str) -> bytes:
        data = bytearray(serif())
        for i in range(struct.unpack(">H", data[4:6])[0]):
            entry = 12 + 16 * i
            if data[entry:entry + 4] == b"glyf":
                offset, length = struct.unpack(">II", data[entry + 8:entry + 16])
                if how == "glyf":
                    data[offset:offset + length] = b"\xff" * length
                else:  # a glyf table said to be 16 bytes long
                    data[entry + 12:entry + 16] = struct.pack(">I", 16)
        return bytes(data)

    text = "{type: text, at: [10, 10], text: Hello, font: f}"
    return [Attack("fonts", "a font whose glyph table is damaged", _with_picture("f.ttf", lambda: damaged("glyf"), text, "print", "fonts: {f: f.ttf}\n")),
            Attack("fonts", "a font whose glyph table is cut short", _with_picture("f.ttf", lambda: damaged("short"), text, "print", "fonts: {f: f.ttf}\n")),
            Attack("fonts", "a font's name with a NUL", _with_picture("f.ttf", serif, text, "print", 'fonts: {f: "f\\0.ttf"}\n')),
            Attack("fonts", "an icon set's name with a NUL", _with_picture("f.ttf", serif, "{type: icon, at: [5, 5], name: star}", "check-layout", 'icons: "s\\0.yaml"\n'))]


def _map_cases() -> list[Attack]:
    def layout(element: str) -> Any:
        return lambda f: ((f / "l.yaml").write_text(LAYOUT.replace("elements: []", f"elements: [{element}]")),
                          (["print", "l.yaml", "-o", "a.pdf"], None, None))[-1]

    return [Attack("hex maps", "a 50 x 50 hex map", layout("{type: hexgrid, at: [0, 0], rows: 50, cols: 50, fit: [100, 100]}")),
            Attack("hex maps", "a 50 x 50 hex map with labels and dots", layout(
                "{type: hexgrid, at: [0, 0], rows: 50, cols: 50, fit: [100, 100], dots: true, labels: {rows: letters, cols: numbers}}"))]


def attacks() -> list[Attack]:
    """Every attack, class by class."""
    return (_path_cases() + _special_cases() + _deep_cases() + _surrogate_cases() + _long_name_cases()
            + _control_cases() + _edited_cases() + _bomb_cases() + _language_cases() + _killed_cases()
            + _picture_cases() + _font_cases() + _map_cases())
