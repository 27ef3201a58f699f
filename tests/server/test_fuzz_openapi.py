"""Schemathesis against the server's own OpenAPI document: generated requests, valid and invalid, never
get a 5xx, and every answer is one the document declares, in the declared shape.

Each operation is fuzzed with schema-valid and schema-invalid data, both on made-up tables and on a real
table under way with a real seat token, so bodies reach the game and not only the validators. (The
schemathesis pytest plugin is not used: hypothesis drives the operations' strategies directly.)"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.server.helpers import bearer, create_table, running

#: Examples per operation, data mode and target (made-up or real table).
EXAMPLES = int(os.environ.get("MEDIEVAL_FUZZ_EXAMPLES", "25"))
CHECKS = [status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    d: Path = tmp_path_factory.mktemp("fuzz")
    with running(f"sqlite:///{d / 'db.sqlite3'}", d / "server.log", MEDIEVAL_BOT_DELAY="0.2") as srv, \
            httpx.Client(base_url=srv.base, timeout=30) as client:
        made = create_table(client, "paladin", 3, bots=[None, None, "random"], name="Fuzz", auto_start=False)
        tid = made["table"]["id"]
        client.post(f"/api/tables/{tid}/join", json={"name": "Other"})
        client.post(f"/api/tables/{tid}/start", headers=bearer(made["token"]))
        yield {"base": srv.base, "table": tid, "token": made["token"]}


def _operations(base: str) -> list[Any]:
    schema = schemathesis.openapi.from_url(f"{base}/openapi.json")
    return [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]


def _fuzzer(op: Any, mode: GenerationMode, base: str, path_params: dict[str, str] | None,
            headers: dict[str, str] | None) -> Any:
    @given(case=op.as_strategy(generation_mode=mode, path_parameters=path_params))
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def fuzz(case: Any) -> None:
        case.call_and_validate(base_url=base, headers=headers, checks=CHECKS)

    return fuzz


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
@pytest.mark.parametrize("real_table", [False, True])
def test_api_never_fails_and_keeps_its_word(target: dict[str, Any], mode: GenerationMode, real_table: bool) -> None:
    base = target["base"]
    operations = _operations(base)
    assert len(operations) >= 10
    tried = 0
    for op in operations:
        path_params = None
        headers = None
        if real_table:
            if "{table_id}" not in op.path:
                continue
            path_params = {"table_id": target["table"]}
            headers = bearer(target["token"])

        try:
            _fuzzer(op, mode, base, path_params, headers)()
        except Unsatisfiable:  # nothing to break: an operation without parameters or body
            assert mode is GenerationMode.NEGATIVE and not op.body and not op.query
            continue
        tried += 1
    assert tried
    assert httpx.get(f"{base}/api/health").status_code == 200
