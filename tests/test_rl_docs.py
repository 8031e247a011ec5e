"""docs/rl.md: its examples run, in order, as a reader would run them (a block that starts with
``# file: NAME`` is saved as that file), and its table of fields is the encodings' own."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from fourwinds.family import family_of
from fourwinds.rules import get_rules

DOC = Path(__file__).resolve().parents[1] / "docs" / "rl.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def test_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    namespace: dict[str, object] = {"__name__": "__rl_doc__"}
    blocks = BLOCK.findall(DOC.read_text())
    assert len(blocks) >= 5
    for code in blocks:
        first = code.splitlines()[0]
        if first.startswith("# file: "):
            (tmp_path / first.removeprefix("# file: ")).write_text(code)
            continue
        exec(compile(code, str(DOC), "exec"), namespace)
    assert namespace["report"].hands == 20  # type: ignore[attr-defined]
    assert namespace["table"].num_rows > 0  # type: ignore[attr-defined]
    sys.modules.pop("my_bot", None)


@pytest.mark.parametrize("name", ["hongkong", "american"])
def test_the_fields_table_is_the_encodings(name: str) -> None:
    rules = get_rules(name)
    encoding = family_of(rules).encoding(rules)
    documented = re.findall(r"^\|(?:[^|`]*\|)? `(\w+)` \|", DOC.read_text(), re.MULTILINE)
    for field in encoding.fields:
        assert field in documented
    assert f"{encoding.size:,}" in DOC.read_text()
    assert f"{len(encoding.actions):,} actions" in DOC.read_text()
