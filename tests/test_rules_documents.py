"""The rules documents stay true to the code: every test a document cites exists, and every code
reference (``placing.py: place``, ``state.py: PaladinState.outcome``) names a module of the game's package
and a name defined in it."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

import medieval

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
SRC = ROOT / "src" / "medieval"

#: A test citation in backticks, in order of appearance: `file.py::test_name`, the continuation
#: `::test_name` (in the file cited last), or `test_name` alone (in any test file); a name may end in `*`
#: (every test it starts). A file named alone in backticks (`test_x.py`) becomes the file of the
#: continuations that follow. The spec field `test_configurations` is not a test.
CITATION = re.compile(r"`(?:(?P<file>[\w/]+\.py)::|(?P<cont>::))?(?P<test>test_(?!configurations\b)\w*\*?)`"
                      r"|`(?P<alone>(?:[\w/]+/)?test_\w+\.py)`")
#: `module.py`, `module.py: Name`, `module.py: Class.attribute` (and `a/b.py: ...`) in backticks
CODE_REF = re.compile(r"`((?:[\w]+/)*[a-z_0-9]+\.py)(?::\s*([A-Za-z_][\w.]*))?[^`]*`")


def _names_in(path: Path) -> set[str]:
    """Every function, class, method and module-level or class-level assigned name of a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


@cache
def _test_functions() -> dict[str, set[str]]:
    """File name (and path relative to tests/) -> the test functions defined in it."""
    out: dict[str, set[str]] = {}
    for path in TESTS.rglob("test_*.py"):
        tests = {n for n in _names_in(path) if n.startswith("test_")}
        for key in (path.name, str(path.relative_to(TESTS))):
            out.setdefault(key, set()).update(tests)
    return out


def _documents() -> list[tuple[str, Path]]:
    out = []
    for spec in medieval.list_games():
        resource = spec.resource("rules")
        assert resource is not None, f"{spec.name} declares no rules document"
        out.append((spec.name, Path(str(resource))))
    return out


def citations(text: str) -> list[tuple[str | None, str]]:
    """(file or None, test name or pattern) of every test a document cites; a continuation `::test_x`
    takes the file cited last before it."""
    out: list[tuple[str | None, str]] = []
    current: str | None = None
    for m in CITATION.finditer(text):
        if m.group("alone"):
            current = m.group("alone")
            continue
        file = m.group("file")
        if file:
            current = file
        elif m.group("cont"):
            if current is None:
                raise AssertionError(f"`::{m.group('test')}` follows no test file")
            file = current
        out.append((file, m.group("test")))
    return out


def _exists(test: str, where: set[str]) -> bool:
    if test.endswith("*"):
        return any(t.startswith(test[:-1]) for t in where)
    return test in where


def test_citations_resolve_continuations_and_patterns() -> None:
    text = ("`test_a.py::test_one`, `::test_two`; `test_b.py` (`::test_three`), `test_four`, "
            "`dir/test_c.py::test_five_*`, `::test_six`, `test_configurations`")
    assert citations(text) == [("test_a.py", "test_one"), ("test_a.py", "test_two"), ("test_b.py", "test_three"),
                               (None, "test_four"), ("dir/test_c.py", "test_five_*"), ("dir/test_c.py", "test_six")]
    with pytest.raises(AssertionError, match="follows no test file"):
        citations("`::test_orphan`")


@pytest.mark.parametrize(("name", "path"), _documents(), ids=[n for n, _ in _documents()])
def test_every_test_a_rules_document_cites_exists(name: str, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tests = _test_functions()
    every = set().union(*tests.values())
    missing = []
    cited = citations(text)
    for file, test in cited:
        where = tests.get(file, set()) if file else every
        if not _exists(test, where):
            missing.append(f"{file}::{test}" if file else test)
    assert cited, f"{name}: the rules document cites no test"
    assert not missing, f"{name}: the rules document cites tests that do not exist: {sorted(set(missing))}"


#: A ruling: a paragraph or a list item starting with its bold number, `**R7 — ...**`.
RULING = re.compile(r"^(?:- )?\*\*(R\d+)\b")


def rulings(text: str) -> dict[str, str]:
    """Each ruling's number and text (whitespace collapsed)."""
    out: dict[str, str] = {}
    for block in re.split(r"\n\s*\n|\n(?=- \*\*R\d)", text):
        m = RULING.match(block.strip())
        if m:
            out[m.group(1)] = " ".join(block.split())
    return out


@pytest.mark.parametrize(("name", "path"), _documents(), ids=[n for n, _ in _documents()])
def test_every_ruling_says_why_it_is_the_default(name: str, path: Path) -> None:
    """A ruling gives what the rulebook says, what we decided and why that is the default (the rulebook's
    words, and why our reading is the closest); numbered without gaps."""
    found = rulings(path.read_text(encoding="utf-8"))
    assert found, f"{name}: no rulings"
    assert sorted(found, key=lambda r: int(r[1:])) == [f"R{i}" for i in range(1, len(found) + 1)], sorted(found)
    silent = [r for r, text in found.items() if "*Why the default:*" not in text]
    assert not silent, f"{name}: rulings without 'Why the default': {silent}"


@pytest.mark.parametrize(("name", "path"), _documents(), ids=[n for n, _ in _documents()])
def test_every_code_reference_of_a_rules_document_exists(name: str, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    package = SRC / "games" / name
    missing = []
    for file, symbol in CODE_REF.findall(text):
        if Path(file).name.startswith("test_"):
            continue
        candidates = [package / file, SRC / file, ROOT / file]
        found = next((c for c in candidates if c.is_file()), None)
        if found is None:
            missing.append(file)
            continue
        if symbol:
            last = symbol.split(".")[-1]
            if last not in _names_in(found):
                missing.append(f"{file}: {symbol}")
    assert not missing, f"{name}: the rules document refers to code that does not exist: {sorted(set(missing))}"
