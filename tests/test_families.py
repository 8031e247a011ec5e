"""Families (docs/families.md): a family defined only in the tests (``toy_family.py``) plays
through ``simulate``, records and replay, and a server table, with no edit outside its own code;
and no consumer asks which family or rule set it holds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from serving import client, hello, join, new_table, play
from toy_family import toy_registered

from fourwinds.family import family_of
from fourwinds.record import deal_record, match_record, replay
from fourwinds.rules import RULES, get_rules
from fourwinds.simulate import simulate

SRC = Path(__file__).resolve().parents[1] / "src" / "fourwinds"


def test_every_rule_set_names_a_registered_family() -> None:
    for rules in RULES.values():
        family = family_of(rules)
        assert family.name == rules.family
        deal = family.deal(rules, 1)
        assert family.view(deal, 0).to_json()["seat"] == 0


def test_a_deal_of_the_wrong_family_cannot_be_built() -> None:
    for name in ("american", "classical"):
        rules = get_rules(name)
        other = next(r for r in RULES.values() if r.family != rules.family)
        deal_class = type(family_of(other).deal(other, 1))
        with pytest.raises(ValueError, match=f"{rules.title} is played by the {rules.family}"):
            deal_class(rules, 1)


def test_a_new_family_plays_through_simulate_records_and_replay(tmp_path: Path) -> None:
    with toy_registered() as rules:
        summary = simulate(rules, 20, 3, "random", records=tmp_path)
        assert summary.hands == 20 and sum(summary.wins) + summary.draws == 20
        for path in sorted(tmp_path.iterdir()):
            record = json.loads(path.read_text())
            assert record["rules"] == "toy"
            (deal,) = replay(record)
            assert deal.result is not None and deal_record(deal) == record
        family = family_of(rules)
        match = family.match(get_rules("toy", rounds=1), 5)
        bots = [family.bot("random", seat) for seat in range(4)]
        while not match.is_over:
            deal = match.deal
            while deal.result is None:
                seat = deal.to_move()[0]
                match.apply(seat, bots[seat].choose(family.view(deal, seat)))
            match.next_hand()
        record = match_record(match)
        assert [d.result for d in replay(record)] == [o.deal.result for o in match.outcomes]


def test_a_new_family_plays_at_a_server_table(tmp_path: Path) -> None:
    with toy_registered(), client(f"sqlite:///{tmp_path / 'db.sqlite3'}") as http:
        listed = [entry["name"] for entry in http.get("/api/rules").json()["rules"]]
        assert "toy" in listed
        table_id = new_table(http, "toy")
        seat = join(http, table_id)
        assert http.post(f"/api/tables/{table_id}/bots", json={"bot": "random"}).status_code == 200
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            state = hello(socket, seat)
            assert state["view"]["family"] == "toy"
            final = play(socket, first=state)
        assert len(final["standings"]) == 4
        assert sum(entry["score"] for entry in final["standings"]) == 0


NAMES = re.compile(
    r"is_american|isinstance\([^)]*American|startsWith\(\"hongkong|american\(\)|"
    r"== \"(american|classical|hongkong|beginner)\"|rules_name == "
)


def test_no_consumer_asks_which_family_or_rule_set_it_holds() -> None:
    """Outside the rule sets (rules/) and the families (engine/, american/, and the pages' own
    modules of each family, web/js/families/), no code tests a family's or a rule set's name or
    type."""
    own = {SRC / "rules", SRC / "engine", SRC / "american", SRC / "web" / "js" / "families"}
    found = []
    for path in sorted(SRC.rglob("*")):
        if path.suffix not in (".py", ".js") or any(p in path.parents for p in own):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if NAMES.search(line):
                found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert found == []
