"""`patolli serve` as a person runs it: the real command in a background process on a free port, its output kept in
a log beside the saves folder (read it when a test fails), killed as a crash would kill it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """Returns a port no one listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The `patolli serve` command running in the background on a free port."""

    def __init__(self, saves: Path, ruleset: str = "bell") -> None:
        self.saves, self.port, self.ruleset = saves, free_port(), ruleset
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = saves.parent / f"serve-{self.port}.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Starts the server and returns once it answers."""
        self.saves.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "printgen", "serve", "--port", str(self.port),
                                          "--saves", str(self.saves), "--ruleset", self.ruleset], cwd=ROOT,
                                         stdout=log, stderr=subprocess.STDOUT)
        for _ in range(600):
            try:
                urllib.request.urlopen(self.url + "api/games", timeout=1)
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise AssertionError(f"patolli serve stopped: {self.log.read_text(errors='replace')}") from None
                time.sleep(0.2)
        self.proc.kill()  # a server that never answered is not left running after the test
        self.proc.wait()
        raise AssertionError(f"patolli serve did not start: {self.log.read_text(errors='replace')}")

    def kill(self) -> None:
        """Kills the server at once (SIGKILL), as a crash or a pulled plug would."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        """Stops the server if it runs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
