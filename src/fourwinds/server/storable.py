"""Text that every database can store: checked at the edge, before anything is changed.

PostgreSQL refuses a NUL character in text, and no database takes a lone surrogate (JSON's
``"\\ud800"``), which UTF-8 cannot encode; SQLite would store the first and fail on the second.
So every string a client sends (names, cards, options, rule names, actions, tokens, and the keys
of its objects) is checked here when its message or body is read, and one that no database could
store is refused with the reason, so storage sees only what both SQLite and PostgreSQL accept.

>>> storable({"name": "Ann", "options": {"rounds": 1}})
>>> storable({"name": "A\\x00nn"})
Traceback (most recent call last):
...
ValueError: "name" holds a NUL character (\\u0000), which cannot be stored
"""

from __future__ import annotations

import re
from typing import Any

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable(value: Any, where: str = "the message") -> None:
    """Raise ValueError naming the field if any string in ``value`` (a decoded JSON value)
    holds a NUL character or a lone surrogate (walked without recursion: JSON nests deep)."""
    pending: list[tuple[Any, str]] = [(value, where)]
    while pending:
        item, label = pending.pop()
        if isinstance(item, str):
            _check(item, label)
        elif isinstance(item, dict):
            for key, inner in item.items():
                _check(key, "a key")
                pending.append((inner, f'"{key}"'))
        elif isinstance(item, list):
            pending.extend((inner, label) for inner in item)


def _check(text: str, label: str) -> None:
    found = _UNSTORABLE.search(text)
    if found is None:
        return
    if found.group() == "\x00":
        what = "a NUL character (\\u0000)"
    else:
        what = f"a lone surrogate (\\u{ord(found.group()):04x})"
    raise ValueError(f"{label} holds {what}, which cannot be stored")
