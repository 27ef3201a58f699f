"""Public request and response bodies (stored rows live in models.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StringConstraints

OptionValue = StrictBool | StrictInt | Annotated[str, StringConstraints(max_length=200)]
BotSpec = Annotated[str, StringConstraints(min_length=1, max_length=120)]
Name = Annotated[str, StringConstraints(min_length=1, max_length=100)]
ClientKey = Annotated[str, StringConstraints(min_length=8, max_length=128)]
Seconds = StrictInt | StrictFloat
Status = Literal["open", "playing", "finished", "cancelled", "expired", "abandoned"]


class Request(BaseModel):
    """Strict: a number is a JSON number ("3" is not 3 players) and a boolean is not a number."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatRequest(Request):
    bot: BotSpec | None = Field(default=None, description="A bot seat: a level (easy, medium, hard, expert) or a "
                                                  "bot spec ('random', 'heuristic', 'ismcts:time=1'); null or "
                                                  "absent for a person's seat.")


class ClockRequest(Request):
    kind: Literal["realtime", "turn"] = Field(description="realtime: seconds per move plus a reserve for the game; "
                                                          "turn: hours or days per move.")
    per_move: Seconds = Field(gt=0, description="Seconds per move (realtime: at least min_clock_seconds, at most "
                                                "3600; turn: 3600 to 30 days).")
    reserve: Seconds = Field(default=0, ge=0, description="Seconds of reserve per seat for the whole game, spent "
                                                          "once a move takes longer than per_move.")
    bot: BotSpec = Field(default="medium", description="The bot (a level) that plays a seat out of time until its "
                                                       "holder takes it back.")


class TableCreate(Request):
    game: str = Field(max_length=64, description="Registered game name (see GET /api/games).")
    players: int | None = Field(default=None, ge=1, le=64,
                                description="Player count; the game's default if absent.")
    options: dict[Annotated[str, StringConstraints(max_length=64)], OptionValue] = Field(
        default_factory=dict, max_length=32, description="Rule options, validated by the game.")
    seats: list[SeatRequest] = Field(default_factory=list, max_length=64,
                                     description="Seat by seat: bot or person. Missing seats are for people.")
    auto_start: bool = Field(default=True, description="Start as soon as every seat is taken.")
    name: Name | None = Field(default=None,
                              description="Join the first free seat at once under this display name.")
    private: bool = Field(default=False, description="Not listed; joined only through the invite link returned.")
    seat: int | None = Field(default=None, ge=0, le=63,
                             description="With name: the seat you take (a person's); the first free one if absent.")
    clock: ClockRequest | None = Field(default=None, description="A turn clock; none if absent.")
    hotseat: bool = Field(default=False, description="One client may hold several seats (people sharing a device).")
    client: ClientKey | None = Field(default=None, description="Your client key (a random string your client keeps): "
                                                               "one seat per client key, but at hotseat tables.")


class JoinRequest(Request):
    name: Name = Field(description="Display name, 1 to 40 characters.")
    seat: int | None = Field(default=None, ge=0, le=63,
                             description="The seat wanted; the first free one if absent.")
    invite: Annotated[str, StringConstraints(max_length=64)] | None = Field(
        default=None, description="A private table's invite code (from its invite link).")
    client: ClientKey | None = Field(default=None, description="Your client key: a table that is not hotseat "
                                                               "refuses a second seat to the same key.")


class StartRequest(Request):
    fill_bot: BotSpec | None = Field(default=None,
                                     description="Bot that takes every empty seat; needed if any is empty.")


class LeaveRequest(Request):
    bot: BotSpec | None = Field(default=None, description="In a game under way: a bot that plays for you until you "
                                                          "take the seat back (rejoin with your token). Without it "
                                                          "the seat waits for you.")


class HandOverRequest(Request):
    bot: BotSpec | None = Field(default=None, description="The bot (a level); the table clock's bot, or 'medium', "
                                                          "if absent.")


class UndoRequest(Request):
    version: int | None = Field(default=None, ge=0, description="The table version you saw; refused with 409 if "
                                                                "the table has moved on since.")


class ChatRequest(Request):
    text: Annotated[str, StringConstraints(max_length=10_000)] = Field(description="Plain text (never markup).")
    name: Name | None = Field(default=None, description="A spectator's display name (a seat speaks under its own).")


class ActionRequest(Request):
    action: str = Field(max_length=200, description="The action's notation, one of your 'legal' entries.")
    version: int | None = Field(default=None, ge=0, description="The table version you decided at; refused with 409 "
                                                        "if the table has moved on since.")
    seat: int | None = Field(default=None, ge=0, le=63, description="Optional: must be your own seat.")


class SeatOut(BaseModel):
    seat: int
    name: str | None
    bot: str | None
    taken: bool
    present: bool
    stand_in: str | None = Field(description="The bot playing this person's seat while they are away.")
    connected: bool


class ClockSeatOut(BaseModel):
    seat: int
    remaining: float = Field(description="Reserve left, in seconds (as of when its clock started, if it runs).")
    running: bool
    started: float | None = Field(description="When its running clock started (seconds since the epoch).")
    deadline: float | None = Field(description="When it runs out of time (seconds since the epoch).")


class ClockOut(BaseModel):
    kind: Literal["realtime", "turn"]
    per_move: float
    reserve: float
    bot: str
    seats: list[ClockSeatOut]
    running: list[int] = Field(description="The seats whose clock runs.")


class TableOut(BaseModel):
    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: Status
    auto_start: bool
    private: bool
    hotseat: bool
    created_at: float = Field(description="Seconds since the epoch.")
    version: int
    to_move: list[int]
    seats: list[SeatOut]
    clock: ClockOut | None
    outcome: dict[str, Any] | None


