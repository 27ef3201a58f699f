"""The optional compiled build: which modules mypyc compiles, and which of them are compiled here.

Pure Python is the default install. ``MEDIEVAL_COMPILE=1`` at install time (``setup.py``) compiles each
game's rules, heuristic and evaluation modules with mypyc into C extensions, which Python then imports in
place of the sources; the games play exactly the same (``tests/test_compiled_build.py`` builds them and
replays the golden playthroughs). Left out: the modules that define a game's state, actions, components
and encodings (classes other code subclasses, clones or builds with ``exec``), and those whose speed
does not matter (text, rendering, scenarios, views).

This module reads only the standard library, so ``setup.py`` can run it before the package is built.
"""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Mapping
from pathlib import Path

#: Modules of a game package that are never compiled.
LEFT_OUT = frozenset({
    "__init__", "actions", "components", "encoding", "game", "render", "scenario", "state", "text", "view",
})

#: The environment variable that asks ``setup.py`` for the compiled build.
ENV = "MEDIEVAL_COMPILE"
#: The C compiler's optimization level for the compiled build (``0`` to ``3``, default ``3``).
OPT = "MEDIEVAL_COMPILE_OPT"
#: Set by the build backend (``build_support/``) while setuptools runs ``setup.py`` only to list the build
#: requirements or write the metadata: ``setup.py`` must not compile then.
ASKING = "MEDIEVAL_BUILD_ASKING_REQUIRES"


def compiling(environ: Mapping[str, str]) -> bool:
    """Whether ``environ`` asks for the compiled build (``MEDIEVAL_COMPILE`` set, and not to ``0``)."""
    return environ.get(ENV, "0") not in ("", "0")


def modules_to_compile(src: Path) -> list[Path]:
    """The source files the compiled build compiles, under ``src`` (the folder holding ``medieval/``)."""
    games = src / "medieval" / "games"
    return sorted(path for path in games.glob("*/*.py") if path.stem not in LEFT_OUT)


def module_name(src: Path, path: Path) -> str:
    """``src/medieval/games/paladin/placing.py`` -> ``medieval.games.paladin.placing``."""
    return ".".join(path.relative_to(src).with_suffix("").parts)


def compiled_modules() -> list[str]:
    """The imported modules of this package that were loaded from a C extension (the compiled build):
    empty for the pure Python install."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name for name, module in list(sys.modules.items())
        if name.startswith("medieval.") and str(getattr(module, "__file__", "") or "").endswith(suffixes)
    )


def describe() -> str:
    """One line for reports: ``pure Python`` or ``compiled with mypyc (N modules)``."""
    compiled = compiled_modules()
    return f"compiled with mypyc ({len(compiled)} modules)" if compiled else "pure Python"
