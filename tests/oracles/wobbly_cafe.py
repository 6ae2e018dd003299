"""Wobbly Café's groups found the plain way, from the rules alone: a search over grid places, every
group, paying or not (a group of exactly v connected v's pays).  Only the café's layout (``data``) comes
from rollwrite."""

from __future__ import annotations

from dataclasses import dataclass

from rollwrite.games.wobbly_cafe.data import SIDES, CafeData


@dataclass(frozen=True)
class Group:
    """Connected spaces of one die value: ``spaces`` as (row, space), 0-based, sorted; ``nice`` when one
    of them has the nice view."""

    value: int
    spaces: tuple[tuple[int, int], ...]
    nice: bool

    @property
    def size(self) -> int:
        return len(self.spaces)

    @property
    def pays(self) -> bool:
        """Exactly as many connected spaces as the value they show."""
        return len(self.spaces) == self.value


def groups_of(floor: tuple[tuple[int | None, ...], ...], data: CafeData) -> list[Group]:
    """Every maximal group of orthogonally connected spaces with the same die value (1-6), in the order of
    each group's first grid place (row, then column)."""
    where: dict[tuple[int, int], tuple[int, int]] = {}  # grid place -> (row, space)
    value: dict[tuple[int, int], int] = {}
    for r, cols in enumerate(data.rows):
        row = floor[r] if r < len(floor) else ()
        for k, c in enumerate(cols):
            v = row[k] if k < len(row) else None
            if isinstance(v, int) and 1 <= v <= SIDES:
                where[(r, c)] = (r, k)
                value[(r, c)] = v
    seen: set[tuple[int, int]] = set()
    out = []
    for start in sorted(value):
        if start in seen:
            continue
        v = value[start]
        stack, members = [start], []
        seen.add(start)
        while stack:
            r, c = stack.pop()
            members.append((r, c))
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb not in seen and value.get(nb) == v:
                    seen.add(nb)
                    stack.append(nb)
        out.append(Group(v, tuple(sorted(where[m] for m in members)), any(m in data.nice for m in members)))
    return out


def paying_groups(floor: tuple[tuple[int | None, ...], ...], data: CafeData) -> list[Group]:
    return [g for g in groups_of(floor, data) if g.pays]
