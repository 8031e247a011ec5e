"""Refactors change no game: the first games of each rule set and bot in the corpus of
``tests/corpus.py`` play and replay to the same digest, step by step (the whole corpus, 2,000
games per rule set: ``python tests/corpus.py check``)."""

from __future__ import annotations

import json

import pytest
from corpus import CORPUS, SEED, game_digest

CHECKED = 20
"""Games per rule set and bot checked in every test run."""

ENTRIES = json.loads(CORPUS.read_text())


def test_the_corpus_is_whole() -> None:
    assert ENTRIES["seed"] == SEED
    assert ENTRIES["games"] * 2 >= 2000
    assert all(len(digests) == ENTRIES["games"] for digests in ENTRIES["digests"].values())


@pytest.mark.parametrize("key", sorted(ENTRIES["digests"]))
def test_games_play_as_they_did(key: str) -> None:
    name, bot = key.split()
    expected = ENTRIES["digests"][key][:CHECKED]
    assert [game_digest(name, bot, number) for number in range(CHECKED)] == expected
