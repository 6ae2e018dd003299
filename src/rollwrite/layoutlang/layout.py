"""The layout model: YAML layout files -> a validated, typed, frozen Layout (all lengths in mm).

Top-level keys of a layout file:

``game``   the game's slug (a registered game, or any name for a layout of your own)
``title``  the sheet's title; ``summary``: one line about the game
``page``   paper, orientation, margin, how many sheets share a page, gutter, crop marks, bleed, scale
           (see :mod:`rollwrite.layoutlang.page`)
``players`` default, min and max player count for ``rollwrite print``
``sheet``  size [w, h] of one player sheet and its ``elements`` (see docs/layout.md)
``dice``   the shape of the game's dice schedule (count, sides, turns, labels, groups, rerolls)
``data``   game-specific data, validated by the game's rules module

Loading never imports a renderer.  Geometry checks that need font metrics (paragraph heights, text
widths, glyph coverage) run in :func:`check_geometry`, which ``print`` and ``check-layout`` call.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

from rollwrite import games
from rollwrite.dice import MAX_SIDES, DiceSpec
from rollwrite.draw import icons
from rollwrite.draw.elements import GENERIC, OVERFLOWS, fit_hint, measure
from rollwrite.draw.images import LOADED, layout_file
from rollwrite.draw.marks import IconRef, OwnIcon, USER_ICON_BOX
from rollwrite.draw.metrics import FONTS, missing_glyphs
from rollwrite.draw.scene import Page, Text
from rollwrite.draw.userfonts import FontName, font_label, read_fonts as read
from rollwrite.errors import InputError, UsageError, did_you_mean, excerpt
from rollwrite.files import decode
from rollwrite.games.base import ElementType, Game
from rollwrite.planner import plan_page
from rollwrite.valueclass import Value, fields as value_fields, replace
from rollwrite.resources import builtin_slugs, layouts_dir  # noqa: F401  (builtin_slugs: re-exported)
from rollwrite.layoutlang.compose import Expander
from rollwrite.layoutlang.placeholders import fill
from rollwrite.layoutlang.nodes import Map, Node, Reader, Scalar, Seq, expect_pair, expect_str
from rollwrite.layoutlang.page import FOOTER, PAPERS, PageSpec, read_page  # noqa: F401  (FOOTER, PAPERS: re-exported)
from rollwrite.layoutlang.page import PerPage, paper_size
from rollwrite.layoutlang.treegen import recorded_tree

MAX_PAGES = 500


class Element(Value):
    type: str
    at: tuple[float, float]
    value: Any
    node: Node  # where it was written, for error messages
    angle: float = 0.0  # degrees clockwise, about ``at`` (from its own 'rotate' and its groups')
    scale: float = 1.0  # from its groups' 'scale'
    id: Any = None  # its 'id', when it has one
    #: what it may print over (see layoutlang/overlap.py): True (anything), a tuple of ids, or () (nothing)
    overlaps: Any = ()
    #: which copy of each repeat around it this is, the outermost first, from 1 (() when not repeated)
    copy: tuple[int, ...] = ()

    def place(self, pen: Any) -> Any:
        """``pen`` (at the sheet's corner) moved to this element's origin, turned and scaled."""
        pen = pen.at(*self.at)
        if self.angle:
            pen = pen.rotated(self.angle)
        if self.scale != 1.0:
            pen = pen.scaled(self.scale)
        return pen

    def extent(self, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """A box measured from this element's origin (x0, y0, x1, y1), as it lies on the sheet."""
        x0, y0, x1, y1 = box
        if not self.angle and self.scale == 1.0:
            return x0 + self.at[0], y0 + self.at[1], x1 + self.at[0], y1 + self.at[1]
        rad = math.radians(self.angle)
        c, s, k = math.cos(rad), math.sin(rad), self.scale
        xs, ys = [], []
        for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            xs.append(self.at[0] + (x * c - y * s) * k)
            ys.append(self.at[1] + (x * s + y * c) * k)
        return min(xs), min(ys), max(xs), max(ys)


class SheetSpec(Value):
    width: float
    height: float
    elements: tuple[Element, ...]
    #: drawn on the following page, behind each sheet, when the page spec prints backs (cards)
    back: tuple[Element, ...] = ()


class Players(Value):
    default: int = 1
    minimum: int = 1
    maximum: int = 500

    def span(self) -> str:
        """The counts of players, as said: "2 players", "1 to 4 players"."""
        lo, hi = self.minimum, self.maximum
        return f"{lo} player{'s' if lo != 1 else ''}" if lo == hi else f"{lo} to {hi} players"

    def hint(self) -> str:
        """How to give a count that is allowed."""
        lo, hi = self.minimum, self.maximum
        return f"give --players {lo} or leave it out" if lo == hi else f"give --players between {lo} and {hi}"


class ExtraPage(Value):
    """A whole page printed once after the sheets (a rules sheet, a score track, a seeded deal).

    ``size`` is the room its elements use, measured from the top-left corner inside the margin; on
    paper too small for it the page is drawn smaller, to fit.  ``when`` is ``always``, ``seeded``
    (printed only with --seed or --daily) or ``puzzle``: then ``print`` leaves it out and ``rollwrite
    puzzle`` prints each puzzle and answer on it instead of on the sheet (see ``puzzle_layout``)."""

    name: str
    size: tuple[float, float]
    elements: tuple[Element, ...]
    when: str
    orientation: str
    node: Node


@dataclass(frozen=True, slots=True)  # a dataclass: game packages replace() its fields
class Layout:
    game: str
    title: str
    summary: str
    source: str
    page: PageSpec
    players: Players
    sheet: SheetSpec
    dice: DiceSpec | None
    data: Any
    pages: tuple[ExtraPage, ...] = ()
    #: its ``extends`` as :mod:`rollwrite.layoutlang.reuse` keeps it (the name, then the base's files), for messages
    extended: Node | None = None

    def replace(self, **changes: Any) -> Layout:
        return replace(self, **changes)


# ---------------------------------------------------------------- element types


def element_types(game: Game | None) -> dict[str, ElementType]:
    types = dict(GENERIC)
    if game is not None:
        types.update(game.element_types())
    return types


def _without(node: Map, *keys: str) -> Map:
    out = Map(node.file, node.line, node.col, node.path, handled=tuple(sorted(set(node.handled) | set(keys))))
    out.entries = {k: v for k, v in node.entries.items() if k not in keys}
    return out


def _read_overlaps(node: Node | None) -> Any:
    """An element's ``overlaps``: true (it may print over anything) or a list of ids."""
    if node is None:
        return ()
    if isinstance(node, Scalar) and isinstance(node.value, bool):
        return True if node.value else ()
    if isinstance(node, Seq):
        ids = []
        for item in node:
            if not (isinstance(item, Scalar) and isinstance(item.value, (str, int)) and not isinstance(item.value, bool)):
                raise item.error("expected the id of another element")
            ids.append(item.value)
        return tuple(ids)
    raise node.error("expected true or a list of element ids", hint="overlaps: true, or overlaps: [title, grid]")


def read_elements(seq: Seq, types: dict[str, ElementType], data: Any,
                  names: tuple[tuple[str, Any], ...] = (), own_icons: dict[str, Any] | None = None,
                  own_fonts: dict[str, str] | None = None) -> tuple[Element, ...]:
    """A sheet's ``elements`` list, groups and repeats expanded (see :mod:`rollwrite.layoutlang.compose`);
    ``names`` are the layout's ``vars``.  An element with ``in`` is placed in a space of an element
    before it (see :mod:`rollwrite.layoutlang.cells`)."""
    made: dict[Any, Element] = {}
    copies: dict[Any, int] = {}  # how many copies of a repeat share an id

    def make(tname: str, at: tuple[float, float], angle: float, scale: float, body: Map, node: Node,
             copy: tuple[int, ...] = ()) -> Element:
        overlaps = _read_overlaps(body.entries.get("overlaps", (None, None))[1])
        idn = node.get("id") if isinstance(node, Map) else None  # a word or a number (checked when read)
        if own_fonts or own_icons:
            body = _with_own(body, own_fonts or {}, own_icons or {}, tname == "icon")
        in_node = body.get("in")
        value = types[tname].read(_without(body, "overlaps", "in"), data)
        el = Element(tname, at, value, node, angle, scale, idn.value if isinstance(idn, Scalar) else None, overlaps, copy)
        fit_node = body.get("fit")
        if tname == "text" and in_node is None and fit_node is not None and getattr(value, "fit", None) is not None:
            raise fit_node.error("'fit' makes a text smaller to fit the space it is put 'in', and this text "
                                        "is in none", hint="put it in a space: in: {id: NAME, cell: [row, col]}, "
                                                           "or leave 'fit' out")
        if in_node is not None:
            el = _put_in(el, in_node, made, types, expander.ids, copies)
        if el.id is not None:
            made[el.id] = el
            copies[el.id] = copies.get(el.id, 0) + 1
        return el

    expander = Expander(make, types, names)
    return tuple(expander.run(seq))


@overload
def _with_own(node: Map, own_fonts: dict[str, str], own_icons: dict[str, Any], icon_element: bool) -> Map: ...


@overload
def _with_own(node: Node, own_fonts: dict[str, str], own_icons: dict[str, Any], icon_element: bool) -> Node: ...


def _with_own(node: Node, own_fonts: dict[str, str], own_icons: dict[str, Any], icon_element: bool) -> Node:
    """``node`` with each ``font: NAME`` and ``icon: NAME`` (an icon element's ``name: NAME``) that names
    one of the layout's own fonts or icons holding what it names (see :mod:`rollwrite.draw.userfonts`
    and ``OwnIcon`` in :mod:`rollwrite.draw.marks`), in rows, marks and legend items too."""
    if isinstance(node, Seq):
        return Seq(node.file, node.line, node.col, node.path,
                   [_with_own(n, own_fonts, own_icons, False) for n in node.items])
    if not isinstance(node, Map):
        return node
    out = Map(node.file, node.line, node.col, node.path, handled=node.handled)
    for key, (kn, vn) in node.entries.items():
        word = vn.value if isinstance(vn, Scalar) and isinstance(vn.value, str) else None
        if key == "font" and word in own_fonts:
            vn = FontName(vn.file, vn.line, vn.col, vn.path, own_fonts[word])
        elif (key == "icon" or (key == "name" and icon_element)) and word in own_icons:
            vn = IconRef(vn.file, vn.line, vn.col, vn.path, own_icons[word])
        elif isinstance(vn, (Map, Seq)):
            vn = _with_own(vn, own_fonts, own_icons, False)
        out.entries[key] = (kn, vn)
    return out


def read_fonts(node: Node | None) -> dict[str, str]:
    """The layout's own ``fonts`` (see :mod:`rollwrite.draw.userfonts`): its name -> the internal name."""
    return read(node, FONTS)


def read_icons(node: Node | None, types: dict[str, ElementType], data: Any,
               names: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """The layout's own ``icons``: each a list of elements drawn in a 10 x 10 mm box (``at`` from its
    top-left corner), scaled to the icon's ``size`` wherever an icon is named.  ``icons`` is a mapping of
    them, the name of an icon set (a YAML file of such a mapping under the layout's folder), or a list
    of those.  An icon may use the icons defined before it (an ``icon`` element, a mark)."""
    if node is None:
        return {}
    out: dict[str, Any] = {}
    for part in (node.items if isinstance(node, Seq) else [node]):
        icon_set = _icon_set(part) if isinstance(part, Scalar) and isinstance(part.value, str) else part
        _read_icon_map(icon_set, types, data, names, out)
    return out


def _icon_set(node: Node) -> Node:
    """The mapping of icons in the icon-set file ``node`` names (under the layout's folder)."""
    # deferred for start-up: `print long-way` and 10 more commands need this module, not this import
    from rollwrite.layoutlang.loading import load_yaml

    _, raw = layout_file(node, 512 * 1024, "an icon set")
    shown = str(Path(node.file).parent / expect_str(node))  # (a file name: layout_file read it)
    return load_yaml(decode(raw, shown), shown)


#: most scene items one of the layout's own icons may draw, the icons it uses counted at their size
MAX_ICON_ITEMS = 2000


def _read_icon_map(node: Node, types: dict[str, ElementType], data: Any,
                   names: tuple[tuple[str, Any], ...], out: dict[str, Any]) -> None:
    """Adds the icons of one mapping to ``out`` (the icons defined before them), each read with those."""
    r = Reader(node, "a set of icons (a mapping of names to lists of elements)")
    later = list(r.node.entries)
    for n, (key, (knode, vnode)) in enumerate(r.node.entries.items()):
        elements: Seq = r.list(key)
        if not re.fullmatch(r"[a-z][a-z0-9-]{0,30}", key):
            raise knode.error(f"'{excerpt(key)}' is not a name for an icon", hint="use lower-case letters, digits and '-'")
        if icons.get(key) is not None:
            raise knode.error(f"'{excerpt(key)}' is a built-in icon already", hint=f"call yours e.g. my-{key}")
        if key in out:
            raise knode.error(f"the icon '{key}' is defined twice")
        _uses_no_later_icon(key, vnode, later[n:])
        parts = read_elements(elements, {k: v for k, v in types.items() if k in GENERIC}, data, names, out)
        cost = 0
        for part in parts:
            x0, y0, x1, y1 = part.extent(measure(part, GENERIC[part.type]))
            if x0 < -0.05 or y0 < -0.05 or x1 > USER_ICON_BOX + 0.05 or y1 > USER_ICON_BOX + 0.05:
                raise part.node.error(f"this {part.type} reaches outside the {USER_ICON_BOX:g} x {USER_ICON_BOX:g} mm "
                                      "box an icon is drawn in", hint="an icon's elements lie in [0, 0] .. [10, 10]")
            cost += _icon_cost(part.value)
            if cost > MAX_ICON_ITEMS:
                raise part.node.error(f"by this element the icon '{key}' draws more than {MAX_ICON_ITEMS:,} lines, "
                                      "shapes and texts, the icons it uses counted", hint="use fewer or plainer icons in it")
        out[key] = OwnIcon(key, tuple((part, GENERIC[part.type]) for part in parts), cost)
    r.done()


def _uses_no_later_icon(key: str, node: Node, later: list[str]) -> None:
    """An icon names only icons defined before it: not itself, not one below it."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Seq):
            stack.extend(n.items)
        elif isinstance(n, Map):
            for k, (_, vn) in n.entries.items():
                if k in ("name", "icon") and isinstance(vn, Scalar) and vn.value in later:
                    if vn.value == key:
                        raise vn.error(f"the icon '{key}' uses itself", hint="an icon may use the icons defined before it")
                    raise vn.error(f"the icon '{key}' uses '{vn.value}', which is defined after it",
                                   hint=f"define '{vn.value}' before '{key}': an icon may use the icons defined before it")
                stack.append(vn)


def _icon_cost(value: Any) -> int:
    """What drawing an element of an icon costs: 1, and the cost of each own icon it draws."""
    total, stack = 1, [value]
    while stack:
        v = stack.pop()
        if isinstance(v, OwnIcon):
            total += v.cost
        elif isinstance(v, (tuple, list)):
            stack.extend(v)
        elif isinstance(v, Value):
            stack.extend(getattr(v, f) for f in value_fields(v))
    return total


def _put_in(el: Element, in_node: Node, made: dict[Any, Element], types: dict[str, ElementType],
            ids: dict[Any, Any], copies: dict[Any, int]) -> Element:
    """``el`` (its ``at`` an extra shift, its angle its own) placed in the space ``in_node`` names."""
    # deferred for start-up: `print long-way` and 10 more commands need this module, not this import
    from rollwrite.layoutlang.cells import placed, read_place

    target, space, aligns, pad = read_place(in_node, made, ids, copies)
    if el.type == "text" and types[el.type] is GENERIC["text"]:
        el = _text_in(el, space, aligns, pad)
    own = measure(el, types[el.type])
    at = placed(target, space, aligns, pad, own, el.at)
    # it may print over what it is in, and over whatever that may print over (it lies inside it)
    if el.overlaps is True or target.overlaps is True:
        overlaps: Any = True
    else:
        overlaps = el.overlaps + tuple(k for k in (target.id, *target.overlaps) if k not in el.overlaps)
    return replace(el, at=at, angle=(target.angle + el.angle) % 360.0, scale=target.scale * el.scale,
                               overlaps=overlaps)


def _text_in(el: Element, space: tuple[float, float, float, float], aligns: tuple[str, str], pad: float) -> Element:
    """A text put in a space fits it: as written, or made as much smaller as it must be down to its
    ``fit``; else an error at the text saying how wide it is and what the space leaves."""
    v = el.value
    room_w = space[2] - space[0] - (pad if aligns[0] != "middle" else 0.0)
    room_h = space[3] - space[1]
    x0, y0, x1, y1 = measure(el, GENERIC["text"])
    w, h = x1 - x0, y1 - y0
    if w <= room_w + 0.01 and h <= room_h + 0.01:
        return el
    needed = v.size * min(room_w / w, room_h / h)
    if v.fit is not None and needed >= v.fit:
        return replace(el, value=replace(v, size=math.floor(needed * 100) / 100))
    at = el.node.get("text") or el.node
    shown = v.text if len(v.text) <= 24 else v.text[:23] + "…"
    size = v.fit if v.fit is not None else v.size
    w, h = w * size / v.size, h * size / v.size
    too = (f"{w:.1f} mm wide" if w > room_w + 0.01 else "") + (" and " if w > room_w + 0.01 and h > room_h + 0.01
                                                               else "") + (f"{h:.1f} mm tall" if h > room_h + 0.01 else "")
    if v.fit is not None:
        raise at.error(f"the text '{shown}' is {too} even at {v.fit:g} pt (its 'fit'), and the space it is in leaves "
                       f"{room_w:.1f} x {room_h:.1f} mm", hint="shorten the text or put it in a larger space")
    raise at.error(f"the text '{shown}' is {too} at {v.size:g} pt, and the space it is in leaves {room_w:.1f} x "
                   f"{room_h:.1f} mm", hint=fit_hint(needed, "shorten the text, make it smaller (size) or put it in a "
                                                     "larger space", "let it be made smaller"))


MAX_VARS = 100
_RESERVED = ("i", "item", "player", "players", "and", "or", "not", "true", "false", "min", "max", "abs", "if",
             "len", "range", "in")


def read_vars(node: Node | None) -> tuple[tuple[str, Any], ...]:
    """The layout's ``vars``: names for values (numbers, texts, lists) known in every element.  A value may
    be an expression of the others (``cols: "{rows + 2}"``), in any order: each is worked out after the
    ones it names; two that are made of each other are refused, naming the circle."""
    if node is None:
        return ()
    r = Reader(node, "'vars'")
    if len(r.node.entries) > MAX_VARS:
        raise node.error(f"a layout may have at most {MAX_VARS} vars")
    written: dict[str, tuple[Node, Node]] = {}
    for key, (knode, vnode) in r.node.entries.items():
        r.raw(key)
        if not re.fullmatch(r"[a-z][a-z0-9_]{0,31}", key):
            raise knode.error(f"'{excerpt(key)}' is not a name for a var", hint="use lower-case letters, digits and '_', e.g. rows")
        if key in _RESERVED:
            raise knode.error(f"'{excerpt(key)}' is a name of its own in expressions; pick another", hint=f"e.g. my_{key}")
        written[key] = (knode, vnode)
    r.done()
    needs = {key: [n for n in _names_used(vnode) if n in written and n != key] for key, (_, vnode) in written.items()}
    out: dict[str, Any] = {}
    state: dict[str, int] = {}  # 1: being worked out, 2: done

    def work_out(key: str, chain: list[str]) -> None:
        if state.get(key) == 2:
            return
        if state.get(key) == 1:
            circle = " -> ".join(chain[chain.index(key):] + [key])
            raise written[chain[chain.index(key)]][1].error(
                f"the vars {circle} are each worked out from the next, round a circle",
                hint="give one of them a value of its own")
        state[key] = 1
        for other in needs[key]:
            work_out(other, chain + [key])
        try:
            value = fill(written[key][1], out)
        except InputError as e:
            m = re.match(r"unknown (?:name|placeholder) '\{?([A-Za-z_][A-Za-z0-9_.]*)", e.message)
            if m is None:
                raise
            others = [k for k in written if k != key]
            e.hint = did_you_mean(m.group(1), others) or (
                f"the layout's other vars: {', '.join(others)}" if others else
                "a var is a number, a text, a list, or an expression of the layout's other vars")
            raise e from None
        out[key] = value.value if isinstance(value, Scalar) else value
        state[key] = 2

    for key in written:
        work_out(key, [])
    return tuple((key, out[key]) for key in written)


def _names_used(node: Node) -> list[str]:
    """The names the placeholders under ``node`` may read (every word inside braces, quoted texts left out)."""
    found: list[str] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Scalar) and isinstance(n.value, str) and "{" in n.value:
            for inner in re.findall(r"\{([^{}]*)\}", n.value):
                found += re.findall(r"(?<![.\w])[A-Za-z_]\w*", re.sub(r"'[^']*'", "", inner))  # not a key after '.' 
        elif isinstance(n, Seq):
            stack.extend(n.items)
        elif isinstance(n, Map):
            stack.extend(v for _, v in n.entries.values())
    return found


# ---------------------------------------------------------------- sections


def _read_page(node: Node | None) -> PageSpec:
    return read_page(node)


def _read_players(node: Node | None, game: Game | None) -> Players:
    lo, hi = game.players if game else (1, MAX_PAGES)
    if node is None:
        return Players(default=lo, minimum=lo, maximum=hi)
    r = Reader(node, "'players'")
    minimum = r.int("min", lo, minimum=1, maximum=10_000)
    maximum = r.int("max", hi, minimum=minimum, maximum=10_000)
    default = r.int("default", minimum, minimum=minimum, maximum=maximum)
    r.done()
    return Players(default, minimum, maximum)


def _read_dice(node: Node | None) -> DiceSpec | None:
    if node is None:
        return None
    r = Reader(node, "'dice'")
    count = r.int("count", minimum=1, maximum=20)
    sides = r.int("sides", 6, minimum=2, maximum=MAX_SIDES)
    turns = r.int("turns", minimum=1, maximum=1000)
    labels_node = r.list("labels", None)
    groups_node = r.list("groups", None)
    rerolls = r.int("rerolls", 0, minimum=0, maximum=50)
    r.done()
    labels = tuple(expect_str(n) for n in labels_node) if labels_node is not None else ()
    if labels and len(labels) != count:
        raise labels_node.error(f"expected {count} labels (one per die), got {len(labels)}")
    groups = tuple(expect_str(n) for n in groups_node) if groups_node is not None else ("",)
    if not groups:
        raise groups_node.error("expected at least one group")
    return DiceSpec(count=count, sides=sides, turns=turns, labels=labels, groups=groups, rerolls=rerolls)


#: Most elements on one sheet (the built-in layouts have under 30), and most lines, shapes and texts they
#: may draw together, a path or polygon counting each of its points (the busiest built-in sheet draws
#: about 600): a shared layout cannot make
#: ``check-layout`` or ``print`` run for minutes.
MAX_ELEMENTS = 500
MAX_DRAWN = 20_000


def _count_written(seq: Seq) -> None:
    """At most MAX_ELEMENTS elements written for one sheet, those inside groups (and included files)
    counted too; a repeat's copies are counted when expanding (``compose.MAX_EXPANDED``)."""
    count = 0
    todo = [seq]
    while todo:
        for node in todo.pop().items:
            count += 1
            if count > MAX_ELEMENTS:
                raise node.error(
                    f"a sheet may have at most {MAX_ELEMENTS} elements, those in groups counted; "
                    f"this is element {MAX_ELEMENTS + 1}",
                    hint="draw a row of spaces with one 'grid' or 'circles' element, or one element with a 'repeat'")
            inner = node.get("elements") if isinstance(node, Map) else None
            if isinstance(inner, Seq):
                todo.append(inner)


def parse_layout(text: str, source: str) -> Layout:
    """A layout from its text; ``extends`` and ``include`` name files beside ``source``."""
    # deferred for start-up: `print long-way` and 10 more commands need this module, not this import
    from rollwrite.layoutlang.reuse import parse_tree

    return layout_from_node(parse_tree(text, source), source)


def layout_from_node(root: Node, source: str) -> Layout:
    """The typed layout of a YAML document already loaded (see ``load_yaml_file``)."""
    ext = root.get("extends") if isinstance(root, Map) else None
    pictures = LOADED.set({})  # each picture file read and checked once, however many elements name it
    try:
        return _layout(root, source).replace(extended=ext)
    except InputError as e:
        raise from_base(ext, root.get("game") if isinstance(root, Map) else None, e) from None
    finally:
        LOADED.reset(pictures)


def from_base(ext: Node | None, gnode: Node | None, e: InputError) -> InputError:
    """A mistake in a value this layout inherits through ``extends`` (one it did not write itself),
    reported at its ``extends`` line, with where the value is written in the base."""
    if not isinstance(ext, Seq) or e.file == ext.file or e.file not in [n.plain() for n in ext.items[1:]]:
        return e
    base = ext.items[0].plain()
    m = re.fullmatch(r"unknown element type '([a-z0-9-]+)\.[a-z0-9-]+'", e.message)
    if m and isinstance(gnode, Scalar) and m.group(1) != gnode.value and m.group(1) in builtin_slugs():
        return gnode.error(
            f"'{gnode.value}' is not the game '{m.group(1)}' of the layout this one extends, whose sheet draws "
            f"{m.group(1)}'s own elements ('{e.message.split(chr(39))[1]}' at {e.where()})",
            hint=f"keep 'game: {m.group(1)}' to print its sheet with your changes, "
                 "or write a layout of your own without 'extends'")
    return ext.error(f"{e.where()}: {e.path + ': ' if e.path else ''}{e.message} (in '{base}', which this layout extends)",
                     hint=e.hint or "change that value here: give the element its id and the key a new value")


def _layout(root: Node, source: str) -> Layout:
    r = Reader(root, "the layout")
    r.raw("extends", None)  # kept by rollwrite.layoutlang.reuse once the base is laid under this file
    gnode = r.raw("game")
    slug = expect_str(gnode)
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,40}", slug):
        raise gnode.error(f"'{slug}' is not a game name", hint="use lower-case letters, digits and '-', e.g. my-game")
    game = games.get(slug)
    title = r.str("title")
    check_glyphs(r.raw("title"), title, "regular")
    summary = r.str("summary", "")
    page = _read_page(r.raw("page", None))
    players = _read_players(r.raw("players", None), game)
    dice = _read_dice(r.raw("dice", None))
    data_node = r.raw("data", None)
    data = game.load_data(data_node) if game is not None else _plain_data(data_node)
    sheet_node = r.map("sheet")
    names = read_vars(r.raw("vars", None))
    icons_node = r.raw("icons", None)
    fonts_node = r.raw("fonts", None)
    r.raw("defaults", None)  # a place for anchors (&name) that merge keys (<<: *name) repeat; not drawn
    pages_node = r.list("pages", None)
    r.done()

    sr = Reader(sheet_node, "'sheet'")
    size_node = fill(sr.raw("size"), dict(names))
    width, height = expect_pair(size_node, minimum=10)
    elements_node = sr.list("elements")
    back_node = sr.list("back", None)
    sr.done()
    _count_written(elements_node)
    types = element_types(game)
    own = (names, read_icons(icons_node, types, data, names), read_fonts(fonts_node))
    elements = read_elements(elements_node, types, data, *own)
    back = read_elements(back_node, types, data, *own) if back_node is not None else ()
    sheet = SheetSpec(width, height, elements, back)
    pages = _read_pages(pages_node, types, data, own) if pages_node is not None else ()
    layout = Layout(slug, title, summary, source, page, players, sheet, dice, data, pages)
    _check_fits(layout, size_node)
    return layout


MAX_EXTRA_PAGES = 8


def _read_pages(seq: Seq, types: dict[str, ElementType], data: Any,
                known: tuple[Any, ...]) -> tuple[ExtraPage, ...]:
    if len(seq) > MAX_EXTRA_PAGES:
        raise seq.items[MAX_EXTRA_PAGES].error(f"a layout may add at most {MAX_EXTRA_PAGES} pages")
    out = []
    seen: set[str] = set()
    for node in seq:
        pr = Reader(node, "a page")
        name = pr.str("name", pattern=r"[a-z][a-z0-9-]{0,30}")
        if name in seen:
            raise node.error(f"two pages are named '{name}'")
        seen.add(name)
        size = expect_pair(pr.raw("size"), minimum=10)
        when = pr.str("when", "always", choices=["always", "seeded", "puzzle"])
        orientation = pr.str("orientation", "portrait", choices=["portrait", "landscape"])
        elements = read_elements(pr.list("elements"), types, data, *known)
        pr.done()
        out.append(ExtraPage(name, size, elements, when, orientation, node))
    return tuple(out)


def _check_fits(layout: Layout, node: Node | None = None, page: PageSpec | None = None) -> None:
    """The sheet fits the layout's own page section (or ``page``); else an error at ``node`` saying what
    would fit."""
    try:
        plan_page((page or layout.page).replace(per_page_exact=True), layout.sheet.width, layout.sheet.height)
    except UsageError as e:
        if node is not None:
            raise node.error(e.message, hint=e.hint) from None
        raise InputError(e.message, file=layout.source, hint=e.hint) from None


def puzzle_layout(layout: Layout) -> Layout:
    """The layout puzzles print on: when the layout has a page with ``when: puzzle`` (a card game, whose
    sheet is one card), that page becomes the sheet, one to a page, with no backs or crop marks;
    otherwise the layout itself."""
    page = next((p for p in layout.pages if p.when == "puzzle"), None)
    if page is None:
        return layout

    spec = layout.page.replace(per_page=PerPage(1), crop_marks=False, backs=False, bleed=0.0, padding=0.0)
    return layout.replace(sheet=SheetSpec(page.size[0], page.size[1], page.elements, ()), page=spec, pages=())


def extra_page_room(layout: Layout, extra: ExtraPage, paper: str | None = None) -> tuple[float, float, float, float]:
    """(page width, page height, room width, room height) in mm for an extra page on ``paper``."""
    _, w, h = paper_size(paper or layout.page.paper)
    if (extra.orientation == "landscape") != (w > h):
        w, h = h, w
    m = layout.page.margin
    return w, h, w - 2 * m, h - 2 * m - FOOTER


def check_glyphs(node: Node, text: str, font: str) -> None:
    """Refuse, at ``node``'s place, a text that the font cannot draw (it would print empty boxes)."""
    missing = missing_glyphs(text, font)
    if missing:
        raise node.error(f"the {font} font has no glyph for {', '.join(repr(c) for c in missing)}",
                         hint="use another character or draw it with an icon")


def _plain_data(node: Node | None) -> Any:
    return None if node is None else node.plain()


def load_layout(path: str | Path, display: str | None = None) -> Layout:
    """Load and validate a layout file.  ``display`` is the name used in messages (default: the path)."""
    # deferred for start-up: `print long-way` and 10 more commands need this module, not this import
    from rollwrite.layoutlang.reuse import load_tree

    name = display or str(path)
    return layout_from_node(load_tree(path, name), name)


@lru_cache(maxsize=None)
def load_builtin(slug: str) -> Layout:
    """The layout of a built-in game (layouts/<slug>.yaml)."""
    path = layouts_dir() / f"{slug}.yaml"
    known = builtin_slugs()
    if slug not in known:
        raise UsageError(
            f"unknown game '{excerpt(slug)}'",
            hint=" ".join(filter(None, [did_you_mean(slug, known), f"known games: {', '.join(known)}"])),
        )

    display = f"layouts/{slug}.yaml"
    tree = recorded_tree(slug)  # the nodes recorded in the package, when the files are unchanged
    if tree is None:
        return load_layout(path, display=display)
    return layout_from_node(tree, display)


def is_builtin_name(name: str) -> bool:
    """Whether ``name`` names a built-in game (not the path of a layout file)."""
    return not (name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name)


def resolve(name: str) -> Layout:
    """A built-in game's slug, or the path of a layout file of the user's own."""
    if not is_builtin_name(name):
        return load_layout(name)
    return load_builtin(name)


# ---------------------------------------------------------------- geometry


def check_geometry(layout: Layout, paper: str | None = None) -> None:
    """Check that the sheet fits on ``paper`` (when given; the layout's own page was checked on loading)
    and that every element, front and back, fits inside the sheet (or reaches at most the page's bleed
    past it).  This measures text, so it loads the fonts."""
    try:
        _check_geometry(layout, paper)
    except InputError as e:
        raise from_base(layout.extended, None, e) from None


def _check_texts_fit(el: Element, types: dict[str, ElementType]) -> None:
    """A generic element's texts fit their room: a table's cells, a box's label (see ``OVERFLOWS``)."""
    if el.type in OVERFLOWS and types[el.type] is GENERIC.get(el.type):
        problems = OVERFLOWS[el.type](el.value, el.node)
        if problems:
            raise problems[0]


def _check_geometry(layout: Layout, paper: str | None) -> None:
    if paper is not None:
        _check_fits(layout, page=layout.page.replace(paper=paper))
    # deferred for start-up: `score long-way` and 4 more commands need this module, not this import
    from rollwrite.buildcontext import BuildContext

    types = element_types(games.get(layout.game))
    ctx = BuildContext(layout, layout.data, None, 1, 1, 1, 1)
    for extra in layout.pages:
        for el in extra.elements:
            _check_texts_fit(el, types)
            x0, y0, x1, y1 = el.extent(measure(el, types[el.type]))
            if x0 < -0.05 or y0 < -0.05 or x1 > extra.size[0] + 0.05 or y1 > extra.size[1] + 0.05:
                raise el.node.error(
                    f"this {el.type} reaches from ({x0:.1f}, {y0:.1f}) to ({x1:.1f}, {y1:.1f}) mm, outside the "
                    f"{extra.size[0]:g} x {extra.size[1]:g} mm of page '{extra.name}'",
                    hint="move it with 'at' or make it smaller")
    drawn = 0
    bleed = layout.page.bleed
    for el in layout.sheet.elements + layout.sheet.back:
        scratch = Page(layout.sheet.width, layout.sheet.height)
        types[el.type].build(el.value, scratch.pen(), ctx)
        # a path: each of its points; a curve: each of its pieces; a picture: the shapes it draws
        drawn += sum(len(getattr(it, "points", ()) or getattr(it, "pieces", ())) or getattr(it, "drawn", 1)
                     for it in scratch.items)
        if drawn > MAX_DRAWN:
            raise el.node.error(
                f"by this element the sheet draws more than {MAX_DRAWN:,} lines, shapes, texts and points of paths",
                hint="no printed sheet needs that many; use fewer or smaller elements")
        for it in scratch.items:
            if isinstance(it, Text):
                missing = missing_glyphs(it.text, it.font)
                if missing:
                    raise el.node.error(
                        f"the {font_label(it.font)} font has no glyph for {', '.join(repr(c) for c in missing)}",
                        hint="use another character or draw it with an icon",
                    )
        _check_texts_fit(el, types)
        x0, y0, x1, y1 = el.extent(measure(el, types[el.type]))
        tol = 0.05 + bleed
        if x0 < -tol or y0 < -tol or x1 > layout.sheet.width + tol or y1 > layout.sheet.height + tol:
            raise el.node.error(
                f"this {el.type} reaches from ({x0:.1f}, {y0:.1f}) to ({x1:.1f}, {y1:.1f}) mm, outside the "
                f"{layout.sheet.width:g} x {layout.sheet.height:g} mm sheet",
                hint="move it with 'at' or make it smaller",
            )
