"""Writing output files whole or not at all, never over a file of the user's, and the table of output formats.

Each file is written to a temporary file in its destination folder, flushed to disk, then renamed over
the destination, so a reader never sees half a file and a failure leaves what was there before.  When
one run writes several files (SVG pages), every temporary file is complete before the first rename.

Nothing a user had is lost: a file that is in the way is replaced only when it holds exactly the bytes
rollwrite wrote (each file records the SHA-256 of its whole content: see :func:`seal`), or when
``force`` is given.  An SVG or PNG run that writes fewer pages than an earlier run to the same name
removes the earlier run's extra pages, and only those, and only while they are as rollwrite wrote them.

Files are written on POSIX systems (Linux, macOS, the BSDs): a run holds a lock (``fcntl.flock``) on each
temporary file until it takes its name, so that another run cleaning up after killed runs never removes
it.  Where there is no such lock (Windows), writing refuses with a message that says so.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import os
import re
import stat
import tempfile
import unicodedata
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from rollwrite import __version__
from rollwrite.draw.pngchunks import SIGNATURE as PNG_SIGNATURE, chunk as png_chunk
from rollwrite.draw.scene import Scene
from rollwrite.dice import VARIANT_MARK, parse_variant
from rollwrite.errors import InputError, UsageError, excerpt
from rollwrite.files import NAME_MAX, check_name
from rollwrite.valueclass import Value

try:
    import fcntl  # POSIX file locks: a run's temporary files are its own until they take their names
except ImportError:  # not a POSIX system (Windows): writing refuses, see write_all
    fcntl = None  # type: ignore[assignment]

#: what writing says on a system without POSIX file locks
NOT_POSIX = ("rollwrite writes its files on POSIX systems only (Linux, macOS, the BSDs), where a file lock keeps "
             "two runs off each other's files")
NOT_POSIX_HINT = "on Windows, run rollwrite in WSL (the Windows Subsystem for Linux)"


class Format(Value):
    name: str
    module: str  # backend module with render(scene, **options) -> bytes | list[bytes]
    per_page: bool  # one file per page
    options: tuple[str, ...] = ()  # keyword options its render takes (e.g. dpi)


FORMATS: dict[str, Format] = {
    "pdf": Format("pdf", "rollwrite.draw.pdf", per_page=False, options=("cmyk",)),
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
            raise UsageError(f"unknown format '{excerpt(fmt)}'", hint=f"choose one of: {', '.join(FORMATS)}")
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


def _backend(fmt: Format, options: dict[str, Any], on_page: Any) -> tuple[Any, dict[str, Any]]:
    """``fmt``'s backend module and the keyword arguments of its ``render``, the options checked first."""
    check_options(fmt, options)
    kwargs = {k: v for k, v in options.items() if v is not None}
    if on_page is not None:
        kwargs["on_page"] = on_page
    return importlib.import_module(fmt.module), kwargs


def render(scene: Scene, fmt: Format, on_page=None, **options) -> list[bytes]:
    """Render with ``fmt``'s backend; ``options`` (None: the backend's default) go to those that take them;
    ``on_page()`` is called as pages are done (see :func:`steps`)."""
    backend, kwargs = _backend(fmt, options, on_page)
    out = backend.render(scene, **kwargs)
    return out if isinstance(out, list) else [out]


def render_pages(scene: Scene, fmt: Format, on_page=None, **options) -> Iterator[bytes]:
    """The files of ``scene`` in ``fmt``, each made when it is asked for: a page file at a time for SVG
    and PNG (each marked as rollwrite's, see :func:`mark_pages`), the one PDF file.  Handed to
    :func:`write_all`, a long run is written page by page and never held in memory whole.  Options are
    checked, and the backend's own checks made, before the first file is made."""
    backend, kwargs = _backend(fmt, options, on_page)
    if not fmt.per_page:
        return iter([backend.render(scene, **kwargs)])
    mark = {"svg": mark_svg, "png": mark_png}[fmt.name]
    count = len(scene.page_sizes())
    return (mark(blob, i + 1, count) for i, blob in enumerate(backend.pages(scene, **kwargs)))


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
#
# Every file rollwrite writes holds its own digest: the text ``rollwrite-sha256:`` and 64 hex digits, the
# SHA-256 of the whole file as written with those 64 digits read as ``0`` (in a PNG, where the digest is
# the last thing in a text chunk, the chunk's four CRC bytes after it read as zero bytes too).  The
# digest is made where files are written (:func:`seal`, in :func:`write_all`) into the place each format
# keeps for it: the PDF's Keywords, the SVG's first comment, a PNG ``Comment`` text chunk, the answer
# file's header.  A file is rollwrite's own only while it holds exactly the bytes rollwrite wrote; any
# change anywhere (a shape added, a line appended, metadata edited) makes the digest disagree.

