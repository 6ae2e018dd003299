"""Scoring a typed-in game (``rules.replay`` with ``rules.Streets``, and the reader ``format.parse``)
is held to the plain computation (tests/oracles/scrambled_streets.py): the street graph walked again
for the path of every turn (the same streets in the same order, the same ring or line), the plain
replay's Score (the breakdown and the report, to the byte) and its problems, with and without a deal,
and the plain reader (``oracle.parse``) for the game read from a text, or the problems found in it.
Random legal games, hand-made splits, joins and rings, games that break a rule, and edited texts."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strength import examples

from rollwrite.dice import Deal, DealSpec, make_deal
from rollwrite.errors import InputError
from rollwrite.games.scrambled_streets import ScrambledStreets
from rollwrite.games.scrambled_streets.format import Game, Move, Placed, Turns, format, parse
from rollwrite.games.scrambled_streets.data import START_SIZE
from rollwrite.games.scrambled_streets.rules import City, replay
from rollwrite.layoutlang.layout import load_builtin

from oracles import scrambled_streets as oracle

DECK = load_builtin("scrambled-streets").data
PLAYERS = ("black", "white")
GAME = ScrambledStreets()


def random_game(rng: random.Random, turns: int, names: tuple[str, str] = ("", "")) -> Game:
    """Any legal pushes: every edge, either card pushed, either way up."""
    cards = list(range(1, len(DECK.cards) + 1))
    rng.shuffle(cards)
    start = [(cards.pop(), rng.choice((0, 180))) for _ in range(4)]
    city = City.start([(c, r == 180) for c, r in start])
    moves = []
    for n in range(1, min(turns, len(cards)) + 1):
        a, b = rng.choice(city.edges())
        if rng.random() < 0.5:
            a, b = b, a
        push = rng.choice((a, b))
        card, rot = cards.pop(), rng.choice((0, 180))
        city.push(a, b, push, card, rot == 180)
        moves.append(Move(n, card, rot, a, b, push))
    return Game(tuple(Placed(c, r) for c, r in start), tuple(moves), names)


def same_as_plain(game: Game) -> None:
    """The replay's path of every turn is the plain one, and the Score and the problems of the game
    typed in are the plain replay's."""
    text = format(game)
    plain_game = oracle.parse(text)
    rep = oracle.replay(plain_game, DECK)
    sheet = parse(text)
    evaluation = GAME.evaluate(sheet, DECK, None)
    turns = evaluation.score.breakdown["turns"]
    assert len(turns) == len(rep.turns)
    for t, mine in zip(rep.turns, turns):
        assert ([c for c, _ in t.path.streets], t.path.loop) == (mine["cards"], mine["loop"])
    plain = oracle.score_plain(plain_game, DECK)
    mine = evaluation.score
    assert (mine.total, mine.breakdown, mine.players, mine.report) == (plain.total, plain.breakdown,
                                                                      plain.players, plain.report)
    assert json.dumps(mine.breakdown, ensure_ascii=False) == json.dumps(plain.breakdown, ensure_ascii=False)
    assert list(evaluation.problems) == rep.problems


@pytest.mark.strength
def test_random_full_games_score_as_the_plain_replay():
    rng = random.Random("quick")
    names = ("", "Ann", "Zoë", "Bob")
    for _ in range(examples(120)):
        same_as_plain(random_game(rng, 44, (rng.choice(names), rng.choice(names))))


@pytest.mark.strength
def test_random_short_games_score_as_the_plain_replay():
    # small dense cities: splits, joins and rings are frequent
    rng = random.Random("quick-short")
    for _ in range(examples(300)):
        same_as_plain(random_game(rng, rng.randrange(0, 9)))


