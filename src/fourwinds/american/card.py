"""The card: American hands as lines of a small pattern language, parsed with positioned errors.

A line is an id, its groups (one whitespace-separated token each, its length its tile count), an
optional clause of constraints on the numbers, the concealment and the value, and an optional
caption; a line starting with ``|`` is a variant of the line above (same id, concealment and
value). ``docs/card.md`` describes the language with examples.

>>> card = Card.parse('''
... title: example
... section: like numbers
... L1  FF 555a 5555b 555c DD ; like 5 odd ; X 30 ; "like odd numbers, any dragon"
... ''')
>>> line = card.lines[0]
>>> line.id, line.value, line.concealed, line.section
('L1', 30, False, 'like numbers')
>>> str(line)
'L1 FF 555a 5555b 555c DD ; like 5 odd ; X 30 ; "like odd numbers, any dragon"'
>>> [group.is_set for group in line.variants[0].groups]
[False, True, True, True, False]
>>> Card.parse("L2 FF 555a 5555b 555c ; X 25")
Traceback (most recent call last):
...
fourwinds.american.card.CardError: line 1, column 1: L2 has 12 tiles; a hand has 14
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from fourwinds.tiles import (
    BAMBOO,
    CHARACTERS,
    DOTS,
    DRAGONS,
    EAST,
    FIRST_FLOWER,
    GREEN,
    NORTH,
    RED,
    SOUTH,
    WEST,
    WHITE,
    WINDS,
    Tile,
)

if TYPE_CHECKING:
    from fourwinds.rules import RuleSet

HAND_SIZE: Final = 14
FLOWER: Final = FIRST_FLOWER
"""The eight flowers match alike: the card and the matcher fold them onto this one kind."""
SUITS: Final = (CHARACTERS, DOTS, BAMBOO)
MATCHING_DRAGON: Final = {CHARACTERS: RED, DOTS: WHITE, BAMBOO: GREEN}
"""Seed 001: Red goes with craks, Green with bams, White ("Soap") with dots."""
SUPPLY: Final = {FLOWER: 8}
"""Copies of a kind in the 152-tile set where it is not four."""
JOKERS: Final = 8

TAGS: Final = "abc"
_FIXED: Final = {"0": WHITE, "R": RED, "G": GREEN, "F": FLOWER, "E": EAST, "S": SOUTH}
_FIXED_MORE: Final = {"W": WEST, "N": NORTH}
FIXED_SYMBOLS: Final = {**_FIXED, **_FIXED_MORE}
"""Symbols that stand for one tile whatever the suits: Soap (white, zero), red and green
dragons, flowers and the four winds."""
SYMBOLS: Final = "123456789" + "".join(FIXED_SYMBOLS) + "DZ"
DECORATIONS: Final = frozenset("+=")
"""Tokens printed between groups of addition hands; they hold no tiles."""
MOST_WAYS_PER_LINE: Final = 2_000
"""Ways to choose a line's suits, numbers, dragons and winds (``Variant.ways``) at most: the
sample card's largest line has 216, its whole card 1,199."""
MOST_WAYS: Final = 10_000
"""The whole card's ways at most. Both bounds are checked before any line is expanded, so that
a short card cannot be written to take seconds and much memory to build (``docs/card.md``)."""
MOST_LINES: Final = 300
"""Lines and variants of a card at most (the sample card has 53)."""
_ID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*$")
_DIRECTIVE: Final = re.compile(r"(title|year|section)\s*:(.*)$")
_TAIL: Final = re.compile(r"([XC])\s+(\d+)$")


def supply(tile: Tile) -> int:
    """How many natural tiles of a kind the set holds (flowers folded into one kind)."""
    return SUPPLY.get(tile, 4)


class Problem(NamedTuple):
    """One fault in a card file; ``line`` and ``column`` count from 1."""

    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.message}"


class CardError(ValueError):
    """A card that does not parse or cannot be played; ``problems`` lists every fault found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("\n".join(map(str, problems)))
        self.problems = tuple(problems)


@dataclass(frozen=True, slots=True)
class Constraint:
    """Digits made variables: ``like`` one number, ``any`` independent numbers (``distinct``:
    all different), ``run`` numbers that shift together (consecutive runs with a variable start).
    ``parity`` (odd or even) restricts each variable, or the first number of a run."""

    kind: str
    digits: tuple[int, ...]
    parity: str = ""
    distinct: bool = False
    column: int = field(default=0, compare=False)

    def _allowed(self) -> list[int]:
        return [v for v in range(1, 10) if not self.parity or v % 2 == (self.parity == "odd")]

    @property
    def ways(self) -> int:
        """How many bindings there are, counted without making them."""
        if self.kind == "run":
            return len(self.bindings())  # at most nine
        allowed = len(self._allowed())
        if self.distinct:
            return math.perm(allowed, len(self.digits))
        return int(allowed ** len(self.digits))

    def bindings(self) -> list[dict[int, int]]:
        """Every assignment of values to this clause's digits."""
        allowed = self._allowed()
        if self.kind == "run":
            first = self.digits[0]
            return [
                {d: d + shift for d in self.digits}
                for shift in range(1 - min(self.digits), 10 - max(self.digits))
                if first + shift in allowed
            ]
        out = []
        for values in itertools.product(allowed, repeat=len(self.digits)):
            if not self.distinct or len(set(values)) == len(values):
                out.append(dict(zip(self.digits, values, strict=True)))
        return out

    def __str__(self) -> str:
        words = [self.kind, *map(str, self.digits)]
        if self.parity:
            words.append(self.parity)
        if self.distinct:
            words.append("distinct")
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a line as written: its symbols and its suit tag (``a``, ``b``, ``c`` or
    none). ``year`` marks the card year written ``{year}``: its digits never become variables."""

    symbols: str
    tag: str = ""
    year: bool = False
    column: int = field(default=0, compare=False)

    @property
    def is_decoration(self) -> bool:
        return self.symbols in DECORATIONS

    @property
    def size(self) -> int:
        return 0 if self.is_decoration else len(self.symbols)

    @property
    def is_set(self) -> bool:
        """Three or more alike (pung, kong, quint, sextet): jokers allowed, may be exposed.
        Anything else (singles, pairs, mixed blocks such as NEWS or 2468) takes naturals only."""
        return len(self.symbols) >= 3 and len(set(self.symbols)) == 1

    def __str__(self) -> str:
        return ("{year}" if self.year else self.symbols) + self.tag


ConcreteGroup = tuple[tuple[Tile, ...], bool]
"""A group with every symbol bound to a tile: (tiles, is_set)."""
Instance = tuple[ConcreteGroup, ...]
"""A line with its suits, numbers, dragons and winds chosen; groups in a canonical order."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One way to write a line: its groups and the constraints on their numbers."""

    groups: tuple[Group, ...]
    constraints: tuple[Constraint, ...] = ()

    @property
    def size(self) -> int:
        return sum(group.size for group in self.groups)

    @property
    def ways(self) -> int:
        """How many candidate hands ``instances`` looks at: suit tags over the suits, times the
        constraints' bindings, times each free dragon and wind (counted, not made)."""
        groups = [g for g in self.groups if not g.is_decoration]
        ways = math.perm(len(SUITS), len({g.tag for g in groups if g.tag}))
        for constraint in self.constraints:
            ways *= constraint.ways
        ways *= len(DRAGONS) ** sum(1 for g in groups if "D" in g.symbols and not g.tag)
        return int(ways * len(WINDS) ** sum(1 for g in groups if "Z" in g.symbols))

    def instances(self) -> tuple[Instance, ...]:
        """Every concrete hand this variant allows that the 152 tiles can make (computed once
        per variant)."""
        return _instances(self)

    def __str__(self) -> str:
        text = " ".join(map(str, self.groups))
        if self.constraints:
            text += " ; " + " ".join(map(str, self.constraints))
        return text


@functools.lru_cache(maxsize=4096)
def _instances(variant: Variant) -> tuple[Instance, ...]:
    """The instances of a variant without repeats: suit tags over distinct suits, variables
    over their values, each untagged ``D`` (any dragon) and ``Z`` (any wind) group over the
    dragons or winds; those the 152 tiles cannot make are left out."""
    groups = [g for g in variant.groups if not g.is_decoration]
    tags = sorted({g.tag for g in groups if g.tag})
    free_dragons = [i for i, g in enumerate(groups) if "D" in g.symbols and not g.tag]
    free_winds = [i for i, g in enumerate(groups) if "Z" in g.symbols]
    numbers = [
        dict(itertools.chain.from_iterable(b.items() for b in combo))
        for combo in itertools.product(*(c.bindings() for c in variant.constraints))
    ]
    seen: set[Instance] = set()
    found: list[Instance] = []
    for suits in itertools.permutations(SUITS, len(tags)):
        suit_of = dict(zip(tags, suits, strict=True))
        for binding in numbers:
            for dragons in itertools.product(DRAGONS, repeat=len(free_dragons)):
                dragon_of = dict(zip(free_dragons, dragons, strict=True))
                for winds in itertools.product(WINDS, repeat=len(free_winds)):
                    wind_of = dict(zip(free_winds, winds, strict=True))
                    instance = tuple(
                        sorted(
                            _bind(g, suit_of.get(g.tag), binding, dragon_of.get(i), wind_of.get(i))
                            for i, g in enumerate(groups)
                        )
                    )
                    if instance not in seen and feasible(instance):
                        seen.add(instance)
                        found.append(instance)
    return tuple(found)


def _bind(
    group: Group,
    suit: int | None,
    numbers: dict[int, int],
    dragon: Tile | None,
    wind: Tile | None,
) -> ConcreteGroup:
    """The tiles of a group once its suit, its numbers and any free dragon or wind are chosen."""
    tiles: list[Tile] = []
    for symbol in group.symbols:
        if symbol in FIXED_SYMBOLS:
            tiles.append(FIXED_SYMBOLS[symbol])
        elif symbol == "D":
            chosen = MATCHING_DRAGON[suit] if suit is not None else dragon
            assert chosen is not None
            tiles.append(chosen)
        elif symbol == "Z":
            assert wind is not None
            tiles.append(wind)
        else:
            assert suit is not None
            value = int(symbol) if group.year else numbers.get(int(symbol), int(symbol))
            tiles.append(suit + value - 1)
    return tuple(tiles), group.is_set


def feasible(instance: Instance) -> bool:
    """Whether the 152 tiles can make the hand: no naturals-only group needs more than the
    natural tiles, and jokers cover what the sets need beyond them."""
    need: dict[Tile, int] = {}
    natural: dict[Tile, int] = {}
    for tiles, is_set in instance:
        for tile in tiles:
            need[tile] = need.get(tile, 0) + 1
            if not is_set:
                natural[tile] = natural.get(tile, 0) + 1
    if any(n > supply(tile) for tile, n in natural.items()):
        return False
    return sum(max(0, n - supply(tile)) for tile, n in need.items()) <= JOKERS


@dataclass(frozen=True)
class Line:
    """A line of the card: its variants, whether it must be concealed (C) or may be exposed
    (X), and its value."""

    id: str
    variants: tuple[Variant, ...]
    concealed: bool
    value: int
    section: str = ""
    caption: str = ""
    number: int = field(default=0, compare=False)
    """The line's number in the card file."""

    def __str__(self) -> str:
        first, *more = self.variants
        text = f"{self.id} {first} ; {'C' if self.concealed else 'X'} {self.value}"
        if self.caption:
            text += f' ; "{self.caption}"'
        return "\n".join([text, *(f"| {variant}" for variant in more)])


@dataclass(frozen=True)
class Card:
    """A whole card: its lines in order, under their sections."""

    lines: tuple[Line, ...]
    title: str = ""
    year: int | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self  # immutable: a copied deal shares its card

    def __hash__(self) -> int:
        """By the title, the year and the lines' ids (equal cards hash alike), worked out once:
        every deal looks up its card's matcher, and hashing whole lines took a 20th of a
        random hand."""
        return self._hash

    @functools.cached_property
    def _hash(self) -> int:
        return hash((self.title, self.year, *(line.id for line in self.lines)))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card; every fault found is reported in one CardError."""
        return _Parser(text).card()

    @classmethod
    def load(cls, path: str | Path) -> Card:
        return cls.parse(Path(path).read_text(encoding="utf-8"))

    def line(self, line_id: str) -> Line:
        for line in self.lines:
            if line.id == line_id:
                return line
        raise KeyError(line_id)

    def sections(self) -> list[str]:
        return list(dict.fromkeys(line.section for line in self.lines))

    def __str__(self) -> str:
        out = []
        if self.title:
            out.append(f"title: {self.title}")
        if self.year is not None:
            out.append(f"year: {self.year}")
        section = ""
        for line in self.lines:
            if line.section != section:
                section = line.section
                out.append(f"section: {section}")
            out.append(str(line))
        return "\n".join(out) + "\n"


SAMPLE: Final = Path(__file__).with_name("cards") / "sample.card"


@functools.cache
def sample_card() -> Card:
    """fourwinds' own sample card (original lines, no NMJL card lines), read once."""
    return Card.load(SAMPLE)


def card_of(rules: RuleSet) -> Card:
    """The card a rule set plays by: its own (``RuleSet.card``), or the sample card."""
    return rules.card if rules.card is not None else sample_card()


# ---------------------------------------------------------------- parsing


class _Token(NamedTuple):
    text: str
    column: int  # 0-based


def _tokens(text: str, start: int) -> list[_Token]:
    return [_Token(m.group(), start + m.start()) for m in re.finditer(r"\S+", text)]


def _split(text: str) -> tuple[list[tuple[str, int]], int | None]:
    """Split a line at ``;`` outside quotes, dropping a ``#`` comment; each part with its
    0-based column. The second value is the column of an unclosed quote, if any."""
    parts: list[tuple[str, int]] = []
    start = 0
    quoted: int | None = None
    for column, char in enumerate(text):
        if char == '"':
            quoted = None if quoted is not None else column
        elif quoted is None and char == ";":
            parts.append((text[start:column], start))
            start = column + 1
        elif quoted is None and char == "#" and (column == 0 or text[column - 1].isspace()):
            text = text[:column]
            break
    parts.append((text[start:], start))
    return parts, quoted


