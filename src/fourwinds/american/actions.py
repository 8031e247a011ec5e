"""The actions of an American hand, with a text form that is also their JSON and record form.

| text | meaning |
|---|---|
| ``pass-tiles 3m4p5z`` | Charleston or courtesy pass: these tiles |
| ``pass-tiles 3m blind 2`` | blind pass: one tile of one's own and two passed on unseen |
| ``vote yes``, ``vote no`` | whether to play the second Charleston |
| ``courtesy 2`` | tiles offered for the courtesy pass (0 to 3) |
| ``discard 5m``, ``discard J`` | a discard |
| ``call [55mJ]`` | take the discard into this exposure (the discard is one of its naturals) |
| ``exchange 5m 2`` | give a 5m for a joker in an exposure of 5m belonging to seat 2 |
| ``win`` | Mah Jongg |
| ``pass`` | let the discard go |

>>> AmericanAction.parse("call [5J5m]")
AmericanAction.parse('call [55mJ]')
>>> eval(repr(VOTES[0])) == VOTES[0]
True
>>> str(AmericanAction.parse("pass-tiles 5z3m blind 1"))
'pass-tiles 3m5z blind 1'
>>> AmericanAction.parse("exchange 5m")
Traceback (most recent call last):
...
ValueError: exchange names a tile and a seat (exchange 5m 2): 'exchange 5m'
"""

from __future__ import annotations

from typing import Final, NamedTuple

from fourwinds.american.hand import Exposure
from fourwinds.tiles import JOKER, NotationError, Tile, format_tiles, parse_tile, parse_tiles

PASS_TILES: Final = "pass-tiles"
VOTE: Final = "vote"
COURTESY: Final = "courtesy"
DISCARD: Final = "discard"
CALL: Final = "call"
EXCHANGE: Final = "exchange"
WIN: Final = "win"
PASS: Final = "pass"
KINDS: Final = (PASS_TILES, VOTE, COURTESY, DISCARD, CALL, EXCHANGE, WIN, PASS)


class AmericanAction(NamedTuple):
    """One move. ``tiles``: the tiles passed, discarded, given in an exchange, or the whole
    exposure of a call (naturals, then jokers); ``number``: tiles passed blind, the courtesy
    offer, the vote (1 yes), or the seat whose exposure gives a joker."""

    kind: str
    tiles: tuple[Tile, ...] = ()
    number: int = 0

    def __str__(self) -> str:
        kind, tiles, number = self.kind, self.tiles, self.number
        if kind == PASS_TILES:
            words = [kind] + ([format_tiles(tiles)] if tiles else [])
            return " ".join(words + ([f"blind {number}"] if number else []))
        if kind == VOTE:
            return f"{kind} {'yes' if number else 'no'}"
        if kind == COURTESY:
            return f"{kind} {number}"
        if kind == CALL:
            return f"{kind} {exposure_of(tiles)}"
        if kind == EXCHANGE:
            return f"{kind} {format_tiles(tiles)} {number}"
        if kind == DISCARD:
            return f"{kind} {format_tiles(tiles)}"
        return kind

    def __repr__(self) -> str:
        return f"AmericanAction.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> AmericanAction:
        """Read an action from its text form; a malformed one raises ValueError saying why."""
        kind, _, rest = text.strip().partition(" ")
        words = rest.split()
        try:
            if kind in (WIN, PASS):
                if words:
                    raise ValueError(f"{kind!r} takes nothing more")
                return cls(kind)
            if kind == VOTE and words in (["yes"], ["no"]):
                return cls(kind, (), int(words == ["yes"]))
            if kind == COURTESY and len(words) == 1 and words[0] in ("0", "1", "2", "3"):
                return cls(kind, (), int(words[0]))
            if kind == DISCARD and len(words) == 1:
                return cls(kind, (parse_tile(words[0]),))
            if kind == CALL and len(words) == 1:
                exposure = Exposure.parse(words[0])
                return cls(kind, tuple(exposure.tiles()))
            if kind == EXCHANGE:
                if len(words) != 2 or not words[1].isdigit():
                    raise ValueError("exchange names a tile and a seat (exchange 5m 2)")
                return cls(kind, (parse_tile(words[0]),), int(words[1]))
            if kind == PASS_TILES:
                return _parse_pass(words)
        except NotationError as error:
            raise ValueError(f"bad tiles in {text!r}: {error.reason}") from None
        except ValueError as error:
            raise ValueError(f"{error}: {text!r}") from None
        if kind not in KINDS:
            raise ValueError(f"unknown action {kind!r}; expected one of {', '.join(KINDS)}")
        raise ValueError(f"malformed {kind!r} action: {text!r}")


def _parse_pass(words: list[str]) -> AmericanAction:
    blind = 0
    if len(words) >= 2 and words[-2] == "blind" and words[-1] in ("1", "2", "3"):
        blind = int(words[-1])
        words = words[:-2]
    if len(words) > 1:
        raise ValueError("pass-tiles takes one run of tiles, then 'blind N'")
    tiles = parse_tiles(words[0]) if words else []
    return pass_tiles(tiles, blind)


def pass_tiles(tiles: list[Tile] | tuple[Tile, ...], blind: int = 0) -> AmericanAction:
    """The canonical pass: tiles sorted."""
    return AmericanAction(PASS_TILES, tuple(sorted(tiles)), blind)


def call(naturals: list[Tile] | tuple[Tile, ...], jokers: int) -> AmericanAction:
    """The canonical call: naturals sorted, then jokers."""
    return AmericanAction(CALL, (*sorted(naturals), *(JOKER,) * jokers))


def exposure_of(tiles: tuple[Tile, ...]) -> Exposure:
    """The exposure a call's tiles make."""
    naturals = tuple(t for t in tiles if t != JOKER)
    return Exposure(naturals, len(tiles) - len(naturals))


WIN_ACTION: Final = AmericanAction(WIN)
PASS_ACTION: Final = AmericanAction(PASS)
VOTES: Final = (AmericanAction(VOTE, (), 1), AmericanAction(VOTE, (), 0))
COURTESIES: Final = tuple(AmericanAction(COURTESY, (), n) for n in range(4))
"""The courtesy offers, 0 to 3 tiles."""
DISCARDS: Final = tuple(AmericanAction(DISCARD, (tile,)) for tile in range(JOKER + 1))
"""The discard of each tile (the joker is the last), made once."""
