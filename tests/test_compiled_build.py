"""The optional compiled build (``MEDIEVAL_COMPILE=1 pip install .``: setup.py, build_support/,
``medieval.core.compiled``), built as a user builds it, compiles every module it names and plays exactly as
pure Python does (the golden playthroughs, and digests of more seeded games in every test configuration),
leaving no cyclic garbage."""

from __future__ import annotations

import json
import os
import runpy
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from medieval.core.compiled import ENV, OPT, compiling, module_name, modules_to_compile
from tests.support.play_digest import digests

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def _build(base: Path) -> Path:
    """The compiled build installed into a folder of its own (built from a copy of the project, so that
    its build folder is its own too). The C compiler runs at -O0 here, several times faster than the
    default -O3; the compiled modules, and what they do, are the same."""
    source, target = base / "source", base / "target"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    junk = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info")
    for name in ("build_support", "src"):
        shutil.copytree(ROOT / name, source / name, ignore=junk)
    out = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
                          str(source)], capture_output=True, text=True, timeout=1800,
                         env={**os.environ, ENV: "1", OPT: "0"})
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-4000:]
    return target


def _run(target: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run Python with the compiled build first on its path, in the project's folder (for ``tests``)."""
    env = {**os.environ, "PYTHONPATH": str(target)}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=1200, cwd=ROOT,
                          env=env)


def test_the_compiled_build_compiles_what_it_names_and_plays_as_pure_python(tmp_path: Path) -> None:
    """One test, so that the three-minute build runs once (parallel workers would each build for a fixture)."""
    compiled = _build(tmp_path)
    _loads_every_module_it_names_compiled(compiled)
    _plays_the_golden_playthroughs(compiled)  # and leaves no cyclic garbage
    _plays_seeded_games_as_pure_python_does(compiled)


def _loads_every_module_it_names_compiled(compiled: Path) -> None:
    src = ROOT / "src"
    wanted = [module_name(src, path) for path in modules_to_compile(src)]
    assert "medieval.games.paladin.placing" in wanted and "medieval.games.midevil.skeletons" in wanted
    assert not any(name.endswith((".state", ".actions")) for name in wanted)
    script = (
        "import importlib, json, sys\n"
        "import medieval\n"
        "from medieval.core.compiled import compiled_modules, describe\n"
        f"for name in {wanted!r}:\n"
        "    importlib.import_module(name)\n"
        "import random\n"
        "from medieval.core.events import BUILDERS\n"
        "for game in ('midevil', 'paladin'):\n"
        "    state, rng = medieval.make(game).new_game(1), random.Random(1)\n"
        "    for _ in range(600):\n"
        "        if not state.is_over:\n"
        "            seat = state.to_move[0]\n"
        "            state.apply(seat, rng.choice(state.legal_actions(seat)))\n"
        "print(json.dumps({'file': medieval.__file__, 'compiled': compiled_modules(), 'describe': describe(),\n"
        "                  'builders': len(BUILDERS)}))\n"
    )
    out = _run(compiled, "-c", script)
    assert out.returncode == 0, out.stderr[-3000:]
    found = json.loads(out.stdout)
    assert Path(found["file"]).is_relative_to(compiled)
    assert found["compiled"] == sorted(wanted)
    assert found["describe"] == f"compiled with mypyc ({len(wanted)} modules)"
    # Lazy log entries name their payload builder by number, kept by the builder function: a compiled
    # module's function must be the same object at every emit, or the numbers would grow with the log
    sites = sum(path.read_text(encoding="utf-8").count("._emit_lazy(") for path in src.rglob("*.py"))
    assert 0 < found["builders"] <= sites


def _plays_the_golden_playthroughs(compiled: Path) -> None:
    """The golden playthroughs, and the conformance check that playing and searching leave no cyclic
    garbage (compiled, a nested function holds its own closure: the build's modules define none)."""
    out = _run(compiled, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
               "tests/golden/test_golden.py",
               "tests/conformance/test_conformance.py::test_play_and_search_leave_no_reference_cycles")
    assert out.returncode == 0, out.stdout[-4000:]
    assert "passed" in out.stdout and "failed" not in out.stdout


def _plays_seeded_games_as_pure_python_does(compiled: Path) -> None:
    out = _run(compiled, "-m", "tests.support.play_digest")
    assert out.returncode == 0, out.stderr[-3000:]
    theirs = json.loads(out.stdout)
    ours = digests()
    assert sorted(theirs) == sorted(ours) and len(ours) >= 5
    differ = [label for label in ours if theirs[label] != ours[label]]
    assert not differ, f"the compiled build plays differently in {differ}"


def test_pure_python_reports_no_compiled_module() -> None:
    out = subprocess.run([sys.executable, "-c", "import medieval; from medieval.core.compiled import describe; "
                          "medieval.make('paladin'); print(describe())"], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip() == "pure Python"


def test_only_a_set_variable_other_than_0_asks_for_the_compiled_build() -> None:
    assert not compiling({}) and not compiling({ENV: ""}) and not compiling({ENV: "0"})
    assert compiling({ENV: "1"}) and compiling({ENV: "yes"})


def test_the_compiled_build_is_refused_for_an_editable_install(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = runpy.run_path(str(ROOT / "build_support" / "medieval_build.py"))
    monkeypatch.chdir(ROOT)  # setuptools reads the project's setup.py for the build requirements
    monkeypatch.setenv(ENV, "1")
    for hook in ("get_requires_for_build_editable", "build_editable"):
        args = () if hook.startswith("get") else ("unused",)
        with pytest.raises(SystemExit, match="regular installs"):
            backend[hook](*args)
    mypy = backend["get_requires_for_build_wheel"]()[-1]
    dev = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["dev"]
    assert mypy.startswith("mypy==") and mypy in dev  # compiled by the mypy the code is checked with
    monkeypatch.setenv(ENV, "0")
    assert not any(r.startswith("mypy") for r in backend["get_requires_for_build_wheel"]())
