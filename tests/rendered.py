"""Kits and rules booklets rendered once per test run and read back once, shared by the test files that check them.

A kit takes seconds to build and its pages longer to read back, and several files check the same kit (its files
and bookmarks, its words, its typesetting). Everything is made on first use, in a folder all the run's workers
share (pytest-xdist), under a lock per thing: one worker renders or reads it, the others wait and load it.
Each thing is made as the tests made it themselves (a built-in ruleset's reading copy comes from its kit, which
writes the very same pages), so the checks on it are unchanged.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pdf_read import reader, text_of

from printgen.files import OutputDir
from printgen.render.imposition import Flip
from printgen.render.paper import Paper
from printgen.render.pdf import Metadata

META = Metadata("test", subject="test")  # what the tests write their own booklets and cards with
DONE = "done.json"


@dataclass(frozen=True)
class Kit:
    """A kit as `build_kit` wrote it with the default options (long-edge flip, no back offset, in colour)."""

    name: str
    lang: str
    paper: Paper
    folder: Path
    files: tuple[Path, ...]
    printed: dict[str, int]  # KitResult.printed: the page count of each file to print
    steps: tuple[str, ...]  # the progress steps, in order

    def pdf(self, what: str) -> Path:
        """Returns the path of one of the kit's files, by what it holds ("1-single-sided", "reading", ...)."""
        return self.folder / f"{self.name}-{what}-{self.paper.value}-{self.lang}.pdf"


class Renders:
    """Makes each kit, booklet, card and page text once in a shared folder, and remembers it in this process."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._memo: dict[tuple[Any, ...], Any] = {}

    @contextmanager
    def _made(self, key: str) -> Iterator[tuple[Path, bool]]:
        """Holds the lock of a thing's folder; yields the folder and whether it is already made."""
        where = self.folder / key
        where.mkdir(parents=True, exist_ok=True)
        with (where.parent / f"{key}.lock").open("w") as held:
            fcntl.flock(held, fcntl.LOCK_EX)  # released when the file closes
            yield where, (where / DONE).exists()

    def _once(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def kit(self, name: str, lang: str, paper: Paper) -> Kit:
        """Returns the built-in ruleset's kit with the default options, built once."""
        return self._once(("kit", name, lang, paper), lambda: self._kit(name, lang, paper))

    def _kit(self, name: str, lang: str, paper: Paper) -> Kit:
        from printgen.render.kit import build_kit, kit_options
        from printgen.ruleset_files import load_ruleset

        with self._made(f"kit-{name}-{lang}-{paper.value}") as (where, made):
            if not made:
                steps: list[str] = []
                result = build_kit(load_ruleset(name), kit_options(paper, lang, False, Flip.LONG, (0, 0), None),
                                   OutputDir(where), steps.append)
                (where / DONE).write_text(json.dumps({"files": [p.name for p in result.files],
                                                      "printed": result.printed, "steps": steps}))
            done = json.loads((where / DONE).read_text())
        return Kit(name, lang, paper, where, tuple(where / f for f in done["files"]), done["printed"],
                   tuple(done["steps"]))

    def reading(self, spec: str, lang: str, paper: Paper) -> Path:
        """Returns the booklet's reading copy (its pages in reading order) as a PDF: a built-in ruleset's from its
        kit, which writes these very pages, and any other as the tests write it."""
        from printgen.rulesets import BUILTIN

        if spec in BUILTIN:
            return self.kit(spec, lang, paper).pdf("reading")
        return self._pages("reading", spec, lang, paper)

    def card(self, spec: str, lang: str, paper: Paper) -> Path:
        """Returns the reference card as a PDF."""
        return self._pages("card", spec, lang, paper)

    def _pages(self, what: str, spec: str, lang: str, paper: Paper) -> Path:
        return self._once((what, spec, lang, paper), lambda: self._write(what, spec, lang, paper))

    def _write(self, what: str, spec: str, lang: str, paper: Paper) -> Path:
        from printgen.render.booklet import booklet_pages, card_pages
        from printgen.render.output import Format, write_pages
        from printgen.ruleset_files import load_ruleset

        with self._made(f"{what}-{spec}-{lang}-{paper.value}") as (where, made):
            if not made:
                pages = (booklet_pages if what == "reading" else card_pages)(load_ruleset(spec), lang, paper)
                write_pages(OutputDir(where), pages, what, Format.PDF, False, META)
                (where / DONE).write_text("{}")
        return where / f"{what}.pdf"

    def texts(self, path: Path) -> list[str]:
        """Returns `pdf_read.page_texts(path)`, read once for each content of the file."""
        return self._read(path, None)

    def text(self, path: Path, page: int) -> str:
        """Returns the text of one page (numbered from 1) as `page_texts` gives it, reading only that page."""
        return self._read(path, page)[0]

    def _read(self, path: Path, page: int | None) -> list[str]:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:32]
        whole = self._memo.get(("texts", digest, None))
        if whole is not None and page is not None:
            return [whole[page - 1]]
        return self._once(("texts", digest, page), lambda: self._extract(path, digest, page))

    def _extract(self, path: Path, digest: str, page: int | None) -> list[str]:
        with self._made(f"text-{digest}-{page or 'all'}") as (where, made):
            if not made:
                pages = reader(path).pages
                chosen = pages if page is None else [pages[page - 1]]
                (where / DONE).write_text(json.dumps([text_of(p) for p in chosen]))
            return list(json.loads((where / DONE).read_text()))


def shared_folder(basetemp: Path) -> Path:
    """Returns the folder every worker of this run can see: the workers' base folders sit side by side in it."""
    return basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp
