"""A corpus of seeded games, kept as digests, to prove that a refactor changes no game.

Each game is one hand played by four bots of one kind, seeded from the corpus seed and its
number. Its digest covers every step: the seat and action, the events each seat was shown, every
seat's view, and at the end the result and the record. ``tests/data/corpus.json`` holds the
digests written before a change; ``tests/test_corpus.py`` replays a part of it in every test
run, and ``python tests/corpus.py check`` all of it.

    python tests/corpus.py write tests/data/corpus.json   # before the change
    python tests/corpus.py check tests/data/corpus.json   # after it

A change meant to change games (a bot that plays better) writes its rule set's digests again,
``write --only RULES``, after ``check`` showed that only the games it meant to change differ.
The American card bot's games were written again so when it came to count the whole card at
every decision (issue 11); every other game is as it was at f6105c4.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from fourwinds.engine.match import hand_seed
from fourwinds.family import family_of
from fourwinds.record import deal_record, replay
from fourwinds.rules import RULES, get_rules

CORPUS = Path(__file__).resolve().parent / "data" / "corpus.json"
GAMES = 1000
"""Games per rule set and bot: 2,000 per rule set."""
BOTS = ("random", "greedy")
SEED = 20261124
NEW_VIEW_FIELDS = ("family", "kept_back_name")
"""View fields added after the corpus was written (issue 10: the view names its family, and what
its tiles kept back are called)."""
NEW_HINT_FIELDS = ("groups",)
"""Fields of a view's hints added after the corpus was written (issue 13: each nearest line as
printed, the seat's tiles marked)."""


def game_digest(rules_name: str, bot: str, number: int) -> str:
    """Play game ``number`` and digest every step of it (16 hex digits)."""
    rules = get_rules(rules_name)
    seed = hand_seed(SEED, number)
    digest = hashlib.sha256()
    family = family_of(rules)
    deal = family.deal(rules, seed)
    bots = [family.bot(bot, seed + seat) for seat in range(4)]
    views_of = [family.view(deal, seat) for seat in range(4)]

    def views() -> list[dict[str, Any]]:
        """Every seat's view, less the fields added to the format after the corpus was
        written (these are new by design; everything else must stay equal)."""
        shown = [
            {key: value for key, value in view.to_json().items() if key not in NEW_VIEW_FIELDS}
            for view in views_of
        ]
        for view in shown:
            for hint in view.get("hints", ()):
                for key in NEW_HINT_FIELDS:
                    hint.pop(key, None)
        return shown

    def feed(value: object) -> None:
        digest.update(json.dumps(value, sort_keys=True).encode())
        digest.update(b"\n")

    feed(views())
    while deal.result is None:
        seat = deal.to_move()[0]
        action = bots[seat].choose(views_of[seat])
        events = deal.apply(seat, action)
        feed([seat, str(action)])
        feed([[event.for_seat(s).to_json() for event in events] for s in range(4)])
        feed(views())
    feed(deal.result.to_json())
    record = deal_record(deal)
    feed(record)
    (again,) = replay(record)
    assert again.result == deal.result
    return digest.hexdigest()[:16]


def names() -> list[str]:
    return sorted(RULES)


def write(path: Path, games: int, only: str | None = None) -> None:
    """Digest the games of every rule set, or with ``only`` those of one rule set, the others
    kept as they are in ``path`` (after a change meant to change that rule set's games)."""
    corpus: dict[str, Any] = {"seed": SEED, "games": games, "digests": {}}
    if only is not None:
        corpus = json.loads(path.read_text())
        assert corpus["seed"] == SEED and corpus["games"] == games
    for name in names():
        if only is not None and name != only:
            continue
        for bot in BOTS:
            corpus["digests"][f"{name} {bot}"] = [
                game_digest(name, bot, number) for number in range(games)
            ]
            print(name, bot, file=sys.stderr)
    path.write_text(json.dumps(corpus, indent=0) + "\n")


def check(path: Path, games: int | None = None, only: str | None = None) -> list[str]:
    """The games whose digest differs from the corpus (the first ``games`` of each, or all;
    those of one rule set with ``only``)."""
    corpus = json.loads(path.read_text())
    assert corpus["seed"] == SEED
    differ = []
    for key, digests in corpus["digests"].items():
        name, bot = key.split()
        if only is not None and name != only:
            continue
        for number, expected in enumerate(digests[:games]):
            if game_digest(name, bot, number) != expected:
                differ.append(f"{key} game {number}")
    return differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("write", "check"))
    parser.add_argument("path", type=Path, nargs="?", default=CORPUS)
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--only", help="check, or write, one rule set")
    args = parser.parse_args()
    if args.command == "write":
        write(args.path, args.games, args.only)
        return
    differ = check(args.path, only=args.only)
    print(json.dumps({"differ": differ[:20], "count": len(differ)}))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
