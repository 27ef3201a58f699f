"""The layout holds: dependencies go one way (core <- games <- agents <- interfaces; interop beside the
interfaces), generic layers name no game and touch no private member of ``State``, every game declares
its parts in its spec, and no source file grows past 600 lines."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import medieval
from medieval.core.state import State

SRC = Path(__file__).resolve().parent.parent / "src" / "medieval"
MAX_LINES = 600
#: What each layer may import from the project (besides itself).
ALLOWED = {
    "core": set(),
    "games": {"core"},
    "agents": {"core", "games"},
    "interop": {"core", "games", "agents"},
    "interfaces": {"core", "games", "agents", "interop"},
}
GENERIC = ("agents", "interfaces", "interop")
#: The registry finds the games by importing the games package at first use (discovery, not a game).
EXCEPTIONS = {("core/registry.py", "medieval.games")}


def _sources(*layers: str) -> list[Path]:
    out: list[Path] = []
    for layer in layers:
        out += sorted((SRC / layer).rglob("*.py"))
    return out


def _layer(path: Path) -> str:
    return path.relative_to(SRC).parts[0]


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
    return out


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_dependencies_go_one_way(layer: str) -> None:
    wrong = []
    for path in _sources(layer):
        for line, module in _imports(path):
            parts = module.split(".")
            if parts[0] != "medieval" or len(parts) < 2 or parts[1] not in ALLOWED:
                continue
            if (str(path.relative_to(SRC)), module) in EXCEPTIONS:
                continue
            if parts[1] != layer and parts[1] not in ALLOWED[layer]:
                wrong.append(f"{path.relative_to(SRC)}:{line} imports {module}")
    assert not wrong, f"{layer} may import only {sorted(ALLOWED[layer]) or 'nothing else'}: {wrong}"


def _generic_files() -> list[Path]:
    """Every text file of the generic layers (code, pages, styles, docs), the vendored libraries aside."""
    out: list[Path] = []
    for layer in GENERIC:
        for path in sorted((SRC / layer).rglob("*")):
            if not path.is_file() or "vendor" in path.relative_to(SRC).parts or "__pycache__" in path.parts:
                continue
            try:
                path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
            out.append(path)
    return out


def test_generic_layers_name_no_game() -> None:
    """agents/, interfaces/ and interop/ find each game's parts through its spec, never by its name: in no
    file of theirs (Python, JavaScript, HTML, CSS...), not even inside a longer identifier."""
    names = [spec.name for spec in medieval.list_games()] + [spec.display_name for spec in medieval.list_games()]
    # letter boundaries: "python_medieval_paladin" and "paladin.js" name the game, "medieval" does not
    alternatives = (rf"(?<![a-z]){re.escape(n)}(?![a-z])" for n in sorted(set(names), key=len, reverse=True))
    pattern = re.compile("|".join(alternatives), re.IGNORECASE)
    files = _generic_files()
    assert any(p.suffix == ".js" for p in files) and any(p.suffix == ".html" for p in files)
    found = []
    for path in files:
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.relative_to(SRC)}:{i}: {line.strip()}")
    assert not found, "game names in generic code:\n" + "\n".join(found)


def _private_state_members() -> set[str]:
    names: set[str] = set()
    for klass in State.__mro__:
        if klass is object:
            continue
        names.update(n for n in vars(klass) if n.startswith("_") and not n.startswith("__"))
        names.update(n for n in getattr(klass, "__annotations__", {}) if n.startswith("_"))
    return names


def test_generic_layers_touch_no_private_state_member() -> None:
    """Searches and adapters use the public API (``mute_log``, ``apply_fast``, ``legal_actions_fast``,
    ``log_since``...), never ``State``'s private members."""
    private = _private_state_members()
    assert {"_legal", "_apply", "_log"} <= private
    found = []
    for path in _sources(*GENERIC):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in private
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                found.append(f"{path.relative_to(SRC)}:{node.lineno}: .{node.attr}")
    assert not found, "private State members used outside core/ and games/:\n" + "\n".join(found)


ROOT = SRC.parents[1]


def _counted_files() -> list[Path]:
    """The project's own Python, JavaScript and CSS: src/ (the vendored libraries aside), tests/, scripts/."""
    out: list[Path] = []
    for top in ("src", "tests", "scripts"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in (".py", ".js", ".css") and path.is_file() and "vendor" not in path.parts:
                out.append(path)
    return out


def test_no_source_file_is_over_600_lines() -> None:
    files = _counted_files()
    assert {".py", ".js", ".css"} <= {p.suffix for p in files}
    assert any(p.suffix == ".js" and "web" in p.parts for p in files)
    long = {str(p.relative_to(ROOT)): n for p in files
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"files over {MAX_LINES} lines: {long}"


MODULES = ("game", "state", "actions", "components", "view", "scenario", "heuristic", "render", "encoding",
           "text")


@pytest.mark.parametrize("name", [spec.name for spec in medieval.list_games()])
def test_every_game_package_has_the_same_shape(name: str) -> None:
    """Each game owns its whole surface with the same module names, and its spec names its parts."""
    spec = medieval.make(name).spec
    folder = SRC / "games" / name
    missing = [m for m in MODULES if not (folder / f"{m}.py").is_file()]
    assert not missing, f"{name} lacks the modules {missing}"
    for part in ("heuristic", "render", "encoding", "text", "search", "rules"):
        assert spec.has(part), f"{name} declares no {part}"
    assert spec.package == f"medieval.games.{name}"
    for part in ("heuristic", "render", "encoding", "text"):
        assert spec.load(part) is not None
    for part in ("search", "rules"):
        resource = spec.resource(part)
        assert resource is not None and resource.is_file(), f"{name}: {part} is missing"
