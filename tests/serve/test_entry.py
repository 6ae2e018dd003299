"""Each game's on-screen entry (games/<game>/entry.py) through the desk, without a browser: an example
sheet entered turn by turn scores what the command line says; only moves the rules accept are offered
(every offered move, played, leaves no rule problem but those of a game not yet finished); a move not
offered is refused; undo takes a turn back; a pasted sheet is read by the game's own parse."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strength import examples

from rollwrite import games
from rollwrite.games.entry import EntryError
from rollwrite.serve.desk import Desk, challenge

ROOT = Path(__file__).resolve().parents[2]

# game, challenge kind and value, an example sheet of that challenge
CASES = [
    ("wobbly-cafe", "daily", "2026-11-22", "daily-2026-11-22.txt"),
    ("long-way", "seed", "flat-pack", "flat-pack.txt"),
    ("long-way", "seed", "picnic", "picnic.txt"),  # rerolls paid with coins, doorways and walls
    ("scrambled-streets", "daily", "2026-11-22", "daily-2026-11-22.txt"),
    ("shelving-wars", "seed", "closet~s8", "seeded-closet.txt"),
    ("lines-and-sections", "seed", "club~s3", "format-example.txt"),
]
#: the rules of a game not yet over: the only problems a sheet entered move by move may have
UNFINISHED = {"filled", "rolls", "game-over"}
_DESKS = {game: Desk(game) for game, *_r in CASES}


def _fields(game: str, sheet) -> list[tuple[str, str]]:  # noqa: ANN001 - the game's sheet
    """The fields an example sheet fills before its first turn."""
    if game == "wobbly-cafe":
        return [("name", sheet.name)] if sheet.name else []
    if game == "lines-and-sections":
        return [("size", str(sheet.size)), ("players", ", ".join(sheet.players))]
    if game == "shelving-wars":
        return ([("size", str(sheet.size)), ("players", str(len(sheet.players)))]
                + [(f"p{k + 1}", p.name) for k, p in enumerate(sheet.players)])
    if game == "scrambled-streets":
        return [(k, v) for k, v in zip(("black", "white"), sheet.names) if v]
    return []


def enter(game: str, kind: str, value: str, example: str) -> tuple[Desk, object, str, str]:
    """Enter an example sheet pick by pick; (desk, challenge, the text entered, the example's text)."""
    desk, ch = _DESKS[game], challenge(game, kind, value)
    example_text = (ROOT / "examples" / game / example).read_text(encoding="utf-8")
    sheet = desk.read(example_text)
    text = ""
    for key, val in _fields(game, sheet):
        text = desk.play(ch, text=text, picked=[], field=(key, val))["text"]
    assert desk.entry is not None
    for turn in desk.entry.turns(sheet, desk.layout.data, desk.schedule(ch, sheet)):
        for i in range(1, len(turn) + 1):
            out = desk.play(ch, text=text, picked=turn[:i])
            assert [c["id"] for c in out["choices"]] or out["changed"], (turn, i)
        assert out["changed"], turn
        text = out["text"]
    return desk, ch, text, example_text


@pytest.mark.parametrize(("game", "kind", "value", "example"), CASES, ids=[f"{c[0]}#{c[2]}" for c in CASES])
def test_an_example_entered_turn_by_turn_scores_as_on_the_command_line(cli, game, kind, value, example):
    desk, ch, text, example_text = enter(game, kind, value, example)
    seeded = [f"--{kind}", value] if game != "lines-and-sections" else []
    named = game
    if "~" in value and seeded:  # a variation's challenge: its id
        named, seeded = f"{game}{'#' if kind == 'seed' else '@'}{value}", []
    want = json.loads(cli("score", named, "-", "--json", *seeded, input=example_text).stdout)
    got = json.loads(cli("score", game, "-", "--json", *seeded, input=text).stdout)
    assert got["valid"] and got["total"] == want["total"]
    assert got.get("players") == want.get("players")


def test_an_empty_sheet_is_calm_and_has_no_text():
    for game, kind, value, _example in CASES:
        out = _DESKS[game].play(challenge(game, kind, value), text="", picked=[])
        assert out["text"] == "" and "check" not in out and out["choices"], game
        assert out["view"]["played"] == 0 and not out["view"]["done"]


@pytest.mark.parametrize(("game", "kind", "value", "illegal"), [
    ("wobbly-cafe", "daily", "2026-11-22", ["f2r1s1"]),  # floor 2 before floor 1 is full
    ("long-way", "seed", "flat-pack", ["g:D4"]),  # an entrance inside the store
    ("scrambled-streets", "daily", "2026-11-22", ["c99"]),  # a card not in the city
    ("shelving-wars", "seed", "closet~s8", ["box6x6"]),  # a box the roll 2 1 6 does not give
    ("lines-and-sections", "seed", "club", ["Z9"]),  # a point off the board
])
def test_a_move_the_rules_do_not_allow_is_not_offered_and_refused(game, kind, value, illegal):
    desk, ch = _DESKS[game], challenge(game, kind, value)
    offered = {c["id"] for c in desk.play(ch, text="", picked=[])["choices"]}
    assert illegal[0] not in offered
    with pytest.raises(EntryError, match="is not a move the rules allow here"):
        desk.play(ch, text="", picked=illegal)


def test_a_box_that_does_not_join_is_not_offered():
    """Shelving Wars: after Kim's first box, her second must join it; a box the dice give elsewhere is
    not among the squares offered."""
    desk, ch = _DESKS["shelving-wars"], challenge("shelving-wars", "seed", "closet~s8")
    assert desk.play(ch, text="", picked=[])["view"]["fields"][0]["value"] == "8"  # the variation's own size
    text = desk.play(ch, text="", picked=["box2x6", "A1"])["text"]
    text = desk.play(ch, text=text, picked=["box6x4", "E3"])["text"]  # Lee's roll 2 4 6, in the far corner
    squares = {c["id"] for c in desk.play(ch, text=text, picked=["box2x3"])["choices"]}
    assert "A3" in squares and "D4" not in squares and "A1" not in squares  # joined; not apart; not overlapping


def test_undo_takes_the_last_turn_back():
    desk, ch, text, _example = enter(*CASES[-1])  # Lines & Sections: 18 segments and 3 shadings
    out = desk.play(ch, text=text, picked=[], undo=True)
    assert out["changed"] and out["text"].count("shade:") == 2
    assert out["view"]["turn"].startswith("Move 21: Ann shades")
    desk, ch = _DESKS["wobbly-cafe"], challenge("wobbly-cafe", "daily", "2026-11-22")
    one = desk.play(ch, text="", picked=["f1r1s1", "v5"])
    assert one["text"].splitlines()[1].strip() == "5.|.3"
    back = desk.play(ch, text=one["text"], picked=[], undo=True)
    assert back["text"] == "" and back["view"]["played"] == 0  # back to the empty sheet


def test_a_pasted_sheet_is_read_by_the_games_own_reader():
    desk, ch = _DESKS["long-way"], challenge("long-way", "seed", "flat-pack")
    text = (ROOT / "examples/long-way/flat-pack.txt").read_text(encoding="utf-8")
    out = desk.play(ch, text=text, picked=[])
    assert out["text"] == desk.game.format(desk.game.parse(text, "x", desk.layout.data), desk.layout.data)
    assert out["view"]["done"] and out["check"]["total"] == 9
    bad = desk.play(ch, text="entrance: Q9 N\n", picked=[])
    assert bad["error"]["message"].startswith("sheet:1:")


def _problems(desk: Desk, ch, text: str) -> set[str]:  # noqa: ANN001
    sheet = desk.read(text)
    evaluation, _puzzle = desk.evaluate(ch, sheet)
    return {p.rule for p in evaluation.problems}


@pytest.mark.parametrize(("game", "kind", "value", "example"),
                         [pytest.param(*c, id=f"{c[0]}#{c[2]}", marks=pytest.mark.long if c[0] == "shelving-wars" else ()) for c in CASES])
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_move_offered_is_one_the_rules_accept(game, kind, value, example, seed):
    """Random play through the entry: each step picks one of the offered choices at random; after every
    whole turn the sheet's only problems are those of a game not yet finished."""
    desk, ch = _DESKS[game], challenge(game, kind, value)
    rng = random.Random(seed)
    text, picked = "", []
    for _step in range(40):
        out = desk.play(ch, text=text, picked=picked)
        if out["changed"]:
            text, picked = out["text"], []
            assert _problems(desk, ch, text) <= UNFINISHED, text
            continue
        if not out["choices"]:
            break
        picked = picked + [rng.choice(out["choices"])["id"]]
    assert games.get(game) is desk.game


def test_a_floating_shelf_is_offered_from_a_corner_of_the_players_box():
    """Shelving Wars: once Kim has a box, a shelf of a length her roll shows starts at one of its corners;
    played, the rules find nothing wrong with it."""
    desk, ch = _DESKS["shelving-wars"], challenge("shelving-wars", "seed", "closet~s8")
    assert desk.play(ch, text="", picked=[])["view"]["fields"][0]["value"] == "8"  # the variation's own size
    text = desk.play(ch, text="", picked=["box2x6", "A1"])["text"]  # A1-F2
    text = desk.play(ch, text=text, picked=["box6x4", "E3"])["text"]
    first = {c["id"] for c in desk.play(ch, text=text, picked=[])["choices"]}  # Kim rolls 2 3 1
    assert {"shelf1", "shelf2", "shelf3"} <= first
    squares = {c["id"] for c in desk.play(ch, text=text, picked=["shelf3"])["choices"]}
    assert "A3" in squares and "H8" not in squares  # below the box's bottom-left corner; far from it
    ways = {c["id"] for c in desk.play(ch, text=text, picked=["shelf3", "A3"])["choices"]}
    assert "top-left:down" in ways and "top-left:up" not in ways  # up runs through her own box
    out = desk.play(ch, text=text, picked=["shelf3", "A3", "top-left:down"])
    assert out["changed"] and "shelf 3 down from A3" in out["text"]
    assert _problems(desk, ch, out["text"]) <= UNFINISHED


def test_a_puzzle_whose_entry_leaves_it_to_text_is_taken_as_text():
    """An entry that says its game's puzzles are not entered on screen (``puzzles = False``) leaves the
    puzzle's page to typed text, and the page's entry refuses to play it."""
    from rollwrite.games.shelving_wars.entry import ShelvingEntry

    desk = Desk("shelving-wars")
    desk.entry = type("TextOnly", (ShelvingEntry,), {"puzzles": False})()
    ch = challenge("shelving-wars", "puzzle-seed", "closet")
    assert not desk.entered(ch) and desk.entered(challenge("shelving-wars", "seed", "closet"))
    with pytest.raises(Exception, match="is entered as text on this desk"):
        desk.play(ch, text="", picked=[])


def test_a_shelving_wars_puzzle_is_solo_play_on_its_own_battlefield(cli, tmp_path):
    """The puzzle's page starts from the puzzle's battlefield (10 squares a side, one player, no capture)
    and offers player 1's rolls of the challenge in turn, only the boxes the rules allow; the answer
    `rollwrite puzzle --answers` writes, entered turn by turn, scores what ``score --puzzle`` says, and
    the game ends where the rules end it (a roll that fits no box); undo takes turns back one by one."""
    day = "2027-01-05"
    desk = _DESKS["shelving-wars"]
    ch = challenge("shelving-wars", "puzzle-daily", day)
    assert desk.entered(ch) and desk.can_live(ch)  # played live, it shows each roll once the turn before is stored
    cli("puzzle", "shelving-wars", "--daily", day, "--with-solutions", "--answers", str(tmp_path), "-q",
        "-o", str(tmp_path / "p.pdf"))
    answer_text = (tmp_path / f"shelving-wars_{day}.txt").read_text(encoding="utf-8")
    answer = desk.read(answer_text)
    start = desk.play(ch, text="", picked=[])
    assert start["text"] == "" and start["view"]["played"] == 0 and start["view"]["fields"] == []
    assert start["view"]["turn"] == "Turn 1 of 8: your roll" and start["view"]["dice"] == ["2", "2", "4"]
    (grid,) = start["view"]["grids"]
    assert (grid["w"], grid["h"]) == (10, 10)  # the puzzle's battlefield, not the game's 15
    assert [c["id"] for c in start["choices"]] == ["box2x2", "box2x4", "box4x2"]  # no shelf before a box
    assert [c["id"] for c in desk.play(ch, text="", picked=["box2x4"])["choices"]] == ["A1"]  # on the corner
    with pytest.raises(EntryError, match="is not a move the rules allow here"):
        desk.play(ch, text="", picked=["box6x6"])
    with pytest.raises(EntryError, match="is not a move the rules allow here"):
        desk.play(ch, text="", picked=["box2x4", "C3"])
    assert desk.play(ch, text="", picked=[], undo=True)["text"] == ""  # nothing to take back
    text, texts = "", []
    assert desk.entry is not None
    for turn in desk.entry.turns(answer, desk.layout.data, desk.schedule(ch, answer)):
        for i in range(1, len(turn) + 1):
            out = desk.play(ch, text=text, picked=turn[:i])
        assert out["changed"], turn
        texts.append(text)
        text = out["text"]
    assert len(texts) == 7 and out["choices"] == [] and out["view"]["done"] and out["view"]["fields"] == []
    assert out["view"]["turn"] == "Your answer: turn 8's roll 3 3 5 fits no box, so the game ends there"
    assert out["check"]["valid"] and out["check"]["puzzle"] and out["check"]["par_text"] == "49 of par 49"
    (you,) = desk.read(text).players  # the answer's boxes, its one player named for the page
    assert you.turns == answer.players[0].turns and you.name == "You"
    want = cli("score", "shelving-wars", "-", "--daily", day, "--puzzle", input=answer_text)
    got = cli("score", "shelving-wars", "-", "--daily", day, "--puzzle", input=text)
    assert got.exit_code == want.exit_code == 0
    assert got.stdout.splitlines()[-1] == want.stdout.splitlines()[-1] == "49 of par 49"
    early = desk.play(ch, text=texts[3], picked=[])  # three boxes in: a score short of par, and the next roll
    assert early["view"]["turn"] == "Turn 4 of 8: your roll" and early["view"]["dice"] == ["2", "4", "5"]
    assert not early["view"]["done"] and early["check"]["total"] == 22
    run = cli("score", "shelving-wars", "-", "--daily", day, "--puzzle", input=texts[3])
    assert run.stdout.splitlines()[-1] == f"22 of par 49" == early["check"]["par_text"]
    assert run.exit_code == 1 and {p["message"] for p in early["check"]["problems"]}  # it stopped while a box fits
    for before in reversed(texts):  # undo walks the answer back turn by turn, to the empty battlefield
        text = desk.play(ch, text=text, picked=[], undo=True)["text"]
        assert text == before
    pasted = desk.play(ch, text=texts[2].replace("size: 10", "size: 9"), picked=[])  # the puzzle on 9 squares
    assert (pasted["view"]["grids"][0]["w"], pasted["view"]["turn"]) == (9, "Turn 3 of 8: your roll")
    assert "box3x2" in {c["id"] for c in pasted["choices"]} and pasted["check"]["par_text"].startswith("21 of par ")
    on = desk.play(ch, text=pasted["text"], picked=["box3x2", "E6"])
    assert on["changed"] and "size: 9" in on["text"] and on["check"]["total"] == 22


def test_a_scrambled_streets_puzzle_is_answered_by_one_turn_on_its_printed_city(cli, made_puzzle):
    """The puzzle's page starts from the city its puzzle prints (nothing to type, its turns not undone);
    the card drawn is placed, and that one turn is the answer, scored against par as ``score --puzzle``
    scores it."""
    desk = _DESKS["scrambled-streets"]
    ch = challenge("scrambled-streets", "puzzle-seed", "picnic")
    _layout, _game, puzzle = made_puzzle("scrambled-streets", "picnic")
    answer = puzzle.answer.moves[-1]
    start = desk.play(ch, text="", picked=[])
    assert start["text"] == "" and start["view"]["played"] == 0 and start["view"]["fields"] == []
    assert start["view"]["turn"] == f"Turn {len(puzzle.answer.moves)}: Black places card {answer.card}"
    assert len(start["view"]["grids"][0]["spots"]) == 4 + len(puzzle.answer.moves) - 1  # the city as printed
    assert desk.play(ch, text="", picked=[], undo=True)["text"] == ""  # its turns are given, not entered
    other = answer.b if answer.push == answer.a else answer.a
    picks = [f"c{answer.push}", f"c{other}", "down" if answer.rotation == 180 else "up"]
    out = desk.play(ch, text="", picked=picks)
    assert out["changed"] and out["choices"] == [] and out["view"]["done"] and out["check"]["valid"]
    assert out["text"] == desk.game.format(puzzle.answer, desk.layout.data)  # the answer the puzzle keeps
    assert out["check"]["par_text"].startswith(f"{out['check']['total']} of par {int(puzzle.par)}")
    run = cli("score", "scrambled-streets", "-", "--seed", "picnic", "--puzzle", "--json", input=out["text"])
    assert run.exit_code == 0 and json.loads(run.stdout)["total"] == out["check"]["total"]
    assert desk.play(ch, text=out["text"], picked=[], undo=True)["text"] == ""
    with pytest.raises(EntryError):  # the answer is one turn: nothing more is offered
        desk.play(ch, text=out["text"], picked=[f"c{answer.card}"])


def test_a_lines_and_sections_puzzle_is_answered_by_shading_on_its_given_path(cli, tmp_path):
    """The puzzle's page starts from its finished path (nothing to type, nothing to undo); every unshaded
    section may be shaded; the one shading is the answer, checked as ``score --puzzle`` checks it."""
    desk = _DESKS["lines-and-sections"]
    ch = challenge("lines-and-sections", "puzzle-seed", "club")
    assert desk.entered(ch)
    cli("puzzle", "lines-and-sections", "--seed", "club", "--answers", str(tmp_path), "-q", "-o", str(tmp_path / "p.pdf"))
    answer = desk.read((tmp_path / "lines-and-sections_club.txt").read_text(encoding="utf-8"))
    start = desk.play(ch, text="", picked=[])
    assert start["text"] == "" and start["view"]["played"] == 0 and start["view"]["fields"] == []
    assert start["view"]["turn"] == "Your move: shade the section that wins"
    assert sorted(c["id"] for c in start["choices"]) == sorted(f"{x}{y}" for x in "ABCDE" for y in range(1, 6))
    assert desk.play(ch, text="", picked=[], undo=True)["text"] == ""  # the given path is not taken back
    right = f"{chr(65 + answer.shades[0].square[0])}{answer.shades[0].square[1] + 1}"
    out = desk.play(ch, text="", picked=[right])
    assert out["changed"] and out["choices"] == [] and out["view"]["done"]
    assert out["text"] == desk.game.format(answer, desk.layout.data)  # the answer `rollwrite puzzle` writes
    assert out["check"]["valid"] and out["check"]["verdict"] == "solved (the one right answer)" and out["check"]["puzzle"]
    run = cli("score", "lines-and-sections", "-", "--seed", "club", "--puzzle", input=out["text"])
    assert run.exit_code == 0 and "rules: all checks passed" in run.stdout
    wrong = desk.play(ch, text="", picked=["A1"] if right != "A1" else ["E5"])
    assert not wrong["check"]["valid"] and wrong["check"]["verdict"] == "not solved"
    said = cli("score", "lines-and-sections", "-", "--seed", "club", "--puzzle", "--json", input=wrong["text"])
    assert said.exit_code == 1
    assert [p["message"] for p in wrong["check"]["problems"]] == [p["message"] for p in json.loads(said.stdout)["problems"]]
    back = desk.play(ch, text=wrong["text"], picked=[], undo=True)
    assert back["text"] == "" and back["view"]["turn"] == start["view"]["turn"]
    with pytest.raises(EntryError):  # the answer is one shading: nothing more is offered
        desk.play(ch, text=wrong["text"], picked=["E5" if right != "E5" else "A1"])


def test_a_problem_is_marked_at_its_spots():
    desk, ch = _DESKS["wobbly-cafe"], challenge("wobbly-cafe", "daily", "2026-11-22")
    out = desk.check(ch, text=(ROOT / "examples/wobbly-cafe/daily-2026-11-22-slip.txt").read_text(encoding="utf-8"))
    first = out["problems"][0]
    assert first["where"] == "floor 1, row 1" and "spaces 1 and 4" in first["message"]
    assert first["spots"] == ["floor1:f1r1s1", "floor1:f1r1s4"]
    assert desk.entry is not None
    assert desk.entry.spots_of(None, "row 3, column C", "", None) == []  # not a café place
    lw = _DESKS["long-way"]
    assert lw.entry is not None and lw.entry.spots_of(None, "row 3, column C", "x", lw.layout.data) == ["store:C3"]


def test_four_players_share_a_battlefield_in_turn():
    desk, ch = _DESKS["shelving-wars"], challenge("shelving-wars", "seed", "closet~p4")  # four players' dice
    text = ""
    out = desk.play(ch, text=text, picked=[])
    assert [f["key"] for f in out["view"]["fields"]] == ["size", "players", "p1", "p2", "p3", "p4"]
    for _k in range(3):  # players 1 to 3 each place a box from their corner
        box = next(c["id"] for c in out["choices"] if c["id"].startswith("box"))
        square = desk.play(ch, text=text, picked=[box])["choices"][0]["id"]
        text = desk.play(ch, text=text, picked=[box, square])["text"]
        out = desk.play(ch, text=text, picked=[])
    assert out["view"]["turn"] == "Turn 1 of 8: Player 4 (player 4)"
    assert _problems(desk, ch, text) <= UNFINISHED
    with pytest.raises(EntryError, match="before the first turn"):
        desk.play(ch, text=text, picked=[], field=("players", "2"))


def test_a_long_way_store_without_its_log_is_checked_as_typed():
    desk, ch = _DESKS["long-way"], challenge("long-way", "seed", "flat-pack")
    text = (ROOT / "examples/long-way/no-cafeteria.txt").read_text(encoding="utf-8")
    out = desk.play(ch, text=text, picked=[])
    assert out["choices"] == [] and out["view"]["done"] and "no game log" in out["view"]["ask"]
    assert desk.play(ch, text=text, picked=[], undo=True)["text"] == out["text"]  # nothing to take back


@pytest.mark.parametrize(("game", "kind", "value", "key", "words"), [
    ("wobbly-cafe", "daily", "2026-11-22", "name", "Ann # the best"),
    ("lines-and-sections", "seed", "club", "players", "Ann, Bob, Ann"),
    ("scrambled-streets", "daily", "2026-11-22", "black", "Ann # x"),
])
def test_a_field_the_text_cannot_hold_is_refused(game, kind, value, key, words):
    desk, ch = _DESKS[game], challenge(game, kind, value)
    with pytest.raises(EntryError):
        desk.play(ch, text="", picked=[], field=(key, words))


def test_the_problems_of_every_game_are_marked_at_their_places():
    streets = _DESKS["scrambled-streets"]
    out = streets.check(challenge("scrambled-streets", "daily", "2026-11-22"),
                        text=(ROOT / "examples/scrambled-streets/impossible-push.txt").read_text(encoding="utf-8"))
    first = out["problems"][0]
    assert (first["where"], first["spots"]) == ("start, top left", ["city:c17"])  # the deal puts 23 there
    shelving = _DESKS["shelving-wars"]
    text = (ROOT / "examples/shelving-wars/seeded-closet.txt").read_text(encoding="utf-8")
    out = shelving.check(challenge("shelving-wars", "seed", "closet~s8"), text=text.replace("box 2x3 at A3", "box 2x3 at D3"))
    lee = next(p for p in out["problems"] if p["where"] == "Lee (player 2), box 2")
    assert lee["spots"] == ["field:F3", "field:G3", "field:H3", "field:F4", "field:G4", "field:H4"]
    sections = _DESKS["lines-and-sections"]
    out = sections.check(challenge("lines-and-sections", "seed", "club~s3"), text="size: 3\nplayers: Ann, Bob\npath: A1 B1 A1\n")
    assert [(p["where"], p["spots"]) for p in out["problems"]] == [("move 2", ["points:B1", "points:A1"])]


def test_a_scrambled_streets_card_is_drawn_as_its_face_shows():
    """Each card of the city is its face as it lies (its streets from point to point, in their colours, a
    card turned half round drawn so), in a cell of a card's shape, with its streets in words; the card
    dealt is drawn, and so is each way up it may be placed."""
    desk, ch = _DESKS["scrambled-streets"], challenge("scrambled-streets", "daily", "2026-11-22")
    deck = desk.layout.data
    out = desk.play(ch, text="", picked=[])
    city = out["view"]["grids"][0]
    assert city["cell"][1] / city["cell"][0] == pytest.approx(88 / 63, rel=1e-3)  # the deck's 63 × 88 mm
    spot = next(s for s in city["spots"] if s["id"] == "c18")  # the deal puts 18 down, bottom left
    assert (spot["x"], spot["y"], spot["t"], spot["m"]) == (0, 1, "18", "card down")
    assert spot["l"] == ("card 18, down (turned half round): white street from bottom to upper left; "
                         "black street from lower left to top; gray street from upper right to lower right")
    for street, (d, pens) in zip(deck.card(18).streets, spot["a"]["s"]):  # 18: ac white, bd black, ef gray
        numbers = [float(v) for v in re.findall(r"-?[0-9.]+", d)]
        assert numbers[:2] == pytest.approx(deck.xy(street.a, turned=True), abs=0.01)
        assert numbers[-2:] == pytest.approx(deck.xy(street.b, turned=True), abs=0.01)
        assert [p[1] for p in pens][1:] == {"white": ["#111111", "#ffffff"], "black": ["#111111"],
                                            "gray": ["#6a6a6a", "#9a9a9a", "#ffffff"]}[street.colour]
    assert out["view"]["pictures"][0]["l"].startswith("card 12, up: ")  # the card dealt for turn 1
    ways = desk.play(ch, text="", picked=["c5", "c40"])
    assert ways["ask"] == "Pick which way up card 12 lies:" and ways["chosen"] == ["city:c5", "city:c40"]
    pushed = {s["id"]: (s["x"], s["y"]) for s in ways["view"]["grids"][0]["spots"]}  # 5 pushed down, away from 40
    assert pushed == {"c23": (0, 0), "c40": (1, 0), "c18": (0, 1), "slot": (1, 1), "c5": (1, 2)}
    assert [(c["id"], c["art"]["l"].split(":")[0]) for c in ways["choices"]] == [
        ("up", "card 12, up"), ("down", "card 12, down (turned half round)")]


@pytest.mark.parametrize(("game", "value"), [("lines-and-sections", "club"), ("scrambled-streets", "picnic"),
                                             ("shelving-wars", "closet")])
@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_answer_offered_on_a_puzzles_page_is_one_the_rules_accept(game, value, seed):
    """Random answers through a puzzle's page: whatever is picked among the choices offered, the answer's
    only problem is the puzzle's own verdict (a shading that does not win), never a broken rule, and
    once it is entered nothing more is offered."""
    desk, ch = _DESKS[game], challenge(game, "puzzle-seed", value)
    rng = random.Random(seed)
    picked: list[str] = []
    text = before = ""
    while True:  # turn after turn (a Shelving Wars puzzle has up to eight) until nothing is offered
        out = desk.play(ch, text=text, picked=picked)
        if out["changed"]:
            before, text, picked = text, out["text"], []
            if not out["choices"]:
                break
            continue
        picked = picked + [rng.choice(out["choices"])["id"]]
    assert _problems(desk, ch, out["text"]) <= {"puzzle"} and out["view"]["done"]
    assert desk.play(ch, text=out["text"], picked=[], undo=True)["text"] == before
