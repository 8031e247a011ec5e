"""The ``fourwinds`` command."""

from __future__ import annotations

import click

from fourwinds import __version__


@click.group()
@click.version_option(__version__, prog_name="fourwinds")
def main() -> None:
    """Play and score Mah Jongg under Classical, Hong Kong Old Style and Beginner rules."""
