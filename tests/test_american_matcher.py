"""The matcher, one test per feature of the pattern language (reference section 5.1, issue 5
"The card"), with hands in American notation (docs/notation.md)."""

from __future__ import annotations

from fourwinds.american.card import Card, sample_card
from fourwinds.american.hand import AmericanHand
from fourwinds.american.matcher import Holding, Matcher, unseen_supply
from fourwinds.tiles import parse_tiles


def card(*lines: str) -> Matcher:
    return Matcher(Card.parse("year: 2026\n" + "\n".join(lines)))


def wins(matcher: Matcher, text: str) -> list[str]:
    return [m.line.id for m in matcher.matches(Holding.of(AmericanHand.parse(text)))]


def away(matcher: Matcher, text: str) -> dict[str, int]:
    return {d.line.id: d.tiles for d in matcher.distances(Holding.of(AmericanHand.parse(text)))}


def test_one_suit_variable_means_any_one_suit() -> None:
    m = card("S1 FF 2222a 44a 6666a 88a ; X 25")
    assert wins(m, "12f 2222m 44m 6666m 88m") == ["S1"]
    assert wins(m, "12f 2222s 44s 6666s 88s") == ["S1"]
    assert wins(m, "12f 2222s 44s 6666s 88p") == []


def test_different_tags_mean_different_suits() -> None:
    """Seed 001 part 5: two colours, two different suits; three colours, three suits."""
    two = card("S2 FF 2222a 44a 6666b 88b ; X 25")
    assert wins(two, "12f 2222m 44m 6666p 88p") == ["S2"]
    assert wins(two, "12f 2222m 44m 6666m 88m") == []
    three = card("S3 FF 2222a 44b 6666c 88c ; X 25")
    assert wins(three, "12f 2222m 44s 6666p 88p") == ["S3"]
    assert wins(three, "12f 2222m 44p 6666p 88p") == []


def test_matching_and_opposite_dragons() -> None:
    """Seed 001: Red goes with craks, Green with bams, White (Soap) with dots."""
    matching = card("D1 FF 111a 222a 333a DDDa ; X 25")
    assert wins(matching, "12f 111222333m 777z") == ["D1"]  # craks with red
    assert wins(matching, "12f 111222333s 666z") == ["D1"]  # bams with green
    assert wins(matching, "12f 111222333p 555z") == ["D1"]  # dots with Soap
    assert wins(matching, "12f 111222333m 666z") == []
    opposite = card("D2 FF 111a 222a 333a DDDb ; X 25")
    assert wins(opposite, "12f 111222333m 666z") == ["D2"]
    assert wins(opposite, "12f 111222333m 777z") == []


def test_an_untagged_dragon_is_any_one_dragon_within_its_group() -> None:
    m = card("D3 FF 1111a 3333b DDDD ; X 25")
    assert wins(m, "12f 1111m 3333s 6666z") == ["D3"]
    assert wins(m, "12f 1111p 3333m 7777z") == ["D3"]
    assert wins(m, "12f 1111p 3333m 6677z") == []


def test_soap_is_a_neutral_zero() -> None:
    """Seed 001: "In 2016 ... the three numbers (2, 1 and 6) must be in the same suit"; the
    White dragon stands for 0 whatever the suit (reference 3.1.2)."""
    m = card("Z1 FF {year}a {year}b 000 F ; X 25")
    assert wins(m, "123f 226m 226s 5555z J") == ["Z1"]  # five Soaps: two zeros, a pung
    assert wins(m, "123f 2266m 22m 5555z J") == []


def test_zero_is_never_part_of_a_run() -> None:
    try:
        Card.parse("Z2 FF 0a 11a 22a ; run 0 1 2 ; X 5")
    except ValueError as error:
        assert "unexpected '0' in a run clause" in str(error)
    else:
        raise AssertionError("a run with 0 was accepted")


def test_flowers_match_alike() -> None:
    """Seed 001: "Flowers - FFFF All the same - numbers are not important"."""
    m = card("F1 FFFFF 11111a 2222a ; X 40")
    assert wins(m, "13578f 1111mJ 2222m") == ["F1"]
    assert wins(m, "[135fJJ] 1111mJ 2222m") == ["F1"]
    assert wins(m, "12345f 1111m 2222m J") == ["F1"]


def test_specific_winds_and_any_wind() -> None:
    m = card("W1 NEWS ZZZZ 000 DDD ; X 30")
    assert wins(m, "1234z 222zJ 555z 777z") == ["W1"]
    assert wins(m, "1234z 1122z 555z 777z") == []
    # The same tile in two groups: the North of NEWS and a kong of North.
    assert wins(m, "1234z 444zJ 555z 666z") == ["W1"]


