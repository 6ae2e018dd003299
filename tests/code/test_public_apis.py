"""rollwrite uses other packages through their public names only, and writes no object's ``__dict__``.

A private name (one starting with '_', not a dunder) of another package may change or vanish in any
release; a library's ``__dict__`` written from outside ties rollwrite to its internals of one release.
"""

from __future__ import annotations

import ast

from srcfiles import modules

# Modules allowed to write an object's __dict__ (none now).  An entry must still need it.
DICT_WRITES_ALLOWED: set[str] = set()


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _foreign(module: str) -> bool:
    return module.split(".")[0] != "rollwrite"


def _imported(tree: ast.Module) -> dict[str, str]:
    """Local name -> the other package's module or name it stands for, for every import of the file."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if _foreign(a.name):
                    names[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and _foreign(node.module):
            for a in node.names:
                names[a.asname or a.name] = f"{node.module}.{a.name}"
    return names


def private_uses(tree: ast.Module) -> list[str]:
    """Every private name of another package that ``tree`` imports or reads."""
    found = []
    foreign = _imported(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if _foreign(a.name) and any(map(_private, a.name.split(".")))]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and _foreign(node.module):
            if any(map(_private, node.module.split("."))) or any(_private(a.name) for a in node.names):
                found.append(f"from {node.module} import {', '.join(a.name for a in node.names)}")
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            root = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name) and root.id in foreign:
                found.append(f"{ast.unparse(node)} (line {node.lineno})")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr") \
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                and isinstance(node.args[1].value, str) and _private(node.args[1].value):
            found.append(f"{ast.unparse(node)} (line {node.lineno})")
    return found


def dict_writes(tree: ast.Module) -> list[str]:
    """Every place ``tree`` writes an object's ``__dict__`` (assigns it, assigns into it, updates it)."""
    found = []
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for t in targets:
            if isinstance(t, ast.Subscript):
                t = t.value
            if isinstance(t, ast.Attribute) and t.attr == "__dict__":
                found.append(f"{ast.unparse(node)} (line {node.lineno})")
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Attribute) and f.value.attr == "__dict__" \
                    and f.attr in ("update", "setdefault", "pop", "clear", "__setitem__"):
                found.append(f"{ast.unparse(node)} (line {node.lineno})")
            if any(isinstance(a, ast.Constant) and a.value == "__dict__" for a in node.args) and \
                    "setattr" in ast.unparse(f):
                found.append(f"{ast.unparse(node)} (line {node.lineno})")
    return found


def test_no_private_name_of_another_package_is_used():
    bad = {name: uses for name, (_, tree) in modules().items() if (uses := private_uses(tree))}
    assert not bad, "use the package's public API instead: " + repr(bad)


def test_no_dict_is_written():
    bad = {name: w for name, (_, tree) in modules().items()
           if name not in DICT_WRITES_ALLOWED and (w := dict_writes(tree))}
    assert not bad, "set attributes through the class (a dataclass's __init__, replace): " + repr(bad)


def test_the_allowances_are_still_needed():
    for name in DICT_WRITES_ALLOWED:
        if name in modules():
            assert dict_writes(modules()[name][1]), f"{name} no longer writes a __dict__: drop it from the list"


def test_the_checks_find_what_they_look_for():
    tree = ast.parse("import typer\nfrom typer._click import exceptions\nfrom yaml import _x\n"
                     "import reportlab.lib._y\ntyper._param_types.f()\np._runtime_param = 1\n"
                     "getattr(p, '_runtime_param')\nfrom rollwrite.x import _ours\n")
    uses = private_uses(tree)
    assert len(uses) == 5 and not any("_ours" in u for u in uses)
    writes = dict_writes(ast.parse("a.__dict__ = {}\nb.__dict__['k'] = 1\nc.__dict__.update(k=1)\n"
                                   "object.__setattr__(d, '__dict__', {})\nx = e.__dict__\n"))
    assert len(writes) == 4
