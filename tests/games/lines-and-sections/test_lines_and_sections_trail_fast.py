"""Whether the path may go on is decided without putting the reason into words; here that decision is
held to the worded one (``why_not``) on random walks over random boards."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from strength import examples

from rollwrite.games.lines_and_sections.rules import Trail, board


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, 5), st.data())
def test_blocked_is_why_not_without_words(n, data):
    b = board(n)
    trail = Trail(b, data.draw(st.integers(0, (n + 1) ** 2 - 1)))
    for _ in range(data.draw(st.integers(0, 30))):
        for d in range(4):
            assert trail.blocked(d) == (trail.why_not(d) is not None)
        free = [d for d in range(4) if trail.why_not(d) is None]
        assert trail.options() == free
        assert trail.stuck() == (trail.segments > 0 and not free)
        if not free:
            break
        trail.step(data.draw(st.sampled_from(free)))


def test_a_trail_without_a_start_is_not_stuck():
    t = Trail(board(3))
    assert not t.stuck() and t.options() == []