def deals(rng: random.Random, game: Game) -> list[Deal]:
    """Deals to check a game against: its own (nothing wrong), its own with two cards swapped or a
    start card turned, one whose deck runs out early, and a random one."""
    spec = DealSpec(len(DECK.cards), START_SIZE)
    played = [p.card for p in game.start] + [m.card for m in game.moves]
    order = played + [c for c in range(1, len(DECK.cards) + 1) if c not in played]
    turned = tuple(p.rotation == 180 for p in game.start)
    swapped = list(order)
    i, j = rng.randrange(len(order)), rng.randrange(len(order))
    swapped[i], swapped[j] = swapped[j], swapped[i]
    flipped = list(turned)
    flipped[rng.randrange(4)] ^= True
    return [Deal("scrambled-streets", "own", spec, tuple(order), turned),
            Deal("scrambled-streets", "swapped", spec, tuple(swapped), tuple(flipped)),
            Deal("scrambled-streets", "short", spec, tuple(order[:rng.randrange(4, len(order) + 1)]), turned),
            make_deal("scrambled-streets", f"scrambled-streets#{rng.random()}", spec)]


def test_seeded_checks_find_what_the_plain_replay_finds():
    rng = random.Random("quick-deal")
    for k in range(60):
        game = random_game(rng, rng.randrange(0, 45))
        if k % 3 == 0:
            game = broken(rng, game)
        text = format(game)
        sheet, plain_game = parse(text), oracle.parse(text)
        for deal in deals(rng, game):
            assert list(GAME.evaluate(sheet, DECK, deal).problems) == oracle.replay(plain_game, DECK, deal).problems


def test_random_games_meet_rings():
    # the random games above do close rings and choose them as the best path (so that path is tested)
    rng = random.Random("quick")
    loops = 0
    for _ in range(60):
        game = random_game(rng, 44)
        loops += sum(t["loop"] for t in replay(game, DECK).breakdown["turns"])
    assert loops > 0


START = "start:\n  17 up    3 down\n  40 down  8 up\n"


def test_hand_made_splits_joins_and_rings():
    for turns in (
        "1. 25 up at 17|3 push 3\n",  # splits Black's 3-17-40
        "1. 25 up at 17|3 push 3\n2. 9 down at 40|17 push 40\n3. 1 up at 25|3 push 25\n",  # closes a ring
        "1. 25 up at 17|3 push 3\n2. 9 down at 40|17 push 40\n3. 1 up at 25|3 push 25\n4. 2 up at 1|25 push 1\n",
        "1. 25 up at 17|3 push 3\n2. 9 down at 40|17 push 40\n3. 1 up at 25|3 push 25\n4. 2 up at 17|25 push 17\n",
        "1. 28 up at 40|8 push 8\n2. 2 down at 17|40 push 17\n",  # joins White's 40 and 8 through 28
        "1. 28 up at 40|8 push 40\n2. 2 down at 17|28 push 28\n",  # joins Black's 3-17 to 40
    ):
        same_as_plain(oracle.parse(START + turns))
    ring = oracle.parse(START + "1. 25 up at 17|3 push 3\n2. 9 down at 40|17 push 40\n3. 1 up at 25|3 push 25\n")
    assert replay(ring, DECK).breakdown["turns"][2]["loop"] is True


def test_a_best_path_of_one_street():
    # the mover's best is a single street (rare in random games): White's on turn 1 (with a card still
    # to come), Black's on turn 2
    for text, turn in (("start:\n  2 down  16 down\n  42 down  5 down\n1. 19 up at 16|5 push 16\n"
                        "2. 26 down at 5|42 push 42\n", 0),
                       ("start:\n  42 down  4 down\n  37 down  19 up\n1. 41 down at 19|4 push 19\n"
                        "2. 27 up at 4|41 push 41\n", 1)):
        game = oracle.parse(text)
        same_as_plain(game)
        assert replay(game, DECK).breakdown["turns"][turn]["path"] == 1


