"""Every game package under this folder registers itself when imported.

Discovery is automatic: a new game is a new sub-package whose ``__init__`` registers its Game class.
A package that fails to import does not take the others down: the failure is kept and reported when
that game is asked for (and by the test suite)."""

import importlib
import pkgutil

from medieval.core.registry import record_import_failure

for _info in pkgutil.iter_modules(__path__):
    if _info.ispkg:
        try:
            importlib.import_module(f"{__name__}.{_info.name}")
        except Exception as _exc:  # reported by make() and the test suite
            record_import_failure(_info.name, _exc)
