"""Nothing a user had is lost: rollwrite replaces only files it wrote itself (unless --force), names a
challenge's output after its id, and an SVG run removes only the stale pages of its own earlier run."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.dice import Schedule
from rollwrite.output import SEAL_SLOT, id_suffix, seal, written_by_rollwrite


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_file_rollwrite_did_not_write_is_never_replaced(cli, in_tmp):
    mine = in_tmp / "existing.pdf"
    mine.write_bytes(b"%PDF-1.4 my tax return")
    r = cli("print", "long-way", "-o", "existing.pdf")
    assert r.exit_code == 2
    assert r.stderr == ("rollwrite: existing.pdf already exists and is not a file rollwrite wrote, or was changed since; it is left as it is\n"
                        "  hint: give another file with -o, or add --force to replace it\n")
    assert mine.read_bytes() == b"%PDF-1.4 my tax return"
    assert [p.name for p in in_tmp.iterdir()] == ["existing.pdf"]  # no temporary file left either
    r = cli("print", "long-way", "-o", "existing.pdf", "--force")
    assert r.exit_code == 0
    assert written_by_rollwrite(mine) == {}


def test_running_a_command_again_replaces_its_own_output(cli, in_tmp):
    assert cli("print", "long-way", "-n", "2").exit_code == 0
    first = (in_tmp / "out" / "long-way.pdf").read_bytes()
    r = cli("print", "long-way", "-n", "3")
    assert r.exit_code == 0 and r.stdout == "wrote out/long-way.pdf (3 pages)\n"
    assert (in_tmp / "out" / "long-way.pdf").read_bytes() != first


def test_a_pdf_changed_by_another_program_is_the_users(cli, in_tmp):
    from pypdf import PdfReader, PdfWriter

    assert cli("print", "long-way", "-o", "a.pdf").exit_code == 0
    writer = PdfWriter(clone_from=PdfReader("a.pdf"))
    writer.add_metadata({"/Creator": "My PDF editor"})
    with open("a.pdf", "wb") as fh:
        writer.write(fh)
    assert written_by_rollwrite(in_tmp / "a.pdf") is None
    assert cli("print", "long-way", "-o", "a.pdf").exit_code == 2


def test_a_symlink_in_the_way_is_not_replaced(cli, in_tmp):
    (in_tmp / "target.txt").write_text("keep me")
    os.symlink("target.txt", in_tmp / "link.pdf")
    assert cli("print", "long-way", "-o", "link.pdf").exit_code == 2
    assert (in_tmp / "link.pdf").is_symlink()


def test_seeded_and_daily_runs_do_not_replace_each_other(cli, in_tmp):
    for args, name in [(["--daily", "2026-11-22"], "long-way@2026-11-22.pdf"),
                       (["--seed", "picnic"], "long-way+picnic.pdf"),
                       (["--seed", "rainy sunday"], "long-way+rainy_sunday~249f3dd7.pdf"),
                       ([], "long-way.pdf")]:
        r = cli("print", "long-way", *args)
        assert r.exit_code == 0, r.output
        assert r.stdout == f"wrote out/{name} (1 page)\n"
    assert len(list((in_tmp / "out").iterdir())) == 4


def test_a_challenge_printed_into_a_folder_is_refused(cli, in_tmp):
    (in_tmp / "sheets").mkdir()
    r = cli("print", "wobbly-cafe", "--daily", "2026-11-22", "-o", "sheets")
    assert r.exit_code == 2 and "-o sheets is a folder" in r.stderr and not any((in_tmp / "sheets").iterdir())


def svgs(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.svg"))


def test_an_svg_run_removes_the_stale_pages_of_its_own_earlier_run(cli, in_tmp):
    assert cli("print", "wobbly-cafe", "-n", "7", "-f", "svg", "-o", "s/c.svg").exit_code == 0
    assert svgs(in_tmp / "s") == ["c-1.svg", "c-2.svg", "c-3.svg"]
    assert written_by_rollwrite(in_tmp / "s" / "c-3.svg") == {"page": 3, "pages": 3}
    r = cli("print", "wobbly-cafe", "-n", "4", "-f", "svg", "-o", "s/c.svg")
    assert r.exit_code == 0
    assert svgs(in_tmp / "s") == ["c-1.svg", "c-2.svg"]
    r = cli("print", "wobbly-cafe", "-n", "1", "-f", "svg", "-o", "s/c.svg")
    assert svgs(in_tmp / "s") == ["c.svg"]
    r = cli("print", "wobbly-cafe", "-n", "4", "-f", "svg", "-o", "s/c.svg")
    assert svgs(in_tmp / "s") == ["c-1.svg", "c-2.svg"]


def test_an_svg_run_leaves_other_files_alone(cli, in_tmp):
    s = in_tmp / "s"
    s.mkdir()
    (s / "c-9.svg").write_text("<svg>my drawing</svg>")
    # a one-page run written as c-3.svg is a run of its own, not a page of c.svg
    assert cli("print", "wobbly-cafe", "-n", "1", "-f", "svg", "-o", "s/c-3.svg").exit_code == 0
    assert cli("print", "wobbly-cafe", "-n", "4", "-f", "svg", "-o", "s/c.svg").exit_code == 0
    assert svgs(s) == ["c-1.svg", "c-2.svg", "c-3.svg", "c-9.svg"]
    assert (s / "c-9.svg").read_text() == "<svg>my drawing</svg>"
    assert written_by_rollwrite(s / "c-3.svg") == {"page": 1, "pages": 1}


def test_a_users_file_among_the_pages_stops_the_whole_run(cli, in_tmp):
    s = in_tmp / "s"
    s.mkdir()
    (s / "c-2.svg").write_text("<svg>mine</svg>")
    r = cli("print", "wobbly-cafe", "-n", "7", "-f", "svg", "-o", "s/c.svg")
    assert r.exit_code == 2 and "s/c-2.svg already exists and is not a file rollwrite wrote" in r.stderr
    assert svgs(s) == ["c-2.svg"]


def _png(chunks: list[tuple[bytes, bytes]]) -> bytes:
    out = b"\x89PNG\r\n\x1a\n"
    for kind, body in chunks:
        out += struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    return out


def test_a_png_is_recognised_by_its_digest_not_by_its_software_chunk(tmp_path):
    ihdr = (b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
    looks = _png([ihdr, (b"tEXt", b"Software\x00rollwrite 0.1.0"), (b"IDAT", b""), (b"IEND", b"")])
    (tmp_path / "looks.png").write_bytes(looks)
    slot = (b"tEXt", b"Comment\x00" + SEAL_SLOT.encode())
    sealed = seal(_png([ihdr, (b"tEXt", b"Software\x00rollwrite 0.1.0"), slot, (b"IDAT", b""), (b"IEND", b"")]))
    (tmp_path / "ours.png").write_bytes(sealed)
    assert written_by_rollwrite(tmp_path / "looks.png") is None
    assert written_by_rollwrite(tmp_path / "ours.png") == {}
    (tmp_path / "ours.png").write_bytes(sealed[:-12] + _png([(b"tEXt", b"a\x00b")])[8:] + sealed[-12:])
    assert written_by_rollwrite(tmp_path / "ours.png") is None  # a chunk added: no longer ours


def test_a_file_that_merely_starts_like_a_page_is_not_removed(cli, in_tmp):
    s = in_tmp / "s"
    s.mkdir()
    fake = '<?xml version="1.0" encoding="utf-8" ?>\n<!-- rollwrite 9.9 output: page 2 of 3 --><svg>mine</svg>'
    (s / "c-2.svg").write_text(fake)
    assert cli("print", "wobbly-cafe", "-n", "1", "-f", "svg", "-o", "s/c.svg").exit_code == 0
    assert (s / "c-2.svg").read_text() == fake


def test_an_edited_svg_page_is_neither_removed_nor_replaced(cli, in_tmp):
    assert cli("print", "wobbly-cafe", "-n", "7", "-f", "svg", "-o", "s/c.svg").exit_code == 0
    page = in_tmp / "s" / "c-3.svg"
    edited = page.read_text().replace("</svg>", '<rect width="5" height="5"/></svg>')
    page.write_text(edited)
    assert cli("print", "wobbly-cafe", "-n", "4", "-f", "svg", "-o", "s/c.svg").exit_code == 0
    assert page.read_text() == edited  # not one of the stale pages any more: the user's
    r = cli("print", "wobbly-cafe", "-n", "7", "-f", "svg", "-o", "s/c.svg")
    assert r.exit_code == 2 and "s/c-3.svg already exists and is not a file rollwrite wrote" in r.stderr
    assert page.read_text() == edited


def test_a_pdf_with_a_line_appended_is_the_users_and_reruns_give_the_same_bytes(cli, in_tmp):
    assert cli("print", "long-way", "-o", "a.pdf").exit_code == 0
    first = (in_tmp / "a.pdf").read_bytes()
    assert cli("print", "long-way", "-o", "a.pdf").exit_code == 0
    assert (in_tmp / "a.pdf").read_bytes() == first  # the digest is made from the content alone
    with open("a.pdf", "ab") as fh:
        fh.write(b"% my note\n")
    r = cli("print", "long-way", "-o", "a.pdf")
    assert r.exit_code == 2 and "a.pdf already exists and is not a file rollwrite wrote" in r.stderr
    assert (in_tmp / "a.pdf").read_bytes() == first + b"% my note\n"


def test_leftovers_of_killed_runs_are_removed_but_not_a_running_ones(cli, in_tmp):
    import fcntl

    (in_tmp / ".a.pdf.k2j4x_9q.part").write_bytes(b"%PDF-1.4 half a file")
    (in_tmp / ".a.pdf.notmine.part").write_bytes(b"the user's")
    busy = in_tmp / ".a.pdf.busy0001.part"
    busy.write_bytes(b"being written")
    with open(busy, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        assert cli("print", "long-way", "-o", "a.pdf").exit_code == 0
    assert sorted(p.name for p in in_tmp.iterdir()) == [".a.pdf.busy0001.part", ".a.pdf.notmine.part", "a.pdf"]


def test_a_run_to_a_name_removes_the_leftovers_of_its_pages_too(cli, in_tmp):
    (in_tmp / ".k-3.svg.abcdefgh.part").write_bytes(b"<?xml half a page")
    (in_tmp / ".kk-3.svg.abcdefgh.part").write_bytes(b"another name's")
    assert cli("print", "long-way", "-o", "k.svg").exit_code == 0
    assert sorted(p.name for p in in_tmp.iterdir()) == [".kk-3.svg.abcdefgh.part", "k.svg"]


def test_a_long_legal_output_name_is_written(cli, in_tmp):
    name = "b" * 246 + ".pdf"  # 250 characters: the temporary file's name is cut to fit
    r = cli("print", "long-way", "-o", name)
    assert r.exit_code == 0 and written_by_rollwrite(in_tmp / name) == {}
    assert [p.name for p in in_tmp.iterdir()] == [name]


def _seeded(seed: str) -> Schedule:
    return Schedule("long-way", f"long-way#{seed}", None, (), seed=seed)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=64), st.text(min_size=1, max_size=64))
def test_seed_names_are_safe_and_never_shared(a, b):
    na, nb = id_suffix(_seeded(a)), id_suffix(_seeded(b))
    for name in (na, nb):
        assert not set(name) & set('/\\:*?"<>|#\x00\n\r\t ')
        assert len(name.encode("utf-8")) <= 200
    if a != b:
        assert na != nb


def test_png_pages_are_marked_and_their_stale_pages_removed(cli, in_tmp):
    from PIL import Image

    assert cli("print", "wobbly-cafe", "-n", "7", "--dpi", "30", "-o", "p/c.png").exit_code == 0
    with Image.open(in_tmp / "p" / "c-3.png") as im:
        im.load()
        assert im.info["Software"].startswith("rollwrite ") and im.info["rollwrite"] == "page 3 of 3"
    (in_tmp / "p" / "c-7.png").write_bytes(b"\x89PNG\r\n\x1a\n my own picture")
    assert cli("print", "wobbly-cafe", "-n", "4", "--dpi", "30", "-o", "p/c.png").exit_code == 0
    assert sorted(p.name for p in (in_tmp / "p").iterdir()) == ["c-1.png", "c-2.png", "c-7.png"]


def test_a_puzzle_run_replaces_its_own_files_and_no_one_elses(cli, in_tmp):
    # the quickest game to make a puzzle of: what is checked here is the same for every game
    args = ["puzzle", "lines-and-sections", "--seed", "a", "-f", "svg", "-o", "pz/p.svg", "--answers", "ans"]
    assert cli(*args).exit_code == 0
    assert cli(*args).exit_code == 0  # again: its own SVG page and answer file are replaced
    assert written_by_rollwrite(in_tmp / "pz" / "p.svg") == {"page": 1, "pages": 1}
    (in_tmp / "ans" / "lines-and-sections_a.txt").write_text("my own answer\n")
    r = cli(*args)
    assert r.exit_code == 2 and "ans/lines-and-sections_a.txt already exists and is not a file rollwrite wrote" in r.stderr
    assert (in_tmp / "ans" / "lines-and-sections_a.txt").read_text() == "my own answer\n"
    assert cli(*args, "--force").exit_code == 0
