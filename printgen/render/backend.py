"""The one walk over a scene: every backend is handed pages, then each path and line of text in drawing order.

A backend implements only the primitives: it is told where each leaf goes (the transform from the leaf's own
millimetres to the page's) and the clip it is drawn within, and never walks groups itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from printgen.render.affine import Affine
from printgen.render.scene import Clip, Page, Path, Text, flatten


class Backend(Protocol):
    """What draws scene pages: a PDF canvas, an SVG document, ..."""

    def begin_page(self, page: Page) -> None:
        """Starts a page of page.width × page.height mm."""

    def path(self, path: Path, transform: Affine, clip: Clip | None) -> None:
        """Draws a path through transform, within clip when there is one."""

    def text(self, text: Text, transform: Affine, clip: Clip | None) -> None:
        """Draws a line of text through transform, within clip when there is one."""

    def end_page(self, page: Page) -> None:
        """Finishes the page."""


def draw(pages: Iterable[Page], backend: Backend) -> None:
    """Draws the pages with a backend: groups resolved to transforms and clips, leaves in order."""
    for page in pages:
        backend.begin_page(page)
        for item, transform, clip in flatten(page.items):
            if isinstance(item, Path):
                backend.path(item, transform, clip)
            else:
                backend.text(item, transform, clip)
        backend.end_page(page)
