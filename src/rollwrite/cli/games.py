"""``rollwrite games``: the games rollwrite knows, one line each."""

from __future__ import annotations

import typer

from rollwrite.cli.app import app


@app.command("games")
def games_command() -> None:
    """List the games rollwrite knows, one line each."""
    from rollwrite import games

    for slug in games.known():
        game = games.get(slug)
        assert game is not None
        scorer = "print, roll, score" if game.can_score else "print, roll"
        typer.echo(f"{slug:<20} {game.title}: {game.summary} [{scorer}]")
