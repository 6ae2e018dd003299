"""Built-in layouts known to pass the full fit check, by the SHA-256 of their file.

``check_geometry`` builds every element of a sheet to measure it: the full fit check.  ``rollwrite
check-layout`` always runs it, and ``print`` runs it for a layout file of the user's own, for a built-in
changed by a variation option (``--size``, ``--turns``...), and for a built-in whose file is not the one
recorded here.  A built-in whose file is byte for byte the one recorded was checked when it was
recorded, and the test suite checks every built-in again on every run (tests/engine/test_checked.py),
so ``print`` skips measuring it a second time.

Whenever a file in layouts/ changes, record it again (the test says so when it is needed):

    python -m rollwrite.layoutlang.checked_builtins          # run the full check on every built-in, then record
"""

from __future__ import annotations

import hashlib
import sys

from rollwrite.errors import RollwriteError
from rollwrite.core.layout_checks import check_layout
from rollwrite.resources import layouts_dir
from rollwrite.layoutlang.layout import builtin_slugs, load_builtin

CHECKED: dict[str, str] = {
    'lines-and-sections': 'fd6489cc2a9ab672ce9776c0a3c2dd395040a19740b9afeca028bb642d2c7e35',
    'long-way': 'b8ee04232235fce8528165527313de0d7997142fc8fb620db0288e836a022803',
    'scrambled-streets': '05a3693b94cdf0c79f7cc4dd88e934960fa521c4772a65f8f7e195c69bd943fe',
    'shelving-wars': 'b670ac5a4fe8cf4c3d4b09df913a02491f9a0750d39a696844e344a93d591295',
    'wobbly-cafe': '36786ed190f365672720b5550373409a5f71fef80af37b3ff59cac969fd8c3b2',
}


def file_digest(slug: str) -> str | None:
    """SHA-256 of layouts/<slug>.yaml, or None when there is no such file."""
    try:
        return hashlib.sha256((layouts_dir() / f"{slug}.yaml").read_bytes()).hexdigest()
    except OSError:
        return None


def is_checked(slug: str) -> bool:
    """Whether layouts/<slug>.yaml is the very file recorded as passing the full fit check."""
    want = CHECKED.get(slug)
    return want is not None and file_digest(slug) == want


def check_builtin(slug: str) -> None:
    """The full check of a built-in, as ``check-layout`` makes it (:func:`rollwrite.core.layout_checks.check_layout`)."""
    problems = check_layout(load_builtin(slug))
    if problems:
        raise problems[0]


def main() -> int:
    record = {}
    for slug in builtin_slugs():
        try:
            check_builtin(slug)
        except RollwriteError as error:
            print(f"{slug}: not recorded: {error}", file=sys.stderr)
            continue
        record[slug] = file_digest(slug)
    path = __file__
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    start = text.index("CHECKED: dict[str, str] = {\n") + len("CHECKED: dict[str, str] = {\n")
    end = text.index("}\n", start)
    body = "".join(f"    {slug!r}: {digest!r},\n" for slug, digest in sorted(record.items()))
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text[:start] + body + text[end:])
    print(f"recorded {len(record)} built-in layout{'s' if len(record) != 1 else ''} in {path}")
    return 0 if len(record) == len(builtin_slugs()) else 1


if __name__ == "__main__":
    sys.exit(main())
