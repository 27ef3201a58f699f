"""Fit a game's position evaluation (``Game.evaluate``) on self-play of its heuristic bot.

The game's package has an ``evaluation`` module with ``FEATURE_NAMES`` and ``features(state, seat)``
(numbers describing one seat). Positions are sampled from seeded heuristic games (with a share of random
moves, so that the positions vary); a conditional logit model — each seat's win chance is the softmax of
its weighted features — is fitted to who won, by gradient descent with a little L2 regularisation, and
checked on games it did not see. ``--write`` stores the weights in the package's
``data/evaluation.json``, which the evaluation module reads.

    python scripts/fit_evaluation.py medievalia2007 --players 2 --games 800 --write
    python scripts/fit_evaluation.py midevil --games 400

Needs numpy (installed with the ``interop`` or ``dev`` extras).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from collections.abc import Sequence
from datetime import date
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

import medieval


def collect(name: str, players: int | None, games: int, seed: int, eps: float, every: int,
            features: Any) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Per sampled position: a (seats x features) matrix and the seats' rewards at the end."""
    game = medieval.make(name, players)
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    for g in range(games):
        state = game.new_game(seed=seed + g)
        rng = random.Random(seed + g)
        rows: list[np.ndarray] = []
        step = 0
        while not state.is_over:
            seat = state.to_move[0]
            if step % every == every - 1:
                rows.append(np.array([features(state, p) for p in range(game.players)], float))
            if rng.random() < eps:  # a random move now and then, so that positions vary
                legal = state.legal_actions(seat)
                action = legal[rng.randrange(len(legal))]
            else:
                action = game.heuristic_action(state, seat, rng)
            state.apply(seat, action)
            step += 1
        outcome = state.outcome
        assert outcome is not None
        rewards = np.array([outcome.reward(p) for p in range(game.players)], float)
        for row in rows:
            xs.append(row)
            ys.append(rewards)
    return xs, ys


def chances(X: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Each seat's win chance at each position: the softmax of its weighted features."""
    s = X @ w
    s -= s.max(1, keepdims=True)
    p: np.ndarray = np.exp(s)
    p /= p.sum(1, keepdims=True)
    return p


def log_loss(Y: np.ndarray, p: np.ndarray, floor: float) -> float:
    """Mean over positions of -sum over seats of reward * log(chance)."""
    return float(-(Y * np.log(np.clip(p, floor, 1))).sum(1).mean())


def fit(xs: Sequence[np.ndarray], ys: Sequence[np.ndarray], l2: float, steps: int) -> np.ndarray:
    X = np.stack(list(xs))  # positions x seats x features
    Y = np.stack(list(ys))  # positions x seats
    scale = X.reshape(-1, X.shape[2]).std(0) + 1e-9
    Z = X / scale

    def loss_and_grad(w: np.ndarray) -> tuple[float, np.ndarray]:
        p = chances(Z, w)
        loss = log_loss(Y, p, 1e-12) + float(0.5 * l2 * w @ w)
        # d/dw of -sum_p y_p log p_p  (rewards sum to 1 per position)
        grad = np.einsum("ns,nsf->f", p - Y, Z) / len(Z) + l2 * w
        return loss, grad

    w = np.zeros(X.shape[2])
    lr = 0.5
    loss, grad = loss_and_grad(w)
    for _ in range(steps):
        # a step that raises the loss is taken back and retried at half the size (strongly correlated
        # features make a fixed step swing instead of settle)
        while True:
            trial = w - lr * grad
            trial_loss, trial_grad = loss_and_grad(trial)
            if trial_loss <= loss or lr < 1e-6:
                break
            lr /= 2
        w, loss, grad = trial, trial_loss, trial_grad
    fitted: np.ndarray = w / scale
    return fitted


def score(w: np.ndarray, xs: Sequence[np.ndarray], ys: Sequence[np.ndarray]) -> dict[str, float]:
    X = np.stack(list(xs))
    Y = np.stack(list(ys))
    p = chances(X, w)
    loss = log_loss(Y, p, 1e-9)
    base = float(-(Y * np.log(1.0 / Y.shape[1])).sum(1).mean())
    hit = float((p.argmax(1) == Y.argmax(1)).mean())
    return {"log_loss": round(loss, 4), "uniform_log_loss": round(base, 4), "top_seat_accuracy": round(hit, 4)}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--games", type=int, default=400, help="training games (default 400)")
    ap.add_argument("--test-games", type=int, default=100, help="held-out games (default 100)")
    ap.add_argument("--seed", type=int, default=50_000)
    ap.add_argument("--eps", type=float, default=0.15, help="share of random moves (default 0.15)")
    ap.add_argument("--every", type=int, default=5, help="sample every N-th step (default 5)")
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--steps", type=int, default=3000, help="gradient steps (default 3000)")
    ap.add_argument("--write", action="store_true", help="store the weights in the game's data/evaluation.json")
    args = ap.parse_args(argv)

    game = medieval.make(args.game, args.players)
    package = type(game).__module__.rsplit(".", 1)[0]
    module = importlib.import_module(f"{package}.evaluation")
    names: list[str] = list(module.FEATURE_NAMES)
    train = collect(args.game, args.players, args.games, args.seed, args.eps, args.every, module.features)
    test = collect(args.game, args.players, args.test_games, args.seed + 1_000_000, args.eps, args.every,
                   module.features)
    w = fit(*train, l2=args.l2, steps=args.steps)
    result: dict[str, Any] = {
        "what": f"weights of {game.spec.display_name}'s position evaluation (our design: fitted by "
                f"scripts/fit_evaluation.py on heuristic self-play)",
        "command": " ".join(["python", "scripts/fit_evaluation.py", *(argv if argv is not None else sys.argv[1:])]),
        "players": game.players, "games": args.games, "seed": args.seed, "eps": args.eps,
        "every": args.every, "l2": args.l2, "fitted": date.today().isoformat(),
        "train": score(w, *train), "held_out": score(w, *test),
        "weights": {n: round(float(v), 5) for n, v in zip(names, w, strict=True)},
    }
    text = json.dumps(result, indent=2) + "\n"
    sys.stdout.write(text)
    if args.write:
        path = Path(str(resources.files(package).joinpath("data/evaluation.json")))
        path.write_text(text, encoding="utf-8")
        print(f"written: {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
