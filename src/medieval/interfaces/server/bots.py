"""Bots play their seats on the server, in worker threads so the event loop never waits for them,
after a short pause so people at the table can follow."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from medieval.agents.base import Agent, make_agent, parse_spec, resolve_level
from medieval.agents.ismcts.config import ISMCTSConfig
from medieval.core.errors import MedievalError
from medieval.core.rng import fresh_seed
from medieval.core.state import Action, Game, State
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.settings import ServerSettings

if TYPE_CHECKING:
    from medieval.interfaces.server.service import ServiceBase
    from medieval.interfaces.server.table import Table

log = logging.getLogger("medieval.server.bots")

#: Bot parameters that bound thinking time or effort, capped by the settings (bots other than the search).
_SECONDS = ("time", "seconds")
_ITERATIONS = ("iters", "iterations", "playouts", "simulations")
#: Bots that search, and so share the search threads; any other bot answers at once on its own thread.
_SEARCHERS = ("ismcts",)


def bounded_spec(spec: str, max_seconds: float, max_iterations: int, game: Game[Any] | None = None) -> str:
    """The spec a server seat's bot is built from: a level resolved (as ``game`` defines it), and a search's
    parameters read by the search's own parser (so what is checked is what the bot will do), its time and
    iterations within the caps, always under a wall-clock time bound (``iters`` alone, or no budget, gets
    ``time=max_seconds``; ``clock=cpu`` is measured on the wall clock, which is what people wait on).
    Raises ServiceError (422) for a spec over the caps."""
    name, params = parse_spec(resolve_level(spec, game))
    if name not in _SEARCHERS:
        for key in params:
            if key in _SECONDS + _ITERATIONS:
                raise ServiceError(422, "invalid_bot", f"bot {name!r} takes no effort parameter {key!r} here")
        return resolve_level(spec, game)
    try:
        cfg = ISMCTSConfig.from_params(params)
    except MedievalError as e:
        raise ServiceError(422, "invalid_bot", str(e)) from None
    if cfg.time is not None and not cfg.time <= max_seconds:
        raise ServiceError(422, "invalid_bot", f"time must be above 0 and at most {max_seconds:g} seconds")
    if cfg.iters is not None and not cfg.iters <= max_iterations:
        raise ServiceError(422, "invalid_bot", f"iters must be 1 to {max_iterations}")
    params = dict(params)
    params["time"] = repr(cfg.time if cfg.time is not None else float(max_seconds))
    params["clock"] = "wall"
    return f"{name}:" + ",".join(f"{k}={v}" for k, v in params.items())


class BotRunner:
    def __init__(self, service: ServiceBase, settings: ServerSettings) -> None:
        self.service = service
        self.settings = settings
        #: Searches, one move per table in flight at most, first come first served: a table waits for
        #: at most one move of each table ahead of it, each within ``max_bot_seconds``.
        self.pool = ThreadPoolExecutor(max_workers=settings.bot_workers, thread_name_prefix="medieval-bot")
        #: Bots that do not search (random, heuristic): never queued behind a search.
        self.quick = ThreadPoolExecutor(max_workers=1, thread_name_prefix="medieval-bot-quick")
        self.agents: dict[tuple[str, int], Agent] = {}

    def validate(self, spec: str | None, game: Game[Any]) -> str:
        """Check a bot spec or level name (easy, medium, hard, expert) a client asked for; return it
        normalized. A level is checked, and capped, as the spec it stands for."""
        if not isinstance(spec, str) or not spec.strip() or len(spec) > 120:
            raise ServiceError(422, "invalid_bot", "a bot is named by a level (easy, medium, hard, expert) or a "
                                                   "spec such as 'random' or 'heuristic'")
        spec = spec.strip()
        if resolve_level(spec) != spec:
            spec = spec.lower()
        try:
            name, _ = parse_spec(resolve_level(spec))
        except MedievalError as e:
            raise ServiceError(422, "invalid_bot", str(e)) from None
        if name not in self.settings.allowed_bots:
            raise ServiceError(422, "invalid_bot", f"bot {name!r} is not offered here (bots: "
                                                   f"{', '.join(self.settings.allowed_bots)})")
        bounded = self.bounded(spec, game)
        if name == "heuristic" and not type(game).has_heuristic():
            raise ServiceError(422, "invalid_bot", f"{game.spec.display_name} has no heuristic bot")
        try:
            make_agent(bounded, 0)
        except Exception as e:  # an agent factory refusing its parameters
            raise ServiceError(422, "invalid_bot", f"bot {spec!r}: {e}") from None
        return spec

    def bounded(self, spec: str, game: Game[Any]) -> str:
        return bounded_spec(spec, self.settings.max_bot_seconds, self.settings.max_bot_iterations, game)

    def _agent(self, table: Table, seat: int) -> Agent:
        key = (table.id, seat)
        agent = self.agents.get(key)
        spec = table.seats[seat].player
        assert spec is not None
        if agent is None or agent.name != spec:
            agent = self.agents[key] = make_agent(self.bounded(spec, table.game), fresh_seed())
            agent.name = spec
        return agent

    def kick(self, table: Table) -> None:
        """Make sure a bot task runs for ``table`` if a bot is to move there."""
        if table.bot_task is not None and not table.bot_task.done():
            return
        if self._bot_to_move(table) is not None:
            table.bot_task = asyncio.create_task(self._play(table), name=f"bots-{table.id}")

    @staticmethod
    def _bot_to_move(table: Table) -> int | None:
        if table.status != "playing":
            return None
        for seat in table.state.to_move:
            if table.seats[seat].player is not None:
                return seat
        return None

    async def _play(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        try:
            await self._play_moves(table, loop)
        finally:
            table.set_thinking(())

    async def _play_moves(self, table: Table, loop: asyncio.AbstractEventLoop) -> None:
        while (seat := self._bot_to_move(table)) is not None:
            table.set_thinking((seat,))
            if self.settings.bot_delay:
                await asyncio.sleep(self.settings.bot_delay)
                if self._bot_to_move(table) != seat:
                    table.set_thinking(())
                    continue
            version = table.version
            snapshot = table.state.clone()
            agent = self._agent(table, seat)
            try:
                searcher = parse_spec(resolve_level(agent.name))[0] in _SEARCHERS
                pool = self.pool if searcher else self.quick
                action = await loop.run_in_executor(pool, _choose, agent, snapshot, seat)
            except Exception:
                log.exception("table %s: bot %s failed at seat %d; it plays a random move", table.id,
                              agent.name, seat)
                action = random.choice(snapshot.legal_actions(seat))
            table.thinking = ()  # the move's own state message says the bot is done
            table.seats_changed()
            try:
                await self.service.submit(table, seat, str(action), version, by_bot=True)
            except ServiceError as e:
                log.debug("table %s: bot move %s at seat %d refused: %s %s", table.id, action, seat, e.code, e.detail)
                if e.code in ("stale_version", "not_a_bot", "write_conflict"):
                    continue  # someone moved (or took the seat back) meanwhile: think again
                if e.status >= 500:
                    await asyncio.sleep(1.0)  # storage trouble: retry soon
                    continue
                if table.status != "playing":
                    return  # the table ended meanwhile (cancelled, abandoned)
                log.error("table %s: bot move %s refused: %s", table.id, action, e.detail)
                return
        for seat in range(table.game.players):
            if table.status != "playing":
                self.agents.pop((table.id, seat), None)

    async def stop(self) -> None:
        tasks = [t.bot_task for t in self.service.tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.quick.shutdown(wait=False, cancel_futures=True)


def _choose(agent: Agent, state: State, seat: int) -> Action:
    return agent.choose(state, seat)
