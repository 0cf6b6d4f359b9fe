"""The phone app as a static site (`patolli web`): every file in place, a manifest that installs, a service worker
that caches every file and nothing else, the same bytes on every build, a user's folder never lost; and, in
Debian's Chromium, the site served under a sub-path boots, installs, and boots again in airplane mode."""

from __future__ import annotations

import errno
import functools
import gzip
import http.server
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.files import FileError
from printgen.render import app_icon
from printgen.render.scene import Path as Path_
from printgen.render.scene import path_points
from printgen.rulesets import load_builtin
from printgen.rulesets.export import builtin_text
from printgen.rulesets.load import BUILTIN
from printgen.web import site
from printgen.web.app_data import site_files
from printgen.web.service_worker import site_version
from tests import phone_picture

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


def _tree(folder: Path) -> dict[str, bytes]:
    """Returns every file under folder by its path inside it."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, site.SiteReport]:
    """The site of every built-in ruleset, written once for the module."""
    out = tmp_path_factory.mktemp("site") / "patolli"
    return out, site.write_site(out, [load_builtin(name) for name in BUILTIN], False)


def _sw_files(sw: str, name: str = "FILES") -> list[str]:
    listed = re.search(rf"const {name} = (\[.*?\]);", sw, re.S)
    assert listed
    return list(json.loads(re.sub(r",\s*\]", "]", listed.group(1))))


def test_the_site_holds_the_app_the_engine_the_data_and_its_own_files(built: tuple[Path, site.SiteReport]) -> None:
    out, report = built
    files = _tree(out)
    app_files = {p.relative_to(site.APP).as_posix() for p in site.APP.rglob("*") if p.is_file()}
    data = site_files([load_builtin(name) for name in BUILTIN])
    expected = app_files | set(data) | {"engine/patolli.mjs", "engine/patolli.wasm", "manifest.webmanifest", "sw.js",
                                        "icons/icon-192.png", "icons/icon-512.png", "icons/icon-maskable-512.png"}
    assert set(files) == expected
    assert {"index.html", "app.css", "js/main.js", "js/worker.js", "data/games.json"} <= set(files)
    assert files["engine/patolli.wasm"] == (site.build.DIST / site.build.WASM).read_bytes()
    assert files["engine/patolli.mjs"] == site.ENGINE_JS.read_bytes()
    for path in app_files - {"index.html"}:  # the page is the app's, its module list filled in (test_web_preload)
        assert files[path] == (site.APP / path).read_bytes(), path
    assert report.folder == out and report.files == len(files)
    assert report.bytes == sum(map(len, files.values()))
    assert report.gzip_bytes == sum(len(gzip.compress(d, 9, mtime=0)) for d in files.values()) < report.bytes
    tables = sum(len(gzip.compress(d, 9, mtime=0)) for path, d in files.items() if path.endswith(".u16z"))
    assert report.later_gzip_bytes == tables > 0 and report.first_visit_gzip_bytes == report.gzip_bytes - tables
    assert report.rulesets == BUILTIN
    assert report.games == tuple(g["key"] for g in json.loads(files["data/games.json"])["games"])


def test_the_icons_are_square_pngs_of_their_sizes(built: tuple[Path, site.SiteReport]) -> None:
    out, _ = built
    for name, side in (("icon-192.png", 192), ("icon-512.png", 512), ("icon-maskable-512.png", 512)):
        data = (out / "icons" / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (side, side), name
    assert (out / "icons/icon-512.png").read_bytes() != (out / "icons/icon-maskable-512.png").read_bytes()


def _icon_points(maskable: bool) -> list[tuple[float, float]]:
    shapes = [item for item in app_icon.icon_page(maskable).items if isinstance(item, Path_) and
              item.tag != "icon background"]
    assert len(shapes) == 8 * app_icon.ARM + 4 + 1  # every cell of the cross, and the flower
    return [(x - 0.5, y - 0.5) for item in shapes for x, y in path_points(item)]


def test_the_icons_fill_their_room_and_the_maskable_one_keeps_inside_the_safe_circle() -> None:
    far = max(math.hypot(x, y) for x, y in _icon_points(True))
    assert app_icon.MASK_SAFE / 2 * 0.95 < far <= app_icon.MASK_SAFE / 2
    side = max(max(abs(x), abs(y)) for x, y in _icon_points(False))
    assert 0.4 < side < 0.5


def test_the_manifest_installs_the_app_from_its_own_folder(built: tuple[Path, site.SiteReport]) -> None:
    out, _ = built
    manifest = json.loads((out / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Patolli" and manifest["short_name"] and manifest["description"]
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("./", "./", "standalone")
    assert manifest["orientation"] == "any" and manifest["lang"] == "en"
    index = (out / "index.html").read_text(encoding="utf-8")
    theme = re.search(r'<meta name="theme-color" content="([^"]+)"', index)
    assert theme and manifest["theme_color"] == theme.group(1).lower()
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    icons = {(i["src"], i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert icons == {("icons/icon-192.png", "192x192", "any"), ("icons/icon-512.png", "512x512", "any"),
                     ("icons/icon-maskable-512.png", "512x512", "maskable")}
    assert all((out / i["src"]).is_file() and i["type"] == "image/png" for i in manifest["icons"])


def test_the_service_worker_caches_every_file_and_no_other(built: tuple[Path, site.SiteReport]) -> None:
    """Every file at install but the endgame tables, each cached when a game first asks for it."""
    out, _ = built
    files = _tree(out)
    sw = files.pop("sw.js").decode()
    later = _sw_files(sw, "LATER")
    assert later and all(f.endswith(".u16z") for f in later)
    assert sorted(_sw_files(sw) + later) == sorted(files) and not set(_sw_files(sw)) & set(later)
    assert f'const VERSION = "{site_version(files)}";' in sw
    assert "http:" not in sw and "https:" not in sw and "registration.scope" in sw and "clients.claim()" in sw


def test_a_rebuild_is_byte_identical(built: tuple[Path, site.SiteReport], tmp_path: Path) -> None:
    out, _ = built
    site.write_site(tmp_path / "again", [load_builtin(name) for name in BUILTIN], False)
    assert _tree(tmp_path / "again") == _tree(out)
    # another process, with another order of its sets and dicts of strings: the same bytes
    env = {**os.environ, "PYTHONHASHSEED": "7"}
    done = subprocess.run([sys.executable, "-m", "printgen", "web", "-o", str(tmp_path / "elsewhere")], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert _tree(tmp_path / "elsewhere") == _tree(out)


def test_another_site_has_another_version(tmp_path: Path) -> None:
    site.write_site(tmp_path / "one", [load_builtin("gatigo")], False)
    site.write_site(tmp_path / "two", [load_builtin("neeley")], False)
    one, two = ((tmp_path / name / "sw.js").read_text() for name in ("one", "two"))
    assert re.search(r"VERSION = (.*);", one) != re.search(r"VERSION = (.*);", two)


def _mine(tmp_path: Path, name: str = "mine") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(builtin_text("gatigo").replace('name = "gatigo"', f'name = "{name}"', 1), encoding="utf-8")
    return path


def test_a_ruleset_file_adds_its_games(tmp_path: Path) -> None:
    result = runner.invoke(app, ["web", "-o", str(tmp_path / "site"), "--ruleset", str(_mine(tmp_path))])
    assert result.exit_code == 0, result.output
    index = json.loads((tmp_path / "site" / "data" / "games.json").read_text(encoding="utf-8"))
    assert [r["name"] for r in index["rulesets"]] == [*BUILTIN, "mine"]
    mine = [g for g in index["games"] if g["ruleset"] == "mine"]
    assert mine and all((tmp_path / "site" / "data" / g["file"]).is_file() for g in mine)
    assert "5 rulesets" in result.stdout and "python -m http.server -d" in result.stdout
    assert "on its first visit, and each game's endgame table when the game first opens" in result.stdout
    assert "http://localhost:8000/" in result.stdout
    # the ruleset file is named by its file's name: no file of the site (a public web page) holds the path to it
    site = tmp_path / "site"
    assert not [p for p in site.rglob("*") if p.is_file() and str(tmp_path).encode() in p.read_bytes()]
    assert index["rulesets"][-1]["origin"] == "mine.toml"


@pytest.mark.parametrize(("make", "words"), [
    (lambda tmp: _mine(tmp, "bell"), "two rulesets are named 'bell'"),
    (lambda tmp: tmp / "missing.toml", "no such file"),
    (lambda tmp: (tmp / "bad.toml").write_text("[ruleset\n") and tmp / "bad.toml", "bad.toml"),
    (lambda tmp: "bell+no_gambling", "without +no_gambling"),
])
def test_a_ruleset_the_site_cannot_offer_is_one_line(tmp_path: Path, make, words: str) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(app, ["web", "-o", str(tmp_path / "site"), "--ruleset", str(make(tmp_path))])
    assert result.exit_code == 2 and words in result.stderr, result.output
    assert len(result.stderr.strip().splitlines()) == 1 and not (tmp_path / "site").exists()


def _users_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    (folder / "notes").mkdir(parents=True)
    (folder / "notes" / "mine.txt").write_text("my notes")
    (folder / "index.html").write_text("my page")
    return folder


def test_a_folder_with_files_is_refused_without_force(tmp_path: Path) -> None:
    folder = _users_folder(tmp_path)
    result = runner.invoke(app, ["web", "-o", str(folder)])
    assert result.exit_code == 2
    assert result.stderr == f"error: {folder} is not empty; use --force to overwrite it\n"
    assert (folder / "index.html").read_text() == "my page" and (folder / "notes" / "mine.txt").is_file()


def test_an_empty_folder_is_filled_and_force_replaces_the_old_folder_whole(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert runner.invoke(app, ["web", "-o", str(tmp_path / "empty")]).exit_code == 0
    folder = _users_folder(tmp_path)
    result = runner.invoke(app, ["web", "-o", str(folder), "--force"])
    assert result.exit_code == 0, result.output
    assert _tree(folder) == _tree(tmp_path / "empty")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty", "site"]  # nothing left beside it


def test_a_file_in_the_way_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "site").write_text("a file")
    result = runner.invoke(app, ["web", "-o", str(tmp_path / "site"), "--force"])
    assert result.exit_code == 2 and result.stderr == f"error: {tmp_path / 'site'} is a file, not a folder for the " \
                                                      "site\n"


def test_the_current_folder_is_never_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["web", "-o", ".", "--force"])
    assert result.exit_code == 2 and "the site needs a folder of its own" in result.stderr
    assert tmp_path.is_dir() and not any(tmp_path.iterdir())


def test_a_failure_while_writing_leaves_the_old_folder_as_it_was(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _users_folder(tmp_path)
    before = _tree(folder)
    write_tree = site._write_tree

    def fail_half_way(new: Path, files: dict[str, bytes]) -> None:
        write_tree(new, dict(list(files.items())[: len(files) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(site, "_write_tree", fail_half_way)
    with pytest.raises(FileError, match="cannot write the site into .*: no space left on device"):
        site.write_site(folder, [load_builtin("gatigo")], True)
    assert _tree(folder) == before
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # the half-written site is gone


def test_folders_a_killed_build_left_are_removed_once_stale(tmp_path: Path) -> None:
    stale, fresh = tmp_path / ".site.new.abcd_123.tmp", tmp_path / ".site.old.efgh_456.tmp"
    for left in (stale, fresh):
        (left / "data").mkdir(parents=True)
    os.utime(stale, (0, 0))
    site.write_site(tmp_path / "site", [load_builtin("gatigo")], False)
    assert sorted(p.name for p in tmp_path.iterdir()) == [fresh.name, "site"]


# ---- in a browser ----

missing = phone_picture.missing()
SUB = "some/sub/"
PATIENCE = 60_000  # ms: a shared machine loads the engine in a worker


class _Log:
    """The paths a served folder was asked for, in order."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        self.lock = threading.Lock()

    def add(self, path: str) -> None:
        with self.lock:
            self.paths.append(path)

    def count(self) -> int:
        with self.lock:
            return len(self.paths)


