"""The menu of choices: numbered in one order, folded only when the plain list does not fit."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType

from medieval.interfaces.terminal.menu import Menu


def text_of(renderable: RenderableType, width: int = 80) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None).print(renderable)
    return buf.getvalue()


MEDIEVALIA = (["play 1", "play 1 W", "play 2", "play 2 W", "play 2 2", "play 7", "play 7 W", "take"]
              + [f"play W as {n}" for n in range(1, 14)] + [f"play W W as {n}" for n in range(1, 14)])


def test_a_short_menu_is_the_plain_numbered_list_in_the_games_order() -> None:
    menu = Menu(["nolook", "look Q7:1", "look Q7:2", "look Q1:3"])
    out, rows = menu.render(80, 6)
    text = text_of(out)
    assert rows == 1
    for n, notation in enumerate(["nolook", "look Q7:1", "look Q7:2", "look Q1:3"], 1):
        assert f"{n}. {notation}" in text
        assert menu.index(n) == n - 1


def test_a_long_menu_folds_families_into_numbered_ranges_that_still_play() -> None:
    menu = Menu(MEDIEVALIA)
    out, rows = menu.render(80, 4)
    text = text_of(out)
    assert rows <= 4 and len(text.splitlines()) <= 4
    assert "play W as 1…13" in text and "play W W as 1…13" in text
    folded = [e for level in menu.levels() for e in level]
    first, last = next(e for e in folded if e.label == "play W as 1…13").numbers.split("-")
    # the numbers of the folded line are the family, in order
    assert MEDIEVALIA[menu.index(int(first))] == "play W as 1"
    assert MEDIEVALIA[menu.index(int(last))] == "play W as 13"
    assert MEDIEVALIA[menu.index(int(first) + 8)] == "play W as 9"
    assert "take" in text  # a lone action keeps its own line
    # every action keeps exactly one number
    assert sorted(menu.order) == list(range(len(MEDIEVALIA)))


def test_a_huge_menu_folds_whole_verbs_and_lists_them_on_request() -> None:
    notations = [f"skeleton {x},{y} {d}" for x in range(-6, 6) for y in range(-3, 2) for d in "NESW"] + ["end"]
    menu = Menu(notations)
    out, rows = menu.render(80, 2)
    text = text_of(out)
    assert rows <= 2
    assert f"skeleton … {len(notations) - 1} ways ('choices skeleton')" in text and "end" in text
    listed = menu.listing("skeleton")
    assert len(listed) == len(notations) - 1 and listed[0].label == notations[menu.index(listed[0].first)]


def test_notes_follow_their_choice() -> None:
    menu = Menu(["play Soldier", "build Bank on Field3", "end actions"],
                {"play Soldier": "1F 1G", "build Bank on Field3": "1E 2G 3W"})
    text = text_of(menu.render(80, 6)[0])
    assert "play Soldier (1F 1G)" in text and "build Bank on Field3 (1E 2G 3W)" in text
    assert "end actions (" not in text
