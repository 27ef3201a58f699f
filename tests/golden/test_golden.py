"""The golden playthroughs still play exactly as recorded (tests/golden/playthrough.py says what is
pinned). A deliberate rule change regenerates them: ``python scripts/golden.py --update``."""

from __future__ import annotations

import difflib

import pytest

from tests.golden.playthrough import configurations, folder, game_names, generate


@pytest.mark.parametrize("first_chance", [False, True], ids=["record2", "record1"])
@pytest.mark.parametrize("name", game_names())
def test_golden_playthroughs_are_unchanged(name: str, first_chance: bool) -> None:
    files = generate(name, first_chance)
    assert len(files) == (1 if first_chance else len(configurations(name)))
    stored = sorted(p.name for p in folder(name, first_chance).glob("*.json"))
    assert stored == sorted(files), "the golden files do not match the game's test configurations"
    for fname, text in files.items():
        old = (folder(name, first_chance) / fname).read_text()
        if old != text:
            diff = "".join(list(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                                     f"stored/{fname}", f"now/{fname}", n=1))[:40])
            pytest.fail(f"{name}/{fname} plays differently from its golden playthrough:\n{diff}")
