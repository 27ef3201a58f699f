"""The search's parameters (``ismcts:KEY=VALUE,...``), each declared once as an :class:`OptionSpec`
(the same schema as the games' rule options): its help, type, bounds or choices. ``docs/bots.md`` lists
them; a game's tuned values come from its spec (``data/search.json``)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from medieval.core.errors import InvalidOptionError
from medieval.core.spec import OptionSpec
from medieval.core.state import Game

#: Default iteration budget when neither ``iters`` nor ``time`` is given.
DEFAULT_ITERS = 1000

PARAMETERS: tuple[OptionSpec, ...] = (
    OptionSpec("iters", None, "iteration budget per decision (default 1000 when no time is given)",
               value_type=int, minimum=1),
    OptionSpec("time", None, "time budget per decision in seconds; with iters, whichever runs out first",
               value_type=float, minimum=0.001),
    OptionSpec("clock", "wall", "what 'time' measures: wall (default) or cpu (the searching thread's CPU time, "
               "which other programs on a busy machine do not eat into)", choices=("wall", "cpu")),
    OptionSpec("c", 0.7, "UCB exploration constant (default 0.7)", minimum=0),
    OptionSpec("rollout", "random", "rollout policy: random (default) or heuristic (the game's heuristic, "
               "eps-greedy)", choices=("random", "heuristic")),
    OptionSpec("eps", 0.1, "in heuristic rollouts, the chance of a random move instead (default 0.1)",
               minimum=0, maximum=1),
    OptionSpec("depth", "end", "end (default): rollouts play to the end of the game; N: after N rollout steps "
               "the game's own position evaluation (Game.evaluate) gives the rewards, 0 = at the new node; "
               "round: at the end of the round the rollout is in (games with rounds, Game.round_number); turn: "
               "where the seat that took the last searched decision is no longer to move (its turn is over); "
               "games without an evaluation play to the end", pattern=r"end|none|off|round|turn|[0-9]+"),
    OptionSpec("horizon", "end", "end (default): the tree grows through every seat's decisions; turn: it stops "
               "where the searching seat is no longer to move (its turn is over), so that with depth=turn every "
               "line is scored at the same point, the end of the searching seat's turn; reply: as turn, and "
               "with depth=turn the playout then plays the other seats on until the searching seat is to move "
               "again, where every line is scored", choices=("end", "turn", "reply")),
    OptionSpec("prior", "heuristic", "heuristic (default): the game's heuristic move is tried first and "
               "biased at each new node; none: no prior", choices=("heuristic", "none")),
    OptionSpec("bias", 1.0, "weight of the heuristic prior (default 1.0)", minimum=0),
    OptionSpec("bonus", "flat", "how the prior's bonus to the heuristic's move decays: flat (default), "
               "bias/(visits+1); or puct, bias*sqrt(availability)/(visits+1), which lasts longer",
               choices=("flat", "puct")),
    OptionSpec("pw", "auto", "progressive widening: K allows ceil(K * visits^alpha) tried actions at a node; "
               "off; or auto (default: 2 at nodes with at least 'pwmin' legal actions, off elsewhere)",
               pattern=r"auto|off|none|[0-9]+(\.[0-9]+)?"),
    OptionSpec("alpha", 0.5, "progressive widening exponent (default 0.5)", minimum=0.01, maximum=0.99),
    OptionSpec("pwmin", 24, "legal actions from which progressive widening applies (default 24)", minimum=1),
    OptionSpec("obs", "events", "events (default): one tree per seat keyed by what it observes; actions: one "
               "tree keyed by actions", choices=("events", "actions")),
    OptionSpec("gamma", 0.1, "EXP3 exploration rate at decisions of simultaneous rounds (default 0.1)",
               minimum=0.001, maximum=1),
    OptionSpec("sw", 0.0, "weight of the normalised score in the reward (default 0: wins only)",
               minimum=0, maximum=1),
    OptionSpec("norm", False, "0 (default): UCB compares mean rewards as they are; 1: rescale the mean rewards "
               "of a node's actions to [0, 1] (their min and max) before adding the exploration term, so that an "
               "evaluation's small differences between moves are not drowned by exploration"),
    OptionSpec("fast", True, "1 (default): rollouts (random or heuristic) skip the log and apply's checks "
               "when a self-test shows the game plays identically without them; 0: always the checked path"),
    OptionSpec("paired", False, "0 (default): the tree search; 1: a search of the root decision only, with "
               "paired playouts: each iteration plays every legal action on the same determinized world with "
               "the same dice and the same rollout draws, and the bot leaves the heuristic's move only for an "
               "action whose paired advantage over it is significant (see z, nmin)"),
    OptionSpec("z", 1.5, "with paired=1: the z-score an action's mean advantage over the heuristic's move "
               "must exceed (default 1.5)", minimum=0),
    OptionSpec("nmin", 8, "with paired=1: paired samples needed before the heuristic's move may be left "
               "(default 8)", minimum=1),
    OptionSpec("halving", 0, "with paired=1: successive halving at decisions with at least this many legal "
               "actions: the budget is split into rounds, each round samples the moves still in, and the half "
               "with the smaller mean advantage over the heuristic's move drops out, until two challengers are "
               "left (default 0: off, every move sampled to the end)", value_type=int, minimum=0),
    OptionSpec("trees", 1, "independent trees the budget is split among, grown one after another; the move "
               "has the most visits summed over them (default 1: one tree)", value_type=int, minimum=1,
               maximum=64),
    OptionSpec("settle", "auto", "stop the tree search once its move is decided: the most visited move leads "
               "every other by more visits than the budget left could still give (auto, the default: with a time "
               "budget alone; on: with any budget; off: spend the whole budget). The move is the one the whole "
               "budget would have chosen", choices=("auto", "on", "off")),
    OptionSpec("tuned", True, "1 (default): parameters not given take the values tuned for the game being "
               "played (the data/search.json its spec names); 0: the generic defaults everywhere"),
)
BY_NAME = {p.name: p for p in PARAMETERS}


def parse_value(key: str, text: object) -> Any:
    """One parameter's value (text from a spec, or a Python value) in the form ISMCTSConfig holds."""
    spec = BY_NAME.get(key)
    if spec is None:
        raise InvalidOptionError(f"ismcts has no parameter {key!r} (parameters: {', '.join(sorted(BY_NAME))})")
    if isinstance(text, str):
        text = text.strip()
        if key in ("depth", "pw"):
            text = text.lower()
    try:
        value = spec.coerce(text)
    except InvalidOptionError as e:
        raise InvalidOptionError(f"ismcts: {e}") from None
    if key == "depth":
        return None if value in ("end", "none", "off") else value if value in ("round", "turn") else int(value)
    if key == "pw":
        return None if value == "auto" else 0.0 if value in ("off", "none") else float(value)
    return value