class Created(BaseModel):
    table: TableOut
    seat: int | None = Field(description="Your seat if you joined (name given).")
    token: str | None = Field(description="Your seat token if you joined: keep it secret.")
    play_url: str | None = Field(description="Your seat's page, the token in its fragment (/play/ID#token=...).")
    invite_url: str | None = Field(description="A private table's invite link (/play/ID#invite=CODE).")
    creator_token: str = Field(description="The creator's credential: cancels the table while it is open "
                                           "(POST /api/tables/{id}/cancel). Keep it secret.")
    expires_at: float = Field(description="When the table expires if it has not started (seconds since the epoch).")


class Joined(BaseModel):
    table: TableOut
    seat: int
    token: str = Field(description="Bearer token of your seat: whoever holds it plays the seat.")
    play_url: str = Field(description="Your seat's page, the token in its fragment (/play/ID#token=...).")


class SeatState(BaseModel):
    """What a seat (or a spectator, seat null) is sent after every change."""

    type: Literal["state"]
    table: str
    game: str
    status: Status
    version: int = Field(description="Changes of the game: +1 per accepted action and per undo (never goes down).")
    seat: int | None
    to_move: list[int]
    your_turn: bool
    legal: list[str] = Field(description="Notation of your legal actions now.")
    actions: list[dict[str, Any]] = Field(description="Your legal actions, structured: {kind, args, notation}.")
    thinking: list[int] = Field(description="Seats whose bot is choosing its move now.")
    view: dict[str, Any] | None = Field(description="The game's view for this seat; null before the start.")
    seats: list[SeatOut]
    clock: ClockOut | None
    can_undo: bool = Field(description="Your last action may be taken back (the server checks the rest when asked).")
    hotseat: bool
    outcome: dict[str, Any] | None
    events_from: int = Field(description="Index in this seat's log of the first event listed.")
    server_time: float = Field(description="The server's clock when this was sent (seconds since the epoch).")
    events: list[dict[str, Any]] = Field(description="Your log's new events, each with its sentence for you "
                                                     "under 'text'.")


class ActionDone(BaseModel):
    version: int
    state: SeatState


class ErrorOut(BaseModel):
    detail: str
    code: str
    legal: list[str] | None = None


class LevelOut(BaseModel):
    name: str
    title: str
    description: str
    spec: str = Field(description="The bot spec the level stands for (in a game's list: in that game at that "
                                  "player count).")


class GameOut(BaseModel):
    name: str
    display_name: str
    min_players: int
    max_players: int
    default_players: int
    summary: str
    options: list[dict[str, Any]]
    heuristic: bool
    board: bool = Field(description="Whether the game has its own browser board (/games/NAME/web/board.js).")
    levels: dict[str, list[LevelOut]] = Field(
        description="Per player count (\"2\", \"3\", ...): the bot levels a seat may be given, as they are in this "
                    "game at that count (a game may define its own, and a level's budget may differ by count), "
                    "within this server's caps.")


class GamesOut(BaseModel):
    games: list[GameOut]
    bots: list[str]
    levels: list[LevelOut] = Field(description="Bot levels a seat may be given by name.")


class CardHelpOut(BaseModel):
    name: str
    kind: str
    title: str
    text: str
    details: dict[str, str]


class HelpOut(BaseModel):
    game: str
    display_name: str
    summary: str
    how_to_play: str
    cards: list[CardHelpOut]


class RecordOut(BaseModel):
    """A finished game's full record: ``medieval.replay(record)`` rebuilds it."""

    format: str
    game: str
    players: int
    options: dict[str, Any]
    origin: dict[str, Any]
    actions: list[list[Any]]
    table: str
    names: list[str | None]


class SeatRecordOut(BaseModel):
    """A game under way as one seat saw it: its own actions and its log (never the seed or a hidden card)."""

    format: Literal["medieval/seat-history@1"]
    table: str
    game: str
    players: int
    options: dict[str, Any]
    status: Status
    seat: int
    names: list[str | None]
    actions: list[list[Any]] = Field(description="This seat's own actions: [ply, notation].")
    events: list[dict[str, Any]] = Field(description="This seat's log, each event with its sentence.")
    view: dict[str, Any] | None


class ChatMessageOut(BaseModel):
    id: int
    seat: int | None
    name: str
    text: str
    at: float


class ChatOut(BaseModel):
    type: Literal["chat"]
    channel: Literal["players", "spectators"]
    history: bool
    messages: list[ChatMessageOut]


class UndoDone(BaseModel):
    version: int
    state: SeatState


class ReplaySeatView(BaseModel):
    seat: int | None
    view: dict[str, Any]


class ReplayOut(BaseModel):
    """A finished game at one step: the views asked for and the log up to there."""

    table: str
    game: str
    players: int
    steps: int = Field(description="Number of actions in the game.")
    step: int
    seat: int | None = Field(description="The seat whose view is shown (null: the spectator's or all open).")
    open: bool = Field(description="Every seat's view at once.")
    views: list[ReplaySeatView]
    to_move: list[int]
    history: list[list[Any]] = Field(description="Every action of the game: [seat, notation].")
    events: list[dict[str, Any]]
    seats: list[SeatOut]
    outcome: dict[str, Any] | None


class Latency(BaseModel):
    p50: float | None
    p99: float | None
    samples: int


class Health(BaseModel):
    status: str
    live_tables: int
    tables_in_memory: int
    connections: int
    actions: int
    commits: int
    move_latency_ms: Latency