SEAL = b"rollwrite-sha256:"
#: What a format writes where the digest goes; :func:`seal` fills it in.
SEAL_SLOT = (SEAL + b"0" * 64).decode("ascii")
_SEAL_LEN = len(SEAL) + 64
#: A file larger than this is not one of rollwrite's (a year of dailies as one PDF is a few MB).
MAX_OWN = 512 * 1024 * 1024
_BLOCK = 1 << 20
# (a pattern: re compiles it when first used, and writing a new PDF never does)
_SVG_MARK = rb"\A(?:\xef\xbb\xbf)?<\?xml[^>]*\?>\s*<!-- rollwrite (\S+) output: page (\d+) of (\d+);"


def _digest_hole(data: bytes | bytearray, at: int) -> tuple[int, int]:
    """Where the bytes read as zero lie: the 64 digits at ``at`` (and a PNG chunk's CRC after them)."""
    return at, at + 64 + (4 if data[:8] == PNG_SIGNATURE else 0)


def _find_seal(fh) -> int:  # noqa: ANN001 - an open binary file
    """The offset of the 64 digits after the first ``rollwrite-sha256:`` in the file, or -1."""
    fh.seek(0)
    tail, offset = b"", 0
    while True:
        chunk = fh.read(_BLOCK)
        if not chunk:
            return -1
        hay = tail + chunk
        i = hay.find(SEAL)
        if i >= 0:
            return offset - len(tail) + i + len(SEAL)
        tail = hay[-(len(SEAL) - 1):]
        offset += len(chunk)


def _digest(fh, at: int) -> tuple[str, int]:  # noqa: ANN001
    """The SHA-256 of the file with the hole at ``at`` (see the comment above) read as zeros, and where
    the hole ends."""
    fh.seek(0)
    lo, hi = _digest_hole(fh.read(8), at)
    fh.seek(0)
    h = hashlib.sha256()
    pos = 0
    while chunk := fh.read(_BLOCK):
        end = pos + len(chunk)
        if pos < hi and end > lo:  # the hole is in this block
            b = bytearray(chunk)
            for k in range(max(lo, pos), min(hi, end)):
                b[k - pos] = 0x30 if k < lo + 64 else 0
            chunk = bytes(b)
        h.update(chunk)
        pos = end
    return h.hexdigest(), hi


def seal_file(fh) -> None:  # noqa: ANN001 - a file open for reading and writing
    """Write the file's digest into the slot its format left for it (:data:`SEAL_SLOT`); a file
    without a slot is left as it is.  Reads the file from disk, so its size costs no memory."""
    at = _find_seal(fh)
    if at < 0:
        return
    digest, hi = _digest(fh, at)
    fh.seek(at)
    fh.write(digest.encode("ascii"))
    if hi > at + 64:  # a PNG chunk: its CRC over its type and body, the digest now in it
        fh.seek(0)
        head = fh.read(at + 64)
        start = head.rfind(b"tEXt")
        fh.seek(at + 64)
        fh.write(zlib.crc32(head[start:]).to_bytes(4, "big"))
    fh.flush()


def seal(data: bytes) -> bytes:
    """``data`` sealed as :func:`seal_file` seals a file."""
    buf = io.BytesIO(data)
    seal_file(buf)
    return buf.getvalue()


def _sealed(fh) -> bool:  # noqa: ANN001 - an open binary file
    """Whether the open file holds the bytes rollwrite wrote: its digest agrees with its content."""
    if fh.seek(0, os.SEEK_END) > MAX_OWN:
        return False
    at = _find_seal(fh)
    if at < 0:
        return False
    fh.seek(at)
    claimed = fh.read(64)
    return bool(re.fullmatch(rb"[0-9a-f]{64}", claimed)) and _digest(fh, at)[0].encode("ascii") == claimed


