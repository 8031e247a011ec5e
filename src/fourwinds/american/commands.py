"""``fourwinds card``: commands for card files (the command line's only, not the library's)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from fourwinds.american.card import Card, CardError, sample_card


@click.group("card")
def card_group() -> None:
    """Card files for American Mah Jongg (docs/card.md)."""


@card_group.command("check")
@click.argument("card_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def check(card_file: Path) -> None:
    """Check CARD_FILE: every line 14 tiles, suit tags and constraints consistent, and each
    line possible with the 152 tiles. Faults are printed as FILE:LINE:COLUMN: message."""
    try:
        card = Card.load(card_file)
    except CardError as error:
        for problem in error.problems:
            click.echo(f"{card_file}:{problem.line}:{problem.column}: {problem.message}")
        click.echo(f"{len(error.problems)} problem(s) found", err=True)
        sys.exit(1)
    except UnicodeDecodeError as error:
        click.echo(f"{card_file}: not a text file ({error.reason})", err=True)
        sys.exit(1)
    hands = sum(len(v.instances()) for line in card.lines for v in line.variants)
    sections = len(card.sections())
    title = f" ({card.title})" if card.title else ""
    click.echo(
        f"{card_file}{title}: {len(card.lines)} lines in {sections} sections, "
        f"{hands} concrete hands; no problems"
    )


def load_card(path: Path | None) -> Card:
    """The card in a file (the sample card for None); a faulty card stops the command with
    its problems listed."""
    if path is None:
        return sample_card()
    try:
        return Card.load(path)
    except CardError as error:
        problems = "\n".join(f"{path}:{p.line}:{p.column}: {p.message}" for p in error.problems)
        raise click.UsageError(f"the card does not parse:\n{problems}") from None
