"""Records as a Parquet dataset for imitation learning: one row per decision.

Each hand of each record (``fourwinds simulate --records DIR``, an environment's ``record()``)
is replayed; before every action the acting seat's view is encoded as the environments encode it
(``fourwinds.rl.encoding``), and the row holds that observation, the mask of the seat's legal
actions, the action taken (its index and text), and the outcome: what the seat gained or lost
in the hand (``MahjongEnv``'s reward) and who won. The columns are in docs/rl.md.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from fourwinds.family import family_of
from fourwinds.record import FORMAT, ReplayError
from fourwinds.rl.encoding import Encoding
from fourwinds.rl.env import payments
from fourwinds.rules import RuleSet, get_rules

BATCH = 4096
"""Rows written to the file at a time."""


def rules_of(record: dict[str, Any]) -> RuleSet:
    """The rules a record was played by, its card included."""
    if record.get("format") != FORMAT:
        raise ReplayError(f"not a {FORMAT} record")
    try:
        rules = get_rules(record["rules"], **record.get("options", {}))
        return family_of(rules).with_record_fields(rules, record)
    except (KeyError, ValueError) as error:
        raise ReplayError(f"bad rule set: {error}") from None


def decisions(record: dict[str, Any], encoding: Encoding[Any, Any]) -> Iterator[dict[str, Any]]:
    """The rows of every decision in the record's hands, in the order they were taken."""
    rules = encoding.rules
    family = family_of(rules)
    for entry in record["hands"]:
        deal = family.deal(rules, entry["seed"], entry["prevailing_wind"])
        views = [family.view(deal, seat) for seat in range(len(deal.seats))]
        rows = []
        for number, text in enumerate(entry["actions"]):
            seat_text, _, action_text = text.partition(" ")
            seat = int(seat_text)
            view = views[seat]
            try:
                action = family.parse_action(action_text)
            except ValueError as error:
                raise ReplayError(f"hand {deal.seed}, action {number}: {error}") from None
            refused = deal.refusal(seat, action)
            if refused is not None:
                raise ReplayError(f"hand {deal.seed}, action {number} ({text}): {refused}")
            legal = view.legal_actions
            rows.append(
                {
                    "rules": rules.name,
                    "hand_seed": deal.seed,
                    "step": number,
                    "seat": seat,
                    "observation": encoding.encode(view),
                    "action_mask": encoding.mask(legal, seat).astype(bool),
                    "action": encoding.index(action, seat),
                    "action_text": action_text,
                }
            )
            deal.apply(seat, action)
        if deal.result is None:
            raise ReplayError(f"hand {deal.seed}: the actions end before the hand does")
        points = payments(deal)
        for row in rows:
            row["reward"] = points[row["seat"]]
            row["winner"] = deal.result.winner
            yield row


def schema(encoding: Encoding[Any, Any]) -> pa.Schema:
    return pa.schema(
        [
            ("rules", pa.string()),
            ("hand_seed", pa.uint64()),
            ("step", pa.int32()),
            ("seat", pa.int8()),
            ("observation", pa.list_(pa.uint8(), encoding.size)),
            ("action_mask", pa.list_(pa.bool_(), len(encoding.actions))),
            ("action", pa.int32()),
            ("action_text", pa.string()),
            ("reward", pa.float64()),
            ("winner", pa.int8()),
        ]
    )


def _table(rows: list[dict[str, Any]], encoding: Encoding[Any, Any]) -> pa.Table:
    kinds = schema(encoding)
    columns: dict[str, pa.Array] = {}
    for field in kinds:
        values = [row[field.name] for row in rows]
        if field.name in ("observation", "action_mask"):
            flat = pa.array(np.concatenate(values))
            columns[field.name] = pa.FixedSizeListArray.from_arrays(flat, field.type.list_size)
        else:
            columns[field.name] = pa.array(values, field.type)
    return pa.table(columns, schema=kinds)


def export(records: Iterable[dict[str, Any]], path: str | Path) -> int:
    """Write one row per decision of the records (all of one rule set) to the Parquet file at
    ``path``; returns the rows written."""
    writer: pq.ParquetWriter | None = None
    encoding: Encoding[Any, Any] | None = None
    written = 0
    try:
        for record in records:
            rules = rules_of(record)
            if encoding is None:
                encoding = family_of(rules).encoding(rules)
                writer = pq.ParquetWriter(str(path), schema(encoding))
            elif rules != encoding.rules or rules.card != encoding.rules.card:
                raise ReplayError(
                    f"a dataset holds one rule set: {rules.title} after {encoding.rules.title}"
                )
            assert writer is not None
            rows = list(decisions(record, encoding))
            for start in range(0, len(rows), BATCH):
                writer.write_table(_table(rows[start : start + BATCH], encoding))
            written += len(rows)
    finally:
        if writer is not None:
            writer.close()
    if encoding is None:
        raise ReplayError("no records to export")
    return written


def read_records(folder: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a folder, in the order of their file names."""
    for path in sorted(Path(folder).glob("*.json")):
        try:
            yield json.loads(path.read_text())
        except json.JSONDecodeError as error:
            raise ReplayError(f"{path.name}: not JSON: {error}") from None
