"""The soak: the conformance invariants (``core/conformance.py``) over very many random games of every
game, all its player counts and its test variants, on every core, resumable from a state file.

Game ``i`` of a game is played in configuration ``i % len(configurations)`` with seed ``seed + i``, so
a violation names everything needed to play it again (``replay_command``). Games are played in chunks
of consecutive indices; the state file records which chunks are done and the running counts, so an
interrupted soak resumes where it stopped and a finished one can be extended with a larger target."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from medieval.agents.batch import execute
from medieval.core.conformance import play_checked
from medieval.core.errors import MedievalError
from medieval.core.registry import game_class, make
from medieval.core.spec import OptionValue
from medieval.core.state import Game

FORMAT = "medieval/soak@1"
#: Violations kept in the state file per game (the count goes on beyond them).
KEEP_EXAMPLES = 20


class SoakError(MedievalError):
    """A state file that cannot be read, or that belongs to another run (its settings differ)."""


def configurations(name: str) -> list[tuple[int, dict[str, OptionValue]]]:
    """The game's test configurations plus its default options at every player count they miss."""
    cls = game_class(name)
    configs = list(cls.test_configurations())
    for players in range(cls.spec.min_players, cls.spec.max_players + 1):
        if (players, {}) not in configs:
            configs.append((players, {}))
    return configs


@dataclass
class GameProgress:
    """One game's soak: chunks below ``done_below`` are all done, plus those in ``done_extra``."""

    done_below: int = 0
    done_extra: set[int] = field(default_factory=set)
    games: int = 0
    decisions: int = 0
    violations: int = 0
    examples: list[dict[str, Any]] = field(default_factory=list)

    def mark(self, chunk: int) -> None:
        self.done_extra.add(chunk)
        while self.done_below in self.done_extra:
            self.done_extra.remove(self.done_below)
            self.done_below += 1

    def is_done(self, chunk: int) -> bool:
        return chunk < self.done_below or chunk in self.done_extra

    def to_json(self) -> dict[str, Any]:
        return {"done_below": self.done_below, "done_extra": sorted(self.done_extra), "games": self.games,
                "decisions": self.decisions, "violations": self.violations, "examples": self.examples}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameProgress:
        return cls(int(d["done_below"]), {int(c) for c in d["done_extra"]}, int(d["games"]),
                   int(d["decisions"]), int(d["violations"]), list(d["examples"]))


@dataclass
class Soak:
    """The settings of a soak and what it has done so far (the state file's content)."""

    seed: int = 0
    chunk: int = 20
    full_every: int = 50
    progress: dict[str, GameProgress] = field(default_factory=dict)

    def settings(self) -> dict[str, int]:
        return {"seed": self.seed, "chunk": self.chunk, "full_every": self.full_every}

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **self.settings(),
                "games": {name: p.to_json() for name, p in sorted(self.progress.items())}}

    def save(self, path: Path) -> None:
        """Write atomically: an interrupted write leaves the previous state file whole."""
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: Path, *, seed: int, chunk: int, full_every: int) -> Soak:
        """The soak in ``path`` (a new one if the file does not exist), checked against the settings."""
        wanted = cls(seed, chunk, full_every)
        if not path.exists():
            return wanted
        try:
            d = json.loads(path.read_text(encoding="utf-8"))
            if d.get("format") != FORMAT:
                raise SoakError(f"{path} is not a soak state file (format {d.get('format')!r})")
            soak = cls(int(d["seed"]), int(d["chunk"]), int(d["full_every"]),
                       {name: GameProgress.from_json(p) for name, p in d["games"].items()})
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise SoakError(f"cannot read the soak state file {path}: {e}") from None
        if soak.settings() != wanted.settings():
            theirs = ", ".join(f"--{k.replace('_', '-')} {v}" for k, v in soak.settings().items())
            raise SoakError(f"{path} was started with {theirs}: use the same settings to resume it, "
                            f"or another --state file")
        return soak


def plan(soak: Soak, names: list[str], target: int) -> Iterator[dict[str, Any]]:
    """The chunks still to play to reach ``target`` games of each game, the games taking turns."""
    chunks = -(-target // soak.chunk)
    for c in range(chunks):
        for name in names:
            progress = soak.progress.setdefault(name, GameProgress())
            if not progress.is_done(c):
                start = c * soak.chunk
                yield {"game": name, "chunk": c, "start": start, "count": min(soak.chunk, target - start),
                       "seed": soak.seed, "full_every": soak.full_every}


_GAMES: dict[tuple[str, int, str], Game[Any]] = {}


def _game(name: str, players: int, options: dict[str, OptionValue]) -> Game[Any]:
    key = (name, players, json.dumps(options, sort_keys=True))
    g = _GAMES.get(key)
    if g is None:
        g = _GAMES[key] = make(name, players, **options)
    return g


def play_chunk(task: dict[str, Any]) -> dict[str, Any]:
    """Play one chunk with every check; any exception in a game is a violation, named by its seed."""
    name = str(task["game"])
    configs = configurations(name)
    games = decisions = 0
    violations: list[dict[str, Any]] = []
    for index in range(int(task["start"]), int(task["start"]) + int(task["count"])):
        players, options = configs[index % len(configs)]
        seed = int(task["seed"]) + index
        full = index % int(task["full_every"]) == 0
        games += 1
        try:
            decisions += int(play_checked(_game(name, players, options), seed, full=full)["steps"])
        except Exception as e:
            violations.append({"game": name, "players": players, "options": options, "seed": seed, "full": full,
                               "error": f"{type(e).__name__}: {e}"[:4000]})
    return {"game": name, "chunk": task["chunk"], "games": games, "decisions": decisions,
            "violations": violations}


def record(soak: Soak, result: dict[str, Any]) -> GameProgress:
    """Count a finished chunk into the soak."""
    p = soak.progress.setdefault(str(result["game"]), GameProgress())
    p.mark(int(result["chunk"]))
    p.games += int(result["games"])
    p.decisions += int(result["decisions"])
    p.violations += len(result["violations"])
    room = KEEP_EXAMPLES - len(p.examples)
    if room > 0:
        p.examples += result["violations"][:room]
    return p


def run(soak: Soak, names: list[str], target: int, jobs: int,
        on_result: Callable[[dict[str, Any]], None]) -> None:
    """Play what is left on ``jobs`` processes (the batch runner's, ``agents/batch.py``), counting each
    chunk in as it comes (``on_result`` runs after). An interrupt ends the workers; the chunks counted so
    far stay counted."""
    tasks = list(plan(soak, names, target))
    with contextlib.closing(execute(tasks, jobs, worker=play_chunk)) as results:
        for result in results:
            record(soak, result)
            on_result(result)


def replay_command(violation: dict[str, Any]) -> str:
    """Python that plays a reported violation again with the same checks."""
    v = violation
    opts = "".join(f", {key}={value!r}" for key, value in v["options"].items())
    return (f"from medieval.core.conformance import play_checked; import medieval; "
            f"play_checked(medieval.make({v['game']!r}, {v['players']}{opts}), {v['seed']}, full={v['full']})")
