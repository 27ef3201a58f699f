"""The build backend: setuptools' own, plus mypy (for mypyc) among the build requirements when the
compiled build is asked for with ``MEDIEVAL_COMPILE=1`` (see ``setup.py``). Everything else is
``setuptools.build_meta`` unchanged, so the default pure Python install builds as before."""

from __future__ import annotations

import os
import runpy
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (the backend's hooks, re-exported unchanged)

#: The mypy whose mypyc compiles the build (the version the code is checked with).
MYPY = "mypy==2.4.1"
#: The names and the test the compiled build is asked for with, as setup.py reads them (standard library only).
_PLAN = runpy.run_path(str(Path(__file__).resolve().parent.parent / "src" / "medieval" / "core" / "compiled.py"))
#: Set while setuptools runs setup.py only to list the build requirements or write the metadata.
ASKING: str = _PLAN["ASKING"]
ENV: str = _PLAN["ENV"]


def _compiling() -> bool:
    return bool(_PLAN["compiling"](os.environ))


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    if not _compiling():
        return _setuptools.get_requires_for_build_wheel(config_settings)
    # setuptools runs setup.py to read its requirements; mypy is not there yet, so it must not compile.
    os.environ[ASKING] = "1"
    try:
        return [*_setuptools.get_requires_for_build_wheel(config_settings), MYPY]
    finally:
        del os.environ[ASKING]


def prepare_metadata_for_build_wheel(metadata_directory: str,
                                     config_settings: dict[str, object] | None = None) -> str:
    # The metadata does not depend on the compiled modules: setup.py need not run mypyc for it.
    os.environ[ASKING] = "1"
    try:
        return str(_setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings))
    finally:
        del os.environ[ASKING]


def _no_compiled_editable() -> None:
    if _compiling():
        raise SystemExit(f"{ENV}=1 is for regular installs (pip install .): in an editable install the "
                         "compiled modules would go on running after their sources change")


def get_requires_for_build_editable(config_settings: dict[str, object] | None = None) -> list[str]:
    _no_compiled_editable()
    return list(_setuptools.get_requires_for_build_editable(config_settings))


def build_editable(wheel_directory: str, config_settings: dict[str, object] | None = None,
                   metadata_directory: str | None = None) -> str:
    _no_compiled_editable()
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
