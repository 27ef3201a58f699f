"""Build script. The project is described in pyproject.toml; this file adds the optional compiled build:
``MEDIEVAL_COMPILE=1 pip install .`` compiles the modules ``medieval.core.compiled`` names with mypyc
(a C compiler and Python's headers are needed). Without it the install is pure Python."""

from __future__ import annotations

import os
import runpy
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
plan = runpy.run_path(str(SRC / "medieval" / "core" / "compiled.py"))

if not plan["compiling"](os.environ) or os.environ.get(plan["ASKING"]):
    setup()  # pure Python (or only the requirements or metadata are asked for: build_support/)
else:
    try:
        from mypyc.build import mypycify
    except ImportError as error:  # pragma: no cover - depends on the build environment
        raise SystemExit(
            f"{plan['ENV']}=1 builds with mypyc, which comes with mypy: install from this folder with pip "
            f"(it adds mypy to the build requirements), or install mypy first and build without isolation"
        ) from error
    # The C compiler's optimization level: 3 by default; the tests build at 0, which compiles several
    # times faster and runs the same code.
    opt = os.environ.get(plan["OPT"], "3")
    if opt not in ("0", "1", "2", "3"):
        raise SystemExit(f"{plan['OPT']} must be 0, 1, 2 or 3, not {opt!r}")
    # Paths relative to this folder: mypyc names each module by its place under src/.
    paths = [str(p.relative_to(HERE)) for p in plan["modules_to_compile"](SRC)]
    setup(ext_modules=mypycify(paths, opt_level=opt))