def mark_svg(data: bytes, page: int, pages: int) -> bytes:
    """An SVG page with the comment that says rollwrite wrote it, as which page of how many, with the
    slot for its digest."""
    head, sep, rest = data.partition(b"?>")
    if not sep or not head.lstrip().startswith(b"<?xml"):
        head, sep, rest = b"", b"", data
    note = f"<!-- rollwrite {__version__} output: page {page} of {pages}; {SEAL_SLOT} -->"
    return head + sep + b"\n" + note.encode("utf-8") + rest


def mark_png(data: bytes, page: int, pages: int) -> bytes:
    """A PNG page with text chunks that say rollwrite wrote it (``Software``), as which page of how many,
    and a ``Comment`` chunk with the slot for its digest."""
    if not data.startswith(PNG_SIGNATURE):
        return data
    end_ihdr = 8 + 12 + int.from_bytes(data[8:12], "big")
    note = f"page {page} of {pages}".encode("ascii")
    chunks = png_chunk(b"tEXt", b"Software\x00" + f"rollwrite {__version__}".encode("ascii"))
    chunks += png_chunk(b"iTXt", b"rollwrite\x00\x00\x00\x00\x00" + note)
    chunks += png_chunk(b"tEXt", b"Comment\x00" + SEAL_SLOT.encode("ascii"))
    return data[:end_ihdr] + chunks + data[end_ihdr:]


def mark_pages(blobs: list[bytes], fmt: Format) -> list[bytes]:
    """Each page of a one-file-per-page format marked as rollwrite's, with its page number and count."""
    mark = {"svg": mark_svg, "png": mark_png}.get(fmt.name)
    if mark is None:
        return blobs
    return [mark(b, i + 1, len(blobs)) for i, b in enumerate(blobs)]


def _png_texts(head: bytes) -> dict[bytes, bytes]:
    """The text chunks before a PNG's image data (within ``head``)."""
    out: dict[bytes, bytes] = {}
    if not head.startswith(PNG_SIGNATURE):
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


_RUN = r"page (\d+) of (\d+)\Z"  # (a pattern, as _SVG_MARK)


def written_by_rollwrite(path: Path) -> dict | None:
    """What rollwrite recorded in a file it wrote and no one changed since (``{}`` for a PDF or an answer;
    page and pages for an SVG or PNG page), or None when the file is not, or no longer, exactly as
    rollwrite wrote it: its digest (see :func:`seal`) must agree with every byte.  Only a regular file
    can be one; it is opened without waiting (a pipe put in its place is not read)."""
    try:
        if path.is_symlink() or not stat.S_ISREG(os.stat(path).st_mode):
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode) or not _sealed(fh):
                return None
            fh.seek(0)
            head = fh.read(4096)
    except (OSError, ValueError):
        return None
    m = re.match(_SVG_MARK, head)
    if m:
        return {"page": int(m.group(2)), "pages": int(m.group(3))}
    texts = _png_texts(head)
    if texts.get(b"Software", b"").startswith(b"rollwrite"):
        run = re.match(_RUN, texts.get(b"rollwrite", b"").decode("utf-8", "replace"))
        return {"page": int(run.group(1)), "pages": int(run.group(2))} if run else {}
    return {}


