"""§13 Allied Game: resources produced out of turn for the ally (ruling R28). During a payment the
player may call his ally once per turn; the ally produces, trades or sells (no movement, no other
power) and sends everything less one resource of his choice, the turn's fee, or refuses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import FACE, IS_HOST, IS_TROOP, PROD, RESOURCES
from medieval.games.medievalia2007.fief import PAY, SUPPLY, dedup
from medieval.games.medievalia2007.paying import after_payment_step

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State


def call_ally(s: Medievalia2007State, seat: int, action: Action) -> None:
    s.called = True
    s.phase = SUPPLY
    s._emit("call_ally", {"seat": seat, "ally": s.game.ally[seat]})


def supply_options(s: Medievalia2007State, q: int) -> list[Action]:
    """What the called ally may do: produce with his unused City, territories and free troops at home,
    trade 3 for 1, sell a card from hand, send (once he has at least 2) or refuse."""
    out: list[Action] = []
    pool = s.pool[q]
    rot, host, loc = s.rot, s.host, s.loc
    tables = s.tables[q]
    out += [A.PRODUCE[h] for h in tables if IS_HOST[h] and not rot[h]]
    out += [A.PRODUCE[t] for t in dedup(
        s, [t for t in tables if IS_TROOP[t] and loc[t] == q and host[t] < 0 and not rot[t] and PROD[t] >= 0])]
    for g in range(4):
        if pool[g] >= 3:
            out += [A.TRADE[g][r] for r in range(4) if r != g]
    out += [A.SELL[f][r] for f in sorted({FACE[c] for c in s.hands[q]}) for r in range(4)]
    if sum(pool) >= 2:
        out += [A.SEND[r] for r in range(4) if pool[r]]
    out.append(A.REFUSE)
    return out


def send(s: Medievalia2007State, seat: int, action: A.Send) -> None:
    """§13: resources produced out of turn for the ally cost 1 more (this turn's fee)."""
    pool = s.pool[seat]
    pool[action.fee] -= 1
    dest = s.pool[s.active]
    for r in range(4):
        dest[r] += pool[r]
    s._emit("send", {"seat": seat, "to": s.active, "fee": RESOURCES[action.fee],
                     "resources": dict(zip(RESOURCES, pool, strict=True))})
    s.pool[seat] = [0, 0, 0, 0]
    s.phase = PAY
    after_payment_step(s, s.active)


def refuse(s: Medievalia2007State, seat: int, action: Action) -> None:
    s.pool[seat] = [0, 0, 0, 0]
    s._emit("refuse", {"seat": seat})
    s.phase = PAY