def test_year_block() -> None:
    m = card("Y1 NN {year}a 2222b 66c SS ; X 30")
    assert wins(m, "44z 226m 5z 2222p 66s 22z") == ["Y1"]
    assert wins(m, "44z 226m 5z 222pJ 66s 22z") == ["Y1"]
    assert wins(m, "44z 22m 5z J 2222p 66s 22z") == []  # no joker in a year block (seed 001)


def test_like_numbers() -> None:
    m = card("L1 FFF 555a 5555b 555c D ; like 5 ; X 30")
    assert wins(m, "123f 777m 7777p 777s 7z") == ["L1"]
    assert wins(m, "123f 111m 1111p 111s 5z") == ["L1"]
    assert wins(m, "123f 777m 7777p 888s 7z") == []


def test_consecutive_runs_with_a_variable_start() -> None:
    m = card("R1 11a 222a 3333a 444a FF ; run 1 2 3 4 ; X 25")
    assert wins(m, "55m 666m 7777m 888m 12f") == ["R1"]
    assert wins(m, "66m 777m 8888m 999m 12f") == ["R1"]
    assert wins(m, "55m 666m 7777m 999m 12f") == []
    odd = card("R2 111a 333a 111b 333b FF ; run 1 3 odd ; X 30")
    assert wins(odd, "555m 777m 555s 777s 12f") == ["R2"]
    assert wins(odd, "444m 666m 444s 666s 12f") == []


def test_odd_and_even_variables() -> None:
    m = card("V1 FF 77a 777b 7777c ZZZ ; like 7 odd ; X 30")
    assert wins(m, "12f 99m 999p 9999s 111z") == ["V1"]
    assert wins(m, "12f 88m 888p 8888s 111z") == []
    even = card("V2 FF 1111a 4444a 111b D ; any 1 4 even distinct ; X 30")
    assert wins(even, "12f 2222m 8888m 222s 5z") == ["V2"]
    assert wins(even, "12f 3333m 8888m 333s 5z") == []


def test_decorations_hold_no_tiles() -> None:
    m = card("A1 FF 2222a + 3333a = 5555a ; X 30")
    assert wins(m, "12f 2222m 3333m 5555m") == ["A1"]


def test_variants_of_a_line() -> None:
    m = card("T5 3333a 666a 9999a 666b ; X 30", "|  3333a 666b 9999a 666c")
    assert wins(m, "3333m 666m 9999m 666s") == ["T5"]
    assert wins(m, "3333m 666s 9999m 666p") == ["T5"]


def test_jokers_only_in_three_or_more_alike() -> None:
    """Seed 001: "Jokers can never be used for a single tile or a pair"; reference 3.4.1: never
    in mixed blocks (NEWS, 2468, 13579)."""
    m = card("J1 NEWS 2468a 22b 44b 88c ; C 50")
    assert wins(m, "1234z 2468m 22s 44s 88p") == ["J1"]
    assert wins(m, "1234z 2468m 2sJ 44s 88p") == []  # no joker in a pair
    assert wins(m, "123zJ 2468m 22s 44s 88p") == []  # nor in NEWS
    assert wins(m, "1234z 246mJ 22s 44s 88p") == []  # nor in a mixed block


def test_two_pairs_are_not_a_kong() -> None:
    """Reference 4.1: group boundaries matter; "11 11" takes no joker and cannot be exposed."""
    m = card("K1 FF 11a 11a 333a 444a 55a ; X 25")
    assert wins(m, "12f 1111m 333m 444m 55m") == ["K1"]
    assert wins(m, "12f 111mJ 333m 444m 55m") == []
    assert wins(m, "12f [111mJ] 333m 444m 55m") == []
    assert wins(m, "12f [1111m] 333m 444m 55m") == []


def test_exposures_coincide_with_one_set_group_each() -> None:
    m = card("E1 FF 2222a 44a 6666a 88a ; X 25")
    assert wins(m, "12f [222mJ] 44m [66mJJ] 88m") == ["E1"]
    assert wins(m, "12f [222m] 2m 44m 6666m 88m") == []  # a pung shown for a kong
    assert wins(m, "12f [444m] 2222m 6666m 8m") == []  # a pung shown for a pair


