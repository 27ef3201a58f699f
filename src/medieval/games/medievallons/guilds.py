"""§4.2 What a guild is and what becomes of it: the guilds that count towards the win (R3), and a guild
broken below three cards or left with Jesters only (R4).

A guild is ``[id, owner, kind, count, jesters, laid_turn]``: ``count`` cards of ``kind`` and ``jesters``
Jesters (a guild of Jesters only has kind JESTER and count 0). The id is given when the guild is laid and
never changes; the label (``Knight#3``) is its kind now and its id."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.games.medievallons.actions import guild_label
from medieval.games.medievallons.components import JESTER, KINDS

if TYPE_CHECKING:
    from medieval.games.medievallons.state import MedievallonsState

GUILD_MIN = 3  # §4.2 three or more cards
WIN_GUILDS = 3  # §5.1 the third guild wins
G_ID, G_OWNER, G_KIND, G_COUNT, G_JESTERS, G_LAID = range(6)


def cards(g: list[int]) -> list[str]:
    """The names of a guild's cards: its kind's cards, then its Jesters."""
    return [KINDS[g[G_KIND]]] * g[G_COUNT] + [KINDS[JESTER]] * g[G_JESTERS]


def find(s: MedievallonsState, gid: int) -> list[int]:
    for g in s.guilds:
        if g[G_ID] == gid:
            return g
    raise AssertionError(f"no guild {gid}")  # pragma: no cover - legal actions name guilds on the table


def count(s: MedievallonsState, seat: int) -> int:
    """Guilds of ``seat`` that count towards the win (R3: a guild of Jesters only counts, unless the
    option ``jester_guild_counts`` says no)."""
    n = 0
    if s.game.jester_guild_counts:
        for g in s.guilds:
            if g[G_OWNER] == seat:
                n += 1
    else:
        for g in s.guilds:
            if g[G_OWNER] == seat and g[G_KIND] != JESTER:
                n += 1
    return n


def check(s: MedievallonsState, g: list[int]) -> None:
    """§4.2 a guild left with fewer than three cards goes back to its owner's hand; R4 a guild left with
    Jesters only is a Jester guild."""
    log = s._log_on
    label = guild_label(g[G_ID], g[G_KIND]) if log else ""
    if g[G_COUNT] + g[G_JESTERS] < GUILD_MIN:
        hand = s.hands[g[G_OWNER]]
        hand[g[G_KIND]] += g[G_COUNT]
        hand[JESTER] += g[G_JESTERS]
        s.guilds.remove(g)
        if log:
            s._emit("guild_returned", {"owner": g[G_OWNER], "guild": label, "cards": cards(g)})
    elif g[G_COUNT] == 0 and g[G_KIND] != JESTER:
        g[G_KIND] = JESTER
        if log:
            s._emit("guild_changed", {"owner": g[G_OWNER], "guild": label, "now": guild_label(g[G_ID], JESTER)})
