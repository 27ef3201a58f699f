"""Chance: the counter-based generator of the second record format (``core/rng.Chance``), and records and
states of the first format (``medieval/record@1``, the Mersenne Twister of ``derive``) replaying exactly."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import medieval
from medieval.core.errors import RecordError
from medieval.core.rng import Chance, chance, derive
from medieval.core.state import RECORD_FORMAT, RECORD_FORMAT_1, STATE_FORMAT, STATE_FORMAT_1

RECORDS = Path(__file__).resolve().parent.parent / "golden" / "records"


def test_a_chance_event_is_determined_by_the_seed_and_its_counter() -> None:
    draws = [chance(7, c).randrange(1_000_000) for c in range(50)]
    assert draws == [chance(7, c).randrange(1_000_000) for c in range(50)]
    assert len(set(draws)) == 50  # each counter its own stream
    assert draws != [chance(8, c).randrange(1_000_000) for c in range(50)]
    # any integer is a seed: negative ones and ones past 64 bits too, each its own
    big = [chance(s, 0).randrange(1 << 40) for s in (-1, 1 << 64, (1 << 64) - 1, 1 << 80, 0)]
    assert len(set(big)) == 5


def test_draws_stay_in_range_and_are_spread_evenly() -> None:
    rng = chance(3, 0)
    rolls = Counter(rng.randint(1, 6) for _ in range(60_000))
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(9_000 < k < 11_000 for k in rolls.values())  # 10,000 expected, sd about 91
    assert all(0 <= rng.randrange(5, 9) - 5 < 4 for _ in range(1000))
    floats = [rng.random() for _ in range(10_000)]
    assert all(0.0 <= f < 1.0 for f in floats) and 0.48 < sum(floats) / len(floats) < 0.52
    assert rng.choice("abc") in "abc"
    assert rng.randrange(1 << 64) < 1 << 64
    with pytest.raises(ValueError):
        rng.randrange(0)


def test_shuffles_reach_every_order_evenly_and_keep_the_items() -> None:
    orders: Counter[tuple[int, ...]] = Counter()
    for c in range(24_000):
        items = [0, 1, 2, 3]
        chance(11, c).shuffle(items)
        orders[tuple(items)] += 1
    assert len(orders) == 24 and all(800 < k < 1200 for k in orders.values())  # 1,000 expected
    deck = list(range(100))
    Chance(12345).shuffle(deck)
    assert sorted(deck) == list(range(100)) and deck != list(range(100))
    one: list[int] = [5]
    Chance(1).shuffle(one)
    assert one == [5]


def test_new_games_use_the_new_chance_unless_asked_for_the_first() -> None:
    game = medieval.make("paladin", 4)
    new, old = game.new_game(5), game.new_game(5, first_chance=True)
    assert new.record()["format"] == RECORD_FORMAT and old.record()["format"] == RECORD_FORMAT_1
    assert new.to_json()["format"] == STATE_FORMAT and old.to_json()["format"] == STATE_FORMAT_1
    assert new.view(None) != old.view(None)  # the deal differs
    # the first format's deal is the Mersenne Twister of derive(seed, 0), as it always was
    assert old.view(0) == game.new_game(5, first_chance=True).view(0)
    assert derive(5, 0).random() == derive(5, 0).random()


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*-record1.json")), ids=lambda p: p.stem)
def test_records_of_the_first_format_replay_exactly(path: Path) -> None:
    """Records written before the second format (tests/golden/records) replay to the same end, and say
    so in their own format; a state of the first format restores and goes on with the same chance."""
    record = json.loads(path.read_text())
    assert record["format"] == RECORD_FORMAT_1
    state = medieval.replay(record)
    assert state.record() == record
    half = len(record["actions"]) // 2
    snapshot = medieval.replay(record, upto=half).to_json()
    assert snapshot["format"] == STATE_FORMAT_1
    restored = medieval.from_json(json.loads(json.dumps(snapshot)))
    for seat, text in record["actions"][half:]:
        restored.apply(seat, restored.parse_action(seat, text))
    assert restored.record() == record
    # the same actions under the second format's chance are another game: refused, or ending elsewhere
    as_new = {**record, "format": RECORD_FORMAT}
    try:
        other = medieval.replay(as_new)
    except (RecordError, medieval.IllegalActionError):
        return
    assert other.record() != {**record, "format": RECORD_FORMAT}


def test_unknown_formats_are_refused() -> None:
    record = json.loads((RECORDS / "paladin-record1.json").read_text())
    with pytest.raises(RecordError, match="record@2"):
        medieval.replay({**record, "format": "medieval/record@0"})
