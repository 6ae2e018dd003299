"""Scoring many sheets at once: folders, JSON Lines in and out, every core, going on past bad files."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from strength import examples

from rollwrite.core.scoring import run_batch

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _folder(tmp_path: Path, game: str, copies: int) -> Path:
    folder = tmp_path / game
    folder.mkdir()
    for i in range(copies):
        for src in sorted((EXAMPLES / game).glob("*.txt")):
            shutil.copy(src, folder / f"{i:03d}-{src.name}")
    return folder


def _batch(*args, **kw) -> tuple[int, list[dict], str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_batch(*args, out=out, err=err, **kw)
    return code, [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_folder_scores_in_name_order_the_same_on_any_number_of_processes(tmp_path, jobs, cli):
    folder = _folder(tmp_path, "long-way", 15)  # 75 sheets: enough for the worker processes to start
    code, docs, err = _batch("long-way", [str(folder)], jobs=jobs)
    names = sorted(p.name for p in folder.iterdir())
    assert [Path(d["file"]).name for d in docs] == names
    one = cli("score", "long-way", str(folder / names[0]), "--json")
    assert docs[0] == json.loads(one.stdout)  # the same document as scoring the file alone
    assert err == "" and code == max(0 if d["valid"] else 1 for d in docs)


def test_bad_files_are_reported_in_place_and_the_run_goes_on(tmp_path):
    folder = _folder(tmp_path, "wobbly-cafe", 1)
    (folder / "b-empty.txt").write_text("")
    (folder / "c-binary.txt").write_bytes(b"\xff\xfe\x00junk")
    code, docs, err = _batch("wobbly-cafe", [str(folder), str(tmp_path / "missing.txt")], jobs=1)
    by_name = {Path(d["file"]).name: d for d in docs}
    assert "error" in by_name["b-empty.txt"] and "error" in by_name["c-binary.txt"]
    assert "error" in by_name["missing.txt"] and docs[-1]["file"].endswith("missing.txt")
    assert sum("total" in d for d in docs) == len(list((EXAMPLES / "wobbly-cafe").glob("*.txt")))
    assert code == 2 and err.count("rollwrite: ") == 3


def test_json_lines_on_standard_input(cli):
    sheets = sorted((EXAMPLES / "shelving-wars").glob("*.txt"))
    lines = [json.dumps({"name": p.name, "text": p.read_text()}) for p in sheets]
    lines.insert(1, "{not json")
    lines.append(json.dumps({"name": "no text"}))
    r = cli("score", "shelving-wars", "--from-jsonl", "-", "--jsonl", input="\n".join(lines) + "\n")
    docs = [json.loads(x) for x in r.stdout.splitlines()]
    assert [d["file"] for d in docs] == [sheets[0].name, "<stdin>:2"] + [p.name for p in sheets[1:]] + [f"<stdin>:{len(lines)}"]
    assert "not a JSON object" in docs[1]["error"] and "'text'" in docs[-1]["error"]
    assert r.exit_code == 2


def test_text_reports_for_many_files_stream_in_order(tmp_path, cli):
    folder = _folder(tmp_path, "long-way", 1)
    r = cli("score", "long-way", str(folder), "--jobs", "1")
    heads = [line for line in r.stdout.splitlines() if line.startswith("== ")]
    assert [h.split()[1] for h in heads] == [str(p) for p in sorted(folder.iterdir())]


@pytest.mark.parametrize("args,message", [
    (["--jobs", "0"], "--jobs must be between 1 and 256"),
    (["--claimed", "3"], "--claimed checks one sheet"),
])
def test_usage_errors_come_before_any_sheet(tmp_path, cli, args, message):
    folder = _folder(tmp_path, "long-way", 1)
    r = cli("score", "long-way", str(folder), *args)
    assert r.exit_code == 2 and message in r.stderr and r.stdout == ""


@pytest.mark.parametrize("jsonl", [True, False])
def test_runs_of_sheets_on_workers_give_exactly_what_one_at_a_time_gives(tmp_path, jsonl):
    """Good, rule-breaking and unreadable sheets mixed over several workers' runs (and a folder inside
    the folder, which is left out): the same output, messages and exit code as scoring each in turn."""
    folder = _folder(tmp_path, "wobbly-cafe", 40)  # 160 and more sheets: several runs per worker
    names = sorted(p.name for p in folder.iterdir())
    for k in (0, 7, 64, 65, 130):  # unreadable ones at and beside the edges of the runs
        (folder / names[k]).write_bytes(b"\xff\xfe junk")
    (folder / names[3]).write_text("")
    (folder / "zz-folder").mkdir()
    runs = {}
    for jobs in (1, 2):
        out, err = io.StringIO(), io.StringIO()
        code = run_batch("wobbly-cafe", [str(folder)], jsonl=jsonl, jobs=jobs, out=out, err=err)
        runs[jobs] = (code, out.getvalue(), err.getvalue())
    assert runs[1] == runs[2]
    code, text, err = runs[1]
    assert code == 2 and err.count("rollwrite: ") == 6
    if jsonl:
        assert len(text.splitlines()) == len(names)
    else:
        heads = [line for line in text.splitlines() if line.startswith("== ")]
        assert len(heads) == len(names) - 6 and text.count("\n\n== ") == len(heads) - 1


def test_runs_are_given_out_only_a_few_ahead_of_the_output(monkeypatch):
    """A long stream of sheets is read as fast as it is scored, not all at once."""
    from concurrent.futures import ThreadPoolExecutor

    from rollwrite.core import scoring

    pulled = []

    def chunks():
        for i in range(100):
            pulled.append(i)
            yield [i]

    monkeypatch.setattr(scoring, "_work_chunk", lambda chunk: chunk[0] * 2)
    with ThreadPoolExecutor(2) as pool:
        results = scoring._in_order(pool, chunks(), ahead=8)
        assert next(results) == 0
        assert len(pulled) == 8  # the first result is out after only 8 runs were given out
        assert list(results) == [2 * i for i in range(1, 100)]


# ---------------------------------------------------------------- the JSON line of a result


def _plain_line(doc) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("game", ["long-way", "wobbly-cafe", "shelving-wars", "lines-and-sections",
                                  "scrambled-streets"])
def test_the_json_line_of_every_example_result_is_the_json_modules_text(game, tmp_path):
    from rollwrite.core.scoring import _Scoring, json_line

    scoring = _Scoring(game, None, None, False)
    broken = tmp_path / "broken é.txt"
    broken.write_bytes(b"\xff\xfe not a sheet")
    names = [str(p) for p in sorted((EXAMPLES / game).glob("*.txt"))] + [str(broken)]
    for name in names:
        doc = scoring.one(name, want_text=False)["json"]
        assert json_line(doc) == _plain_line(doc), name


_scalars = (st.none() | st.booleans() | st.integers(-10**9, 10**9) | st.text(max_size=12)
            | st.integers(-2 * 10**6, 2 * 10**6).map(lambda k: k / 2))  # scores come in halves at most
_docs = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=25)


@settings(max_examples=examples(300), deadline=None)
@given(_docs)
def test_the_json_line_is_the_json_modules_text(doc):
    from rollwrite.core.scoring import json_line

    assert json_line(doc) == _plain_line(doc)


@pytest.mark.parametrize("doc", [
    {"file": "sheet-\udcff.txt", "total": 3},  # a file name that is not UTF-8, as os.listdir gives it
    {"breakdown": {1: 2, 3: [4]}},  # number keys
    {"total": 2 ** 70},
])
def test_what_orjson_refuses_or_writes_otherwise_goes_to_json(doc):
    from rollwrite.core.scoring import json_line

    assert json_line(doc) == _plain_line(doc)