def test_concealed_lines_take_no_exposure() -> None:
    m = card("C1 FF 2222a 44a 6666a 88a ; C 35", "X1 FF 2222a 44a 6666a 88a ; X 25")
    assert wins(m, "12f 2222m 44m 6666m 88m") == ["C1", "X1"]
    assert wins(m, "12f [2222m] 44m 6666m 88m") == ["X1"]


def test_best_line_and_jokerless() -> None:
    """Reference 3.6: the highest-valued line scores. Seed 001 part 6: "If the winner has no
    Jokers in her winning hand, she receives double what is owed", singles and pairs too; the
    NMJL card's exception leaves singles and pairs undoubled, their value already including it
    (the option ``jokerless_except_singles_and_pairs``)."""
    m = card(
        "A FF 2222a 44a 6666a 88a ; X 25",
        "B FF 2222a 44a 6666a 88a ; C 40",
        "P FF 22a 22a 44a 66a 66a 88a ; C 45",
    )
    holding = Holding.of(AmericanHand.parse("12f 2222m 44m 6666m 88m"))
    found = m.matches(holding)
    assert [(f.line.id, f.value, f.jokerless_bonus) for f in found] == [
        ("P", 90, True),
        ("B", 80, True),
        ("A", 50, True),
    ]
    nmjl = m.matches(holding, except_singles_and_pairs=True)
    assert [(f.line.id, f.value, f.jokerless, f.jokerless_bonus) for f in nmjl] == [
        ("B", 80, True, True),
        ("A", 50, True, True),
        ("P", 45, True, False),
    ]
    best = m.best(holding)
    assert best is not None and best.line.id == "P"
    best = m.best(holding, except_singles_and_pairs=True)
    assert best is not None and best.line.id == "B"
    with_joker = m.best(Holding.of(AmericanHand.parse("12f 222mJ 44m 6666m 88m")))
    assert with_joker is not None and (with_joker.line.id, with_joker.value) == ("B", 40)
    assert not with_joker.jokerless
    exposed_joker = Holding.of(AmericanHand.parse("12f [222mJ] 44m 6666m 88m"))
    assert not exposed_joker.jokerless


def test_distance_counts_tiles_away() -> None:
    m = card("E1 FF 2222a 44a 6666a 88a ; X 25", "C1 NN 2222a 44a 6666a 88a ; C 35")
    assert away(m, "12f 2222m 44m 6666m 88m") == {"E1": 0, "C1": 2}
    assert away(m, "12f 2222m 44m 6666m 8m") == {"E1": 1, "C1": 3}
    # Jokers fill set places only: two jokers make up the kong, not the pair.
    assert away(m, "12f 22mJJ 4m 6666m 88m") == {"E1": 1, "C1": 3}
    assert away(m, "12f 2222m 4mJ 6666m 88m") == {"E1": 1, "C1": 3}
    # Exposures rule out concealed lines and lines without such a set.
    assert away(m, "12f [2222m] 4m 6666m 88m") == {"E1": 1}
    assert away(m, "12f [22mJ] 4m 6666m 88m") == {}


def test_every_sample_line_can_be_completed() -> None:
    sample = sample_card()
    m = Matcher(sample)
    done = set()
    for entry in m.table:
        counts = [0] * 35
        for tiles, _ in entry.instance:
            for tile in tiles:
                counts[tile] += 1
        jokers = sum(max(0, n - (8 if t == 34 else 4)) for t, n in enumerate(counts))
        counts = [min(n, 8 if t == 34 else 4) for t, n in enumerate(counts)]
        found = m.matches(Holding(counts, jokers))
        assert entry.line in {sample.lines.index(f.line) for f in found}
        done.add(entry.line)
    assert done == set(range(len(sample.lines)))


def test_a_dead_hand_has_no_line_left_in_sight() -> None:
    """Reference 3.5.2: exposures that make every line impossible; seed 001 part 6.6: a hand
    that cannot win because of the discarded tiles."""
    m = card("E1 FF 2222a 44a 6666a 88a ; X 25", "E2 FF 2222a 44a 6666a 88b ; X 25")
    exposures = ((1, 4), (5, 4))  # [2222m] [6666m]
    assert m.viable(exposures, unseen_supply(parse_tiles("2222m 6666m")))
    # Both flowers left in sight? Seven of eight flowers discarded: no FF pair can be made.
    assert not m.viable(exposures, unseen_supply(parse_tiles("2222m 6666m 1234567f")))
    # A kong of 3m fits no line at all.
    assert not m.viable(((2, 4),), unseen_supply(parse_tiles("3333m")))
