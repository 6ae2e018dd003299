"""Combining two trees of nodes: a mapping laid over another (merge keys ``<<``, ``extends``).

The rules, the same for a merge key and for ``extends``:

* mappings merge key by key, recursively; the overriding side's keys win;
* a relative value (``+=5``, ``-=1cm``) changes the value it overrides, and in a list of the same length
  (``at: [+=5, 0]``) each item changes the item in its place;
* a list of elements merges by ``id``: an element whose ``id`` is in the base is laid over that element
  (``remove: true`` deletes it), the others are added at the end;
* anything else replaces what it overrides.

Every node keeps the place where it was written, so a message about a merged value points at its file,
line and column.
"""

from __future__ import annotations

from typing import TypeGuard

from rollwrite.errors import did_you_mean
from rollwrite.layoutlang.nodes import _RELATIVE, Map, Node, Relative, Scalar, Seq


def is_relative(node: Node) -> TypeGuard[Scalar]:
    return isinstance(node, Scalar) and isinstance(node.value, str) and _RELATIVE.fullmatch(node.value) is not None


def _has_relative(node: Node) -> bool:
    return isinstance(node, Seq) and any(is_relative(i) for i in node.items)


def merge_nodes(base: Node, over: Node) -> Node:
    """``over`` laid over ``base``."""
    if isinstance(over, Map) and isinstance(base, Map):
        out = Map(over.file, over.line, over.col, over.path)
        for key, (knode, vnode) in base.entries.items():
            if key in over.entries:
                okey, ovalue = over.entries[key]
                out.entries[key] = (okey, merge_nodes(vnode, ovalue))
            else:
                out.entries[key] = (knode, vnode)
        for key, entry in over.entries.items():
            if key not in out.entries:
                out.entries[key] = entry
        return out
    if is_relative(over):
        if not isinstance(base, Scalar) or isinstance(base.value, bool) or base.value is None:
            what = "a list" if isinstance(base, Seq) else "a mapping" if isinstance(base, Map) else "nothing"
            raise over.error(
                f"'{over.value.strip()}' changes the value it overrides, but that is {what} "
                f"({base.file}:{base.line}:{base.col})",
                hint="a relative value changes a number: write the whole value instead",
            )
        relative = _RELATIVE.fullmatch(over.value)
        assert relative is not None  # (is_relative)
        sign, delta = relative.groups()
        return Scalar(over.file, over.line, over.col, over.path, Relative(base.value, sign, delta.strip()))
    if isinstance(over, Seq) and isinstance(base, Seq):
        if _has_relative(over):
            for item in over.items:
                if not is_relative(item):
                    raise item.error(
                        f"in a list with relative values each item changes its own: '{item.plain()}' here would "
                        f"replace it, not keep it",
                        hint="write '+=0' for an item that stays" + (
                            f" (or +={item.plain()} to change it by that much)" if item.plain() not in (0, 0.0) else ""),
                    )
            if len(over) != len(base):
                raise over.error(
                    f"a list with relative values must have as many items as the list it changes ({len(base)}), "
                    f"got {len(over)}",
                    hint="write '+=0' for an item that stays",
                )
            return Seq(over.file, over.line, over.col, over.path,
                       [merge_nodes(b, o) for b, o in zip(base.items, over.items)])
        if over.path.endswith("elements"):
            return merge_elements(base, over)
    return over


def element_id(node: Node) -> str | None:
    if isinstance(node, Map):
        n = node.get("id")
        if isinstance(n, Scalar) and isinstance(n.value, (str, int)) and not isinstance(n.value, bool):
            return str(n.value)
    return None


def merge_elements(base: Seq, over: Seq) -> Seq:
    """Elements laid over elements by ``id``; the rest of ``over`` is added at the end."""
    items = list(base.items)
    index = {element_id(n): k for k, n in enumerate(items) if element_id(n) is not None}
    removed: set[int] = set()
    added: list[Node] = []
    for n in over.items:
        eid = element_id(n)
        if eid is not None and eid in index:
            k = index[eid]
            rm = n.get("remove") if isinstance(n, Map) else None
            if isinstance(rm, Scalar) and rm.value is True:
                removed.add(k)
                continue
            items[k] = merge_nodes(items[k], n)
        else:
            rm = n.get("remove") if isinstance(n, Map) else None
            if eid is not None and isinstance(n, Map) and n.get("type") is None and rm is None:
                idn = n.get("id")
                assert idn is not None
                known = [k for k in index if k is not None]
                raise idn.error(
                    f"there is no element with id '{eid}' in the layout this one extends",
                    hint=did_you_mean(eid, known) or (f"its ids: {', '.join(known)}" if known else
                                                      "it gives no element an id") + "; a new element needs a 'type'",
                )
            if rm is not None:
                raise rm.error(
                    f"there is no element with id '{eid}' to remove" if eid is not None
                    else "'remove' needs the 'id' of an element from the layout this one extends",
                )
            added.append(n)
    out = [n for k, n in enumerate(items) if k not in removed] + added
    return Seq(over.file, over.line, over.col, over.path, out)
