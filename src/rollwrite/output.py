"""Writing output files whole or not at all, never over a file of the user's, and the table of output formats.

Each file is written to a temporary file in its destination folder, flushed to disk, then renamed over
the destination, so a reader never sees half a file and a failure leaves what was there before.  When
one run writes several files (SVG pages), every temporary file is complete before the first rename.

Nothing a user had is lost: a file that is in the way is replaced only when rollwrite wrote it (its
PDF Creator is ``rollwrite …``, its SVG starts with a ``rollwrite`` comment, a PNG has a ``Software``
text chunk naming rollwrite, a puzzle answer starts with its ``# answer to`` header) or when ``force``
is given.  An SVG or PNG run that writes fewer pages than
an earlier run to the same name removes the earlier run's extra pages, and only those.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import re
import tempfile
import unicodedata
import zlib
from pathlib import Path

from rollwrite import __version__
from rollwrite.draw.scene import Scene
from rollwrite.dice import VARIANT_MARK, parse_variant
from rollwrite.errors import InputError, UsageError
from rollwrite.record import Value


class Format(Value):
    name: str
    module: str  # backend module with render(scene, **options) -> bytes | list[bytes]
    per_page: bool  # one file per page
    options: tuple[str, ...] = ()  # keyword options its render takes (e.g. dpi)


FORMATS: dict[str, Format] = {
    "pdf": Format("pdf", "rollwrite.draw.pdf", per_page=False),
    "svg": Format("svg", "rollwrite.draw.svg", per_page=True),
    "png": Format("png", "rollwrite.draw.png", per_page=True, options=("dpi",)),
}
# Extensions of other formats: a file named like this would not hold what its name says.
OTHER_EXTENSIONS = frozenset({"jpg", "jpeg", "gif", "tif", "tiff", "webp", "bmp", "eps", "ps", "txt", "html", "yaml", "yml"})


def format_for(fmt: str | None, output: Path | None) -> Format:
    """The format asked for, else the one the output's extension names, else PDF.  A format and a file
    name that disagree (``-o x.pdf --format svg``, ``-o x.jpg``) are refused rather than guessed at."""
    ext = output.suffix.lower().lstrip(".") if output is not None and output.suffix else None
    if fmt is not None:
        fmt = fmt.lower()
        if fmt not in FORMATS:
            raise UsageError(f"unknown format '{fmt}'", hint=f"choose one of: {', '.join(FORMATS)}")
        if ext and (ext in FORMATS or ext in OTHER_EXTENSIONS) and ext != fmt:
            raise UsageError(f"--format {fmt} does not match the output file '{output}'",
                             hint=f"name the file .{fmt} or leave out --format")
        return FORMATS[fmt]
    if ext in FORMATS:
        return FORMATS[ext]
    if ext in OTHER_EXTENSIONS:
        raise UsageError(f"cannot write .{ext} files: '{output}'",
                         hint=f"name the file .pdf, .svg or .png, or give --format ({', '.join(FORMATS)})")
    return FORMATS["pdf"]


def targets(base: Path, fmt: Format, pages: int) -> list[Path]:
    """The files a render writes: ``base`` itself, or ``<stem>-<n>.svg`` per page when there are several."""
    if not fmt.per_page or pages == 1:
        return [base]
    return [base.with_name(f"{base.stem}-{i}{base.suffix}") for i in range(1, pages + 1)]


def check_options(fmt: Format, options: dict) -> None:
    """A UsageError for an option given (not None) that ``fmt`` does not use, e.g. --dpi with PDF."""
    for key, value in options.items():
        if value is not None and key not in fmt.options:
            users = [f.name for f in FORMATS.values() if key in f.options]
            raise UsageError(f"--{key} applies to {' and '.join(u.upper() for u in users)} output only, not {fmt.name.upper()}",
                             hint=f"leave out --{key}, or write {users[0]}: -o NAME.{users[0]}" if users else None)


def steps(fmt: Format, pages: int) -> int:
    """How many times a render of ``pages`` pages calls its ``on_page`` (PNG: twice a page)."""
    return pages * (2 if fmt.name == "png" else 1)


def render(scene: Scene, fmt: Format, on_page=None, **options) -> list[bytes]:
    """Render with ``fmt``'s backend; ``options`` (None: the backend's default) go to those that take them;
    ``on_page()`` is called as pages are done (see :func:`steps`)."""
    check_options(fmt, options)
    backend = importlib.import_module(fmt.module)
    kwargs = {k: v for k, v in options.items() if v is not None}
    if on_page is not None:
        kwargs["on_page"] = on_page
    out = backend.render(scene, **kwargs)
    return out if isinstance(out, list) else [out]


# ---------------------------------------------------------------- default names


def id_suffix(schedule) -> str:
    """What a seeded or daily run adds to its default file name, so runs of different ids never replace
    each other's files: ``@2026-11-22`` for a daily, ``+picnic`` for the seed ``picnic``.

    In a seed, letters, digits, ``-`` and ``.`` are kept and every other character (a space, ``/``, an
    emoji) becomes ``_``; when anything was replaced, or the seed is longer than 40 characters, ``~`` and
    the first 8 hex digits of the SHA-256 of the seed follow, so two seeds never share a name.
    (``#``, as in the id ``long-way#picnic``, would end a file's link in a browser, hence ``+``.)
    A variation's code follows as in the id: ``+picnic~2d20``.
    """
    if schedule is None:
        return ""
    plain = f"{schedule.game}#{schedule.seed}" if schedule.seed is not None else f"{schedule.game}@{schedule.day}"
    code = schedule.id[len(plain) + 1:] if schedule.id.startswith(plain + VARIANT_MARK) else ""
    return _challenge_suffix(schedule) + (VARIANT_MARK + code if parse_variant(code) else "")


def _challenge_suffix(schedule) -> str:
    if schedule.day:
        return f"@{schedule.day}"
    seed = schedule.seed
    kept = "".join(c if (unicodedata.category(c)[0] in "LN" or c in "-.") else "_" for c in seed)
    kept = re.sub("_+", "_", kept).strip("_") or "_"
    if kept != seed or len(seed) > 40:
        kept = kept[:40] + "~" + hashlib.sha256(seed.encode("utf-8")).hexdigest()[:8]
    return f"+{kept}"


# ---------------------------------------------------------------- rollwrite's own files

_SVG_MARK = re.compile(rb"\A(?:\xef\xbb\xbf)?<\?xml[^>]*\?>\s*<!-- rollwrite (\S+) output: page (\d+) of (\d+) -->")


def mark_svg(data: bytes, page: int, pages: int) -> bytes:
    """An SVG page with the comment that says rollwrite wrote it, as which page of how many."""
    head, sep, rest = data.partition(b"?>")
    if not sep or not head.lstrip().startswith(b"<?xml"):
        head, sep, rest = b"", b"", data
    note = f"<!-- rollwrite {__version__} output: page {page} of {pages} -->"
    return head + sep + b"\n" + note.encode("utf-8") + rest


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return len(body).to_bytes(4, "big") + kind + body + zlib.crc32(kind + body).to_bytes(4, "big")


def mark_png(data: bytes, page: int, pages: int) -> bytes:
    """A PNG page with text chunks that say rollwrite wrote it (``Software``), as which page of how many."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return data
    end_ihdr = 8 + 12 + int.from_bytes(data[8:12], "big")
    note = f"page {page} of {pages}".encode("ascii")
    chunks = _png_chunk(b"tEXt", b"Software\x00" + f"rollwrite {__version__}".encode("ascii"))
    chunks += _png_chunk(b"iTXt", b"rollwrite\x00\x00\x00\x00\x00" + note)
    return data[:end_ihdr] + chunks + data[end_ihdr:]


def mark_pages(blobs: list[bytes], fmt: Format) -> list[bytes]:
    """Each page of a one-file-per-page format marked as rollwrite's, with its page number and count."""
    mark = {"svg": mark_svg, "png": mark_png}.get(fmt.name)
    if mark is None:
        return blobs
    return [mark(b, i + 1, len(blobs)) for i, b in enumerate(blobs)]


def _pdf_info(data_tail: bytes, read_at) -> bytes | None:
    """The Info dictionary of a PDF with a classic cross-reference table, found from its trailer."""
    m = re.search(rb"/Info\s+(\d+)\s+0\s+R", data_tail)
    x = re.findall(rb"startxref\s+(\d+)", data_tail)
    if not m or not x:
        return None
    obj = int(m.group(1))
    xref = read_at(int(x[-1]), 64 + 20 * (obj + 2))
    t = re.match(rb"xref\s+(\d+)\s+(\d+)\s*\r?\n", xref)
    if not t or not int(t.group(1)) <= obj < int(t.group(1)) + int(t.group(2)):
        return None
    row = xref[t.end() + 20 * (obj - int(t.group(1))):][:20]
    e = re.match(rb"(\d{10}) \d{5} n", row)
    if not e:
        return None
    body = read_at(int(e.group(1)), 4096)
    return body if body.startswith(f"{obj} 0 obj".encode()) else None


def _png_texts(head: bytes) -> dict[bytes, bytes]:
    """The text chunks before a PNG's image data (within ``head``)."""
    out: dict[bytes, bytes] = {}
    if not head.startswith(b"\x89PNG\r\n\x1a\n"):
        return out
    pos = 8
    while pos + 8 <= len(head):
        length = int.from_bytes(head[pos:pos + 4], "big")
        kind = head[pos + 4:pos + 8]
        body = head[pos + 8:pos + 8 + length]
        if kind in (b"tEXt", b"iTXt") and b"\x00" in body:
            key, value = body.split(b"\x00", 1)
            if kind == b"iTXt" and len(value) >= 2:  # compression flag, method, language, translated keyword
                flag = value[0]
                value = value[2:].split(b"\x00", 2)[-1]
                if flag:
                    try:
                        value = zlib.decompress(value)
                    except zlib.error:
                        continue
            out.setdefault(key, value)
        if kind == b"IDAT":
            break
        pos += 12 + length
    return out


_RUN = re.compile(r"page (\d+) of (\d+)\Z")


def written_by_rollwrite(path: Path) -> dict | None:
    """What rollwrite recorded in a file it wrote (``{}`` for a PDF; page and pages for an SVG or PNG
    page), or None when the file is not one of rollwrite's outputs.  Reads at most a few KB."""
    try:
        if path.is_symlink() or not path.is_file():
            return None
        with open(path, "rb") as fh:
            head = fh.read(4096)
            if head.startswith(b"%PDF-"):
                size = fh.seek(0, os.SEEK_END)
                fh.seek(max(0, size - 1024))
                tail = fh.read()

                def read_at(offset: int, n: int) -> bytes:
                    fh.seek(offset)
                    return fh.read(n)

                info = _pdf_info(tail, read_at)
                return {} if info is not None and re.search(rb"/Creator \(rollwrite ", info[:2048]) else None
    except OSError:
        return None
    if head.startswith(b"# answer to ") and b"\n# check it: rollwrite score " in head:
        return {}  # a puzzle's answer, as 'rollwrite puzzle --answers' writes it
    m = _SVG_MARK.match(head)
    if m:
        return {"page": int(m.group(2)), "pages": int(m.group(3))}
    texts = _png_texts(head)
    if texts.get(b"Software", b"").startswith(b"rollwrite"):
        run = _RUN.match(texts.get(b"rollwrite", b"").decode("utf-8", "replace"))
        return {"page": int(run.group(1)), "pages": int(run.group(2))} if run else {}
    return None


def check_targets(paths: list[Path], force: bool = False) -> None:
    """Refuse to replace a file that rollwrite did not write, unless ``force``."""
    for path in paths:
        if force or not (path.exists() or path.is_symlink()) or path.is_dir():
            continue
        if written_by_rollwrite(path) is None:
            raise UsageError(
                f"{path} already exists and rollwrite did not write it; it is left as it is",
                hint="give another file with -o, or add --force to replace it",
            )


def stale_pages(base: Path, written: list[Path]) -> list[Path]:
    """Pages of an earlier run to ``base`` that this run does not write again.

    A run of several pages writes ``<stem>-<n><ext>``, a run of one page ``<stem><ext>``, and each page
    records "page n of m"; so a file is a page of an earlier run to ``base`` when rollwrite wrote it and
    its name agrees with what it records (``c-3.svg`` saying page 3 of 3 or more; ``c.svg`` saying page 1
    of 1).  A one-page run written as ``c-3.svg`` says page 1 of 1 and is left alone.
    """
    folder = base.parent if str(base.parent) else Path(".")
    pattern = re.compile(re.escape(base.stem) + r"(?:-([1-9]\d{0,5}))?" + re.escape(base.suffix) + r"\Z")
    keep = {p.name for p in written}
    out = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    for name in names:
        m = pattern.match(name)
        if name in keep or not m:
            continue
        path = folder / name
        mark = written_by_rollwrite(path)
        if not mark or "page" not in mark:
            continue
        n = int(m.group(1)) if m.group(1) else None
        if (n is None and mark["pages"] == 1) or (n is not None and mark["page"] == n and mark["pages"] > 1):
            out.append(path)
    return out


def write_all(files: list[tuple[Path, bytes]], *, force: bool = False, remove: list[Path] | None = None) -> None:
    """Write every (path, bytes) whole, or none of them; then remove the files in ``remove``.

    A file in the way that rollwrite did not write is refused unless ``force``.
    """
    check_targets([p for p, _ in files], force)
    temps: list[tuple[str, Path]] = []
    try:
        for path, data in files:
            folder = path.parent if str(path.parent) else Path(".")
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise InputError(f"cannot create the folder ({exc.strerror})", file=str(folder)) from None
            if path.is_dir():
                raise InputError("is a folder; give a file name", file=str(path))
            try:
                fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
            except OSError as exc:
                raise InputError(f"cannot write here ({exc.strerror})", file=str(path)) from None
            temps.append((tmp, path))
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, 0o644 & ~_umask())
        for tmp, path in temps:
            os.replace(tmp, path)
        temps = []
        for path in remove or []:
            try:
                path.unlink()
            except FileNotFoundError:
                pass
    except OSError as exc:
        raise InputError(f"cannot write the file ({exc.strerror})", file=str(exc.filename or "")) from None
    finally:
        for tmp, _ in temps:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
