"""Setting text: line breaking with bold and italic runs, and a flow that fills columns and pages.

The flow keeps a heading with what follows it, never splits a table or a picture, and never
leaves a single line of a paragraph alone at the foot or head of a column.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from printgen.render.fonts import text_width
from printgen.render.scene import Item, Text
from printgen.rules_text.blocks import Span, spans


def role_for(span: Span, base: str = "body") -> str:
    """Returns the font role of a styled run."""
    if span.bold and span.italic:
        return "body-bold-italic"
    if span.bold:
        return "body-bold"
    if span.italic:
        return "body-italic"
    return base


@dataclass(frozen=True)
class Word:
    """A word in one style, with its width in mm at the size it was measured."""

    text: str
    role: str
    width: float
    space_before: bool


def words_of(markup: str, size: float, base: str = "body") -> list[Word]:
    """Returns the words of a text with inline markup, measured at size points.

    A word split between two styles ("**6**,") becomes two words with no space between them.
    """
    out: list[Word] = []
    space = False
    for span in spans(markup):
        role = role_for(span, base)
        buf, buf_space = "", False
        for ch in span.text + "\0":
            if ch in " \0":
                if buf:
                    out.append(Word(buf, role, text_width(buf, role, size), buf_space))
                    buf = ""
                if ch == " ":
                    space = True
            else:
                if not buf:
                    buf_space, space = space, False
                buf += ch
    return out


def _glued(w: Word) -> bool:
    """Returns whether a word may not begin a line: it follows the word before with no space, or is punctuation."""
    return not w.space_before or not any(c.isalnum() for c in w.text)


def break_lines(words: list[Word], width: float, size: float, first_indent: float = 0.0) -> list[list[Word]]:
    """Returns the words broken greedily into lines no wider than width mm."""
    space = text_width(" ", "body", size)
    lines: list[list[Word]] = []
    line: list[Word] = []
    used = first_indent
    for w in words:
        extra = (space if line and w.space_before else 0.0) + w.width
        if line and used + extra > width:
            k = len(line)
            if _glued(w):  # a word glued to the one before (a full stop after italics) moves with it
                while k > 1 and _glued(line[k - 1]):
                    k -= 1
                k -= 1
            if k <= 0:  # the glued run is the whole line: keep it together and overrun
                line.append(w)
                used += extra
                continue
            lines.append(line[:k])
            line = line[k:] + [w]
            used = sum(x.width for x in line) + sum(space for i, x in enumerate(line) if i and x.space_before)
        else:
            line.append(w)
            used += extra
    if line:
        lines.append(line)
    return lines


def set_line(line: list[Word], x: float, y: float, size: float, fill: str = "ink", anchor: str = "start",
             width: float = 0.0) -> list[Text]:
    """Returns the text items of one line, at baseline y; anchor middle centres it in width."""
    space = text_width(" ", "body", size)
    total = sum(w.width for w in line) + sum(space for i, w in enumerate(line) if i and w.space_before)
    if anchor == "middle":
        x += (width - total) / 2
    elif anchor == "end":
        x += width - total
    items: list[Text] = []
    for i, w in enumerate(line):
        if i and w.space_before:
            x += space
        items.append(Text(x, y, w.text, w.role, size, fill=fill))
        x += w.width
    return items


# ---- the flow ----

Draw = Callable[[float, float], list[Item]]  # (x, y of the box's top-left) → items


@dataclass
class Box:
    """Something the flow places: a fixed-height piece (split=False) or lines of a paragraph."""

    height: float
    draw: Draw
    keep_with_next: bool = False
    space_before: float = 0.0
    lines: list[tuple[float, Draw]] = field(default_factory=list)  # for breakable boxes: (height, draw) per line


@dataclass
class Frame:
    """One column on one page: where it is and what has been placed in it."""

    page: int
    x: float
    y: float
    w: float
    h: float
    items: list[Item] = field(default_factory=list)
    used: float = 0.0


class Flow:
    """Places boxes down columns, page after page."""

    def __init__(self, new_frames: Callable[[int], list[Frame]]) -> None:
        self.new_frames = new_frames
        self.frames: list[Frame] = []
        self.pages = 0
        self._next_page()
        self.current = 0

    def _next_page(self) -> None:
        self.frames += self.new_frames(self.pages)
        self.pages += 1

    @property
    def frame(self) -> Frame:
        """Returns the column being filled."""
        return self.frames[self.current]

    def next_frame(self) -> None:
        """Moves on to the next column, adding a page when needed."""
        self.current += 1
        if self.current >= len(self.frames):
            self._next_page()

    def room(self) -> float:
        """Returns the height left in the current column."""
        return self.frame.h - self.frame.used

    def _put(self, height: float, draw: Draw, space: float) -> None:
        f = self.frame
        gap = space if f.used > 0 else 0.0
        f.items += draw(f.x, f.y + f.used + gap)
        f.used += gap + height

    def _need(self, box: Box) -> float:
        """Returns the height a box needs in this column before it may start here."""
        gap = box.space_before if self.frame.used > 0 else 0.0
        if box.lines:
            first = sum(h for h, _ in box.lines[:2])
            return gap + (box.height if len(box.lines) <= 3 else first)
        return gap + box.height

    def place(self, boxes: list[Box]) -> None:
        """Places boxes in order, honouring keep-with-next, whole tables and pictures, and no lone lines."""
        i = 0
        while i < len(boxes):
            box = boxes[i]
            need = self._need(box)
            j = i
            while boxes[j].keep_with_next and j + 1 < len(boxes):  # a heading needs its follower's start too
                j += 1
                need += self._need(boxes[j]) - (0 if boxes[j].lines else 0)
            if need > self.room() and self.frame.used > 0:
                self.next_frame()
                continue
            if box.lines:
                self._place_lines(box)
            else:
                self._put(box.height, box.draw, box.space_before)
            i += 1

    def _place_lines(self, box: Box) -> None:
        lines = box.lines
        gap = box.space_before if self.frame.used > 0 else 0.0
        self.frame.used += gap
        k = 0
        while k < len(lines):
            fit = 0
            total = 0.0
            while k + fit < len(lines) and total + lines[k + fit][0] <= self.room() + 1e-6:
                total += lines[k + fit][0]
                fit += 1
            rest = len(lines) - k - fit
            if rest == 1 and fit > 2:  # a lone last line: carry one more over
                fit -= 1
            if fit < 2 and len(lines) - k > 1 and self.frame.used > 0:  # a lone first line: start afresh
                self.next_frame()
                continue
            fit = max(fit, 1)
            for h, draw in lines[k:k + fit]:
                self._put(h, draw, 0.0)
            k += fit
            if k < len(lines):
                self.next_frame()