@dataclass(frozen=True)
class ISMCTSConfig:
    """The bot's parameters (see :data:`PARAMETERS`)."""

    iters: int | None = None
    time: float | None = None
    clock: str = "wall"
    c: float = 0.7
    rollout: str = "random"
    eps: float = 0.1
    depth: int | str | None = None  # None: to the end; N steps; "round"/"turn": to the end of the round/turn
    horizon: str = "end"
    prior: str = "heuristic"
    bias: float = 1.0
    bonus: str = "flat"
    pw: float | None = None
    alpha: float = 0.5
    pwmin: int = 24
    obs: str = "events"
    gamma: float = 0.1
    sw: float = 0.0
    norm: bool = False
    fast: bool = True
    paired: bool = False
    z: float = 1.5
    nmin: int = 8
    halving: int = 0
    trees: int = 1
    settle: str = "auto"
    tuned: bool = True
    #: the keys the bot's spec set explicitly (tuned per-game values never override them)
    given: frozenset[str] = field(default=frozenset(), compare=False)

    @property
    def iteration_budget(self) -> int | None:
        if self.iters is None and self.time is None:
            return DEFAULT_ITERS
        return self.iters

    @property
    def settles(self) -> bool:
        """Whether the tree search stops once its move is decided (``settle``): ``auto`` does with a time
        budget alone, where the number of iterations is not reproducible anyway; with an iteration budget
        it would leave the search's random draws at another point for the next move."""
        if self.settle == "auto":
            return self.time is not None and self.iters is None
        return self.settle == "on"

    @classmethod
    def from_params(cls, params: dict[str, str]) -> ISMCTSConfig:
        """Read ``KEY=VALUE`` text parameters; unknown keys and bad values raise InvalidOptionError."""
        values = {key: parse_value(key, text) for key, text in params.items()}
        cfg = cls(**values, given=frozenset(values))
        cfg.validate()
        return cfg

    def for_game(self, game: Game[Any]) -> ISMCTSConfig:
        """This configuration with the values tuned for the game (its spec's search defaults, for its
        number of players) for every key not given."""
        return self.with_tuned(game.spec.search_defaults(game.players)) if self.tuned else self

    def with_tuned(self, tuned: dict[str, str]) -> ISMCTSConfig:
        """This configuration with ``tuned`` (a game's search table values, as text) for every key not
        given (``tuned=0`` is the caller's to honour: see ``for_game``)."""
        values = {k: parse_value(k, v) for k, v in tuned.items() if k not in self.given}
        return replace(self, **values) if values else self

    def validate(self) -> None:
        """Check a configuration built directly (from_params checks each value against PARAMETERS)."""
        for spec in PARAMETERS:
            value = getattr(self, spec.name)
            if value is None or spec.name in ("depth", "pw"):
                continue
            try:
                spec.coerce(value)
            except InvalidOptionError as e:
                raise InvalidOptionError(f"ismcts: {e}") from None
        depth = self.depth
        if depth is not None and depth not in ("round", "turn") and not (isinstance(depth, int) and depth >= 0):
            raise InvalidOptionError(f"ismcts: depth must be end, round, turn or a number of steps >= 0, "
                                     f"got {depth}")
        if self.pw is not None and not self.pw >= 0:
            raise InvalidOptionError(f"ismcts: pw must be off, auto or a positive number, got {self.pw}")
