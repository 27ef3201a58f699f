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
from medieval.core.errors import MedievalError
from medieval.core.rng import fresh_seed
from medieval.core.state import Action, Game, State
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.settings import ServerSettings

if TYPE_CHECKING:
    from medieval.interfaces.server.tables import Table, TableService

log = logging.getLogger("medieval.server.bots")

#: Bot parameters that bound thinking time or effort, capped by the settings.
_SECONDS = ("time", "seconds")
_ITERATIONS = ("iters", "iterations", "playouts", "simulations")


class BotRunner:
    def __init__(self, service: TableService, settings: ServerSettings) -> None:
        self.service = service
        self.settings = settings
        self.pool = ThreadPoolExecutor(max_workers=settings.bot_workers, thread_name_prefix="medieval-bot")
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
            name, params = parse_spec(resolve_level(spec))
        except MedievalError as e:
            raise ServiceError(422, "invalid_bot", str(e)) from None
        if name not in self.settings.allowed_bots:
            raise ServiceError(422, "invalid_bot", f"bot {name!r} is not offered here (bots: "
                                                   f"{', '.join(self.settings.allowed_bots)})")
        for key, value in params.items():
            try:
                number = float(value)
            except ValueError:
                continue
            if key in _SECONDS and not 0 < number <= self.settings.max_bot_seconds:
                raise ServiceError(422, "invalid_bot", f"{key} must be above 0 and at most "
                                                       f"{self.settings.max_bot_seconds} seconds")
            if key in _ITERATIONS and not 0 < number <= self.settings.max_bot_iterations:
                raise ServiceError(422, "invalid_bot", f"{key} must be 1 to {self.settings.max_bot_iterations}")
        if name == "heuristic" and not type(game).has_heuristic():
            raise ServiceError(422, "invalid_bot", f"{game.spec.display_name} has no heuristic bot")
        try:
            make_agent(spec, 0)
        except Exception as e:  # an agent factory refusing its parameters
            raise ServiceError(422, "invalid_bot", f"bot {spec!r}: {e}") from None
        return spec

    def _agent(self, table: Table, seat: int) -> Agent:
        key = (table.id, seat)
        agent = self.agents.get(key)
        spec = table.seats[seat].bot
        assert spec is not None
        if agent is None or agent.name != spec:
            agent = self.agents[key] = make_agent(spec, fresh_seed())
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
            if table.seats[seat].bot is not None:
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
                action = await loop.run_in_executor(self.pool, _choose, agent, snapshot, seat)
            except Exception:
                log.exception("table %s: bot %s failed at seat %d; it plays a random move", table.id,
                              agent.name, seat)
                action = random.choice(snapshot.legal_actions(seat))
            table.thinking = ()  # the move's own state message says the bot is done
            table.seats_changed()
            try:
                await self.service.submit(table, seat, str(action), version)
            except ServiceError as e:
                if e.code == "stale_version":
                    continue  # someone else moved meanwhile: think again
                if e.status >= 500:
                    await asyncio.sleep(1.0)  # storage trouble: retry soon
                    continue
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


def _choose(agent: Agent, state: State, seat: int) -> Action:
    return agent.choose(state, seat)