@contextmanager
def _served(root: Path, log: _Log) -> Iterator[str]:
    """Serves a folder over http on a free port, logging every request; yields its address."""

    class Handler(http.server.SimpleHTTPRequestHandler):  # the types of `python -m http.server`, as the docs say
        def log_message(self, *args: object) -> None:
            pass

        def send_head(self):  # type: ignore[no-untyped-def]
            log.add(self.path)
            return super().send_head()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def www(built: tuple[Path, site.SiteReport], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A web root holding the site under a sub-path."""
    root = tmp_path_factory.mktemp("www")
    shutil.copytree(built[0], root / SUB)
    return root


READY = 'document.body.dataset.ready === "1"'


@pytest.mark.skipif(missing is not None, reason=str(missing))
def test_the_site_boots_again_offline_with_no_request(www: Path) -> None:
    log = _Log()
    with _served(www, log) as url, phone_picture.chromium() as browser:
        context = browser.new_context(viewport={"width": 360, "height": 640})
        try:
            page = context.new_page()
            asked: list[str] = []
            context.on("request", lambda r: asked.append(r.url))
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + SUB)
            page.wait_for_function(READY, timeout=PATIENCE)
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            if not page.evaluate("navigator.serviceWorker.controller !== null"):
                page.reload()
                page.wait_for_function(READY, timeout=PATIENCE)
            assert page.evaluate("navigator.serviceWorker.controller !== null")
            assert all(u.startswith(url + SUB) for u in asked), [u for u in asked if not u.startswith(url + SUB)]
            served = log.count()
            context.set_offline(True)
            for visit in (url + SUB, url + SUB + "index.html?g=1"):
                page.goto(visit)
                page.wait_for_function(READY, timeout=PATIENCE)
            page.reload()
            page.wait_for_function(READY, timeout=PATIENCE)
            assert log.count() == served, log.paths[served:]
            assert not errors and page.evaluate("document.getElementById('error').hidden")
        finally:
            context.close()


@pytest.mark.skipif(missing is not None, reason=str(missing))
def test_the_site_is_installable(www: Path, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    # a profile on disk: Chromium refuses to install from an incognito context, which a plain new_context is
    with _served(www, _Log()) as url, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(tmp_path / "profile", executable_path=shutil.which("chromium"),
                                                       args=["--no-sandbox"], viewport={"width": 360, "height": 640})
        try:
            page = context.new_page()
            page.goto(url + SUB)
            page.wait_for_function(READY, timeout=PATIENCE)
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            cdp = context.new_cdp_session(page)
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["url"] == url + SUB + "manifest.webmanifest" and not manifest["errors"]
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        finally:
            context.close()
