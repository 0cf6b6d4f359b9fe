"""The phone app as a static site: one folder any web host can serve, which keeps working offline once visited.

`site_contents(rulesets)` returns every file of the site by path; `write_site(out, rulesets, force)` writes them
into a folder. The site holds:

- the app (`printgen/web/app/`, its folders kept; index.html names every module the page imports up front,
  `preload.py`) and the engine (`engine/patolli.mjs`, `engine/patolli.wasm`);
- its data (`app_data.site_files`): every game of the rulesets, their boards, words and solved tables;
- its icons, drawn by the renderer (`render/app_icon.py`), and `manifest.webmanifest`, which lets a phone
  install it;
- `sw.js`, the service worker that caches every file on the first visit (`service_worker.py`).

The same rulesets give the same bytes. The site is built in a folder beside `out` and moved into place when it
is complete, so a failure never leaves half a site, nor (with force) loses the old one.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import re
import shutil
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from printgen.errors import OptionError, OverwriteError, RulesetError
from printgen.files import STALE_SECONDS, FileError, check_folder, resolve_target
from printgen.lang import BASE_LANG, templates
from printgen.render.app_icon import THEME, icon_png
from printgen.rulesets.model import Ruleset
from printgen.web import build
from printgen.web.app_data import site_files
from printgen.web.preload import with_preloads
from printgen.web.service_worker import SERVICE_WORKER, cached_later, service_worker

APP = Path(__file__).resolve().parent / "app"
ENGINE_JS = Path(build.__file__).resolve().parent / "js" / "patolli.mjs"
MANIFEST = "manifest.webmanifest"
ICONS = {"icons/icon-192.png": (192, False), "icons/icon-512.png": (512, False),
         "icons/icon-maskable-512.png": (512, True)}
BACKGROUND = "#FFF8EA"  # the splash screen's colour while the app starts: the page's paper (palette card.front)


@dataclass(frozen=True)
class SiteReport:
    """What `write_site` wrote: the folder, its files and bytes (and gzipped, as a host sends them), the games."""

    folder: Path
    files: int
    bytes: int
    gzip_bytes: int
    rulesets: tuple[str, ...]
    games: tuple[str, ...]  # each game's key (`bell+no_gambling-2`)
    later_gzip_bytes: int = 0  # of gzip_bytes, the endgame tables: each fetched when a game that reads it opens

    @property
    def first_visit_gzip_bytes(self) -> int:
        """Returns what a phone downloads on its first visit (gzipped): every file but the endgame tables."""
        return self.gzip_bytes - self.later_gzip_bytes


def _app_files() -> dict[str, bytes]:
    """Returns the app's own files (HTML, CSS, scripts), by path inside the app folder."""
    out = {}
    for path in sorted(APP.rglob("*")):
        rel = path.relative_to(APP)
        if path.is_file() and not any(p.startswith(".") or p == "__pycache__" for p in rel.parts):
            out[rel.as_posix()] = path.read_bytes()
    return out


def web_manifest() -> str:
    """Returns the web app manifest: the app's name, colours and icons, so a phone can install it."""
    words = templates(BASE_LANG)
    icons = [{"src": path, "sizes": f"{px}x{px}", "type": "image/png", **({"purpose": "maskable"} if mask else {})}
             for path, (px, mask) in ICONS.items()]
    manifest = {
        "name": words["site.name"], "short_name": words["site.short_name"], "description": words["site.description"],
        "lang": BASE_LANG, "start_url": "./", "scope": "./", "display": "standalone", "orientation": "any",
        "background_color": BACKGROUND.lower(), "theme_color": THEME.lower(), "icons": icons,
    }
    return json.dumps(manifest, ensure_ascii=False, indent=1) + "\n"


def _check_rulesets(rulesets: list[Ruleset]) -> None:
    """Refuses two rulesets of one name (their games would share files) and a ruleset with options applied."""
    applied = next((rs for rs in rulesets if rs.applied), None)
    if applied:
        raise OptionError(f"ruleset '{applied.spec}': the site offers every option of each ruleset; "
                          f"give it without +{applied.applied[0]}")
    names = [rs.name for rs in rulesets]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice:
        raise RulesetError(f"two rulesets are named '{twice}': give each ruleset file a name of its own")


