"""A run of puzzles on several processes prints the same bytes as on one."""

from __future__ import annotations

import pytest


# two games in the default run (the processes' work is shared out alike for every game), all three in the long run
@pytest.mark.parametrize("game", ["shelving-wars", pytest.param("scrambled-streets", marks=pytest.mark.long),
                                  "lines-and-sections"])
def test_the_same_bytes_on_one_process_or_several(cli, tmp_path, game):
    outs = []
    for jobs in ("1", "2", "3"):
        out = tmp_path / f"{jobs}.pdf"
        r = cli("puzzle", game, "--daily", "2027-03-01", "--days", "4", "--with-solutions", "--answers",
                str(tmp_path / f"ans{jobs}"), "--jobs", jobs, "-o", str(out))
        assert r.exit_code == 0, r.output
        answers = sorted((tmp_path / f"ans{jobs}").iterdir())
        outs.append((out.read_bytes(), [a.read_bytes() for a in answers], r.output.replace(str(tmp_path), "")
                     .replace(f"/{jobs}.pdf", "/N.pdf").replace(f"/ans{jobs}/", "/ansN/")))
    assert outs[0] == outs[1] == outs[2]


@pytest.mark.parametrize("jobs", ["0", "257"])
def test_jobs_out_of_range(cli, tmp_path, jobs):
    r = cli("puzzle", "shelving-wars", "--seed", "x", "--jobs", jobs, "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2
    assert f"--jobs must be between 1 and 256, not {jobs}" in r.output