def broken(rng: random.Random, game: Game) -> Game:
    """The game with one thing wrong: a card out of the deck or played twice, a card turned a quarter,
    cards that do not touch, a push of neither card, or a bad starting city."""
    moves = list(game.moves)
    kind = rng.randrange(7)
    if kind == 6 or not moves:
        start = list(game.start)
        k = rng.randrange(4)
        start[k] = Placed(rng.choice((0, 49, start[(k + 1) % 4].card)), start[k].rotation) if rng.random() < 0.7 \
            else Placed(start[k].card, 270)
        return Game(tuple(start), game.moves, game.names)
    j = rng.randrange(len(moves))
    m = moves[j]
    used = [p.card for p in game.start] + [x.card for x in moves[:j]]
    if kind == 0:
        moves[j] = Move(m.number, rng.choice((0, 49, 9999, rng.choice(used))), m.rotation, m.a, m.b, m.push)
    elif kind == 1:
        moves[j] = Move(m.number, m.card, 90, m.a, m.b, m.push)
    elif kind == 2:
        c = rng.choice(used)
        moves[j] = Move(m.number, m.card, m.rotation, m.a, c, rng.choice((m.a, c)))
    elif kind == 3:
        moves[j] = Move(m.number, m.card, m.rotation, m.a, m.b, rng.choice(used + [0, 77]))
    elif kind == 4:
        moves[j] = Move(m.number, m.card, m.rotation, m.a, m.a, m.a)
    else:
        moves[j] = Move(m.number, m.card, m.rotation, rng.choice((m.card, 48, 0)), m.b, m.b)
    return Game(game.start, tuple(moves), game.names)


def test_games_that_break_a_rule_are_replayed_as_the_plain_replay():
    rng = random.Random("quick-broken")
    seen = 0
    for _ in range(200):
        game = broken(rng, random_game(rng, rng.randrange(0, 45)))
        seen += bool(replay(game, DECK).problems)
        same_as_plain(game)
    assert seen > 150  # nearly every one breaks a rule


# ---------------------------------------------------------------- the reader


def problems_of(error: InputError) -> list[tuple]:
    return [(e.message, e.file, e.line, e.col, e.hint) for e in getattr(error, "errors", (error,))]


def same_reading(text: str) -> Game | None:
    """``parse`` reads the game the plain reader reads from ``text``, with the same lines, or finds the
    same problems at the same places; the game read, if any."""
    try:
        plain = oracle.parse(text, "g.txt")
    except InputError as error:
        try:
            parse(text, "g.txt")
        except InputError as again:
            assert problems_of(again) == problems_of(error)
            assert type(again) is type(error)
        else:
            raise AssertionError("parse read what the plain reader refused")
        return None
    mine = parse(text, "g.txt")
    assert mine == plain and format(mine) == format(plain)
    assert (mine.line, mine.names, mine.puzzle) == (plain.line, plain.names, plain.puzzle)
    assert [(p.card, p.rotation, p.line) for p in mine.start] == [(p.card, p.rotation, p.line) for p in plain.start]
    assert list(mine.moves) == list(plain.moves)  # numbers and lines
    return mine


def test_the_reader_reads_what_format_writes():
    rng = random.Random("reader")
    for k in range(100):
        game = random_game(rng, rng.randrange(0, 45), (rng.choice(("", "Ann", "Zoë Li")), rng.choice(("", "B"))))
        text = format(game)
        assert same_reading(text) == game


def test_hand_written_texts_read_as_the_plain_reader_reads_them():
    # spaces, tabs, comments, capitals, leading zeros, commas, Windows line ends, blank lines, errors
    ring = "1. 25 up at 17|3 push 3\n2. 9 down at 40|17 push 40\n3. 1 up at 25|3 push 25\n"
    for text in (START + ring, "# a game\n" + START + ring, START + ring.replace("\n", "\r\n"),
                 START + ring + "\n\n# the end\n", START + ring.replace(". ", " : ").replace(" at ", "\tat  "),
                 START + ring.replace("up", "UP").replace("down", "180"), START + ring.replace("|3", "|003"),
                 "start:\n 17 up , 3 down\n,40 down 8 up,\n" + ring, "start:\n 17 up, 3 down\n40 down 8 up\n", "start:\n 17 up,3 down\n40 down 8 up\n",
                 START + ring.replace("2.", "3."), START + ring.replace("push", "psh").replace("at 17", "ta 17"),
                 START + ring + "start:\n", START + ring + "4. 2 up at 1|25 push 1 é\n", ring + START,
                 "black: Ann\nwhite: Bob\npuzzle: scrambled-streets#x\n" + START + ring,
                 "black: Ann\nblack: Bo\n" + START, "strat:\n", "start:\n 17 up 3 down\n", "",
                 START + ring + "".join(f"{n}. 2 up at 1|25 push 1\n" for n in range(4, 203)),
                 START + ring.replace("25 up", "25 sideways"), START + ring.replace("17|3", "17|30000")):
        same_reading(text)