class _Draft:
    """A line being read: the hand line and its variant lines."""

    def __init__(self, line_id: str, number: int, column: int) -> None:
        self.id, self.number, self.column = line_id, number, column
        self.variants: list[Variant] = []
        self.concealed = False
        self.value = 0
        self.section = ""
        self.caption = ""


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.problems: list[Problem] = []
        self.title = ""
        self.year: int | None = None
        self.section = ""
        self.drafts: list[_Draft] = []
        self.current: _Draft | None = None
        self.variants = 0
        self.ways = 0
        """The ways of the card's variants so far (bounded by ``MOST_WAYS``)."""

    def fault(self, number: int, column: int, message: str) -> None:
        self.problems.append(Problem(number, column + 1, message))

    def card(self) -> Card:
        for number, raw in enumerate(self.text.splitlines(), start=1):
            stripped = raw.strip()
            if not stripped or stripped.startswith("#"):
                continue
            directive = _DIRECTIVE.match(stripped)
            if directive:
                self.directive(number, raw, directive.group(1), directive.group(2).strip())
            else:
                self.hand_line(number, raw)
        ids: dict[str, int] = {}
        for draft in self.drafts:
            if draft.id in ids:
                self.fault(
                    draft.number,
                    draft.column,
                    f"id {draft.id} is already used on line {ids[draft.id]}",
                )
            ids.setdefault(draft.id, draft.number)
        if not self.drafts and not self.problems:
            self.fault(1, 0, "the card has no lines")
        if self.problems:
            raise CardError(sorted(self.problems))
        lines = tuple(
            Line(d.id, tuple(d.variants), d.concealed, d.value, d.section, d.caption, d.number)
            for d in self.drafts
        )
        return Card(lines, self.title, self.year)

    def directive(self, number: int, raw: str, name: str, value: str) -> None:
        column = raw.index(value) if value else len(raw)
        if name == "title":
            self.title = value
        elif name == "section":
            self.section = value
            self.current = None
        elif re.fullmatch(r"\d{4}", value):
            self.year = int(value)
        else:
            self.fault(number, column, f"the year must be four digits, not {value!r}")

    def hand_line(self, number: int, raw: str) -> None:
        parts, open_quote = _split(raw)
        if open_quote is not None:
            self.fault(number, open_quote, "a quote is not closed")
            return
        (head, head_at), rest = parts[0], parts[1:]
        tokens = _tokens(head, head_at)
        if not tokens:
            self.fault(number, head_at, "a line starts with its id, or | for a variant")
            return
        tails = [
            (i, m, at) for i, (text, at) in enumerate(rest) if (m := _TAIL.match(text.strip()))
        ]
        if tokens[0].text == "|":
            if self.current is None:
                self.fault(number, tokens[0].column, "a variant (|) must follow a line")
            elif tails:
                self.fault(
                    number, tails[0][2] + 1, "a variant takes the X or C and the value of its line"
                )
            else:
                label = f"variant of {self.current.id}"
                variant = self.variant(number, label, tokens[1:], rest, tokens[0].column)
                if variant is not None:
                    self.current.variants.append(variant)
            return
        line_id = tokens[0]
        draft = _Draft(line_id.text, number, line_id.column)
        draft.section = self.section
        self.current = draft  # variants that follow belong to it, even when it has faults
        if not _ID.match(line_id.text):
            self.fault(
                number, line_id.column, f"{line_id.text!r} is no line id (letters, digits, _ . -)"
            )
            return
        if not tails:
            self.fault(
                number,
                len(raw.rstrip()),
                "expected '; X value' or '; C value' after the "
                "groups (X: exposures allowed, C: concealed)",
            )
            return
        index, tail, tail_at = tails[0]
        draft.concealed, draft.value = tail.group(1) == "C", int(tail.group(2))
        if draft.value <= 0:
            self.fault(number, tail_at + 1, "the value must be a positive number")
        for text, at in rest[index + 1 :]:
            caption = text.strip()
            if len(caption) >= 2 and caption[0] == caption[-1] == '"' and not draft.caption:
                draft.caption = caption[1:-1]
            else:
                self.fault(number, at + 1, "after the value only a quoted caption may follow")
        variant = self.variant(number, draft.id, tokens[1:], rest[:index], line_id.column)
        if variant is not None:
            draft.variants.append(variant)
            self.drafts.append(draft)

    def variant(
        self,
        number: int,
        label: str,
        tokens: list[_Token],
        constraint_parts: list[tuple[str, int]],
        at: int,
    ) -> Variant | None:
        before = len(self.problems)
        if not tokens:
            self.fault(number, at, "a line needs its groups")
            return None
        groups = [g for g in (self.group(number, token) for token in tokens) if g is not None]
        constraints: list[Constraint] = []
        if len(constraint_parts) > 1:
            self.fault(number, constraint_parts[1][1], "one constraint clause list per line")
        for text, start in constraint_parts[:1]:
            constraints = self.constraints(number, text, start)
        if len(self.problems) > before:
            return None
        variant = Variant(tuple(groups), tuple(constraints))
        first = tokens[0].column
        if variant.size != HAND_SIZE:
            self.fault(number, at, f"{label} has {variant.size} tiles; a hand has {HAND_SIZE}")
        self.check_tags(number, variant)
        self.check_variables(number, variant)
        if len(self.problems) == before:
            self.check_size(number, first, label, variant)
        if len(self.problems) == before and not variant.instances():
            self.fault(number, first, "no hand of this line can be made with the 152 tiles")
        return None if len(self.problems) > before else variant

    def group(self, number: int, token: _Token) -> Group | None:
        text = token.text
        if text in DECORATIONS:
            return Group(text, column=token.column)
        tag = text[-1] if text[-1] in TAGS else ""
        body = text[: len(text) - len(tag)]
        year = body == "{year}"
        if year:
            if self.year is None:
                self.fault(number, token.column, "{year} needs a 'year:' line before it")
                return None
            body = str(self.year)
        if not body:
            self.fault(number, token.column, f"{text!r} has a suit tag but no tiles")
            return None
        for offset, symbol in enumerate(body):
            if symbol not in SYMBOLS and not year:
                self.fault(
                    number,
                    token.column + offset,
                    f"unknown symbol {symbol!r}; expected "
                    "1-9, 0, D, R, G, F, N, E, W, S, Z or a suit tag a, b, c at the end",
                )
                return None
        numbers = any(s in "123456789" for s in body)
        if numbers and not tag:
            self.fault(
                number, token.column + len(text), f"{text} has numbers but no suit tag (a, b or c)"
            )
            return None
        if tag and not numbers and "D" not in body:
            self.fault(
                number,
                token.column + len(text) - 1,
                f"the tag {tag!r} on {text} has no numbers or D to give a suit to",
            )
            return None
        return Group(body, tag, year, token.column)

    def constraints(self, number: int, text: str, start: int) -> list[Constraint]:
        clauses: list[Constraint] = []
        tokens = _tokens(text, start)
        index = 0
        while index < len(tokens):
            keyword = tokens[index]
            if keyword.text not in ("like", "any", "run"):
                self.fault(
                    number, keyword.column, f"expected like, any or run, not {keyword.text!r}"
                )
                return clauses
            index += 1
            digits: list[int] = []
            parity, distinct = "", False
            while index < len(tokens) and tokens[index].text not in ("like", "any", "run"):
                word = tokens[index]
                if re.fullmatch(r"[1-9]", word.text):
                    digits.append(int(word.text))
                elif word.text in ("odd", "even") and not parity:
                    parity = word.text
                elif word.text == "distinct" and keyword.text == "any":
                    distinct = True
                else:
                    self.fault(
                        number, word.column, f"unexpected {word.text!r} in a {keyword.text} clause"
                    )
                    return clauses
                index += 1
            if not digits:
                self.fault(number, keyword.column, f"{keyword.text} needs digits 1-9")
            elif keyword.text == "like" and len(digits) != 1:
                self.fault(number, keyword.column, "like takes one digit (use any for several)")
            elif keyword.text == "run" and digits != sorted(set(digits)):
                self.fault(number, keyword.column, "the digits of a run must increase")
            else:
                clauses.append(
                    Constraint(keyword.text, tuple(digits), parity, distinct, keyword.column)
                )
        return clauses

    def check_size(self, number: int, column: int, label: str, variant: Variant) -> None:
        """Refuse a variant that would make the card too large to expand, before expanding it."""
        self.variants += 1
        ways = variant.ways
        if self.variants > MOST_LINES:
            self.fault(number, column, f"a card has at most {MOST_LINES} lines and variants")
        elif ways > MOST_WAYS_PER_LINE:
            self.fault(
                number,
                column,
                f"{label} has {ways:,} ways to choose its suits, numbers, dragons and winds; "
                f"a line may have at most {MOST_WAYS_PER_LINE:,}",
            )
        elif self.ways + ways > MOST_WAYS:
            self.fault(
                number,
                column,
                f"the card has more than {MOST_WAYS:,} ways to choose suits, numbers, dragons "
                f"and winds in all (this line brings it to {self.ways + ways:,})",
            )
        else:
            self.ways += ways

    def check_tags(self, number: int, variant: Variant) -> None:
        used = {g.tag for g in variant.groups if g.tag}
        for group in variant.groups:
            earlier = next((t for t in TAGS[: TAGS.index(group.tag)] if t not in used), None)
            if group.tag and earlier:
                self.fault(
                    number,
                    group.column + len(str(group)) - 1,
                    f"suit tag {group.tag!r} is used without {earlier!r}: tags name the suits "
                    "in order a, b, c",
                )
                return

    def check_variables(self, number: int, variant: Variant) -> None:
        written = {int(s) for g in variant.groups if not g.year for s in g.symbols if s.isdigit()}
        declared: set[int] = set()
        for constraint in variant.constraints:
            at = constraint.column
            for digit in constraint.digits:
                if digit in declared:
                    self.fault(number, at, f"digit {digit} is declared twice")
                elif digit not in written:
                    self.fault(
                        number, at, f"digit {digit} is declared but not written in the groups"
                    )
                declared.add(digit)
            if constraint.kind == "run" and not constraint.bindings():
                self.fault(number, at, f"no value fits the run {constraint}")
