"""A clone shares the four per-card lists (owner, Fief, host, rotation) with its original until either
writes to one (``Medievalia2007State.own_rot`` and its siblings): whichever of the two moves on, the
other's position stays as it was, and so does a determinized world's original."""

from __future__ import annotations

import json
import random

import medieval
from medieval.core.state import State
from tests.support import play_randomly


def _position(state: State) -> str:
    return json.dumps(state.position_json(), sort_keys=True)


def test_a_clone_and_its_original_part_ways_on_their_next_write() -> None:
    checked = 0
    for players in (2, 4):
        game = medieval.make("medievalia2007", players)
        for seed in range(6):
            state, rng = game.new_game(seed), random.Random(seed)
            while not state.is_over and len(state.history) < 300:
                play_randomly(state, rng, 9)
                if state.is_over:
                    break
                before = _position(state)
                twin = state.clone()
                world = state.determinize(state.to_move[0], random.Random(seed))
                play_randomly(twin, rng, 40)  # the clone and the world move on: the original is untouched
                play_randomly(world, rng, 40)
                assert _position(state) == before
                twin_after = _position(twin)
                play_randomly(state, rng, 20)  # and the other way round
                assert _position(twin) == twin_after
                checked += 1
    assert checked > 100