def test_a_game_as_format_writes_it_is_read_in_one_search():
    # every line a turn as format writes it: the turns are found by one search, their lines a range
    game = parse(format(random_game(random.Random("one search"), 30)))
    assert isinstance(game.moves, Turns) and isinstance(game.moves.lines, range)
    commented = parse(format(random_game(random.Random("one search"), 30)) + "# the end\n")
    assert isinstance(commented.moves, Turns) and isinstance(commented.moves.lines, tuple)
    assert commented == game


EDITS = st.lists(st.tuples(st.integers(min_value=0, max_value=10**4), st.integers(min_value=0, max_value=2),
                           st.sampled_from(list("0123456789 .|:#,\n\r\tabcdehpstuwxBW") + ["é", "\x85", "\u2028",
                                                                                            " # x", "up", "down",
                                                                                            "180", "\x0c", "\x1f",
                                                                                            "start:", "black: "])),
                 min_size=1, max_size=4)


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(min_value=0, max_value=10**6), EDITS,
       st.text(max_size=45), st.sampled_from(("", "Ann")))
def test_the_reader_agrees_with_the_plain_one_on_edited_texts(seed, edits, black, white):
    text = format(random_game(random.Random(seed), seed % 12, (black.replace("\n", ""), white)))
    for at, how, piece in edits:
        at %= len(text) + 1
        if how == 0:
            text = text[:at] + piece + text[at:]  # insert
        elif how == 1:
            text = text[:at] + text[at + 1:]  # delete
        else:
            text = text[:at] + piece + text[at + 1:]  # replace
    same_reading(text)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_the_reader_agrees_with_the_plain_one_on_games_as_written(seed):
    rng = random.Random(seed)
    game = random_game(rng, seed % 45, (rng.choice(("", "Ann", "Zoë")), rng.choice(("", "Bob"))))
    assert same_reading(format(game)) == game


def test_a_game_read_behaves_as_a_game():
    # its moves are made when asked for; it copies, pickles and takes dataclasses.replace as a Game does
    import copy
    import dataclasses
    import pickle

    text = format(random_game(random.Random("as a game"), 20, ("Ann", "")))
    mine, plain = parse(text), oracle.parse(text)
    assert isinstance(mine.moves, Turns) and not isinstance(plain.moves, Turns)
    assert pickle.loads(pickle.dumps(mine)) == plain and copy.deepcopy(mine) == plain
    assert mine.moves[-1] == plain.moves[-1] and mine.moves[3:7] == plain.moves[3:7]
    renamed = dataclasses.replace(mine, names=("Bo", "Cy"))
    assert renamed == dataclasses.replace(plain, names=("Bo", "Cy"))
    assert format(renamed) == format(dataclasses.replace(plain, names=("Bo", "Cy")))
    assert replay(renamed, DECK).breakdown == replay(plain, DECK).breakdown


TURN_PIECES = st.lists(st.sampled_from(["1", "2", ".", ":", "25", "up", "down", "180", "x", "at", "att", "|", "17",
                                        "3", "push", "psh", "2x", "", " ", "  ", "\t", "#"]), max_size=14)


@settings(max_examples=300, deadline=None)
@given(TURN_PIECES, st.sampled_from(["", " ", "  "]), st.sampled_from(["", " ", "\t"]))
def test_a_broken_turn_is_named_at_the_same_column_as_the_plain_reader_names_it(pieces, indent, glue):
    # the first part that is wrong or missing, at its column, whatever the line holds
    same_reading(START + indent + glue.join(pieces) + "\n")


ROW_PIECES = st.lists(st.sampled_from(["17", "3", "99999", "up", "down", "180", "x", "sideways", ",", "", " ", "\t"]),
                      max_size=10)


@settings(max_examples=300, deadline=None)
@given(ROW_PIECES, st.sampled_from(["", " ", "  "]), st.sampled_from(["", " ", ","]))
def test_a_broken_row_of_the_starting_city_is_named_as_the_plain_reader_names_it(pieces, indent, glue):
    same_reading("start:\n" + indent + glue.join(pieces) + "\n  40 down  8 up\n1. 25 up at 17|3 push 3\n")
