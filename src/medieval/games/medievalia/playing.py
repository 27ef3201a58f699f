"""§3-§4 the Game Round (turn order, plays that beat the table, taking it, refilling) and §5 the Special
Cards (Wildcards, Skips, Skip-and-reverse), as the Magic Field card in play shapes them (§T.2)."""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING, Any

from medieval.core.state import Action
from medieval.games.medievalia import actions as A
from medieval.games.medievalia.components import DIRECTION_NAMES, FACE_NAMES, NFACES, W, names_of
from medieval.games.medievalia.scoring import end_round
from medieval.games.medievalia.tower import CHOOSE, REVERSE, FieldCard

if TYPE_CHECKING:
    from medieval.games.medievalia.state import MedievaliaState


class PlayTable:
    """The plays one Magic Field card allows (§4.2, §5), kept by hand shape: ``legal`` joins these lists
    instead of building every play again. Each list is in the rules' order and is never changed once
    made."""

    def __init__(self, fc: FieldCard, players: int, gives: list[int] | None = None) -> None:
        self.fc = fc
        self.players = players
        self.number_faces = fc.number_faces
        self.wild = bool(fc.wild_values)
        self.top_wild = max(fc.wild_values, default=0)
        self.skip_faces = tuple(fc.skip_effect)
        #: §T.2 CM01: the seats a play that hands over the stack may name (empty: no such plays)
        self.gives = gives or []
        #: CM01 only: per seat, the table of the plays when that seat has a stack to hand over
        self.giving = [PlayTable(fc, players, [t for t in range(players) if t != s])
                       for s in range(players)] if gives is None and fc.code == "CM01" else []
        #: (wilds, need) -> per value, count -> the number plays of that many cards of that value
        self.numbers: dict[tuple[int, int], list[dict[int, list[Action]]]] = {}
        self.by_least: dict[tuple[int, int, int, int], list[Action]] = {}  # (value, count, wilds, fewest cards)
        self.wilds: dict[tuple[int, int], list[Action]] = {}  # (wilds, need)
        self.skips: dict[tuple[int, int, int], list[Action]] = {}  # (face, count, seat)

    def numbers_of(self, v: int, c: int, nw: int, thr: int) -> list[Action]:
        """§4.2 one or more of the ``c`` cards of value ``v``, Wildcards (``nw`` in hand) joining,
        reaching ``thr``; under CM01 a play that hands over the stack names each possible receiver."""
        least = max(1, -(-thr // v))  # the fewest cards of value v that reach thr
        plays = self.by_least.get((v, c, nw, least))
        if plays is None:
            fc, play, gives = self.fc, A.play, self.gives
            plays = []
            for k in range(1, c + 1):
                for j in range(nw + 1):
                    if k + j >= least:
                        if gives and fc.gives_stack(v, k + j):
                            plays += [play(v, k, j, v, t) for t in gives]
                        else:
                            plays.append(play(v, k, j))
            self.by_least[(v, c, nw, least)] = plays
        self.numbers_row(nw, thr)[v][c] = plays
        return plays

    def numbers_row(self, nw: int, thr: int) -> list[dict[int, list[Action]]]:
        row = self.numbers.get((nw, thr))
        if row is None:
            row = self.numbers[(nw, thr)] = [{} for _ in range(NFACES)]
        return row

    def wilds_of(self, nw: int, thr: int) -> list[Action]:
        """§4.2 Wildcards alone, all at one declared value, reaching ``thr``."""
        fc, play, gives = self.fc, A.play, self.gives
        plays: list[Action] = []
        for v in fc.wild_values:
            for j in range(1, nw + 1):
                if v * j >= thr:
                    if gives and fc.gives_stack(v, j):
                        plays += [play(W, 0, j, v, t) for t in gives]
                    else:
                        plays.append(play(W, 0, j, v))
        self.wilds[(nw, thr)] = plays
        return plays

    def skips_of(self, face: int, c: int, seat: int) -> list[Action]:
        """§5 one or more copies of one Skip face; CM10's 12s name the next player."""
        play = A.play
        if self.fc.skip_effect[face] == CHOOSE:
            plays: list[Action] = [play(face, k, 0, 0, -1, t) for k in range(1, c + 1)
                                   for t in range(self.players) if t != seat]
        else:
            plays = [play(face, k) for k in range(1, c + 1)]
        self.skips[(face, c, seat)] = plays
        return plays


def legal(s: MedievaliaState, seat: int) -> list[Action]:
    """§4.2 number plays, then Wildcards alone, §5 Skip plays, §4.5 take. The plays of each hand shape
    come pre-built from the Magic Field card's ``PlayTable``."""
    pt = s.game.play_tables[s.field]
    hand = s.hands[seat]
    thr = s.need + s.margins[seat] if s.total > 0 else 1
    nw = hand[W] if pt.wild else 0
    if pt.giving and any(s.stacks[seat]):  # §T.2 CM01: name who receives the stack
        pt = pt.giving[seat]
    out: list[Action] = []
    row = pt.numbers.get((nw, thr)) or pt.numbers_row(nw, thr)
    for v in pt.number_faces:  # §4.2 one or more cards of one value, Wildcards joining
        c = hand[v]
        if c and v * (c + nw) >= thr:
            plays = row[v].get(c)
            if plays is None:
                plays = pt.numbers_of(v, c, nw, thr)
            out += plays
    if nw and pt.top_wild * nw >= thr:  # §4.2 Wildcards alone, all at one declared value
        plays = pt.wilds.get((nw, thr))
        if plays is None:
            plays = pt.wilds_of(nw, thr)
        out += plays
    skips = pt.skips
    for face in pt.skip_faces:  # §5 Skip cards, one or more copies of one face
        c = hand[face]
        if c:
            plays = skips.get((face, c, seat))
            if plays is None:
                plays = pt.skips_of(face, c, seat)
            out += plays
    if any(s.table):  # §4.5 cannot or will not beat: take the open cards
        out.append(A.TAKE)
    return out


def play(s: MedievaliaState, seat: int, action: A.Play) -> None:
    """§4.1-§4.3 a number play sets the total to beat; §5 a Skip play passes the turn (reversing the
    direction, or naming the next player under CM10) and leaves the total as it was (Ruling R2)."""
    fc = s.game.fields[s.field]
    hand = s.hands[seat]
    face, count = action.face, action.count
    effect = fc.skip_effect.get(face) if count else None
    text = action.shown  # the cards, without "give" or "next"
    event: dict[str, Any] | None = None
    if effect is not None:  # §5 a Skip play: nothing to beat changes
        hand[face] -= count
        zone = s.discard if s.game.discard_skips else s.table
        zone[face] += count
        nxt = -1
        if effect == REVERSE:
            s.direction = -s.direction
        elif effect == CHOOSE:
            nxt = action.next
        s.plays.append([seat, text, 0, effect, nxt])
        if s._log_on:
            event = {"seat": seat, "cards": text, "effect": effect,
                     "direction": DIRECTION_NAMES[s.direction]}
            if nxt >= 0:
                event["next"] = nxt
        end_turn(s, seat, nxt, event)
        return
    # §4.2 a number play
    wilds = action.wilds
    table = s.table
    if count:
        hand[face] -= count
        table[face] += count
    if wilds:
        hand[W] -= wilds
        table[W] += wilds
    total = action.value * (count + wilds)
    s.need = fc.need_after(total, s.need, s.total <= 0)
    s.total = total
    s.plays.append([seat, text, total, "", -1])
    if s._log_on:
        event = {"seat": seat, "cards": text, "total": total, "need": s.need}
        if action.give >= 0:  # §T.2 CM01
            event["give"] = {"to": action.give, "cards": names_of(s.stacks[seat])}
    if action.give >= 0:
        give_stack(s, seat, action.give)
    end_turn(s, seat, -1, event)


def give_stack(s: MedievaliaState, seat: int, to: int) -> None:
    """§T.2 CM01: ``seat``'s creature stack goes onto ``to``'s."""
    s.stacks[to] = list(map(add, s.stacks[to], s.stacks[seat]))
    s.stacks[seat] = [0] * NFACES


def take(s: MedievaliaState, seat: int) -> None:
    """§4.5 take every open card into the creature stack, then lead (no draw first, Ruling R6)."""
    table = s.table
    if s._log_on:
        s._emit("take", {"seat": seat, "cards": names_of(table)})
    s.stacks[seat] = list(map(add, s.stacks[seat], table))
    s.table = [0] * NFACES
    s.plays = []
    s.total = 0
    s.need = 1


def end_turn(s: MedievaliaState, seat: int, nxt: int, event: dict[str, Any] | None) -> None:
    """§4.4 refill to the hand limit while the deck lasts; §6.1 a player who has played their last card
    once the deck is empty ends the round; §3.1/§5.3 the turn passes on in the current direction (or to
    the player CM10 named). ``event`` is the play's log entry (None with the log off); the faces drawn
    are shown to the player alone."""
    hand = s.hands[seat]
    size = sum(hand)
    deck = s.deck
    if size == 0 and not deck:
        if event is not None:
            s._emit("play", event)
        end_round(s, seat)
        return
    want = s.hand_limits[seat] - size
    if want > 0 and deck:
        drawn = deck[-want:]
        del deck[-want:]
        for f in drawn:
            hand[f] += 1
        if event is not None:
            redacted = {**event, "drew": len(drawn)}
            event["drew"] = [FACE_NAMES[f] for f in drawn]
            s._emit("play", event, to=(seat,), redacted=redacted)
    elif event is not None:
        s._emit("play", event)
    s.turn = nxt if nxt >= 0 else (seat + s.direction) % s.game.players
