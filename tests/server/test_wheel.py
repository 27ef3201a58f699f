"""The package ships everything it serves and reads: built as a wheel (``pip wheel --no-deps``), it holds
every game's rules document and data files, the server's migrations, and every file of the browser
client and of each game's board."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "medieval"
ROOT = SRC.parents[1]


def _expected() -> set[str]:
    wanted: set[str] = set()
    for pattern in ("games/*/rules.md", "games/*/data/*.json", "games/*/web/**/*", "interfaces/web/**/*",
                    "interfaces/server/migrations/**/*.py", "interfaces/server/migrations/*.mako"):
        for path in SRC.glob(pattern):
            if path.is_file() and "__pycache__" not in path.parts:
                wanted.add("medieval/" + path.relative_to(SRC).as_posix())
    return wanted


def test_the_wheel_holds_rules_data_migrations_and_every_web_asset(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                          "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    wheels = list(tmp_path.glob("medieval-*.whl"))
    assert len(wheels) == 1
    names = set(zipfile.ZipFile(wheels[0]).namelist())
    wanted = _expected()
    assert any(n.endswith("vendor/preact.mjs") for n in wanted) and any("paladin/web/board.js" in n for n in wanted)
    assert any(n.endswith("r0002_private_tables.py") for n in wanted)
    missing = sorted(wanted - names)
    assert not missing, f"missing from the wheel: {missing[:20]}"
