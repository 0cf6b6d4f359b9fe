"""Pictures in the tests: baseline PNGs of what people look at, compared with a tolerance, and the command that
refreshes them on purpose (`python -m tests.pictures --refresh [NAME ...]`, from the checkout's root).

Prints are drawn through the project's own PNG backend (`render_png`: its SVG through cairosvg) at a low DPI, so
the test needs the system cairo library and nothing else; the phone table is `patolli serve` photographed by
Debian's Chromium (`phone_picture.py`). A comparison fails when too many pixels differ by more than a threshold,
or when the root mean square of every difference is too large (matplotlib's measure), and then writes the actual
picture, the baseline and a diff picture to FAILED and names them."""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import numpy as np

from printgen.render.booklet import booklet_pages, imposed_booklet
from printgen.render.palette import palette
from printgen.render.paper import Paper
from printgen.render.prints import PrintOptions, board_preview, card_pages
from printgen.render.scene import Group, Item, Page
from printgen.render.svg import render_png
from printgen.ruleset_files import load_ruleset

ROOT = Path(__file__).resolve().parents[1]
BASELINES = Path(__file__).resolve().parent / "baselines"
REFRESH = "python -m tests.pictures --refresh"
BOARD_DPI = 50  # low, to keep the files small: a cell is ~30 px, a cell number ~7 px tall, still read
PAGE_DPI = 60  # a booklet sheet or a card sheet: body type ~8 px tall


def failed_folder() -> Path:
    """Returns where a failed comparison writes its pictures (PATOLLI_PICTURES_OUT, or a folder in the temp dir)."""
    return Path(os.environ.get("PATOLLI_PICTURES_OUT") or Path(tempfile.gettempdir()) / "patolli-pictures")


@dataclass(frozen=True)
class Tolerance:
    """How far a picture may stray from its baseline: pixels whose largest channel difference (0–255) is over
    `threshold` may number at most `pixels`, and the RMS of every channel's difference may be at most `rms`.
    The threshold absorbs antialiasing that differs by a shade; the count lets a few edge pixels move; neither
    lets a wrong fill or a lost label through (on bell's board at 50 dpi a cell filled as another kind differs
    in about 1300 pixels, a lost cell number in 25 to 63), and the RMS catches a tint too faint for the
    threshold that covers a whole area."""

    threshold: int = 24
    pixels: int = 6
    rms: float = 1.0


PRINT = Tolerance()
# The page is set in the system's sans-serif by Chromium, whose hinting or subpixel placement may move a glyph edge
# after an update of either: more edge pixels are let through, never a lost label (the pool's line, one of the
# shortest, differs in ~740 pixels) or a lost piece on the board (~250); on one machine shots differ in none.
PHONE = Tolerance(threshold=32, pixels=40, rms=1.0)


@dataclass(frozen=True)
class Comparison:
    """How an actual picture differs from its baseline."""

    size: tuple[int, int]  # the actual picture's (width, height)
    expected_size: tuple[int, int]
    differing: int  # pixels whose largest channel difference is over the threshold
    rms: float
    tolerance: Tolerance

    @property
    def ok(self) -> bool:
        """Returns whether the picture is within the tolerance of its baseline."""
        t = self.tolerance
        return self.size == self.expected_size and self.differing <= t.pixels and self.rms <= t.rms

    def describe(self) -> str:
        """Returns the measures against the tolerance, in one line."""
        if self.size != self.expected_size:
            return f"size {self.size[0]}×{self.size[1]} px, baseline {self.expected_size[0]}×{self.expected_size[1]}"
        t = self.tolerance
        return (f"{self.differing} px differ by more than {t.threshold} (at most {t.pixels}), "
                f"RMS {self.rms:.3f} (at most {t.rms:g})")


def pixels(png: bytes) -> np.ndarray:
    """Returns a PNG's pixels as RGB (height × width × 3, uint8), any transparency laid on white."""
    from PIL import Image  # cairosvg's own dependency

    with Image.open(io.BytesIO(png)) as im:
        rgba = np.asarray(im.convert("RGBA"), dtype=np.float64)
    alpha = rgba[:, :, 3:] / 255.0
    return np.rint(rgba[:, :, :3] * alpha + 255.0 * (1.0 - alpha)).astype(np.uint8)


def png_of(rgb: np.ndarray) -> bytes:
    """Returns RGB pixels as an optimised PNG."""
    from PIL import Image

    out = io.BytesIO()
    Image.fromarray(rgb, "RGB").save(out, format="PNG", optimize=True)
    return out.getvalue()


def compare(actual: np.ndarray, expected: np.ndarray, tolerance: Tolerance) -> Comparison:
    """Returns how the actual pixels differ from the expected ones."""
    size = (actual.shape[1], actual.shape[0])
    expected_size = (expected.shape[1], expected.shape[0])
    if size != expected_size:
        return Comparison(size, expected_size, actual.shape[0] * actual.shape[1], float("inf"), tolerance)
    diff = np.abs(actual.astype(np.int16) - expected.astype(np.int16))
    differing = int(np.count_nonzero(diff.max(axis=2) > tolerance.threshold))
    rms = float(np.sqrt(np.mean(diff.astype(np.float64) ** 2)))
    return Comparison(size, expected_size, differing, rms, tolerance)


