"""The HTTP API (``/api``). The WebSocket protocol is in ws.py; docs/server.md describes both."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Path, Query, Request, status
from fastapi.responses import JSONResponse

from medieval.agents.base import agent_names
from medieval.agents.levels import LEVELS, levels_for
from medieval.core.errors import MedievalError
from medieval.core.registry import game_class, list_games
from medieval.core.state import Game
from medieval.interfaces.server import replays
from medieval.interfaces.server.deps import Service, TableDep, Token
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.narrate import card_help
from medieval.interfaces.server.schemas import (
    ActionDone,
    ActionRequest,
    ChatOut,
    ChatRequest,
    Created,
    ErrorOut,
    GamesOut,
    HandOverRequest,
    Health,
    HelpOut,
    Joined,
    JoinRequest,
    LeaveRequest,
    RecordOut,
    ReplayOut,
    SeatRecordOut,
    SeatState,
    StartRequest,
    TableCreate,
    TableOut,
    UndoDone,
    UndoRequest,
)
from medieval.interfaces.server.table import FINISHED

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": text}
    for code, text in [(400, "Bad request"), (401, "No seat token"), (403, "Not your seat or table"),
                       (404, "No such table"), (409, "Not possible now"), (413, "Request too large"),
                       (422, "Invalid request or illegal action"), (429, "Too many requests"),
                       (503, "Server full or storage unavailable")]
}

router = APIRouter(prefix="/api", responses=ERRORS)


@router.get("/health", response_model=Health, summary="Liveness and counters")
async def health(service: Service) -> dict[str, Any]:
    return service.metrics()


@router.get("/games", response_model=GamesOut, summary="Registered games, their options, and the bots")
async def games(service: Service) -> dict[str, Any]:
    out = []
    allowed = service.settings.allowed_bots
    offered_somewhere: set[str] = set()

    def offered(bot: str, game: Game[Any]) -> bool:
        """A level this server would seat in ``game``: the same check as a table's seat."""
        try:
            service.bots.validate(bot, game)
        except ServiceError:
            return False
        return True

    for spec in list_games():
        cls = game_class(spec.name)
        levels_here = {}
        for n in range(spec.min_players, spec.max_players + 1):
            game = cls(n)
            levels_here[str(n)] = [{"name": lv.name, "title": lv.title, "description": text, "spec": bot}
                                   for lv, bot, text in levels_for(spec, n) if offered(bot, game)]
            offered_somewhere.update(lv["name"] for lv in levels_here[str(n)])
        out.append({**spec.to_json(), "default_players": spec.default_players or spec.min_players,
                    "heuristic": cls.has_heuristic(), "board": spec.has("web"), "levels": levels_here})
    bots = [b for b in agent_names() if b in allowed]
    levels = [{"name": lv.name, "title": lv.title, "description": lv.description, "spec": lv.spec} for lv in LEVELS
              if lv.name in offered_somewhere]
    return {"games": out, "bots": bots, "levels": levels}


@router.get("/games/{game}/help", response_model=HelpOut, summary="A game's card help and how to play")
async def game_help(game: str = Path(max_length=64)) -> dict[str, Any]:
    try:
        spec = game_class(game).spec
    except MedievalError:
        raise ServiceError(404, "no_game", f"no game {game!r}") from None
    return card_help(spec)


def play_url(table_id: str, token: str) -> str:
    return f"/play/{table_id}#token={token}"


@router.get("/tables", response_model=list[TableOut], summary="List tables (open ones by default)")
async def tables(service: Service,
                 status: Literal["open", "playing", "finished", "cancelled", "expired", "abandoned"] = "open",
                 game: str | None = Query(None, max_length=64),
                 limit: int = Query(50, ge=1, le=200)) -> list[dict[str, Any]]:
    return await service.list_tables(status, game, limit)


@router.post("/tables", response_model=Created, status_code=status.HTTP_201_CREATED, summary="Create a table")
async def create(body: TableCreate, service: Service, request: Request) -> dict[str, Any]:
    made = await service.create(body.game, body.players, dict(body.options), [s.bot for s in body.seats],
                                body.auto_start, body.name, body.private, body.seat,
                                None if body.clock is None else body.clock.model_dump(), body.hotseat, body.client,
                                request.client.host if request.client else "")
    table, token, invite = made.table, made.token, made.invite
    return {"table": table.summary(), "seat": made.seat, "token": token,
            "play_url": None if token is None else play_url(table.id, token),
            "invite_url": None if invite is None else f"/play/{table.id}#invite={invite}",
            "creator_token": made.creator, "expires_at": table.created + service.settings.open_table_ttl}


@router.get("/tables/{table_id}", response_model=TableOut, summary="A table's public summary")
async def table(table: TableDep) -> dict[str, Any]:
    return table.summary()


@router.post("/tables/{table_id}/join", response_model=Joined, status_code=status.HTTP_201_CREATED,
             summary="Take a seat: returns the seat's bearer token")
async def join(body: JoinRequest, table: TableDep, service: Service, holding: Token) -> dict[str, Any]:
    seat, token = await service.join(table, body.name, body.seat, body.invite, body.client, holding)
    return {"table": table.summary(), "seat": seat, "token": token, "play_url": play_url(table.id, token)}


