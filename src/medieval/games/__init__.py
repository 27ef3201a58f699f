"""Every game package under this folder registers itself when imported.

Discovery is automatic: a new game is a new sub-package whose ``__init__`` registers its Game class."""

import importlib
import pkgutil

for _info in pkgutil.iter_modules(__path__):
    if _info.ispkg:
        importlib.import_module(f"{__name__}.{_info.name}")
