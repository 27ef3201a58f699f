"""Golden playthroughs: check them (the default) or regenerate them after a deliberate rule change.

    python scripts/golden.py            # compare every game's playthroughs with tests/golden/
    python scripts/golden.py --update   # rewrite tests/golden/ (then review the diff)
    python scripts/golden.py --update midevil
    python scripts/golden.py --update --record1 midevil   # also record1/ (the first record format)

The test ``tests/golden/test_golden.py`` does the same comparison in the suite."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.golden.playthrough import folder, game_names, generate, record_path, stored_record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games (default: all)")
    parser.add_argument("--update", action="store_true", help="rewrite the golden files")
    parser.add_argument("--record1", action="store_true",
                        help="with --update, also rewrite the files of the first record format (record1/ and "
                             "records/<game>-record1.json): "
                             "only after a rule change, never after a change of chance")
    args = parser.parse_args(argv)
    names = args.games or game_names()
    unknown = sorted(set(names) - set(game_names()))
    if unknown:
        parser.error(f"unknown games: {', '.join(unknown)}")
    differ = 0
    for name, first in [(n, f) for n in names for f in (False, True)]:
        if args.update and first and not args.record1:
            continue  # (the first format's files change only with the rules: --record1)
        files = generate(name, first)
        d = folder(name, first)
        if first:  # the stored whole record of the first format goes with the first format's files
            stored = record_path(name)
            if args.update:
                stored.write_text(stored_record(name))
            elif not stored.exists() or stored.read_text() != stored_record(name):
                differ += 1
                print(f"{stored.name}: differs")
        label = f"{name}/record1" if first else name
        if args.update:
            d.mkdir(parents=True, exist_ok=True)
            for old in d.glob("*.json"):
                if old.name not in files:
                    old.unlink()
            for fname, text in files.items():
                (d / fname).write_text(text)
            print(f"{label}: wrote {len(files)} files")
            continue
        for fname, text in files.items():
            path = d / fname
            if not path.exists() or path.read_text() != text:
                differ += 1
                print(f"{label}/{fname}: differs")
        extra = sorted(p.name for p in d.glob("*.json") if p.name not in files)
        for fname in extra:
            differ += 1
            print(f"{label}/{fname}: no longer generated")
    if not args.update:
        print("all golden playthroughs match" if not differ else f"{differ} golden files differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
