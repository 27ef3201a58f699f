"""§6 Player combat, between the holder of the Necronomicon and a challenger on the holder's square: both
dice rolled in the open (§6.3, R9), a secret commitment of skeletons and Humans made by both seats at
once (§6.4), re-rolls in turn (§6.5), the committed skeletons added (§6.6), no weapons (§6.7); the higher
total holds the book (§6.8), a tie keeps it (§6.9, R10), and the loser dies (F6).

The combat under way is ``MidEvilState.pvp``: ``att``/``def`` (the challenger's and the holder's seats),
``dice``, ``hide`` (per side: white, red, blue, Humans committed), ``ready``, ``revealed``, ``next`` (the
side to re-roll next), ``done`` and ``used`` (re-rolls used) per side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.midevil import actions as A
from medieval.games.midevil import combat, movement, react, winning
from medieval.games.midevil.view import commit_json

if TYPE_CHECKING:
    from medieval.games.midevil.state import MidEvilState


def challenge(s: MidEvilState) -> None:
    """§6.2-§6.3: on the holder's square, each player rolls a die (the game's two dice, R9)."""
    att, dfd = s.turn, s.book
    s.challenged = True
    da, dd = s.d6(), s.d6()
    s.pvp = {"att": att, "def": dfd, "dice": [da, dd], "hide": [[0, 0, 0, 0], [0, 0, 0, 0]],
             "ready": [False, False], "revealed": False, "next": 0, "done": [False, False], "used": [0, 0]}
    s._emit("challenge", {"seat": att, "holder": dfd, "dice": [da, dd]})
    s.phase = "commit"
    if react.open_window(s, "pvp", [att, dfd]):  # §8.1 cards in a player combat (R7)
        return
    settle_commit(s)


def side(s: MidEvilState, seat: int) -> int:
    """0 for the challenger, 1 for the holder."""
    return 0 if s.pvp["att"] == seat else 1


def commit_actions(s: MidEvilState, seat: int) -> list[Action]:
    """§6.4: one more of the seat's skeletons (by colour) or Humans, or ready."""
    hide = s.pvp["hide"][side(s, seat)]
    k = s.kills[seat]
    acts: list[Action] = [A.HIDES[c] for c in range(3) if k[c] > hide[c]]
    if s.humans[seat] > hide[3]:
        acts.append(A.HIDES[3])
    acts.append(A.READY)
    return acts


def settle_commit(s: MidEvilState) -> None:
    p = s.pvp
    for i, seat in enumerate((p["att"], p["def"])):
        if not p["ready"][i] and len(commit_actions(s, seat)) == 1:
            p["ready"][i] = True  # nothing to commit
            s._emit("ready", {"seat": seat})
    if all(p["ready"]):
        reveal(s)


def hide(s: MidEvilState, seat: int, token: int) -> None:
    """§6.4 secret commitment: seen only by the committing player until both are ready."""
    i = side(s, seat)
    s.pvp["hide"][i][token] += 1
    s._emit("hide", {"seat": seat, "token": A.TOKENS[token], "hidden": s.pvp["hide"][i][:]}, to=(seat,))


def ready(s: MidEvilState, seat: int) -> None:
    p = s.pvp
    p["ready"][side(s, seat)] = True
    s._emit("ready", {"seat": seat})
    if all(p["ready"]):
        reveal(s)


def reveal(s: MidEvilState) -> None:
    """§6.4 both commitments revealed together."""
    p = s.pvp
    p["revealed"] = True
    s._emit("reveal", {"commitments": {str(seat): commit_json(h) for seat, h in
                                       zip((p["att"], p["def"]), p["hide"], strict=True)}})
    s.phase = "pvp"
    p["next"] = 0
    settle_pvp(s)


def settle_pvp(s: MidEvilState) -> None:
    """§6.5 re-rolls in turn, the active player first; a player who stops is done."""
    p = s.pvp
    while True:
        if p["done"][0] and p["done"][1]:
            resolve(s)
            return
        i = p["next"]
        if not p["done"][i] and p["used"][i] >= p["hide"][i][3]:
            p["done"][i] = True
        if p["done"][i]:
            p["next"] = 1 - i
            continue
        return


def reroll(s: MidEvilState) -> None:
    """§6.5 one committed Human re-rolls the player's die."""
    p = s.pvp
    i = p["next"]
    p["used"][i] += 1
    p["dice"][i] = s.d6()
    seat = p["att"] if i == 0 else p["def"]
    s._emit("pvp_reroll", {"seat": seat, "roll": p["dice"][i]})
    p["next"] = 1 - i
    settle_pvp(s)


def stand(s: MidEvilState) -> None:
    """§6.5 a player may stop re-rolling at any time."""
    p = s.pvp
    i = p["next"]
    p["done"][i] = True
    s._emit("stand", {"seat": p["att"] if i == 0 else p["def"]})
    p["next"] = 1 - i
    settle_pvp(s)


def resolve(s: MidEvilState) -> None:
    """§6.6-§6.9: committed skeletons raise the totals and leave the game; every committed Human goes
    to the supply (R2); the higher total holds the book, a tie keeps it (R10); the loser dies."""
    p = s.pvp
    att, dfd = p["att"], p["def"]
    totals = []
    for i, seat in enumerate((att, dfd)):
        h = p["hide"][i]
        totals.append(p["dice"][i] + winning.points(h))
        for c in range(3):
            s.kills[seat][c] -= h[c]
            s.gone[c] += h[c]
        s.humans[seat] -= h[3]
        s.supply += h[3]
    loser = -1
    if totals[0] > totals[1]:
        s.book = att
        loser = dfd
    elif totals[1] > totals[0] or s.options["tie_kills_challenger"]:
        loser = att
    s._emit("pvp_result", {"totals": {str(att): totals[0], str(dfd): totals[1]},
                           "holder": s.book, "loser": None if loser < 0 else loser})
    s.pvp = {}
    s.phase = "move"
    if loser >= 0:
        combat.die(s, loser, "player_combat")
        if loser == att:
            return
    movement.arrive(s)
    if s.phase != "over":
        movement.settle_move(s)
