"""A pseudo-terminal of fixed size running ``medieval``, and a small VT100 screen that reads its output,
so tests see what a player sees at 80x24: what is on the screen now, and what scrolled off it.

Only the Python standard library: ``pty`` for the terminal, and an emulator of the sequences the
terminal UI writes (text with wrapping, CR/LF/BS, cursor moves, erasing the screen, a line and the
scrollback; colours and other modes are read and ignored)."""

from __future__ import annotations

import codecs
import contextlib
import fcntl
import os
import re
import select
import signal
import struct
import sys
import termios
import time
import unicodedata
from collections.abc import Sequence
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
_CSI = re.compile(r"\x1b\[([?>=]?)([0-9;]*)([ -/]*)([@-~])")
_OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


def _width(ch: str) -> int:
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


class VT:
    """The screen: ``rows`` lines of ``cols`` cells, the lines scrolled off above (``history``)."""

    def __init__(self, rows: int = 24, cols: int = 80) -> None:
        self.rows, self.cols = rows, cols
        self.grid = [[" "] * cols for _ in range(rows)]
        self.history: list[str] = []
        self.x = self.y = 0
        self.pending_wrap = False
        self._buf = ""

    # -------------------------------------------------------------- reading
    def screen(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.grid]

    def text(self) -> str:
        return "\n".join(self.screen())

    def everything(self) -> str:
        """The scrollback and the screen."""
        return "\n".join([*self.history, *self.screen()])

    # -------------------------------------------------------------- writing
    def feed(self, data: str) -> None:
        data = self._buf + data
        self._buf = ""
        i = 0
        n = len(data)
        while i < n:
            ch = data[i]
            if ch == "\x1b":
                m = _CSI.match(data, i)
                if m:
                    self._csi(m.group(1), m.group(2), m.group(4))
                    i = m.end()
                    continue
                m = _OSC.match(data, i)
                if m:
                    i = m.end()
                    continue
                if i + 1 >= n or (data[i + 1] in "[]" and not re.search(r"[@-~\x07]", data[i + 2:])):
                    self._buf = data[i:]  # an escape sequence cut in two: wait for its end
                    return
                i += 2  # ESC 7, ESC 8, ESC ( B ...: nothing to draw
                if i <= n and data[i - 1] in "()" and i < n:
                    i += 1
                continue
            if ch == "\r":
                self.x, self.pending_wrap = 0, False
            elif ch == "\n":
                self._linefeed()
            elif ch == "\b":
                self.x, self.pending_wrap = max(0, self.x - 1), False
            elif ch == "\t":
                self.x = min(self.cols - 1, (self.x // 8 + 1) * 8)
            elif ch >= " ":
                self._put(ch)
            i += 1

    def _linefeed(self) -> None:
        self.pending_wrap = False
        if self.y == self.rows - 1:
            self.history.append("".join(self.grid[0]).rstrip())
            self.grid.pop(0)
            self.grid.append([" "] * self.cols)
        else:
            self.y += 1

    def _put(self, ch: str) -> None:
        w = _width(ch)
        if w == 0:
            return
        if self.pending_wrap or self.x + w > self.cols:
            self.x = 0
            self._linefeed()
        self.grid[self.y][self.x] = ch
        if w == 2 and self.x + 1 < self.cols:
            self.grid[self.y][self.x + 1] = ""
        self.x += w
        if self.x >= self.cols:
            self.x = self.cols - 1
            self.pending_wrap = True

    def _csi(self, private: str, params: str, final: str) -> None:
        if private:
            return  # modes (cursor shown or hidden, ...)
        args = [int(a) if a else 0 for a in params.split(";")] if params else []
        first = args[0] if args else 0
        self.pending_wrap = False
        if final in "Hf":
            row = (args[0] if args and args[0] else 1) - 1
            col = (args[1] if len(args) > 1 and args[1] else 1) - 1
            self.y, self.x = min(max(row, 0), self.rows - 1), min(max(col, 0), self.cols - 1)
        elif final == "A":
            self.y = max(0, self.y - (first or 1))
        elif final == "B":
            self.y = min(self.rows - 1, self.y + (first or 1))
        elif final == "C":
            self.x = min(self.cols - 1, self.x + (first or 1))
        elif final == "D":
            self.x = max(0, self.x - (first or 1))
        elif final == "G":
            self.x = min(self.cols - 1, max(0, (first or 1) - 1))
        elif final == "J":
            if first == 3:
                self.history.clear()
            elif first == 2:
                self.grid = [[" "] * self.cols for _ in range(self.rows)]
            elif first == 1:
                for r in range(self.y):
                    self.grid[r] = [" "] * self.cols
                self.grid[self.y][: self.x + 1] = [" "] * (self.x + 1)
            else:
                self.grid[self.y][self.x:] = [" "] * (self.cols - self.x)
                for r in range(self.y + 1, self.rows):
                    self.grid[r] = [" "] * self.cols
        elif final == "K":
            if first == 2:
                self.grid[self.y] = [" "] * self.cols
            elif first == 1:
                self.grid[self.y][: self.x + 1] = [" "] * (self.x + 1)
            else:
                self.grid[self.y][self.x:] = [" "] * (self.cols - self.x)


class Terminal:
    """``medieval ARGS...`` in a pseudo-terminal of ``rows`` x ``cols``; ``send`` types, ``expect``
    waits for the screen to show something."""

    def __init__(self, args: Sequence[str], rows: int = 24, cols: int = 80, env: dict[str, str] | None = None,
                 cwd: str | Path | None = None) -> None:
        self.vt = VT(rows, cols)
        pid, fd = os.forkpty()
        if pid == 0:  # the child: the terminal's program
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                if cwd is not None:
                    os.chdir(cwd)
                environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
                environment.update({"TERM": "xterm-256color", "PYTHONPATH": str(SRC), "PAGER": "cat"})
                environment.update(env or {})
                os.execve(sys.executable, [sys.executable, "-m", "medieval.interfaces.cli", *args], environment)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.exit_code: int | None = None
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            self._reap()
            return False
        self.vt.feed(self._decoder.decode(data))
        return True

    def _reap(self) -> None:
        if self.exit_code is None:
            _, status = os.waitpid(self.pid, 0)
            self.exit_code = os.waitstatus_to_exitcode(status)

    def settle(self, quiet: float = 0.3, timeout: float = 20.0) -> str:
        """Read until the output pauses for ``quiet`` seconds; the screen then."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.exit_code is None:
            if not self._read(quiet):
                break
        return self.vt.text()

    def shows(self, rx: re.Pattern[str]) -> bool:
        """The screen matches ``rx`` as it is, or with its lines joined (a sentence wrapped at the edge)."""
        text = self.vt.text()
        return bool(rx.search(text) or rx.search(" ".join(text.split())))

    def expect(self, pattern: str, timeout: float = 30.0) -> str:
        """Wait until the screen shows ``pattern`` (a regular expression, see ``shows``); the screen then."""
        end = time.monotonic() + timeout
        rx = re.compile(pattern, re.MULTILINE)
        while True:
            if self.shows(rx):
                self.settle(0.15, 5)
                if self.shows(rx):
                    return self.vt.text()
            if time.monotonic() > end or self.exit_code is not None:
                raise AssertionError(f"screen never showed {pattern!r}:\n{self.vt.text()}")
            self._read(0.1)

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def line(self, text: str) -> None:
        self.send(text + "\r")

    def wait(self, timeout: float = 30.0) -> int:
        """Read to the end of the program; its exit code."""
        end = time.monotonic() + timeout
        while self.exit_code is None and time.monotonic() < end:
            self._read(0.2)
        if self.exit_code is None:
            self.close()
            raise AssertionError(f"the program did not end:\n{self.vt.text()}")
        return self.exit_code

    def close(self) -> None:
        if self.exit_code is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            self._reap()
        with contextlib.suppress(OSError):
            os.close(self.fd)
