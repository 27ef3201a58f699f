"""Tiny games for bot tests, built on the engine contract but not registered (so the conformance suite
and ``medieval.list_games()`` never see them).

``SecretPick``: two seats secretly and simultaneously pick a number in ``range(width)``; both are in
``to_move`` until they have picked, and the picks are revealed once both are in. Seat 1 wins when the
picks are equal, seat 0 when they differ (matching pennies for width 2: each pick is worth 1/2 to a
player who cannot see the other's choice, and 0 to seat 0 against a seat 1 that could peek)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from medieval.core.errors import InvalidActionError
from medieval.core.outcome import Outcome
from medieval.core.spec import GameParts, GameSpec, OptionSpec
from medieval.core.state import Action, Game, State


@dataclass(frozen=True, slots=True)
class Pick(Action):
    value: int

    def __str__(self) -> str:
        return f"pick {self.value}"


def parse_pick(text: str) -> Pick:
    """``pick N`` (N >= 0), the notation of the games below whose picks are never negative."""
    words = text.split()
    if len(words) == 2 and words[0] == "pick" and words[1].isdigit():
        return Pick(int(words[1]))
    raise InvalidActionError(f"{text!r} is not 'pick N'")


class SecretPickState(State):
    game: SecretPickGame
    picks: Annotated[list[int], 1]  # -1 while a seat has not picked

    @property
    def to_move(self) -> tuple[int, ...]:
        if all(p >= 0 for p in self.picks):
            return ()
        return tuple(s for s in range(2) if self.picks[s] < 0)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Pick(v) for v in range(self.game.width)]

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Pick)
        self.picks[seat] = action.value
        self._emit("pick", {"seat": seat, "value": action.value}, to=(seat,), redacted={"seat": seat})
        if all(p >= 0 for p in self.picks):
            self._emit("reveal", {"picks": list(self.picks)})

    @property
    def outcome(self) -> Outcome | None:
        if not all(p >= 0 for p in self.picks):
            return None
        winner = 1 if self.picks[0] == self.picks[1] else 0
        return Outcome("revealed", (winner,), tuple(1.0 if s == winner else 0.0 for s in range(2)))

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.outcome is not None
        return {
            "picked": [p >= 0 for p in self.picks],
            "mine": None if seat is None else self.picks[seat],
            "picks": list(self.picks) if over else None,
        }

    def _determinize(self, seat: int, rng: random.Random) -> None:
        other = 1 - seat
        if self.picks[other] >= 0 and self.outcome is None:
            self.picks[other] = rng.randrange(self.game.width)


class SecretPickGame(Game[SecretPickState]):
    spec = GameSpec(name="secretpick", display_name="Secret pick", min_players=2, max_players=2,
                    summary="Two seats pick a number at once; seat 1 wins on a match.",
                    options=(OptionSpec("width", 2, "how many numbers to pick from", minimum=2),),
                    simultaneous=True, chance="none")

    @property
    def width(self) -> int:
        w = self.options["width"]
        assert isinstance(w, int)
        return w

    @classmethod
    def state_class(cls) -> type[SecretPickState]:
        return SecretPickState

    def parse_notation(self, text: str) -> Action:
        return parse_pick(text)

    def _initial_state(self, seed: int) -> SecretPickState:
        s = SecretPickState(self, seed)
        s.picks = [-1, -1]
        return s


# ------------------------------------------------------------------------------------- close call
class CloseCallState(State):
    """Seat 0 picks a number once; from then on the seats take turns passing for ever, and the game's
    evaluation gives seat 0 a chance of ``0.5 + step * pick``: small, exact differences between moves,
    as a fitted evaluation gives them."""

    game: CloseCallGame
    pick: Annotated[int, 0]  # -1 until seat 0 has picked
    turn: Annotated[int, 0]

    @property
    def to_move(self) -> tuple[int, ...]:
        return (0,) if self.pick < 0 else (self.turn % 2,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Pick(v) for v in range(4)] if self.pick < 0 else [Pick(-1), Pick(-2)]

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Pick)
        if self.pick < 0:
            self.pick = action.value
        self.turn += 1
        self._emit("move", {"seat": seat, "value": action.value})

    @property
    def outcome(self) -> Outcome | None:
        return None

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"pick": self.pick, "turn": self.turn}

    def _determinize(self, seat: int, rng: random.Random) -> None:
        pass


class CloseCallGame(Game[CloseCallState]):
    spec = GameSpec(name="closecall", display_name="Close call", min_players=2, max_players=2,
                    summary="Seat 0 picks a number; the evaluation values the picks a step apart.",
                    options=(OptionSpec("step", 10, "the evaluation's step between picks, in thousandths",
                                        minimum=1),),
                    package="tests.agents", parts=GameParts(evaluation="toygames:close_call_evaluation"),
                    hidden_information=False, chance="none")

    @classmethod
    def state_class(cls) -> type[CloseCallState]:
        return CloseCallState

    def parse_notation(self, text: str) -> Action:
        words = text.split()
        if len(words) == 2 and words[0] == "pick":
            return Pick(int(words[1]))
        raise InvalidActionError(f"{text!r} is not 'pick N'")

    def _initial_state(self, seed: int) -> CloseCallState:
        s = CloseCallState(self, seed)
        s.pick = -1
        s.turn = 0
        return s



def close_call_evaluation(state: CloseCallState) -> list[float]:
    step = state.game.options["step"]
    assert isinstance(step, int)
    p0 = 0.5 + step / 1000 * max(state.pick, 0)
    return [p0, 1.0 - p0]


# ------------------------------------------------------------------------------- log-reading pick
class LogReadingPickGame(SecretPickGame):
    """Secret pick with a heuristic that reads the log (the number of events its seat has seen), so it
    plays differently on a world whose log is muted."""

    spec = GameSpec(name="logpick", display_name="Log pick", min_players=2, max_players=2,
                    summary="Secret pick whose heuristic counts the events it has seen.",
                    options=(OptionSpec("width", 2, "how many numbers to pick from", minimum=2),),
                    package="tests.agents", parts=GameParts(heuristic="toygames:log_pick_heuristic"),
                    simultaneous=True, chance="none")


def log_pick_heuristic(state: SecretPickState, seat: int, rng: random.Random) -> Action:
    return Pick(len(state.events(seat)) % state.game.width)


# ---------------------------------------------------------------------------------------- dice edge
class DiceEdgeState(State):
    """Seat 0 picks a number below ``picks`` (default 4); then a d100 is rolled, and seat 0 wins when
    ``roll + step * pick`` exceeds 50. A higher pick is better by ``step`` percent: a small edge under a lot
    of luck."""

    game: DiceEdgeGame
    pick: Annotated[int, 0]  # -1 until seat 0 has picked
    roll: Annotated[int, 0]

    @property
    def to_move(self) -> tuple[int, ...]:
        return (0,) if self.pick < 0 else ()

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Pick(v) for v in range(self.game.picks)]

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Pick)
        self.pick = action.value
        self.roll = self._rng().randint(1, 100)
        self._emit("roll", {"pick": self.pick, "roll": self.roll})

    @property
    def outcome(self) -> Outcome | None:
        if self.pick < 0:
            return None
        winner = 0 if self.roll + self.game.step * self.pick > 50 else 1
        return Outcome("rolled", (winner,), tuple(1.0 if s == winner else 0.0 for s in range(2)))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"pick": self.pick, "roll": self.roll}

    def _determinize(self, seat: int, rng: random.Random) -> None:
        pass


class DiceEdgeGame(Game[DiceEdgeState]):
    spec = GameSpec(name="diceedge", display_name="Dice edge", min_players=2, max_players=2,
                    summary="Seat 0 picks 0-3, then a d100 roll plus step x pick over 50 wins.",
                    options=(OptionSpec("step", 2, "what each pick adds to the roll", minimum=0),
                             OptionSpec("picks", 4, "how many numbers seat 0 may pick from", minimum=1)),
                    package="tests.agents", parts=GameParts(heuristic="toygames:dice_edge_heuristic"),
                    hidden_information=False)

    @property
    def step(self) -> int:
        s = self.options["step"]
        assert isinstance(s, int)
        return s

    @property
    def picks(self) -> int:
        n = self.options["picks"]
        assert isinstance(n, int)
        return n

    @classmethod
    def state_class(cls) -> type[DiceEdgeState]:
        return DiceEdgeState

    def parse_notation(self, text: str) -> Action:
        return parse_pick(text)

    def _initial_state(self, seed: int) -> DiceEdgeState:
        s = DiceEdgeState(self, seed)
        s.pick = -1
        s.roll = 0
        return s



def dice_edge_heuristic(state: DiceEdgeState, seat: int, rng: random.Random) -> Action:
    """A poor heuristic: always the smallest pick."""
    return Pick(0)


# ------------------------------------------------------------------------------------------- lamps
class LampsState(State):
    """Each seat has a lamp. On its turn a seat switches its lamp (``pick 1``) as often as it likes and
    ends the turn with ``pick 0``; after ``turns`` turns in all, the seats whose lamps are on share the win
    (everyone, when none is on). Switching twice in a turn changes nothing: the loop a bot must not
    take for ever."""

    game: LampsGame
    lamps: Annotated[list[int], 1]
    turn: Annotated[int, 0]

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.turn >= self.game.turns else (self.turn % 2,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Pick(1), Pick(0)]

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Pick)
        if action.value == 1:
            self.lamps[seat] ^= 1
        else:
            self.turn += 1
        self._emit("move", {"seat": seat, "value": action.value})

    @property
    def outcome(self) -> Outcome | None:
        if self.turn < self.game.turns:
            return None
        winners = tuple(s for s in range(2) if self.lamps[s]) or (0, 1)
        return Outcome("lamps", winners, tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(2)))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"lamps": list(self.lamps), "turn": self.turn, "to_move": list(self.to_move)}

    def _determinize(self, seat: int, rng: random.Random) -> None:
        pass


class LampsGame(Game[LampsState]):
    spec = GameSpec(name="lamps", display_name="Lamps", min_players=2, max_players=2,
                    summary="Switch your lamp as often as you like; lamps on at the end win.",
                    options=(OptionSpec("turns", 4, "turns in all", minimum=1),),
                    hidden_information=False, chance="none")

    @property
    def turns(self) -> int:
        t = self.options["turns"]
        assert isinstance(t, int)
        return t

    @classmethod
    def state_class(cls) -> type[LampsState]:
        return LampsState

    def parse_notation(self, text: str) -> Action:
        return parse_pick(text)

    def _initial_state(self, seed: int) -> LampsState:
        s = LampsState(self, seed)
        s.lamps = [0, 0]
        s.turn = 0
        return s
