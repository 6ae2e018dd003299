"""Run the test suite at the lowest and at the highest versions pyproject.toml allows.  Run by hand:

    .venv/bin/python scripts/check_versions.py              # both ends
    .venv/bin/python scripts/check_versions.py lowest       # one end
    .venv/bin/python scripts/check_versions.py --pytest-args "-q -x tests/engine"

For each end it makes a fresh virtual environment in a temporary folder, installs rollwrite with its
test extra there (``lowest``: every dependency with a lower bound installed at exactly that bound;
``highest``: the newest releases the ranges allow), prints what was installed, and runs the README's
test command in it.  Exact pins (``==``) are the same at both ends.  It exits 0 when the suite passed
at every end it ran.
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
import tempfile
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOWER = re.compile(r"^([A-Za-z0-9_.\-]+)(\[[^\]]*\])?\s*>=\s*([0-9][^,;\s]*)")


def requirements() -> list[str]:
    """Every requirement of the project and its test extra, as pyproject.toml writes them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [*project["dependencies"], *project["optional-dependencies"]["test"]]


def lowest_constraints() -> list[str]:
    """``name==lower bound`` for every requirement that has a lower bound."""
    out = []
    for req in requirements():
        m = LOWER.match(req)
        if m:
            out.append(f"{m.group(1)}=={m.group(3)}")
    return out


def run_end(end: str, pytest_args: list[str]) -> bool:
    with tempfile.TemporaryDirectory(prefix=f"rollwrite-{end}-") as tmp:
        env_dir = Path(tmp) / "venv"
        venv.create(env_dir, with_pip=True)
        py = env_dir / "bin" / "python"
        install = [str(py), "-m", "pip", "install", "-q", "-e", f"{ROOT}[test]"]
        if end == "lowest":
            constraints = Path(tmp) / "lowest.txt"
            constraints.write_text("\n".join(lowest_constraints()) + "\n", encoding="utf-8")
            install += ["-c", str(constraints)]
        else:
            install += ["--upgrade", "--upgrade-strategy", "eager"]
        print(f"== {end}: {' '.join(install[1:])}", flush=True)
        if subprocess.run(install).returncode != 0:
            print(f"== {end}: the versions could not be installed", flush=True)
            return False
        frozen = subprocess.run([str(py), "-m", "pip", "freeze", "--exclude-editable"],
                                capture_output=True, text=True).stdout
        print(frozen, flush=True)
        result = subprocess.run([str(py), "-m", "pytest", *pytest_args], cwd=ROOT)
        print(f"== {end}: the suite {'passed' if result.returncode == 0 else 'FAILED'}", flush=True)
        return result.returncode == 0


ENDS = ("lowest", "highest")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line; ``ends`` is both when none is named."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # the ends are checked here, not with choices=: argparse before Python 3.12 checks the empty list
    # of no end named against the choices as a whole, and refuses it
    ap.add_argument("ends", nargs="*", metavar="{lowest,highest}", help="the ends to run (default: both)")
    ap.add_argument("--pytest-args", default="-q -n auto -p no:cacheprovider",
                    help="arguments for pytest (default: the README's, without writing a cache)")
    args = ap.parse_args(argv)
    wrong = [e for e in args.ends if e not in ENDS]
    if wrong:
        ap.error(f"an end is 'lowest' or 'highest', not {wrong[0]!r}")
    args.ends = args.ends or list(ENDS)
    return args


def main() -> int:
    args = parse_args()
    ok = [run_end(end, shlex.split(args.pytest_args)) for end in args.ends]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