def site_contents(rulesets: list[Ruleset]) -> dict[str, bytes]:
    """Returns every file of the site for these rulesets, by path, in path order."""
    _check_rulesets(rulesets)
    files = _app_files()
    generated: dict[str, bytes] = {"engine/patolli.mjs": ENGINE_JS.read_bytes(),
                                   "engine/patolli.wasm": (build.DIST / build.WASM).read_bytes()}
    generated.update({path: data.encode() if isinstance(data, str) else data
                      for path, data in site_files(rulesets).items()})
    generated.update({path: icon_png(px, mask) for path, (px, mask) in ICONS.items()})
    generated[MANIFEST] = web_manifest().encode()
    clash = sorted(set(files) & (set(generated) | {SERVICE_WORKER}))
    if clash:
        raise RuntimeError(f"printgen/web/app holds {clash[0]}, which the site generates")
    files.update(generated)
    files["index.html"] = with_preloads(files["index.html"].decode("utf-8"), files).encode("utf-8")
    files[SERVICE_WORKER] = service_worker(files).encode()
    return dict(sorted(files.items()))


def _reason(exc: OSError) -> str:
    """Returns an OS error's reason in a few lower-case words."""
    return (exc.strerror or str(exc)).lower()


def gzip_size(data: bytes) -> int:
    """Returns the size of data gzipped as a web host sends it."""
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def _check_out(out: Path, force: bool) -> None:
    """Refuses an output that is not a folder, a folder with files unless force, and folders never to replace."""
    try:
        st = os.stat(out)
    except FileNotFoundError:
        check_folder(out.parent)
        return
    except OSError as exc:
        raise FileError(f"cannot write into {out}: {_reason(exc)}") from None
    if not stat.S_ISDIR(st.st_mode):
        raise OptionError(f"{out} is a file, not a folder for the site")
    check_folder(out.parent)
    real, here = out.resolve(), Path.cwd().resolve()
    if real in (Path(real.anchor), Path.home().resolve()) or here == real or real in here.parents:
        raise OptionError(f"{out} holds the current, home or root folder: the site needs a folder of its own")
    if any(out.iterdir()) and not force:
        raise OverwriteError(f"{out} is not empty")


def _write_tree(folder: Path, files: dict[str, bytes]) -> None:
    """Writes files into a new folder (made by mkdtemp, so private): folders made as needed, everyone may read."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(folder, 0o777 & ~umask)
    for path, data in files.items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())


def _move_into_place(new: Path, out: Path) -> None:
    """Puts the complete new folder at out; a folder already there is moved aside first and removed after."""
    old: Path | None = None
    if out.exists():
        if not any(out.iterdir()):
            out.rmdir()
        else:
            old = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.old.", suffix=".tmp"))
            os.replace(out, old / "site")
    try:
        os.replace(new, out)
    except OSError:
        if old is not None:
            os.replace(old / "site", out)  # put the old site back
            shutil.rmtree(old, ignore_errors=True)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    with contextlib.suppress(OSError):
        fd = os.open(out.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _clean_stale(out: Path) -> None:
    """Removes the folders a killed `write_site` left beside out (building, or moved aside), if old enough."""
    pattern = re.compile(rf"\.{re.escape(out.name)}\.(new|old)\.[A-Za-z0-9_]{{8}}\.tmp")
    with contextlib.suppress(OSError):
        for name in os.listdir(out.parent):
            left = out.parent / name
            if pattern.fullmatch(name) and time.time() - os.lstat(left).st_mtime >= STALE_SECONDS:
                shutil.rmtree(left, ignore_errors=True)


def write_site(out: Path, rulesets: list[Ruleset], force: bool = False) -> SiteReport:
    """Writes the static site for these rulesets into the folder out; refuses a folder with files unless force
    (then the whole folder is replaced, once the new site is complete). Returns what was written."""
    out = Path(os.path.abspath(resolve_target(out)))
    _check_out(out, force)
    _clean_stale(out)
    files = site_contents(rulesets)
    new: Path | None = None
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        new = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.new.", suffix=".tmp"))
        _write_tree(new, files)
        _move_into_place(new, out)
        new = None
    except OSError as exc:
        raise FileError(f"cannot write the site into {out}: {_reason(exc)}") from None
    finally:
        if new is not None:
            shutil.rmtree(new, ignore_errors=True)
    games = json.loads(files["data/games.json"])["games"]
    zipped = {path: gzip_size(d) for path, d in files.items()}
    return SiteReport(out, len(files), sum(map(len, files.values())), sum(zipped.values()),
                      tuple(rs.name for rs in rulesets), tuple(g["key"] for g in games),
                      sum(n for path, n in zipped.items() if cached_later(path)))
