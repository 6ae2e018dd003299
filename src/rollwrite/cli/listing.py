"""What ``rollwrite games`` prints: the games rollwrite knows, one line each (or as JSON).

Kept free of Typer, so that the quick start-up path (:mod:`rollwrite.cli.fast`) and the Typer command
(:mod:`rollwrite.cli.games`) print through the same function.
"""

from __future__ import annotations

import json


def games_lines(as_json: bool = False, quiet: bool = False) -> list[str]:
    """The lines ``rollwrite games`` prints for its options (with --quiet only the JSON asked for)."""
    rows = game_rows()
    if as_json:
        return [json.dumps(rows, indent=2, ensure_ascii=False)]
    if quiet:
        return []
    width = max((len(r["slug"]) for r in rows), default=0) + 1
    return [f"{r['slug']:<{width}}{r['title']}: {r['summary']} [{', '.join(r['commands'])}]".replace(":  [", " [")
            for r in rows]


def game_rows() -> list[dict]:
    """Each built-in game, in slug order: slug, title, summary, players [fewest, most], commands."""
    # deferred for start-up: `--help` needs this module (cli.games imports it), not yaml
    import yaml

    # deferred for start-up: `--help` needs this module, not games, games.base, resources
    from rollwrite import games
    from rollwrite.games.base import Game
    from rollwrite.resources import layouts_dir

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when PyYAML has it
    rows = []
    for path in sorted(layouts_dir().glob("*.yaml")):
        slug = path.stem
        try:
            head = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
        except (OSError, yaml.YAMLError):
            head = {}
        head = head if isinstance(head, dict) else {}
        game = games.get(slug)
        uses = ["print"]
        deals = game is not None and type(game).dice_spec is not Game.dice_spec  # the game's own dice or deal
        if head.get("dice") or deals:
            uses.append("roll")
        if game is not None and game.can_score:
            uses.append("score")
        if game is not None and getattr(game, "can_solve", False):
            uses.append("solve")
        if game is not None and getattr(game, "can_puzzle", False):
            uses.append("puzzle")
        rows.append({"slug": slug, "title": str(head.get("title", slug)), "summary": str(head.get("summary", "")),
                     "players": list(game.players) if game is not None else None, "commands": uses})
    return rows
