"""A `patolli` for tests that run many commands: each command is its own process, forked from one warm process.

Starting `python -m printgen` costs about two seconds before a command does anything (imports, then numba loading the
compiled engine from its cache); the README's run pays that some eighty times. Here one server process imports the
command line and loads every compiled part once (`warmup.STEPS`), then forks a child per command. The `patolli` it
puts on the PATH is a small client that hands the server its arguments, folder, environment and its own stdin, stdout
and stderr (the descriptors themselves, over a Unix socket), and exits with the child's code. So a command still runs
in a process of its own, in its own folder and environment, reads and writes the same pipes and files, and ends with
its own exit code; what it skips is the start-up that `test_command_line` and `patolli lab bench-startup` measure.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HEADER = struct.Struct("!Q")  # the length of the request that follows, sent with the three descriptors
EXIT = struct.Struct("!i")  # the command's exit code, or minus the signal that ended it

CLIENT = """#!{python} -S
import json, os, socket, struct, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect({socket!r})
body = json.dumps({{"argv": sys.argv, "cwd": os.getcwd(), "env": dict(os.environ)}}).encode()
socket.send_fds(s, [struct.pack("!Q", len(body))], [0, 1, 2])
s.sendall(body)
data = b""
while len(data) < 4:
    chunk = s.recv(4 - len(data))
    if not chunk:
        sys.exit("patolli: the warm server went away")
    data += chunk
code = struct.unpack("!i", data)[0]
sys.exit(code if code >= 0 else 128 - code)
"""


def _read_exactly(conn: socket.socket, data: bytes, size: int) -> bytes:
    """Returns data completed to size bytes from conn."""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            raise ConnectionError("the client went away")
        data += chunk
    return data


def _receive(conn: socket.socket) -> tuple[dict[str, object], list[int]]:
    head, fds, _, _ = socket.recv_fds(conn, HEADER.size, 3)
    (size,) = HEADER.unpack(_read_exactly(conn, head, HEADER.size))
    return json.loads(_read_exactly(conn, b"", size)), fds


def _run_child(request: dict[str, object], fds: list[int]) -> None:
    """In the forked child: becomes the command's process (its descriptors, folder, environment, arguments), runs
    the command line as `python -m printgen` would, and exits with its code. Never returns."""
    import atexit
    import traceback

    code = 1
    try:
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        encoding = sys.stdout.encoding
        sys.stdin = sys.__stdin__ = open(0, encoding=encoding, closefd=False)  # noqa: SIM115
        sys.stdout = sys.__stdout__ = open(1, "w", encoding=encoding, closefd=False,  # noqa: SIM115
                                           buffering=1 if os.isatty(1) else -1)  # by line at a terminal, as Python
        sys.stderr = sys.__stderr__ = open(2, "w", encoding=encoding, errors="backslashreplace",  # noqa: SIM115
                                           closefd=False, buffering=1)
        os.chdir(str(request["cwd"]))
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in dict(request["env"]).items()})  # type: ignore[call-overload]
        from printgen.cli.app import main

        sys.argv = [str(a) for a in request["argv"]]  # type: ignore[attr-defined]  # argv[0]: the client, `patolli`
        try:
            main()
            code = 0
        except SystemExit as exc:
            if exc.code is None or isinstance(exc.code, int):
                code = exc.code or 0
            else:
                print(exc.code, file=sys.stderr)
                code = 1
        atexit._run_exitfuncs()
    except BaseException:  # noqa: BLE001  (a crash in the child is the command's traceback, as Python prints it)
        traceback.print_exc()
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001,S110  (a closed pipe: nothing more to say)
                pass
        os._exit(code)


def serve(path: str) -> None:
    """Loads the command line and the compiled engine, then forks a child per request until terminated."""
    from printgen.cli.app import main  # noqa: F401
    from printgen.players.lab import warmup

    for step in warmup.STEPS.values():  # loads each compiled part from the cache (compiles what it lacks)
        step.run()
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path + ".tmp")
    server.listen(16)
    os.replace(path + ".tmp", path)  # the client finds the socket only once it listens
    waiting: dict[int, socket.socket] = {}
    while True:
        ready, _, _ = select.select([server], [], [], 0.01 if waiting else 1.0)
        if ready:
            conn, _ = server.accept()
            request, fds = _receive(conn)
            pid = os.fork()
            if pid == 0:
                server.close()
                conn.close()
                _run_child(request, fds)
            for fd in fds:
                os.close(fd)
            waiting[pid] = conn
        for pid in list(waiting):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                conn = waiting.pop(pid)
                try:
                    conn.sendall(EXIT.pack(os.waitstatus_to_exitcode(status)))
                except OSError:  # the client was stopped; its command ran to the end regardless
                    pass
                conn.close()


@contextmanager
def warm_patolli(bin_dir: Path, env: dict[str, str]) -> Iterator[None]:
    """Puts a `patolli` on bin_dir that runs each command forked from a warm server started with env; stops the server
    at the end."""
    folder = tempfile.mkdtemp(prefix="patolli-warm-")  # short: a Unix socket's path holds about 100 bytes
    path = os.path.join(folder, "sock")
    server = subprocess.Popen([sys.executable, __file__, path], env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 600  # an empty cache compiles the engine first
        while not os.path.exists(path):
            if server.poll() is not None:
                raise RuntimeError(f"the warm server failed: {server.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            if time.monotonic() > deadline:
                raise RuntimeError("the warm server did not start in 10 minutes")
            time.sleep(0.05)
        shim = bin_dir / "patolli"
        shim.write_text(CLIENT.format(python=sys.executable, socket=path))
        shim.chmod(0o755)
        yield
    finally:
        server.terminate()
        server.wait(timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    serve(sys.argv[1])
