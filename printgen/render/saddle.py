"""Saddle-stitch imposition: booklet pages two to a sheet side, in the order that folds and staples right."""

from __future__ import annotations

from printgen.render.affine import Affine
from printgen.render.formats import Flip
from printgen.render.scene import Group, Page


def pad_to_four(pages: list[Page], blank: Page, last: Page | None = None) -> list[Page]:
    """Returns the pages padded with blanks to a multiple of four; a last page (the back cover) follows the blanks."""
    tail = [last] if last is not None else []
    return pages + [blank] * (-(len(pages) + len(tail)) % 4) + tail


def saddle_order(n: int) -> list[tuple[int, int]]:
    """Returns (left, right) page indexes for each sheet side in print order: front, back, front, back ..."""
    if n % 4:
        raise ValueError("a saddle-stitched booklet has a multiple of four pages")
    sides = []
    for i in range(n // 4):
        sides.append((n - 1 - 2 * i, 2 * i))  # front of sheet i
        sides.append((2 * i + 1, n - 2 - 2 * i))  # back of sheet i
    return sides


def impose_saddle_stitch(pages: list[Page], sheet: tuple[float, float], flip: Flip = Flip.SHORT) -> list[Page]:
    """Returns landscape sheet sides with two booklet pages each, for duplex printing, folding and stapling.

    Booklets print flipped on the short edge; for a printer set to the long edge every back side is
    turned half round so it still lands the right way up.
    """
    sw, sh = sheet
    out = []
    for side, (left, right) in enumerate(saddle_order(len(pages))):
        page = Page(sw, sh, label=f"sheet {side // 2 + 1} {'front' if side % 2 == 0 else 'back'}")
        for index, x in ((left, sw / 2 - pages[left].width), (right, sw / 2)):
            p = pages[index]
            page.add(Group(tuple(p.items), Affine.translate(x, (sh - p.height) / 2), tag=f"booklet page {index + 1}"))
        if flip is Flip.LONG and side % 2 == 1:
            page.items = [Group(tuple(page.items), Affine.rotate(180, sw / 2, sh / 2))]
        out.append(page)
    return out