def check_targets(paths: list[Path], force: bool = False) -> None:
    """Refuse to replace a file that rollwrite did not write, unless ``force``; refuse a name no file can
    have (see :func:`rollwrite.files.check_name`) before anything is written."""
    for path in paths:
        check_name(path)
        if force or not (path.exists() or path.is_symlink()) or path.is_dir():
            continue
        if written_by_rollwrite(path) is None:
            raise UsageError(
                f"{excerpt(str(path), 200)} already exists and is not a file rollwrite wrote, or was changed since; "
                "it is left as it is",
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


#: A temporary file of a run: ``.NAME.XXXXXXXX.part`` beside the file it becomes (NAME cut short so that
#: the whole fits in a file name wherever NAME does).
_PART = ".part"


def _part_prefix(path: Path) -> str:
    room = NAME_MAX - len(".") - len(".XXXXXXXX") - len(_PART)
    name = path.name
    while len(os.fsencode(name)) > room:
        name = name[:-1]
    return f".{name}."


def _clean_leftovers(folder: Path, path: Path) -> None:
    """Remove the temporary files that earlier runs writing ``path`` (or its pages, ``<stem>-<n><ext>``)
    left behind, killed before they could rename them.  A run holds a lock on its temporary file while it writes it, so a file this
    can lock belongs to no running rollwrite."""
    prefix = _part_prefix(path)
    if prefix == f".{path.name}.":  # the pages of a run to this name too: c.svg also cleans c-3.svg's
        prefix = re.escape(f".{path.stem}") + r"(?:-[1-9][0-9]{0,5})?" + re.escape(f"{path.suffix}.")
    else:
        prefix = re.escape(prefix)
    pattern = re.compile(prefix + r"[a-z0-9_]{8}" + re.escape(_PART) + r"\Z")
    try:
        names = [n for n in os.listdir(folder) if pattern.match(n)]
    except OSError:
        return
    for name in names:
        leftover = folder / name
        try:
            if leftover.is_symlink() or not stat.S_ISREG(os.stat(leftover).st_mode):
                continue
            fd = os.open(leftover, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            leftover.unlink()
        except OSError:
            pass  # another run is writing it
        finally:
            os.close(fd)


def write_all(files: Iterable[tuple[Path, bytes | Iterable[bytes]]], *, force: bool = False,
              remove: list[Path] | None = None) -> None:
    """Write every (path, data) whole, or none of them; then remove the files in ``remove``.

    ``files`` may be made as it is read, and ``data`` be the bytes or pieces of them, so that a long run
    is written a page at a time and never held in memory whole; every temporary file is complete before
    the first takes its name.  ``remove`` is read once all are written (the maker of ``files`` may add
    to it as it goes).  Each file is sealed with its digest (:func:`seal_file`) before it takes its
    name.  A file in the way that rollwrite did not write is refused unless ``force``; temporary files
    that killed runs left are removed first.
    """
    if fcntl is None:
        raise UsageError(NOT_POSIX, hint=NOT_POSIX_HINT)
    temps: list[tuple[str, Path, IO[bytes]]] = []
    try:
        for path, data in files:
            check_targets([path], force)
            folder = path.parent if str(path.parent) else Path(".")
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise InputError(f"cannot create the folder ({exc.strerror})", file=str(folder)) from None
            if path.is_dir():
                raise InputError("is a folder; give a file name", file=str(path))
            _clean_leftovers(folder, path)
            tmp, fh = _locked_temp(folder, path)
            temps.append((tmp, path, fh))
            for piece in [data] if isinstance(data, (bytes, bytearray)) else data:
                fh.write(piece)
            seal_file(fh)
            os.fsync(fh.fileno())
            os.chmod(tmp, 0o644 & ~_umask())
        for tmp, path, _ in temps:
            os.replace(tmp, path)
        for _, _, fh in temps:
            fh.close()
        temps = []
        for path in remove or []:
            try:
                path.unlink()
            except FileNotFoundError:
                pass
    except OSError as exc:
        raise InputError(f"cannot write the file ({exc.strerror or exc})", file=str(exc.filename or "")) from None
    finally:
        for tmp, _, fh in temps:
            fh.close()
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _locked_temp(folder: Path, path: Path) -> tuple[str, IO[bytes]]:
    """A new temporary file beside ``path``, open and locked (see :func:`_clean_leftovers`).  Another run
    cleaning up may lock and remove it in the moment between its making and its locking: then it is
    made again (it is ours only once it is locked and still has its name)."""
    for _ in range(100):
        try:
            fd, tmp = tempfile.mkstemp(prefix=_part_prefix(path), suffix=_PART, dir=folder)
        except OSError as exc:
            raise InputError(f"cannot write here ({exc.strerror})", file=str(path)) from None
        fh = os.fdopen(fd, "w+b")
        fcntl.flock(fd, fcntl.LOCK_EX)  # held until the file has its name (see _clean_leftovers)
        try:
            if os.stat(tmp).st_ino == os.fstat(fd).st_ino:
                return tmp, fh
        except FileNotFoundError:
            pass
        fh.close()  # removed by another run's clean-up before it was locked: make another
    raise InputError("cannot keep a temporary file here: other runs keep removing them", file=str(path),
                     hint="run one command at a time to this file")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
