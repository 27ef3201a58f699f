"""FastAPI dependencies (``Annotated`` aliases used by the routes)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Path, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from medieval.interfaces.server.tables import Table, TableService

_bearer = HTTPBearer(auto_error=False, description="The seat token returned when you joined.")


def get_service(request: Request) -> TableService:
    service: TableService = request.app.state.service
    return service


Service = Annotated[TableService, Depends(get_service)]


def get_token(credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]) -> str | None:
    return None if credentials is None else credentials.credentials


Token = Annotated[str | None, Depends(get_token)]
TableId = Annotated[str, Path(max_length=32, description="Table id.")]


async def get_table(service: Service, table_id: TableId) -> Table:
    return await service.get(table_id)


TableDep = Annotated[Table, Depends(get_table)]
