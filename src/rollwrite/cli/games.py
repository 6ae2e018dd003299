"""``rollwrite games``: the games rollwrite knows, one line each."""

from __future__ import annotations

import typer

from rollwrite.cli.app import app


@app.command("games")
def games_command() -> None:
    """List the games rollwrite knows, one line each."""
    import yaml

    from rollwrite import games
    from rollwrite.resources import layouts_dir

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when PyYAML has it
    paths = sorted(layouts_dir().glob("*.yaml"))
    width = max((len(p.stem) for p in paths), default=0) + 1
    for path in paths:
        slug = path.stem
        try:
            head = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
        except (OSError, yaml.YAMLError):
            head = {}
        game = games.get(slug)
        uses = ["print"]
        from rollwrite.games.base import Game

        deals = game is not None and type(game).dice_spec is not Game.dice_spec  # the game's own dice or deal
        if (isinstance(head, dict) and head.get("dice")) or deals:
            uses.append("roll")
        if game is not None and game.can_score:
            uses.append("score")
        if game is not None and getattr(game, "can_solve", False):
            uses.append("solve")
        if game is not None and getattr(game, "can_puzzle", False):
            uses.append("puzzle")
        title = head.get("title", slug) if isinstance(head, dict) else slug
        summary = head.get("summary", "") if isinstance(head, dict) else ""
        typer.echo(f"{slug:<{width}}{title}: {summary} [{', '.join(uses)}]".replace(":  [", " ["))
