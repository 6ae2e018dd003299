"""The floor for `rollwrite games` and `rollwrite --help`: a minimal two-command Typer app.

Usage (the benchmark runs it as its own process):  python floor_typer.py games | --help

It is set up as rollwrite's app is (a help text, -h/--help, no shell completion, plain exceptions) and
its `games` command prints three lines; the other command takes one argument.
"""

import typer

app = typer.Typer(
    help="A minimal two-command app.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command("games")
def games() -> None:
    """Print three lines."""
    typer.echo("long-way         The Long Way")
    typer.echo("wobbly-cafe      Wobbly Cafe")
    typer.echo("shelving-wars    Shelving Wars")


@app.command("hello")
def hello(name: str = typer.Argument("world", help="Who to greet.")) -> None:
    """Greet someone."""
    typer.echo(f"hello {name}")


if __name__ == "__main__":
    app()
