"""Every registered game has an observation encoding and an action codec, documented in docs/interop.md, that
cover every position of random games: observations in [0, 1], one index per legal action, and indices that
depend only on what the acting seat knows."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import medieval
from medieval.core.registry import _GAMES, game_class
from medieval.core.spec import GameSpec
from medieval.core.state import Action, Game, State
from medieval.interop import MissingEncodingError, encoding_for, games_without_encodings
from medieval.interop.__main__ import BEGIN, END, layouts
from medieval.interop.codec import bind
from tests.interop.cases import configurations, game_names
from tests.interop.extras import need

DOCS = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
GAMES_PER_CONFIG = 3


def test_every_registered_game_has_an_encoding() -> None:
    assert games_without_encodings() == [], (
        "declare an encoding in these games' specs (GameSpec.parts.encoding, see docs/interop.md)")


class _NoEncodingGame(Game[Any]):
    spec = GameSpec("no_encoding_test_game", "No Encoding", 2, 2, "a game without an encoding")

    def _initial_state(self, seed: int) -> State:  # pragma: no cover - never played
        raise NotImplementedError

    def parse_notation(self, text: str) -> Action:  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def state_class(cls) -> type[State]:  # pragma: no cover
        raise NotImplementedError


@pytest.fixture
def game_without_encoding() -> Iterator[str]:
    name = _NoEncodingGame.spec.name
    _GAMES[name] = _NoEncodingGame
    try:
        yield name
    finally:
        del _GAMES[name]


def test_a_game_without_an_encoding_fails_clearly(game_without_encoding: str) -> None:
    with pytest.raises(MissingEncodingError, match=r"no_encoding_test_game.*GameSpec.parts.encoding"):
        encoding_for(game_without_encoding)
    assert game_without_encoding in games_without_encodings()


@pytest.mark.parametrize("name", game_names())
def test_layout_tables_add_up(name: str) -> None:
    enc = encoding_for(name)
    top = [r for r in enc.layout() if "[" not in r.name]
    assert sum(r.size for r in top) == enc.observation_size
    assert [r.offset for r in top] == [sum(r.size for r in top[:i]) for i in range(len(top))]
    assert sum(r.size for r in enc.actions.rows()) == enc.action_size
    assert enc.max_players >= game_class(name).spec.max_players
    labels = {enc.actions.label(i) for i in range(enc.action_size)}
    assert len(labels) == enc.action_size, "action labels must be unique"


def test_docs_show_the_current_layouts() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert BEGIN in text and END in text
    section = text[text.index(BEGIN) + len(BEGIN):text.index(END)]
    assert section.strip() == layouts().strip(), (
        "docs/interop.md is out of date: run  python -m medieval.interop docs docs/interop.md")


# ------------------------------------------------------------------------------------------ over random games
def _check_position(enc: Any, codec: Any, state: State, rng: random.Random) -> None:
    n = state.players
    for seat in range(n):
        obs = codec.observe(state, seat)
        assert obs.shape == (enc.observation_size,) and obs.dtype.name == "float32"
        assert float(obs.min()) >= 0.0 and float(obs.max()) <= 1.0
        assert all(math.isfinite(x) for x in obs.tolist())
        assert obs.tolist() == pytest.approx(enc.encode_list(state.view(seat), seat, n))
        spectator = codec.encode_view(state.view(None), seat)
        assert float(spectator.min()) >= 0.0 and float(spectator.max()) <= 1.0
        legal = codec.legal(state, seat)
        engine_legal = state.legal_actions(seat)
        assert len(legal) == len(engine_legal), "one index per legal action"
        assert all(0 <= i < enc.action_size for i in legal)
        assert {id(a) for a in legal.values()} == {id(a) for a in engine_legal}
        mask = codec.action_mask(state, seat)
        assert sorted(mask.nonzero()[0].tolist()) == sorted(legal)
        if seat in state.to_move:
            # The index of an action depends only on what the seat knows: a determinized state (hidden
            # cards re-dealt) gives the same observation and the same index -> action notation.
            other = state.determinize(seat, random.Random(rng.getrandbits(32)))
            assert (codec.observe(other, seat) == obs).all()
            assert {i: str(a) for i, a in codec.legal(other, seat).items()} == {i: str(a) for i, a in legal.items()}


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "options"), configurations())
def test_codec_covers_random_games(name: str, players: int, options: dict[str, Any]) -> None:
    need("numpy")
    game = medieval.make(name, players, **options)
    enc = encoding_for(name)
    codec = bind(enc, game)
    rng = random.Random(f"{name}:{players}:{sorted(options.items())}")
    longest = 0
    for g in range(GAMES_PER_CONFIG):
        state = game.new_game(seed=rng.getrandbits(32))
        steps = 0
        while not state.is_over:
            if (g == 0 and steps < 40) or steps % 11 == 0:
                _check_position(enc, codec, state, rng)
            seat = state.to_move[0]
            legal = codec.legal(state, seat)
            state.apply(seat, legal[rng.choice(sorted(legal))])
            steps += 1
        _check_position(enc, codec, state, rng)
        longest = max(longest, steps)
    assert longest <= enc.max_game_length(game)