def diff_picture(actual: np.ndarray, expected: np.ndarray, tolerance: Tolerance) -> np.ndarray:
    """Returns the baseline faded to grey with every pixel over the threshold in red and any smaller
    difference in orange (sized as the actual picture where the sizes differ)."""
    h, w = actual.shape[:2]
    base = np.full((h, w, 3), 255, dtype=np.int16)
    eh, ew = min(h, expected.shape[0]), min(w, expected.shape[1])
    base[:eh, :ew] = expected[:eh, :ew]
    grey = base.mean(axis=2, keepdims=True)
    out = np.repeat(200 + grey * 55 / 255, 3, axis=2).astype(np.uint8)
    diff = np.abs(actual.astype(np.int16) - base).max(axis=2)
    out[diff > 0] = (255, 160, 0)
    out[diff > tolerance.threshold] = (220, 0, 0)
    return out


def baseline_path(name: str) -> Path:
    """Returns the path of a picture's baseline."""
    return BASELINES / f"{name}.png"


def check_picture(name: str, png: bytes, tolerance: Tolerance) -> Comparison:
    """Compares a picture with its baseline; if it strays, writes NAME-actual.png, NAME-expected.png and
    NAME-diff.png to the failed folder and raises AssertionError naming them."""
    path = baseline_path(name)
    if not path.exists():
        raise AssertionError(f"no baseline {path}: look at the picture, then make it with `{REFRESH} {name}`")
    actual, expected = pixels(png), pixels(path.read_bytes())
    result = compare(actual, expected, tolerance)
    if not result.ok:
        out = failed_folder()
        out.mkdir(parents=True, exist_ok=True)
        written = {"actual": png_of(actual), "expected": png_of(expected),
                   "diff": png_of(diff_picture(actual, expected, tolerance))}
        for kind, data in written.items():
            (out / f"{name}-{kind}.png").write_bytes(data)
        raise AssertionError(f"picture {name} differs from its baseline: {result.describe()}; see "
                             f"{out / f'{name}-actual.png'} and {out / f'{name}-diff.png'} (baseline beside them "
                             f"as {name}-expected.png); if the change is meant, run `{REFRESH} {name}`")
    return result


# ---- the printed pictures, as scenes (for tests to alter) and as PNG ----

BOARDS = ("bell", "neeley", "ocastudios", "gatigo")
BOOKLET = ("bell", 3)  # the booklet's sheet 2 back: pages 4 and 13, text, headings, bullets and the worked example
CARDS = "neeley"  # Neeley's item cards: ten assets a player, each with its picture and value


def board_scene(ruleset: str) -> Page:
    """Returns a built-in board as its preview draws it (the whole board on one page of its own size)."""
    return board_preview(load_ruleset(ruleset), PrintOptions())


def booklet_scene() -> Page:
    """Returns one imposed sheet side of the A4 English rules booklet."""
    ruleset, sheet = BOOKLET
    return imposed_booklet(booklet_pages(load_ruleset(ruleset), "en", Paper.A4), Paper.A4)[sheet]


def card_scene() -> Page:
    """Returns the first sheet of item cards (fronts), A4 English."""
    return card_pages(load_ruleset(CARDS), PrintOptions())[0]


def render(page: Page, dpi: int) -> bytes:
    """Returns a page drawn as PNG by the project's own backend, in the print palette."""
    return render_png(page, palette(False), dpi)


PRINTED: dict[str, tuple[Callable[[], Page], int]] = {
    **{f"board-{name}": (partial(board_scene, name), BOARD_DPI) for name in BOARDS},
    "booklet-bell-sheet2-back": (booklet_scene, PAGE_DPI),
    "cards-neeley-front": (card_scene, PAGE_DPI),
}
PHONE_NAME = "phone-table-bell"


def printed_picture(name: str) -> bytes:
    """Returns one of the printed pictures as PNG."""
    scene, dpi = PRINTED[name]
    return render(scene(), dpi)


def edit_items(items: list[Item] | tuple[Item, ...], change: Callable[[Item], Item | None]) -> list[Item]:
    """Returns items with `change` applied to every leaf inside every group (None drops the leaf)."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            out.append(replace(item, items=tuple(edit_items(item.items, change))))
            continue
        changed = change(item)
        if changed is not None:
            out.append(changed)
    return out


def edited(page: Page, change: Callable[[Item], Item | None]) -> Page:
    """Returns a copy of a page with `change` applied to every leaf."""
    return replace(page, items=edit_items(page.items, change))


# ---- refreshing the baselines on purpose ----

def refresh(names: list[str]) -> list[Path]:
    """Draws the named pictures (every one if none is named) and writes them as the baselines."""
    wanted = names or [*PRINTED, PHONE_NAME]
    unknown = [n for n in wanted if n not in PRINTED and n != PHONE_NAME]
    if unknown:
        raise SystemExit(f"error: no picture named {', '.join(unknown)}; the pictures are "
                         f"{', '.join([*PRINTED, PHONE_NAME])}")
    BASELINES.mkdir(parents=True, exist_ok=True)
    written = []
    for name in wanted:
        if name == PHONE_NAME:
            from phone_picture import phone_table_picture

            png = phone_table_picture()
        else:
            png = printed_picture(name)
        path = baseline_path(name)
        path.write_bytes(png_of(pixels(png)))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Refreshes baselines from the command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.pictures", description=__doc__.splitlines()[0])
    parser.add_argument("--refresh", action="store_true", help="draw the pictures and write them as the baselines")
    parser.add_argument("names", nargs="*", help="pictures to refresh (all if none)")
    args = parser.parse_args(argv)
    if not args.refresh:
        parser.print_help()
        return 2
    for path in refresh(args.names):
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KB): look at it before committing")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))  # phone_picture beside this file
    raise SystemExit(main())
