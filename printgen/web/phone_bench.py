"""The phone app in headless Chromium with its CPU throttled: download, start-up, advice and computer moves.

    python -m printgen.web.phone_bench [--throttle 4] [--rulesets bell gatigo ...] [--samples 30] [--out FILE.json]

The site (`site.site_contents`, every built-in ruleset) is served from memory by a small threaded host that
gzips what a real host gzips and revalidates by ETag; it counts the bytes it sends. For each game of the chosen
rulesets (no options, every player count), a fresh browser context opens the app with the page's CPU throttled
through the DevTools protocol (`Emulation.setCPUThrottlingRate`) and measures:

- the first visit's download: every byte the host sent, gzipped, until the service worker holds the offline copy;
- the start-up: from navigation to `body[data-ready="1"]`;
- advice at the default level: the page's round trip of `engine.call("advise")` on mid-game positions (at least
  MID of all pieces on the board), reached by playing the game in the app's worker against the strongest computer
  players (the person's cast by the helper, its move the advice's best once timed, before that an entry when it
  can); where play does not fill the board that far (a game ends first, or half the turns pass), positions
  with at least FALLBACK of the fullest share reached (the report gives the share each game was timed from);
- a computer move: the round trip of `act("computerTurn")` in mid-game, opponents 'strongest', then 'club';
- the main thread's longest task (PerformanceObserver 'longtask', which reports tasks over 50 ms).

Chromium throttles only a page's main thread: it refuses the same command for a worker ("only supported for
pages"). So that the engine runs at the throttle too, the benchmark runs the app's worker module (`js/worker.js`,
unchanged) in a second page of the same browser, its own renderer process and main thread, throttled alike: the
app's page gets a stand-in `Worker` that carries its messages over a BroadcastChannel to that page (ENGINE_PAGE),
which imports the worker module on the first message, as a Worker would load it. Every engine figure is then a
round trip with both sides throttled; the engine's busy time for each call (the synchronous part of its message
handler) is reported beside it.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import http.server
import json
import os
import platform
import shutil
import statistics
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen.errors import MissingLibraryError, OptionError
from printgen.stats import percentile

TARGETS: dict[str, float] = {"transferred_kb": 1500.0, "ready_ms": 1500.0, "advice_median_ms": 150.0,
                             "advice_p95_ms": 400.0, "computer_median_ms": 300.0, "longest_task_ms": 200.0}
STRENGTHS = ("strongest", "club")  # the app's default computer player, and the one its new-game form offers first
MID = 0.6  # share of all pieces on the board that makes a position mid-game (as `patolli lab bench-serve`)
FALLBACK = 0.8  # where play never reaches MID: positions with at least this share of the fullest board seen
GAMES = 4  # games begun per run at most (a game that ends, or leaves the person out, is followed by another)
PHONE = {"width": 360, "height": 640}
READY = 'document.body.dataset.ready === "1"'
KB = 1000  # transferred sizes in kB, as the MB

# Types a web host gzips (nginx's gzip_types as hosts set them, Netlify, Cloudflare); pictures and the solved
# tables (.u16z, compressed already) go as they are.
TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".mjs": "text/javascript",
         ".json": "application/json", ".svg": "image/svg+xml", ".wasm": "application/wasm",
         ".webmanifest": "application/manifest+json", ".png": "image/png", ".u16z": "application/octet-stream"}
COMPRESSED = {".png", ".u16z"}

# Runs in the page before its own scripts: notes the moment it is ready and every long task of the main thread.
INIT = """
window.__bench = { ready: null, tasks: [] };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__bench.tasks.push(e.duration);
}).observe({ type: "longtask", buffered: true });
new MutationObserver(() => {
  if (window.__bench.ready === null && document.body && document.body.dataset.ready === "1") {
    window.__bench.ready = performance.now();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
// The engine's worker runs in ENGINE_PAGE, throttled as this page is; this stand-in carries the messages.
window.Worker = class {
  constructor() {
    this.channel = new BroadcastChannel(CHANNEL);
    this.channel.onmessage = (ev) => this.onmessage?.({ data: ev.data });
  }
  postMessage(message) { this.channel.postMessage(message); }
};
""".replace("CHANNEL", '"patolli-bench-engine"')

# The page that runs the app's worker module (see the module's docstring): it loads the module on the first
# message, as a Worker would, and the module answers through self.postMessage, which this page sends back.
ENGINE_PAGE_PATH = "bench/engine.html"
ENGINE_PAGE = b"""<!doctype html><meta charset="utf-8"><title>engine</title><script type="module">
const channel = new BroadcastChannel("patolli-bench-engine");
self.postMessage = (message) => channel.postMessage(message);
let loaded = null;
channel.onmessage = async (ev) => {
  loaded ??= import("../js/worker.js");
  await loaded;
  self.onmessage(ev);
};
document.body.dataset.listening = "1";
</script><body></body>"""

# Runs in the engine's worker: notes each message's busy time (the synchronous part of the app's handler, where
# the engine computes; an action's save then waits on IndexedDB), by the call's id.
WORKER_CLOCK = """() => {
  const handle = self.onmessage;
  self.__busy = {};
  self.onmessage = (ev) => {
    const t = performance.now();
    const done = handle(ev);
    self.__busy[ev.data.id] = performance.now() - t;
    return done;
  };
  return true;
}"""

# Plays games in the app's worker through the page's own Engine and times the calls; see the module's docstring.
PLAY = """async ({ key, players, strength, seed, level, positions, advice, mid, fallback, turns, games }) => {
  const engine = (await import("./js/main.js")).engine;
  const out = { advice: [], computer: [], games: 0, turns: 0, fullest: 0, threshold: mid };
  let view = null;
  let pieces = 0;
  const share = (v) => v.board.seats.reduce((n, s) => n + s.onBoard, 0) / (players * pieces);
  const begin = async () => {
    const seats = Array.from({ length: players }, (_, i) => (i ? strength : "person"));
    const opened = await engine.call("newGame", { key, seats, name: "bench", seed: seed + 7919 * out.games, level });
    out.games += 1;
    pieces = opened.app.pieces;
    view = opened.view;
  };
  const timed = async (into, fill, method, ...args) => {
    const id = engine.next;
    const t = performance.now();
    const got = await engine.call(method, ...args);
    into.push({ ms: performance.now() - t, id, fill });
    return got;
  };
  const pick = (legal) => legal.find((m) => m.kind === "enter") ?? legal.find((m) => m.kind === "move" && m.target)
    ?? legal[0];
  const wanted = () => (advice ? out.advice : out.computer).length >= positions;
  await begin();
  while (!wanted() && out.turns < turns) {
    if (view.over || view.peopleOut) {
      // a game that ended before its board filled: the fullest positions play reaches stand for mid-game
      if (out.fullest < mid) out.threshold = Math.min(out.threshold, fallback * out.fullest);
      if (out.games >= games) break;
      await begin();
      continue;
    }
    const fill = share(view);
    out.fullest = Math.max(out.fullest, fill);
    // where play has not filled the board by half the turns, the fullest positions it reaches stand for mid-game
    if (out.turns >= turns / 2 && out.fullest < mid) out.threshold = Math.min(out.threshold, fallback * out.fullest);
    const midGame = fill >= out.threshold && view.phase === "move";
    if (view.computersToPlay) {
      view = (midGame ? await timed(out.computer, fill, "act", "computerTurn")
        : await engine.call("act", "computerTurn")).view;
      out.turns += 1;
    } else if (view.phase === "bet") {
      view = (await engine.call("act", "bet", view.legal[0].code)).view;
      out.turns += 1;
    } else if (view.pending === null) {
      view = (await engine.call("act", "cast")).view;
      if (view.pending === null) out.turns += 1;  // a pass, played at once
    } else {
      let code = pick(view.legal).code;
      if (advice && midGame) code = (await timed(out.advice, fill, "advise")).moves[0].move;
      view = (await engine.call("act", "move", code)).view;
      out.turns += 1;
    }
  }
  return out;
}"""


@dataclass
class Calls:
    """The timed calls of one kind: each round trip from the page, the worker's busy time, the board's fill."""

    ms: list[float] = field(default_factory=list)
    busy: list[float] = field(default_factory=list)
    fill: list[float] = field(default_factory=list)
    fullest: float = 0.0  # the fullest board play reached (share of all pieces)
    threshold: float = MID  # the share from which positions were timed (lower where play never reached MID)
    turns: int = 0
    games: int = 0


@dataclass
class GameFigures:
    """One game's figures."""

    key: str
    ruleset: str
    players: int
    transferred_bytes: int  # the whole first visit, the offline copy included
    by_ready_bytes: int  # of it, what was sent by the time the app was ready
    requests: int
    ready_ms: float
    advice: Calls
    computer: dict[str, Calls]
    tasks: list[float]  # the main thread's long tasks (over 50 ms), ms

    @property
    def longest_task_ms(self) -> float:
        """Returns the longest main-thread task, 0 if none was over 50 ms (the browser reports no shorter ones)."""
        return max(self.tasks, default=0.0)


def missing() -> str | None:
    """Returns why the benchmark cannot run here (None if it can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ModuleNotFoundError:
        return "playwright is not installed (pip install playwright, or .[test])"
    if chromium_path() is None:
        return "Debian's chromium is not installed (apt-get install -y chromium)"
    return None


def chromium_path() -> str | None:
    """Returns the path of Debian's Chromium, if installed."""
    return shutil.which("chromium") or (path if os.path.exists(path := "/usr/bin/chromium") else None)


class Host:
    """Serves a site from memory as a static web host does: gzip when the browser accepts it (text, scripts, data,
    the engine), ETags with 304 answers to revalidation; counts the body bytes it sends."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files
        self.zipped: dict[str, bytes] = {}
        self.etags = {path: '"' + hashlib.sha256(data).hexdigest()[:16] + '"' for path, data in files.items()}
        self.lock = threading.Lock()
        self.sent: list[tuple[str, int, int]] = []  # (path, status, body bytes)

    def body(self, path: str, accepts_gzip: bool) -> tuple[bytes, bool]:
        """Returns the body of a file as sent, and whether it is gzipped."""
        if not accepts_gzip or Path(path).suffix in COMPRESSED:
            return self.files[path], False
        with self.lock:
            if path not in self.zipped:
                self.zipped[path] = gzip.compress(self.files[path], compresslevel=6, mtime=0)
            return self.zipped[path], True

    def note(self, path: str, status: int, size: int) -> None:
        """Counts one answer."""
        with self.lock:
            self.sent.append((path, status, size))

    def total(self) -> tuple[int, int]:
        """Returns the body bytes sent and the answers given so far (the benchmark's own page not counted)."""
        with self.lock:
            app = [s for path, _, s in self.sent if path != ENGINE_PAGE_PATH]
            return sum(app), len(app)

    def reset(self) -> None:
        """Forgets what was sent."""
        with self.lock:
            self.sent.clear()

    @contextlib.contextmanager
    def serving(self) -> Iterator[str]:
        """Serves on a free local port; yields the site's address."""
        host = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                self.answer(send_body=True)

            def do_HEAD(self) -> None:  # noqa: N802
                self.answer(send_body=False)

            def answer(self, send_body: bool) -> None:
                path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path).lstrip("/")
                if path == "" or path.endswith("/"):
                    path += "index.html"
                if path not in host.files:
                    host.note(path, 404, 0)  # noted before the answer leaves: a client never sees it uncounted
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                etag = host.etags[path]
                if etag in (self.headers.get("If-None-Match") or ""):
                    host.note(path, 304, 0)
                    self.send_response(304)
                    self.send_header("ETag", etag)
                    self.end_headers()
                    return
                body, zipped = host.body(path, "gzip" in (self.headers.get("Accept-Encoding") or ""))
                host.note(path, 200, len(body) if send_body else 0)
                self.send_response(200)
                self.send_header("Content-Type", TYPES.get(Path(path).suffix, "application/octet-stream"))
                self.send_header("Content-Length", str(len(body)))
                self.send_header("ETag", etag)
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Vary", "Accept-Encoding")
                if zipped:
                    self.send_header("Content-Encoding", "gzip")
                self.end_headers()
                if send_body:
                    self.wfile.write(body)

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()
            server.server_close()


def site_files() -> dict[str, bytes]:
    """Returns the site `patolli web` writes with every built-in ruleset."""
    from printgen.rulesets import BUILTIN, load_builtin
    from printgen.web.site import site_contents

    return site_contents([load_builtin(name) for name in BUILTIN])


def games_of(files: dict[str, bytes], rulesets: list[str] | None) -> list[dict[str, Any]]:
    """Returns the site's games of these rulesets (default: all) without options, one per player count."""
    index = json.loads(files["data/games.json"])
    known = [r["name"] for r in index["rulesets"]]
    unknown = [r for r in rulesets or [] if r not in known]
    if unknown:
        raise OptionError(f"no built-in ruleset '{unknown[0]}' (the app has {', '.join(known)})")
    return [g for g in index["games"] if not g["options"] and (not rulesets or g["ruleset"] in rulesets)]


def _calls(played: dict[str, Any], busy: dict[str, float], key: str) -> Calls:
    rows = played[key]
    return Calls(ms=[r["ms"] for r in rows], busy=[busy.get(str(r["id"]), float("nan")) for r in rows],
                 fill=[r["fill"] for r in rows], fullest=played["fullest"], threshold=played["threshold"],
                 turns=played["turns"], games=played["games"])


def measure_game(browser: Any, host: Host, url: str, game: dict[str, Any], throttle: float, positions: int,
                 seed: int, turns: int, level: int) -> GameFigures:
    """Opens the app in a fresh context, throttled, and measures one game (see the module's docstring)."""
    context = browser.new_context(viewport=PHONE, bypass_csp=True)  # bypass: Playwright evaluates strings
    try:
        errors: list[str] = []
        host.reset()
        engine = context.new_page()
        engine.on("pageerror", lambda e: errors.append(f"engine page: {e}"))
        context.new_cdp_session(engine).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        engine.goto(url + ENGINE_PAGE_PATH)
        engine.wait_for_selector("body[data-listening]", state="attached")
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script(INIT)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        page.goto(url)
        page.wait_for_function(READY, timeout=120_000)
        by_ready, _ = host.total()
        ready_ms = float(page.evaluate("window.__bench.ready"))
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # active: the offline copy is complete
        transferred, requests = host.total()
        if page.workers:
            raise RuntimeError(f"{game['key']}: the app started a worker of its own, not the throttled engine page")
        engine.evaluate(WORKER_CLOCK)
        job = {"key": game["key"], "players": game["players"], "seed": seed, "level": level, "positions": positions,
               "mid": MID, "fallback": FALLBACK, "turns": turns, "games": GAMES}
        played = {s: page.evaluate(PLAY, {**job, "strength": s, "advice": s == STRENGTHS[0]}) for s in STRENGTHS}
        busy = engine.evaluate("() => self.__busy")
        if errors:
            raise RuntimeError(f"{game['key']}: the page failed: {errors[0]}")
        return GameFigures(
            key=game["key"], ruleset=game["ruleset"], players=game["players"], transferred_bytes=transferred,
            by_ready_bytes=by_ready, requests=requests, ready_ms=ready_ms,
            advice=_calls(played[STRENGTHS[0]], busy, "advice"),
            computer={s: _calls(played[s], busy, "computer") for s in STRENGTHS},
            tasks=[float(x) for x in page.evaluate("window.__bench.tasks")])
    finally:
        context.close()


def measure(rulesets: list[str] | None = None, throttle: float = 4.0, positions: int = 30, seed: int = 1,
            turns: int = 600, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Runs the benchmark on each game of the rulesets; returns the report (`report`)."""
    why = missing()
    if why:
        raise MissingLibraryError(f"the phone benchmark needs a browser: {why}")
    from playwright.sync_api import sync_playwright

    files = {**site_files(), ENGINE_PAGE_PATH: ENGINE_PAGE}
    index = json.loads(files["data/games.json"])
    games = games_of(files, rulesets)
    host = Host(files)
    figures = []
    with host.serving() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        try:
            for game in games:
                if progress:
                    progress(f"{game['key']}: loading, then playing to mid-game")
                started = time.perf_counter()
                figures.append(measure_game(browser, host, url, game, throttle, positions, seed, turns,
                                            int(index["default_level"])))
                if progress:
                    progress(f"{game['key']}: done in {time.perf_counter() - started:.0f} s")
            version = browser.version
        finally:
            browser.close()
    return report(figures, throttle, int(index["default_level"]), version, sum(len(v) for v in files.values()))


def _stats(calls: Calls) -> dict[str, Any]:
    r = lambda x: round(x, 1)  # noqa: E731
    return {"count": len(calls.ms), "median_ms": r(statistics.median(calls.ms)) if calls.ms else None,
            "p95_ms": r(percentile(calls.ms, 95)) if calls.ms else None,
            "busy_median_ms": r(statistics.median(calls.busy)) if calls.busy else None,
            "fill_mean": round(statistics.mean(calls.fill), 2) if calls.fill else None,
            "fill_min": round(min(calls.fill), 2) if calls.fill else None,
            "fullest": round(calls.fullest, 2), "threshold": round(calls.threshold, 2), "turns": calls.turns,
            "games": calls.games}


def _ok(value: float | None, target: float) -> bool | None:
    return None if value is None else value <= target


def machine() -> str:
    """Returns this machine in a few words: its processor and number of cores."""
    model = platform.processor() or platform.machine()
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8") as f:
        model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), model)
    return f"{model}, {os.cpu_count()} cores"


def report(figures: list[GameFigures], throttle: float, level: int, chromium: str, site_bytes: int) -> dict[str, Any]:
    """Returns the figures, targets and verdicts, JSON-ready."""
    games: list[dict[str, Any]] = []
    for f in figures:
        advice = _stats(f.advice)
        computer = {s: _stats(c) for s, c in f.computer.items()}
        checks = {
            "transferred_kb": f.transferred_bytes / KB <= TARGETS["transferred_kb"],
            "ready_ms": f.ready_ms <= TARGETS["ready_ms"],
            "advice_median_ms": _ok(advice["median_ms"], TARGETS["advice_median_ms"]),
            "advice_p95_ms": _ok(advice["p95_ms"], TARGETS["advice_p95_ms"]),
            **{f"computer_{s}_median_ms": _ok(c["median_ms"], TARGETS["computer_median_ms"])
               for s, c in computer.items()},
            "longest_task_ms": f.longest_task_ms <= TARGETS["longest_task_ms"],
        }
        games.append({"key": f.key, "ruleset": f.ruleset, "players": f.players,
                      "transferred_kb": round(f.transferred_bytes / KB, 1),
                      "transferred_by_ready_kb": round(f.by_ready_bytes / KB, 1), "requests": f.requests,
                      "ready_ms": round(f.ready_ms, 1), "advice": advice, "computer": computer,
                      "longest_task_ms": round(f.longest_task_ms, 1), "long_tasks": len(f.tasks),
                      "tasks_over_target": sum(t > TARGETS["longest_task_ms"] for t in f.tasks), "checks": checks})
    return {"format": 1, "machine": machine(), "chromium": chromium, "throttle": throttle,
            "throttled": "the app's page and the page running its engine worker's module, each through "
                         "Emulation.setCPUThrottlingRate (Chromium does not throttle workers)",
            "advice_level": level, "mid_game": MID, "site_kb": round(site_bytes / KB, 1), "targets": TARGETS,
            "games": games,
            "within_targets": all(v is not False for g in games for v in g["checks"].values())}


VERDICT = {True: "ok", False: "OVER", None: "not measured"}


def _row(name: str, measured: float | None, busy: float | None, target: float, check: bool | None) -> str:
    m = "-" if measured is None else f"{measured:,.0f}"
    e = "" if busy is None else f"{busy:,.0f}"
    return f"  {name:<38} {m:>9} {e:>9} {f'≤ {target:,.0f}':>9}  {VERDICT[check]}"


def table(rep: dict[str, Any]) -> str:
    """Returns the report as text: a table per game, each figure with its target and verdict."""
    t = rep["throttle"]
    lines = [f"the phone app in Chromium {rep['chromium']}, {t:g}x CPU throttling (the page and its engine), "
             f"advice at level {rep['advice_level']}; {rep['machine']}"]
    for g in rep["games"]:
        a, c = g["advice"], g["computer"]
        k = g["checks"]
        fill = (f"boards {a['fill_mean']:.0%} full on average, {a['fill_min']:.0%} at least"
                if a["count"] else "no mid-game position reached")
        lines += ["", f"{g['key']} ({g['players']} players; {a['count']} advice positions, {fill})",
                  f"  {'figure':<38} {f'at {t:g}x':>9} {'engine':>9} {'target':>9}  verdict"]
        lines += [
            _row("first visit, kB transferred", g["transferred_kb"], None, TARGETS["transferred_kb"],
                 k["transferred_kb"]),
            _row("engine ready, ms", g["ready_ms"], None, TARGETS["ready_ms"], k["ready_ms"]),
            _row("advice median, ms", a["median_ms"], a["busy_median_ms"], TARGETS["advice_median_ms"],
                 k["advice_median_ms"]),
            _row("advice 95th percentile, ms", a["p95_ms"], None, TARGETS["advice_p95_ms"], k["advice_p95_ms"]),
            *(_row(f"computer move ({s}) median, ms", cs["median_ms"], cs["busy_median_ms"],
                   TARGETS["computer_median_ms"], k[f"computer_{s}_median_ms"]) for s, cs in c.items()),
            _row("longest main-thread task, ms", g["longest_task_ms"], None, TARGETS["longest_task_ms"],
                 k["longest_task_ms"])]
    lines += ["", "'engine': of the round trip, the median time the engine's message handler was busy",
              "within every target" if rep["within_targets"] else "some targets are missed (OVER above)"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m printgen.web.phone_bench", description=__doc__.split("\n")[0])
    parser.add_argument("--throttle", type=float, default=4.0, help="CPU slow-down of the page (default 4)")
    parser.add_argument("--rulesets", nargs="+", help="built-in rulesets (default: all)")
    parser.add_argument("--samples", type=int, default=30,
                        help="timed positions per game, for the advice and each computer player (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games played (default 1)")
    parser.add_argument("--out", type=Path, help="also write the report as JSON to this file")
    ns = parser.parse_args(argv)
    rep = measure(ns.rulesets, ns.throttle, ns.samples, ns.seed,
                  progress=lambda text: print(f"… {text}", file=sys.stderr))
    print(table(rep))
    if ns.out:
        ns.out.write_text(json.dumps(rep, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
