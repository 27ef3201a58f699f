"""What a seat may know of a Medievalia (2007) position (``state.view(seat)``).

Everything on the table is public; so are the deck each hand card came from, the face-up card under
each deck and the face-up top of each building stack. Hidden: the order of the decks and stacks and
the other players' hand cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.games.medievalia2007.components import (
    ATT,
    DECK,
    DECKS,
    DEF,
    FACE,
    FACES,
    IS_HOST,
    IS_TROOP,
    KIND,
    KIND_NAMES,
    NAME,
    PROD,
    RESOURCES,
    TERR,
)
from medieval.games.medievalia2007.rules import BOOST, DMG, FOUGHT, IMOVED, MOVED

if TYPE_CHECKING:
    from medieval.games.medievalia2007.rules import Medievalia2007State


def card_json(state: Medievalia2007State, c: int) -> dict[str, Any]:
    g = state.game
    d: dict[str, Any] = {
        "name": NAME[c],
        "face": FACES[FACE[c]],
        "kind": KIND_NAMES[KIND[c]],
        "owner": state.owner[c],
        "fief": g.loc_names[state.loc[c]],
        "on": NAME[state.host[c]] if state.host[c] >= 0 else None,
        "rotated": bool(state.rot[c]),
        "damage": state.mark(c, DMG),
    }
    if ATT[c] or DEF[c]:
        d["strength"] = [ATT[c], DEF[c]]
    if PROD[c] >= 0:
        d["produces"] = RESOURCES[PROD[c]]
        d["production"] = state.production(c) if (IS_HOST[c] or state.loc[c] == state.owner[c]) else 0
    if IS_TROOP[c]:
        d["moves"] = state.mark(c, MOVED)
        d["moved_inside"] = bool(state.mark(c, IMOVED))
        d["fought"] = bool(state.mark(c, FOUGHT))
    if IS_HOST[c]:
        d["guarded"] = state.guarded(c)
    if state.mark(c, BOOST):
        d["artists"] = state.mark(c, BOOST)
    return d


def build_view(state: Medievalia2007State, seat: int | None) -> dict[str, Any]:
    g = state.game
    n = g.players
    players = []
    for s in range(n):
        hand = state.hands[s]
        by_deck = [0, 0, 0]
        for c in hand:
            by_deck[DECK[c]] += 1
        players.append({
            "seat": s,
            "alive": state.alive[s],
            "team": g.team[s],
            "vp": state.vp(s),
            "hand_count": len(hand),
            "hand_by_deck": dict(zip(DECKS, by_deck, strict=True)),
            "pool": dict(zip(RESOURCES, state.pool[s], strict=True)),
            "building_discount": state.wild[s],
            "siege_turns": state.siege[s],
            "food": state.food_capacity(s),
            "upkeep": state.upkeep(s),
            "must_disband": state.excess[s],
            "gold_production": state.gold_production(s),
            "territories": sum(1 for c in state.tables[s] if KIND[c] == TERR),
        })
    at: list[list[str]] = [[] for _ in g.loc_names]
    table: dict[str, Any] = {}
    loc = state.loc
    for s in range(n):
        for c in state.tables[s]:
            at[loc[c]].append(NAME[c])
            table[NAME[c]] = card_json(state, c)
    fiefs = [{**entry, "cards": at[i]} for i, entry in enumerate(_fief_entries(state))]
    out = state.outcome
    b = state.battle
    battle = None
    if b is not None:
        battle = {
            "kind": b["kind"], "fief": g.loc_names[b["loc"]], "attacker": b["att"], "defender": b["def"],
            "step": b["step"],
            "armies": [[NAME[t] for t in a] for a in b["armies"]],
            "bands": [[NAME[t] for t in band] for band in b["bands"]],
            "targets": [None if a is None else _aim_json(a) for a in b["aims"]],
            "groups": [{"owner": u["owner"], "cards": [NAME[c] for c in u["cards"]],
                        "territory": NAME[u["fixed"]] if u["fixed"] >= 0 else None,
                        "incoming": u["in"], "order": [NAME[c] for c in u["order"]],
                        "bonuses_to_place": len(u["src"])} for u in b["units"]],
            "bonus": {NAME[int(k)]: v for k, v in b["bon"].items()},
            "powers_order": b["win"],
        }
    purchase = None
    if state.buying is not None:
        kind = state.buying[0]
        p = state.active
        purchase = {
            "kind": ("play", "build", "remove", "card")[kind],
            "what": (FACES[state.buying[1]] if kind in (0, 1) else
                     NAME[state.buying[1]] if kind == 2 else DECKS[state.buying[1]]),
            "on": NAME[state.buying[2]] if kind == 1 else None,
            "cost": dict(zip(RESOURCES, state.price(p), strict=True)),
            "any": 4 if kind == 3 else 0,
            "shortfall": dict(zip(RESOURCES, state.shortfall(p), strict=True)),
            "pool": dict(zip(RESOURCES, state.pool[p], strict=True)),
            "discount": state.wild[p],
        }
    return {
        "game": "medievalia2007",
        "seat": seat,
        "players": n,
        "allied": g.allied,
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase,
        "to_move": list(state.to_move),
        "pending": state.pending(),
        "purchase": purchase,
        "decks": [{"name": DECKS[d], "count": len(deck), "bottom": FACES[FACE[deck[-1]]] if deck else None}
                  for d, deck in enumerate(state.decks)],
        "stacks": [{"count": len(st), "top": FACES[FACE[st[0]]] if st else None} for st in state.stacks],
        "discard": [NAME[c] for c in state.discard],
        "removed": [NAME[c] for c in state.removed],
        "hand": None if seat is None else sorted(FACES[FACE[c]] for c in state.hands[seat]),
        "players_info": players,
        "fiefs": fiefs,
        "table": table,
        "battle": battle,
        "prestige_target": g.prestige_target,
        "outcome": None if out is None else out.to_json(),
    }


def _fief_entries(state: Medievalia2007State) -> list[dict[str, Any]]:
    """The static part of each Fief's entry (name, owner, neighbours), made once per game."""
    g = state.game
    cached: list[dict[str, Any]] | None = getattr(g, "_fief_entries", None)
    if cached is None:
        n = g.players
        cached = []
        for i, name in enumerate(g.loc_names):
            entry: dict[str, Any] = {"name": name, "owner": i if i < n else None,
                                     "adjacent": sorted(g.loc_names[j] for j in g.adj[i])}
            if i >= n:
                entry["between"] = list(g.ends[i - n])
            cached.append(entry)
        g._fief_entries = cached  # type: ignore[attr-defined]
    return [dict(e, adjacent=list(e["adjacent"]), **({"between": list(e["between"])} if "between" in e else {}))
            for e in cached]


def _aim_json(a: list[Any]) -> Any:
    kind, val = a
    if kind == "card":
        return NAME[val]
    if kind == "band":
        return f"band {val + 1}"
    return kind
