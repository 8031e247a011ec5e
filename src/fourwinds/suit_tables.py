"""The standard shape's distance as four table lookups, shipped as package data.

Every numbered suit of at most 14 tiles has one of 126 distinct tables (for each number of sets
and pairs made from the suit alone, the fewest tiles missing: see ``shapes.suit_table``), and
every honour suit one of 55. Two numbered suits merge into one of 180 tables; the third numbered
suit and the honours into one of 165; and the distance for each number of declared melds is read
from those two. So a hand's distance is: four suit numbers, two merges, one answer, all looked up
in flat byte strings, with nothing solved and nothing cached at play time.

A suit's counts are its index in base 5 (the first kind the highest digit), which ``int`` reads
in C from the counts as digit characters (see ``DIGITS``). A suit the tables do not hold (more
than 14 tiles, or a count above 4) reads as ``OUTSIDE``, and every merge or answer involving it
as ``UNKNOWN``: the caller solves that hand directly.

The file (90 KB) is made once by ``python src/fourwinds/suit_tables.py``, about two minutes on
two cores, from the dynamic programme below; it runs as a script because the package needs the
file to import. The tests check the file against the programme.
"""

from __future__ import annotations

import argparse
import itertools
import zlib
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from importlib import resources
from pathlib import Path
from typing import Final, NamedTuple

NUMBER_KINDS: Final = 9
HONOUR_KINDS: Final = 7
MOST_TILES: Final = 14
"""The most concealed tiles a hand holds, so the most a suit's table is ever asked for."""
MOST_MELDS: Final = 4
INFINITY: Final = 99
"""Tiles missing for what can never be made."""
OUTSIDE: Final = 127
"""The suit number of counts the tables do not hold."""
UNKNOWN: Final = 255
"""A merge or answer the tables do not hold."""

DIGITS: Final = bytes(48 + n if n <= 4 else ord("x") for n in range(256))
"""``bytes(counts).translate(DIGITS)`` spells counts as base-5 digits; a count above 4 becomes
a letter, which ``int(..., 5)`` refuses."""

PATH: Final = "data/suit_tables.bin"
"""Where the tables lie in the package."""

Table = tuple[int, ...]


class SuitTables(NamedTuple):
    """The flat lookups (indexes in their docstrings) and the distinct tables they number."""

    numbers: bytes
    """Numbered suit's base-5 index -> its table's number (0-125), or OUTSIDE."""
    honours: bytes
    """Honour suit's base-5 index -> its table's number (0-54), or OUTSIDE."""
    left: bytes
    """``number << 7 | number`` -> the number of the two numbered suits' merged table."""
    right: bytes
    """``number << 7 | honour number`` -> the number of the third suit and honours merged."""
    answers: bytes
    """``left << 11 | right << 3 | declared melds`` -> the standard distance."""
    number_tables: tuple[Table, ...]
    honour_tables: tuple[Table, ...]
    left_tables: tuple[Table, ...]
    right_tables: tuple[Table, ...]


_TABLE_SIZE: Final = 10


def _table_index(sets: int, pairs: int) -> int:
    return sets * 2 + pairs


def suit_table(held: Sequence[int], chows: bool) -> tuple[int, ...]:
    """For s sets and p pairs (index s*2+p) built from this suit alone, the fewest tiles missing.

    Only sets and pairs that use a held tile are searched: one that uses none costs exactly 3
    (a pair 2) wherever it lies, and there is always room for it, so those are added after.
    """
    size = len(held)
    # state: (chows started one before, chows started two before, sets, pairs) -> tiles missing
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i in range(size):
        here = held[i]
        next_states: dict[tuple[int, int, int, int], int] = {}
        chow_cap = max(held[i : i + 3]) if chows and i <= size - 3 else 0
        for (one_back, two_back, sets, pairs), missing in states.items():
            carried = one_back + two_back
            for new_chows in range(min(chow_cap, MOST_MELDS - sets) + 1):
                for pung in (0, 1) if here else (0,):
                    for pair in (0, 1 - pairs) if here else (0,):
                        need = carried + new_chows + 3 * pung + 2 * pair
                        made = sets + new_chows + pung
                        if need > 4 or made > MOST_MELDS:
                            continue
                        key = (new_chows, one_back, made, pairs + pair)
                        cost = missing + max(0, need - here)
                        if cost < next_states.get(key, INFINITY):
                            next_states[key] = cost
        states = next_states
    found = [INFINITY] * 10
    for (one_back, two_back, sets, pairs), missing in states.items():
        if one_back == 0 and two_back == 0:
            index = _table_index(sets, pairs)
            found[index] = min(found[index], missing)
    result = [INFINITY] * 10
    for sets in range(MOST_MELDS + 1):
        for pairs in (0, 1):
            result[_table_index(sets, pairs)] = min(
                found[_table_index(s, p)] + 3 * (sets - s) + 2 * (pairs - p)
                for s in range(sets + 1)
                for p in range(pairs + 1)
            )
    return tuple(result)


