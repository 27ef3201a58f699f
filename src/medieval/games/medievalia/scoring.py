"""§6 the End of the Round and its Scoring (with the Magic Instructor card, §T.3), §7 the New Round and
§8 the End of the Game."""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING, Any

from medieval.games.medievalia.components import NFACES, names_of
from medieval.games.medievalia.preparation import standings, start_round
from medieval.games.medievalia.tower import RoundEnd, score_round
from medieval.games.medievalia.view import round_summary

if TYPE_CHECKING:
    from medieval.games.medievalia.state import MedievaliaState


def end_round(s: MedievaliaState, hitter: int) -> None:
    """§6.1 ``hitter`` has played their last card with the deck empty: §6.2-§6.4 every hand joins its
    stack and every stack card is worth -1 unless the Magic Instructor card says otherwise; §6.5 the
    round's scores are added up; §7 the next round, or §8 the end."""
    n = s.players
    before = standings(s)
    ctx = RoundEnd(n, hitter, s.hands, s.stacks, None if before is None else before[:])
    scores, notes = score_round(s.instructor_card, ctx)
    s.totals = [t + x for t, x in zip(s.totals, scores, strict=True)]
    s.round_scores.append(scores)
    last_round: dict[str, Any] = {
        "round": s.round,
        "hitter": hitter,
        "field": s.field,
        "instructor": s.instructor,
        "hands": [names_of(h) for h in ctx.hands],
        "stacks": [names_of(x) for x in ctx.stacks],
        "ignored": names_of(s.table),
        "scores": scores,
        "notes": notes,
        "totals": s.totals[:],
    }
    s.last_round = last_round  # never mutated (clones share it)
    if s._log_on:
        s._emit("round_end", {**round_summary(last_round)})  # the log shares no list with the position
    if s.round >= s.game.rounds:
        # §6.2 the hands join the stacks (after any other round, every card goes back to the deck)
        s.stacks = [list(map(add, stack, hand)) for stack, hand in zip(ctx.stacks, ctx.hands, strict=True)]
        s.hands = [[0] * NFACES for _ in range(n)]
        finish(s)
        return
    s.round += 1
    s.first_player = (s.first_player + 1) % n  # §7.2 the player to the left
    s.start_dir = -s.start_dir  # §7.2 the other side of the Direction card
    start_round(s, s._rng())


def finish(s: MedievaliaState) -> None:
    """§8 highest total wins; a tie goes to the tied player whose worst round is the best (Ruling R8);
    still tied, the victory is shared."""
    totals = s.totals
    best = max(totals)
    tied = [x for x in range(s.players) if totals[x] == best]
    termination = "highest_score"
    winners = tied
    if len(tied) > 1:
        worst = {x: min(r[x] for r in s.round_scores) for x in tied}
        top = max(worst.values())
        winners = [x for x in tied if worst[x] == top]
        termination = "tie_break_lowest_round" if len(winners) == 1 else "shared_victory"
    s.over = True
    s.result = {"termination": termination, "winners": winners, "scores": totals[:]}
    s._emit("game_end", dict(s.result))
