"""The whole print kit of a ruleset: every set as its own file, and one combined PDF to print in one go."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from printgen.files import OutputDir
from printgen.render.booklet import booklet_pages, imposed_booklet
from printgen.render.booklet import card_pages as reference_pages
from printgen.render.formats import Flip
from printgen.render.howto import howto_page
from printgen.render.output import Format, stem, write_pages
from printgen.render.paper import Paper
from printgen.render.pdf import Metadata
from printgen.render.prints import PrintOptions, bean_pages, board_pages, card_pages, pieces_pages
from printgen.render.scene import Page
from printgen.render.words import WORDS
from printgen.rules_text.lang import Texts
from printgen.rulesets.model import Ruleset

STEPS = ("board", "pieces", "beans", "cards", "booklet", "reference card", "how to print", "combined kit")
@dataclass(frozen=True)
class KitResult:
    """The files written and the combined PDF's page count."""

    files: list[Path]
    combined_pages: int


def build_kit(rs: Ruleset, opts: PrintOptions, out: OutputDir,
              progress: Callable[[str], None] = lambda step: None) -> KitResult:
    """Builds and writes the kit; progress is called as each step starts."""
    lang, paper = opts.lang, opts.paper
    T = Texts(lang)
    sets: dict[str, list[Page]] = {}
    progress("board")
    sets["board"], _ = board_pages(rs, opts)
    progress("pieces")
    sets["pieces"] = pieces_pages(rs, opts)
    progress("beans")
    sets["beans"] = bean_pages(rs, opts)
    progress("cards")
    sets["cards"] = card_pages(rs, opts)
    progress("booklet")
    reading = booklet_pages(rs, lang, paper)
    sets["booklet"] = imposed_booklet(reading, paper, Flip.SHORT)
    progress("reference card")
    sets["card"] = reference_pages(rs, lang, paper)
    progress("how to print")
    names = {k: stem(rs, k, paper.value, lang, opts.grey)
             for k in ("board", "pieces", "beans", "cards", "booklet", "reading", "card", "howto", "kit")}
    what = {k: T(f"kit.{k}") for k in names}
    listing = [(f"{names[k]}.pdf", what[k], len(sets[k]))
               for k in ("board", "pieces", "beans", "cards", "booklet", "card")]
    listing.insert(5, (f"{names['reading']}.pdf", what["reading"], len(reading)))
    tiles = max(0, len(sets["board"]) - 1)
    howto = howto_page(rs, lang, paper, listing, tiles, opts.flip.value)
    combined = howto + [p for k in ("board", "pieces", "beans", "cards", "booklet", "card") for p in sets[k]]
    listing.insert(0, (f"{names['howto']}.pdf", what["howto"], len(howto)))
    listing.append((f"{names['kit']}.pdf", what["kit"], len(combined)))
    howto = howto_page(rs, lang, paper, listing, tiles, opts.flip.value)  # now listing the combined file too
    combined[: len(howto)] = howto
    files: list[Path] = []
    for key, pages in (("howto", howto), *sets.items(), ("reading", reading)):
        meta = Metadata(f"Patolli {WORDS[lang].get(key, key)}: {rs.title.get(lang)}", subject=key)
        files += write_pages(out, pages, names[key], Format.PDF, opts.grey, meta)
    progress("combined kit")
    files += write_pages(out, combined, names["kit"], Format.PDF, opts.grey,
                         Metadata(f"Patolli print kit: {rs.title.get(lang)}", subject="kit"))
    return KitResult(files, len(combined))


def kit_options(paper: Paper, lang: str, grey: bool, flip: Flip, offset: tuple[float, float],
                players: int | None) -> PrintOptions:
    """Returns the print options of a kit."""
    return replace(PrintOptions(), paper=paper, lang=lang, grey=grey, flip=flip, back_offset=offset, players=players)
