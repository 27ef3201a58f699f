"""Medievalia (2007), 2-4 players and the 2 v 2 allied game: the game's declaration (its spec) and the
configured game (factions, the Fiefs and their adjacency, the option values the rules read)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from medieval.core.errors import InvalidOptionError
from medieval.core.registry import register
from medieval.core.spec import GameParts, GameSpec, OptionSpec, SpeedTargets
from medieval.core.state import Action, Game
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.setup import initial_state
from medieval.games.medievalia2007.state import Medievalia2007State

SPEC = GameSpec(
    name="medievalia2007",
    display_name="Medievalia (2007)",
    min_players=2,
    max_players=4,
    default_players=2,
    summary="Resources and war: build an economy of territories and workers, buy buildings for prestige, "
            "raise troops and march on your neighbours' Fiefs. 7 VP, the last City standing, or the "
            "most VP when the cards run out.",
    options=(
        OptionSpec("allied", False, "4 players in two alliances (partners opposite: seats 0+2 v 1+3)."),
        OptionSpec("layout", "ring",
                   "Fief adjacency for 3-4 players: an intermediate Fief between neighbouring seats (ring) "
                   "or between every pair of players (all_pairs).", choices=("ring", "all_pairs")),
        OptionSpec("siege_rule", "literal",
                   "Siege condition 2: no territory left or ANY territory unguarded (literal) or every "
                   "territory unguarded (none_guarded).", choices=("literal", "none_guarded")),
        OptionSpec("military_upkeep", True,
                   "Military cards need food like character cards (2 troops per food)."),
        OptionSpec("merchant", "one",
                   "A Merchant converts one unit of a resource (gold gives 2) or every unit of it.",
                   choices=("one", "all")),
        OptionSpec("ally_transfers", "several",
                   "Allied game: the ally may be called for every payment of a turn, for one fee a turn "
                   "(several), or only once a turn (once).", choices=("several", "once")),
        OptionSpec("abandoned", "offered_again",
                   "A purchase given up may be chosen again in the same turn (offered_again), or not "
                   "(not_again).", choices=("offered_again", "not_again")),
        OptionSpec("internal_moves", "free",
                   "Troops move freely inside their Fief (free), or once each per turn (once).",
                   choices=("free", "once")),
        OptionSpec("civilian_bonus", "war",
                   "A civilian building's +0/1 protects the card it is placed on whenever that card is hit "
                   "in war, by a battle or a Bowman (war), or only when its territory or City is the "
                   "target of a battle (target).", choices=("war", "target")),
        OptionSpec("exchanges", "while_paying",
                   "The 'at any time' exchanges (3 for 1, a card for 1): offered while a payment (yours or, in "
                   "the allied game, your ally's) is being made, the only moments a resource can be used "
                   "(while_paying); or a sale at every decision too, the resource lost at once (any_time).",
                   choices=("while_paying", "any_time")),
        OptionSpec("upkeep_check", "own_turn",
                   "Troops that can no longer be fed (a Field lost in another player's attack) are removed when "
                   "their owner's turn starts, as the rulebook's 'at any point during his turn' reads "
                   "(own_turn), or at once on anyone's turn (at_once).", choices=("own_turn", "at_once")),
        OptionSpec("turn_limit", 0,
                   "End the game (scored like lack of cards) after this many turns in all; 0 = no limit.",
                   minimum=0, maximum=10_000),
    ),
    package="medieval.games.medievalia2007",
    parts=GameParts(
        heuristic="heuristic:choose",
        evaluation="evaluation:evaluate",
        render="render",
        encoding="encoding:ENCODING",
        text="text",
        search="data/search.json",
        web="web",
        rules="rules.md",
    ),
    hidden_information=True,
    simultaneous=False,
    chance="sampled",
    # The 2-player game in full; 3, 4 and allied games cut at 24 turns (random play would need about 40
    # turns to empty two decks) to keep thousands of checked games affordable; the other readings of R18,
    # R20 and R38 in a 2-player game.
    test_configurations=((2, {}), (3, {"turn_limit": 24}), (4, {"turn_limit": 24}),
                         (4, {"allied": True, "turn_limit": 24}),
                         (2, {"civilian_bonus": "target", "exchanges": "any_time", "upkeep_check": "at_once"})),
    speed=SpeedTargets(search_per_s=2500),
)


@register
class Medievalia2007Game(Game[Medievalia2007State]):
    spec = SPEC

    players: int
    allied: bool
    team: tuple[int, ...]
    ally: tuple[int, ...]
    foes: tuple[tuple[int, ...], ...]
    loc_names: tuple[str, ...]
    loc_index: dict[str, int]
    adj: tuple[frozenset[int], ...]
    ends: tuple[tuple[int, int], ...]
    #: per Fief, what the view shows of it whatever the position: (name, owner, adjacent Fiefs,
    #: the two seats of an intermediate Fief)
    fiefs: tuple[tuple[str, int | None, tuple[str, ...], tuple[int, int] | None], ...]
    prestige_target: int
    military_upkeep: bool
    siege_rule: str
    merchant_all: bool
    turn_limit: int
    ally_once: bool
    abandoned_not_again: bool
    moves_once: bool
    civil_target: bool
    exchanges_any: bool
    upkeep_at_once: bool

    def _setup(self) -> None:
        n = self.players
        opts = self.options
        self.allied = bool(opts["allied"])
        self.ally_once = opts["ally_transfers"] == "once"
        self.abandoned_not_again = opts["abandoned"] == "not_again"
        self.moves_once = opts["internal_moves"] == "once"
        self.civil_target = opts["civilian_bonus"] == "target"
        self.exchanges_any = opts["exchanges"] == "any_time"
        self.upkeep_at_once = opts["upkeep_check"] == "at_once"
        if self.allied and n != 4:
            raise InvalidOptionError(f"the allied game is for 4 players (2 v 2), not {n}")
        self.team = tuple(s % 2 for s in range(n)) if self.allied else tuple(range(n))
        self.ally = tuple((s + 2) % n for s in range(n)) if self.allied else tuple(range(n))
        #: per seat, the seats of the other factions (``fief.hostile``), in seat order
        self.foes = tuple(tuple(s for s in range(n) if self.team[s] != self.team[p]) for p in range(n))
        if n == 2:
            pairs: list[tuple[int, int]] = [(0, 1)]
        elif opts["layout"] == "all_pairs" or n == 3:
            pairs = list(combinations(range(n), 2))
        else:
            pairs = [(s, (s + 1) % n) if s + 1 < n else (0, s) for s in range(n)]
        names = [f"F{s}" for s in range(n)] + [f"I{a}{b}" for a, b in pairs]
        self.loc_names = tuple(names)
        self.loc_index = {name: i for i, name in enumerate(names)}
        adj: list[set[int]] = [set() for _ in names]
        for i, (a, b) in enumerate(pairs):
            m = n + i
            adj[m] |= {a, b}
            adj[a].add(m)
            adj[b].add(m)
        self.adj = tuple(frozenset(x) for x in adj)
        self.ends = tuple(pairs)
        self.fiefs = tuple((name, i if i < n else None, tuple(sorted(names[j] for j in self.adj[i])),
                            pairs[i - n] if i >= n else None) for i, name in enumerate(names))
        self.prestige_target = 11 if self.allied else 7
        self.military_upkeep = bool(opts["military_upkeep"])
        self.siege_rule = str(opts["siege_rule"])
        self.merchant_all = opts["merchant"] == "all"
        self.turn_limit = int(opts["turn_limit"])

    @classmethod
    def state_class(cls) -> type[Medievalia2007State]:
        return Medievalia2007State

    def parse_notation(self, text: str) -> Action:
        return A.parse(text)

    def _initial_state(self, seed: int) -> Medievalia2007State:
        return initial_state(self, seed)

    def scenario(self, **setup: Any) -> Medievalia2007State:
        """A mid-game position for tests and tutorials (see ``scenario.build``)."""
        from medieval.games.medievalia2007.scenario import build

        return build(self, setup)
