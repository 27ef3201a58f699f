"""The optional ``interop`` extra in tests: a test module that needs it calls :func:`need` at import. Without the
package it is skipped on a developer's machine, and fails under CI (``CI`` set), where the extra must be
installed."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def need(module: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError as e:
        message = f"{module} is not installed ({e}); install the interop extra: pip install -e '.[interop]'"
        if IN_CI:
            pytest.fail(f"CI must run the interop tests: {message}", pytrace=False)
        pytest.skip(message, allow_module_level=True)
        raise  # pragma: no cover - skip raises
