"""The browser client's vendored files are whole and unaltered: each one is listed in vendor/SHA256SUMS,
non-empty, and hashes to what the manifest recorded when it was taken from the npm registry (so a
truncated, emptied or edited file is caught); every module of the import map is one of them, and the
third-party notices name each library file."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "medieval" / "interfaces" / "web"
VENDOR = WEB / "vendor"
MANIFEST = VENDOR / "SHA256SUMS"
#: Files of ours in vendor/: the manifest itself and the notices.
OURS = {"SHA256SUMS", "THIRD-PARTY-NOTICES.md"}


def manifest() -> dict[str, str]:
    """The manifest, in ``sha256sum`` format: path (relative to vendor/) -> hex digest."""
    out: dict[str, str] = {}
    for line in MANIFEST.read_text().splitlines():
        digest, path = re.fullmatch(r"([0-9a-f]{64})  (\S+)", line).groups()  # type: ignore[union-attr]
        assert path not in out, f"{path} is listed twice"
        out[path] = digest
    return out


def test_every_vendored_file_is_listed_whole_and_unaltered() -> None:
    listed = manifest()
    present = {p.relative_to(VENDOR).as_posix() for p in VENDOR.rglob("*") if p.is_file()} - OURS
    assert present == set(listed), f"not in the manifest: {present - set(listed)}; gone: {set(listed) - present}"
    for path, digest in listed.items():
        data = (VENDOR / path).read_bytes()
        assert data, f"vendor/{path} is empty"
        assert hashlib.sha256(data).hexdigest() == digest, f"vendor/{path} is not the file the manifest recorded"
    for module in (p for p in listed if p.endswith((".mjs", ".js", ".css"))):
        tail = (VENDOR / module).read_text()[-300:]
        assert "sourceMappingURL" not in tail, f"{module} still points at a source map it does not ship"


def test_the_import_map_names_vendored_modules_that_the_notices_describe() -> None:
    page = (WEB / "index.html").read_text()
    imports = json.loads(re.search(r'<script type="importmap">(.*?)</script>', page, re.S).group(1))["imports"]  # type: ignore[union-attr]
    listed = manifest()
    notices = (VENDOR / "THIRD-PARTY-NOTICES.md").read_text()
    for name in ("preact", "preact/hooks", "htm", "@preact/signals", "@preact/signals-core"):
        target = imports[name]
        assert target.startswith("/static/vendor/"), name
        file = target.removeprefix("/static/vendor/")
        assert file in listed, f"{name} maps to {file}, which is not vendored"
        assert f"`{file}`" in notices, f"the notices do not describe {file}"
    # each module another vendored module imports by bare name is in the map
    for module in (p for p in listed if p.endswith(".mjs")):
        for bare in re.findall(r'from\s*"([^"./][^"]*)"', (VENDOR / module).read_text()):
            assert bare in imports, f"{module} imports {bare!r}, which the import map does not name"