@router.post("/tables/{table_id}/start", response_model=TableOut, summary="Start now (seated players)")
async def start(table: TableDep, service: Service, token: Token, body: StartRequest | None = None) -> dict[str, Any]:
    seat = await service.seat_for(table, token)
    await service.start_table(table, seat, None if body is None else body.fill_bot)
    return table.summary()


@router.post("/tables/{table_id}/cancel", response_model=TableOut,
             summary="Cancel an open table (the creator's credential as the bearer token)")
async def cancel(table: TableDep, service: Service, token: Token) -> dict[str, Any]:
    await service.cancel(table, token)
    return table.summary()


@router.post("/tables/{table_id}/leave", response_model=TableOut, summary="Leave your seat")
async def leave(table: TableDep, service: Service, token: Token, body: LeaveRequest | None = None) -> dict[str, Any]:
    seat = await service.seat_for(table, token)
    await service.leave(table, seat, None if body is None else body.bot)
    return table.summary()


@router.post("/tables/{table_id}/rejoin", response_model=SeatState, summary="Come back to your seat")
async def rejoin(table: TableDep, service: Service, token: Token) -> dict[str, Any]:
    seat = await service.seat_for(table, token)
    await service.rejoin(table, seat)
    return table.payload(seat)


@router.post("/tables/{table_id}/seats/{seat}/bot", response_model=TableOut,
             summary="Hand an absent player's seat to a bot (another seat's token)")
async def hand_over(table: TableDep, service: Service, token: Token, seat: int = Path(ge=0, le=63),
                    body: HandOverRequest | None = None) -> dict[str, Any]:
    by = await service.seat_for(table, token)
    await service.hand_to_bot(table, by, seat, None if body is None else body.bot)
    return table.summary()


@router.get("/tables/{table_id}/state", response_model=SeatState,
            summary="Your seat's state (with a token) or the spectator's (without)")
async def state(table: TableDep, service: Service, token: Token,
                events_from: int = Query(0, ge=0, le=10_000_000)) -> dict[str, Any]:
    seat = None if token is None else await service.seat_for(table, token)
    return table.payload(seat, events_from)


@router.post("/tables/{table_id}/actions", response_model=ActionDone, summary="Play an action (notation)")
async def act(body: ActionRequest, table: TableDep, service: Service, token: Token) -> dict[str, Any]:
    seat = await service.seat_for(table, token)
    if body.seat is not None and body.seat != seat:
        raise ServiceError(403, "not_your_seat", f"your token holds seat {seat}; it cannot act for seat {body.seat}")
    version = await service.submit(table, seat, body.action, body.version)
    return {"version": version, "state": table.payload(seat)}


@router.post("/tables/{table_id}/undo", response_model=UndoDone, summary="Take back your last action")
async def undo(table: TableDep, service: Service, token: Token, body: UndoRequest | None = None) -> dict[str, Any]:
    seat = await service.seat_for(table, token)
    version = await service.undo(table, seat, None if body is None else body.version)
    return {"version": version, "state": table.payload(seat)}


@router.get("/tables/{table_id}/chat", response_model=ChatOut,
            summary="The chat: the players' channel with a seat token, the spectators' without")
async def chat(table: TableDep, service: Service, token: Token) -> dict[str, Any]:
    seat = None if token is None else await service.seat_for(table, token)
    return await service.chat_history(table, seat)


@router.post("/tables/{table_id}/chat", response_model=ChatOut, status_code=status.HTTP_201_CREATED,
             summary="Say something: in the players' channel with a seat token, the spectators' without")
async def say(body: ChatRequest, table: TableDep, service: Service, token: Token, request: Request) -> dict[str, Any]:
    seat = None if token is None else await service.seat_for(table, token)
    message = await service.say(table, seat, body.text, body.name, request.client.host if request.client else "")
    return {"type": "chat", "channel": "spectators" if seat is None else "players", "history": False,
            "messages": [message]}


@router.get("/tables/{table_id}/record", response_model=RecordOut | SeatRecordOut,
            summary="A finished game's full record; before the end, with a seat token, that seat's own history")
async def game_record(table: TableDep, service: Service, token: Token) -> Any:
    if table.status == FINISHED or token is None:
        body = replays.record(table)
        name = f"{table.game.spec.name}-{table.id}.json"
    else:
        seat = await service.seat_for(table, token)
        body = replays.seat_record(table, seat)
        name = f"{table.game.spec.name}-{table.id}-seat{seat}.json"
    return JSONResponse(body, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/tables/{table_id}/replay", response_model=ReplayOut,
            summary="A finished game at one step: a seat's view, the spectator's, or every seat's")
async def game_replay(table: TableDep, step: int | None = Query(None, ge=0, le=10_000_000),
                      seat: int | None = Query(None, ge=0, le=63,
                                               description="The seat whose view to show; absent: the spectator's."),
                      open: bool = Query(False, description="Every seat's view at once (all cards open).")
                      ) -> dict[str, Any]:
    return await replays.replay(table, step, seat, open)