_MERGES: Final = tuple(
    (i, j, _table_index(i // 2 + j // 2, i % 2 + j % 2))
    for i in range(10)
    for j in range(10)
    if i // 2 + j // 2 <= MOST_MELDS and i % 2 + j % 2 <= 1
)
"""(left index, right index, merged index) for every legal way to add two groups' tables."""


def combine(left: Sequence[int], right: Sequence[int]) -> list[int]:
    """The table of two groups of tiles together, from each one's table."""
    out = [INFINITY] * 10
    for i, j, k in _MERGES:
        total = left[i] + right[j]
        if total < out[k]:
            out[k] = total
    return out


_SIZES: Final = (5**NUMBER_KINDS, 5**HONOUR_KINDS, 1 << 14, 1 << 14, 1 << 19)


def patterns(kinds: int) -> Iterator[tuple[int, ...]]:
    """Every suit's counts, in the order of their base-5 index."""
    return itertools.product(range(5), repeat=kinds)


def _number_ids(first: int) -> list[Table | None]:
    """The tables of the numbered suits whose first count is ``first`` (one worker's share)."""
    return [
        suit_table((first, *rest), True) if first + sum(rest) <= MOST_TILES else None
        for rest in patterns(NUMBER_KINDS - 1)
    ]


def _numbered(
    found: Sequence[Table | None], missing: int = OUTSIDE
) -> tuple[bytes, tuple[Table, ...]]:
    """Number the distinct tables in order: each pattern's number, ``missing`` where none."""
    distinct = tuple(sorted({t for t in found if t is not None}))
    ids = {table: i for i, table in enumerate(distinct)}
    return bytes(missing if t is None else ids[t] for t in found), distinct


def _merges(lows: Sequence[Table], highs: Sequence[Table]) -> tuple[bytes, tuple[Table, ...]]:
    found: list[Table | None] = [None] * (1 << 14)
    for i, low in enumerate(lows):
        for j, high in enumerate(highs):
            found[i << 7 | j] = tuple(combine(low, high))
    return _numbered(found, UNKNOWN)


def answer(low: Table, high: Table, melds: int) -> int:
    """Tiles missing for ``4 - melds`` sets and a pair from two merged halves' tables."""
    sets = MOST_MELDS - melds
    return min(
        min(low[s * 2] + high[(sets - s) * 2 + 1], low[s * 2 + 1] + high[(sets - s) * 2])
        for s in range(sets + 1)
    )


def build(workers: int = 2) -> SuitTables:
    """Solve every suit with the dynamic programme and number what comes out."""
    with ProcessPoolExecutor(workers) as pool:
        numbered = [t for part in pool.map(_number_ids, range(5)) for t in part]
    numbers, number_tables = _numbered(numbered)
    honours, honour_tables = _numbered(
        [suit_table(p, False) if sum(p) <= MOST_TILES else None for p in patterns(HONOUR_KINDS)]
    )
    left, left_tables = _merges(number_tables, number_tables)
    right, right_tables = _merges(number_tables, honour_tables)
    answers = bytearray([UNKNOWN]) * _SIZES[4]
    for i, low in enumerate(left_tables):
        for j, high in enumerate(right_tables):
            for melds in range(MOST_MELDS + 1):
                answers[i << 11 | j << 3 | melds] = answer(low, high, melds)
    return SuitTables(
        numbers,
        honours,
        left,
        right,
        bytes(answers),
        number_tables,
        honour_tables,
        left_tables,
        right_tables,
    )


def dump(tables: SuitTables) -> bytes:
    """The package data: the table counts, the tables, then the lookups, compressed."""
    lists = tables[5:]
    head = bytes(len(t) for t in lists)
    body = bytes(n for table_list in lists for table in table_list for n in table)
    return zlib.compress(head + body + b"".join(tables[:5]), 9)


def parse(data: bytes) -> SuitTables:
    raw = zlib.decompress(data)
    counts, at = raw[:4], 4
    lists = []
    for count in counts:
        size = count * _TABLE_SIZE
        flat = raw[at : at + size]
        lists.append(tuple(tuple(flat[i : i + _TABLE_SIZE]) for i in range(0, size, _TABLE_SIZE)))
        at += size
    lookups = []
    for size in _SIZES:
        lookups.append(raw[at : at + size])
        at += size
    if at != len(raw):
        raise ValueError(f"suit tables: {len(raw) - at} bytes left over")
    numbers, honours, left, right, answers = lookups
    return SuitTables(numbers, honours, left, right, answers, *lists)


def load() -> SuitTables:
    """The tables shipped with the package."""
    try:
        data = resources.files("fourwinds").joinpath(PATH).read_bytes()
    except FileNotFoundError as error:
        raise FileNotFoundError(
            f"{error}: rebuild it with 'python src/fourwinds/suit_tables.py'"
        ) from error
    return parse(data)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Rebuild the standard shape's suit tables.")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    target = Path(__file__).with_name("data") / "suit_tables.bin"
    target.parent.mkdir(exist_ok=True)
    data = dump(build(args.workers))
    target.write_bytes(data)
    print(f"wrote {target} ({len(data):,} bytes)")


if __name__ == "__main__":
    main()
