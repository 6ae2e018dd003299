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
    module: str  # backend module with render(scene) -> bytes | list[bytes]
    per_page: bool  # one file per page


FORMATS: dict[str, Format] = {
    "pdf": Format("pdf", "rollwrite.draw.pdf", per_page=False),
    "svg": Format("svg", "rollwrite.draw.svg", per_page=True),
}


def format_for(fmt: str | None, output: Path | None) -> Format:
    """The format asked for, else the one the output's extension names, else PDF."""
    ext = output.suffix.lower().lstrip(".") if output is not None and output.suffix else None
    if fmt is not None:
        fmt = fmt.lower()
        if fmt not in FORMATS:
            raise UsageError(f"unknown format '{fmt}'", hint=f"choose one of: {', '.join(FORMATS)}")
        if ext and ext in FORMATS and ext != fmt:
            raise UsageError(f"--format {fmt} does not match the output file '{output}'",
                             hint=f"name the file .{fmt} or leave out --format")
        return FORMATS[fmt]
    if ext in FORMATS:
        return FORMATS[ext]
    return FORMATS["pdf"]


def targets(base: Path, fmt: Format, pages: int) -> list[Path]:
    """The files a render writes: ``base`` itself, or ``<stem>-<n>.svg`` per page when there are several."""
    if not fmt.per_page or pages == 1:
        return [base]
    return [base.with_name(f"{base.stem}-{i}{base.suffix}") for i in range(1, pages + 1)]


def render(scene: Scene, fmt: Format) -> list[bytes]:
    backend = importlib.import_module(fmt.module)
    out = backend.render(scene)
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
