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

    for path in sorted(layouts_dir().glob("*.yaml")):
        slug = path.stem
        try:
            head = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except (OSError, yaml.YAMLError):
            head = {}
        game = games.get(slug)
        uses = ["print"]
        if isinstance(head, dict) and head.get("dice"):
            uses.append("roll")
        if game is not None and game.can_score:
            uses.append("score")
        title = head.get("title", slug) if isinstance(head, dict) else slug
        summary = head.get("summary", "") if isinstance(head, dict) else ""
        typer.echo(f"{slug:<16} {title}: {summary} [{', '.join(uses)}]".replace(":  [", " ["))
