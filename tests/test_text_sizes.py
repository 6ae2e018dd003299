"""Nothing too small to read: the smallest text of every built-in output, measured in its scene (symbols
at their placed size).  Sheets, dailies, deal pages, puzzles and answers: 6 pt at least; with
--large-print (on A3): 9 pt.  check-layout warns about a layout of one's own with text under 6 pt."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from rollwrite import games
from rollwrite.core.printrun import print_scene
from rollwrite.sheet import SheetJob, build_scene
from rollwrite.layoutlang.layout import load_builtin
from rollwrite.layoutlang.page import with_options

GAMES = games.known()


def smallest(scene) -> float:
    text, _ = scene.smallest_text()
    return text.size


def page(large: bool) -> dict:
    return {"large_print": True, "paper": "a3"} if large else {}


def least(large: bool) -> float:
    return 9.0 if large else 6.0


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("slug", GAMES)
def test_sheets_and_dailies(slug, large):
    sizes = [smallest(print_scene(slug, page=page(large)))]
    g = games.get(slug)
    if g.dice_spec(load_builtin(slug), load_builtin(slug).players.default) is not None:
        sizes.append(smallest(print_scene(slug, daily="2026-11-22", page=page(large))))
        sizes.append(smallest(print_scene(slug, seed="picnic", page=page(large))))
    assert min(sizes) >= least(large), sizes


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("slug", [s for s in GAMES if games.get(s).can_puzzle])
def test_puzzles_and_answers(slug, large, made_puzzle):
    layout, _, puzzle = made_puzzle(slug, "picnic")  # the same puzzle for both sizes (and the par tests')
    puzzles = [puzzle]
    spec = with_options(layout.page, **page(large))
    jobs = [SheetJob(p.schedule, p) for p in puzzles] + [SheetJob(p.schedule, p, p.answer) for p in puzzles]
    assert smallest(build_scene(layout, sheets=len(jobs), page=spec, jobs=jobs)) >= least(large)


def test_check_layout_warns_about_small_text(cli, tmp_path):
    tiny = tmp_path / "tiny.yaml"
    tiny.write_text("game: tiny\ntitle: Tiny\nsheet:\n  size: [100, 60]\n  elements:\n"
                    "    - {type: text, at: [0, 7], text: Tiny print here, size: 4.5}\n", encoding="utf-8")
    r = cli("check-layout", str(tiny))
    assert r.exit_code == 0
    assert r.stderr == (f"rollwrite: warning: {tiny}:6:7: sheet.elements[0]: the text 'Tiny print here' prints at "
                        "4.5 pt; text under 6 pt is hard to read\n  hint: make it larger (size): 9 pt is kind to "
                        "players who need large print\n")
    ok = cli("check-layout", str(Path(__file__).resolve().parents[1] / "layouts" / "long-way.yaml"))
    assert ok.exit_code == 0 and "warning" not in ok.stderr


def test_card_numbers_6_and_9_are_underlined():
    from rollwrite.draw.scene import Line, Scene, Text
    from rollwrite.games.scrambled_streets.sheet import draw_card

    deck = load_builtin("scrambled-streets").data
    for number, underlined in ((6, True), (9, True), (8, False)):
        scene = Scene()
        p = scene.new_page(100, 100)
        draw_card(p.pen(), deck, number)
        label = next(it for it in p.items if isinstance(it, Text) and it.text == str(number))
        below = [it for it in p.items if isinstance(it, Line) and it.y1 == it.y2 and label.y < it.y1 < label.y + 2
                 and abs((it.x1 + it.x2) / 2 - label.x) < 0.01]
        assert bool(below) == underlined


# ---------------------------------------------------------------- measured in the PDF, as printed

def pdf_text_sizes(path: Path) -> list[tuple[float, str, str]]:
    """(size in pt as printed, the text, its page's whole text) of every string a PDF shows: its content
    walked as a viewer walks it (``cm`` through ``q``/``Q``, forms placed by ``Do`` in the matrix they
    are placed with), each string's size the font size times the vertical scale of its text matrix and
    of every matrix around it.  Not rollwrite's own measure: the PDF's."""
    import io
    import math

    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    def mul(a, b):  # noqa: ANN001, ANN202 - a then b, as PDF matrices compose
        return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
                a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]

    def walk(stream, resources, ctm, reader, out):  # noqa: ANN001, ANN202
        stack, size, tm = [], 0.0, [1, 0, 0, 1, 0, 0]
        for operands, op in ContentStream(stream, reader).operations:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = mul([float(v) for v in operands], ctm)
            elif op == b"Tf":
                size = float(operands[1])
            elif op == b"BT":
                tm = [1, 0, 0, 1, 0, 0]
            elif op == b"Tm":
                tm = [float(v) for v in operands]
            elif op in (b"Tj", b"TJ", b"'", b'"'):
                m = mul(tm, ctm)
                shown = operands[-1]
                text = "".join(str(x) for x in shown if not isinstance(x, (int, float))) if op == b"TJ" else str(shown)
                if text.strip():
                    out.append((round(size * math.hypot(m[2], m[3]), 3), text))
            elif op == b"Do":
                form = resources["/XObject"][operands[0]].get_object()
                if form.get("/Subtype") == "/Form":
                    inner = [float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                    walk(form, form.get("/Resources", resources), mul(inner, ctm), reader, out)

    reader = PdfReader(io.BytesIO(path.read_bytes()))
    out = []
    for page in reader.pages:
        found: list[tuple[float, str]] = []
        walk(page.get_contents(), page["/Resources"], [1, 0, 0, 1, 0, 0], reader, found)
        whole = page.extract_text()
        out += [(size, text, whole) for size, text in found]
    return out


README_RUNS = [[], ["--paper", "letter"], ["--paper", "a5"], ["--paper", "a5", "--scale", "0.65"],
               ["--paper", "4x6in", "--scale", "0.7"], ["--paper", "5x8in", "--scale", "0.95"],
               ["-n", "4", "--per-page", "2", "--scale", "0.7"], ["-n", "4", "--per-page", "2", "--paper", "a3"],
               ["--per-page", "max", "--scale", "0.25"], ["--crop-marks"], ["--large-print", "--paper", "a3"]]


@pytest.mark.parametrize("run", [pytest.param(r, marks=pytest.mark.long if i > 4 else ())
                                 for i, r in enumerate(README_RUNS)], ids=[" ".join(r) or "default" for r in README_RUNS])
@pytest.mark.parametrize("slug", GAMES)
def test_no_text_under_6_pt_in_the_pdf_or_the_run_is_refused(slug, run, cli, tmp_path):
    """Every game at the README's papers, scales and counts a page: the PDF's text measured in the PDF is
    6 pt or more, or the run is refused with the smallest size and the scale that keeps 6 pt; with
    --small-print it prints, and every page says how small."""
    out = tmp_path / "x.pdf"
    r = cli("print", slug, *run, "-o", str(out))
    if r.exit_code == 2 and "the smallest text would print at" in r.stderr:
        assert not out.exists()
        said = float(r.stderr.split("would print at ")[1].split(" pt")[0])
        assert said < 6
        assert "text keeps to 6 pt down to scale" in r.stderr or "larger paper" in r.stderr
        r = cli("print", slug, *run, "--small-print", "-o", str(out))
        assert r.exit_code == 0, r.stderr
        sizes = pdf_text_sizes(out)
        assert said <= min(s for s, _, _ in sizes) < said + 0.01
        note = f"small print: text down to {math.floor(said * 10) / 10:.1f} pt"
        assert all(note in whole.replace("\n", " ") for _, _, whole in sizes)
        return
    if r.exit_code == 2:  # the sheet does not fit that paper at all, or the game is for fewer players
        assert "does not fit" in r.stderr or "prints for 2 players, not 4" in r.stderr
        return
    assert r.exit_code == 0, r.stderr
    sizes = pdf_text_sizes(out)
    assert min(s for s, _, _ in sizes) >= (9.0 if "--large-print" in run else 6.0) - 1e-6
    assert not any("small print" in whole for _, _, whole in sizes)


def test_the_scale_said_keeps_6_pt(cli, tmp_path):
    r = cli("print", "wobbly-cafe", "--scale", "0.7", "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2
    best = r.stderr.split("(--scale ")[1].split(")")[0]
    assert best == "0.86"  # its smallest text is 7 pt: 6/7 = 0.857
    assert cli("print", "wobbly-cafe", "--scale", best, "-o", str(tmp_path / "x.pdf")).exit_code == 0
    assert min(s for s, _, _ in pdf_text_sizes(tmp_path / "x.pdf")) >= 6
    below = f"{float(best) - 0.01:g}"
    assert cli("print", "wobbly-cafe", "--scale", below, "-o", str(tmp_path / "z.pdf")).exit_code == 2


@pytest.mark.parametrize("slug,paper", [(s, p) for s in GAMES for p in ("a5", "4x6in", "5x8in", "a4")])
def test_the_footer_stays_on_the_paper(slug, paper):
    """On every paper a game is printed on, the footer's ruler and caption keep inside the margins, and
    the caption stays clear of the ruler's."""
    from rollwrite.draw.metrics import text_width
    from rollwrite.draw.scene import Text
    from rollwrite.errors import UsageError

    try:
        scene = print_scene(slug, page={"paper": paper, "small_print": True})
    except UsageError as e:
        assert "does not fit" in e.message
        return
    for page in scene.pages:
        margin = load_builtin(slug).page.margin
        # (a page of backs turned top to bottom has its footer at its head)
        foot = [it for it in scene.page_items(page) if isinstance(it, Text)
                and (it.y > page.height - margin - 8 or (it.y < margin + 8 and "backs of page" in it.text))]
        if not foot:
            foot = [it for it in scene.page_items(page) if isinstance(it, Text) and it.y < margin + 8]
        spans = []
        for it in foot:
            w = text_width(it.text, it.size, it.font)
            x0 = {"start": it.x, "middle": it.x - w / 2, "end": it.x - w}[it.anchor]
            # (the ruler's 0 is centred on its first mark, at the margin)
            assert margin - w / 2 - 0.01 <= x0 and x0 + w <= page.width - margin + 0.01, (it.text, x0, w)
            spans.append((x0, x0 + w, it.y, it.text))
        caption = max(spans, key=lambda s: s[0])
        for s in spans:
            if s is not caption and s[2] < caption[2] - 0.5:  # the ruler's caption, on the line above
                assert s[1] + 1 <= caption[0], (s, caption)


def test_puzzle_holds_the_6_pt_rule_as_print_does(cli, tmp_path):
    """puzzle --scale refuses text under 6 pt with print's words and hint, --small-print prints it with the
    note on every page, and the scale the hint names prints."""
    out = tmp_path / "p.pdf"
    r = cli("puzzle", "wobbly-cafe", "--seed", "picnic", "--with-solutions", "--scale", "0.7", "-o", str(out))
    assert r.exit_code == 2 and not out.exists()
    assert r.stderr == ("rollwrite: at scale 0.7 on a4 paper the smallest text would print at 4.48 pt "
                        "('wobbly-cafe#picnic puzzle · p…' on page 1); nothing printed is under 6 pt\n"
                        "  hint: text keeps to 6 pt down to scale 0.94 (--scale 0.94); or give --small-print to "
                        "print it anyway (every page's footer then says so)\n")
    r = cli("puzzle", "wobbly-cafe", "--seed", "picnic", "--with-solutions", "--scale", "0.7", "--small-print",
            "-o", str(out))
    assert r.exit_code == 0, r.stderr
    sizes = pdf_text_sizes(out)
    assert 4.48 <= min(s for s, _, _ in sizes) < 4.49
    assert all("small print: text down to 4.4 pt" in whole.replace("\n", " ") for _, _, whole in sizes)
    assert cli("puzzle", "wobbly-cafe", "--seed", "picnic", "--with-solutions", "--scale", "0.94",
               "-o", str(out)).exit_code == 0
    assert min(s for s, _, _ in pdf_text_sizes(out)) >= 6
    assert not any("small print" in whole for _, _, whole in pdf_text_sizes(out))


@pytest.mark.parametrize("run", [["wobbly-cafe", "--paper", "4x6in"], ["long-way", "-n", "2", "--per-page", "2"],
                                 ["wobbly-cafe", "-n", "4", "--per-page", "4"],
                                 ["wobbly-cafe", "--landscape", "--large-print"]], ids=" ".join)
def test_the_scale_a_refusal_names_fits_and_keeps_6_pt(run, cli, tmp_path):
    """A sheet that does not fit: the scale the hint names (on this paper, or on the papers it names) prints,
    with no text under 6 pt; a hint never names a scale the text rule then refuses."""
    r = cli("print", *run)
    assert r.exit_code == 2 and "does not fit" in r.stderr
    if "no scale both fits it" in r.stderr:
        need = r.stderr.split("its text needs scale ")[1].split(")")[0]
        papers = r.stderr.split(f"at scale {need} it fits on ")[1].split(" paper")[0].split(", ")
        tries = [["--paper", papers[0], "--scale", need], ["--paper", papers[-1], "--scale", need]]
        below = f"{float(need) - 0.01:g}"
        assert cli("print", *run, "--paper", papers[0], "--scale", below, "-o", str(tmp_path / "z.pdf")).exit_code == 2
    else:
        best = r.stderr.split("it fits up to scale ")[1].split(";")[0].split("\n")[0]
        tries = [["--scale", best]]
    for extra in tries:
        run2 = [a for a in run if a != "--large-print"]
        if "--paper" in extra and "--paper" in run2:
            i = run2.index("--paper")
            run2 = run2[:i] + run2[i + 2:]
        out = tmp_path / "x.pdf"
        r2 = cli("print", *run2, *extra, "-o", str(out), "--force")
        assert r2.exit_code == 0, (extra, r2.stderr)
        assert min(s for s, _, _ in pdf_text_sizes(out)) >= 6 - 1e-6
