"""§13 Allied Game: resources produced out of turn for the ally (ruling R28). During any payment the
player may call his ally; the ally produces, trades or sells (no movement, no other power) and sends
everything, less one resource of his choice on the turn's first transfer ("1 extra resource (any kind)
for each game turn in which resources are transferred"), or refuses, which ends the calls of the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import FACE, IS_HOST, IS_TROOP, PROD, RESOURCES
from medieval.games.medievalia2007.fief import FEE_PAID, PAY, REFUSED, SUPPLY, dedup
from medieval.games.medievalia2007.paying import after_payment_step

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State


def call_ally(s: Medievalia2007State, seat: int, action: Action) -> None:
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
    if s.called == FEE_PAID:  # the turn's fee is paid: anything made is sent whole
        if sum(pool) >= 1:
            out.append(A.SEND_FREE)
    elif sum(pool) >= 2:
        out += [A.SEND[r] for r in range(4) if pool[r]]
    out.append(A.REFUSE)
    return out


def send(s: Medievalia2007State, seat: int, action: A.Send) -> None:
    """§13: resources produced out of turn for the ally cost 1 more, once a turn (this turn's fee)."""
    pool = s.pool[seat]
    if action.fee >= 0:
        pool[action.fee] -= 1
        s.called = FEE_PAID
    dest = s.pool[s.active]
    for r in range(4):
        dest[r] += pool[r]
    s._emit("send", {"seat": seat, "to": s.active, "fee": RESOURCES[action.fee] if action.fee >= 0 else None,
                     "resources": dict(zip(RESOURCES, pool, strict=True))})
    s.pool[seat] = [0, 0, 0, 0]
    s.phase = PAY
    after_payment_step(s, s.active)


def refuse(s: Medievalia2007State, seat: int, action: Action) -> None:
    s.called = REFUSED  # no more calls this turn
    s.pool[seat] = [0, 0, 0, 0]
    s._emit("refuse", {"seat": seat})
    s.phase = PAY
