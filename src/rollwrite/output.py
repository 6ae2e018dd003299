"""Writing output files whole or not at all, and the table of output formats.

Each file is written to a temporary file in its destination folder, flushed to disk, then renamed over
the destination, so a reader never sees half a file and a failure leaves what was there before.  When
one run writes several files (SVG pages), every temporary file is complete before the first rename.
"""

from __future__ import annotations

import importlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rollwrite.draw.scene import Scene
from rollwrite.errors import InputError, UsageError


@dataclass(frozen=True)
class Format:
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


def render(scene: Scene, fmt: Format, **options) -> list[bytes]:
    """Render with ``fmt``'s backend; ``options`` (None: the backend's default) go to those that take them."""
    check_options(fmt, options)
    backend = importlib.import_module(fmt.module)
    out = backend.render(scene, **{k: v for k, v in options.items() if v is not None})
    return out if isinstance(out, list) else [out]


def write_all(files: list[tuple[Path, bytes]]) -> None:
    """Write every (path, bytes) whole, or none of them."""
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
