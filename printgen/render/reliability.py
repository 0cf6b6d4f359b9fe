"""The reliability figure: shown chances against what came true, one panel per quantity (win the game,
win the contest), one series per way of showing them (as searched, as made honest by the map).

A layout like any other: a `Page` of scene shapes in millimetres, drawn by the SVG backend (PNG from
that SVG). Each decile is a dot at (mean shown, share observed), its area by its count, with the
95% interval of the observed share as a bar (the caller's, e.g. a bootstrap over contests; else a
Wilson interval that treats the decisions as independent); the diagonal is perfect calibration.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.render.fonts import fit_size
from printgen.render.scene import Page, Style, Text, circle, line, rect
from printgen.stats import wilson

PANEL, GAP, LEFT, TOP, BOTTOM = 80.0, 18.0, 16.0, 26.0, 30.0  # mm
SERIES_ROLES = ("player.0", "player.1", "player.3")


@dataclass(frozen=True)
class Point:
    """One bin: its count, the mean shown, the share observed and the 95% interval of that share (NaN: Wilson's)."""

    count: int
    shown: float
    observed: float
    lo: float = float("nan")
    hi: float = float("nan")

    def interval(self) -> tuple[float, float]:
        """Returns the 95% interval of the observed share."""
        return wilson(self.observed * self.count, self.count) if math.isnan(self.lo) else (self.lo, self.hi)


@dataclass(frozen=True)
class Series:
    """One way of showing a quantity: its label, ECE (with its 95% interval and its floor, what a perfectly
    calibrated player would show on the same contests, if known), and its bins."""

    label: str
    ece: float
    bins: Sequence[Point]
    ece_ci: tuple[float, float] | None = None
    floor: float | None = None


@dataclass(frozen=True)
class Panel:
    """One quantity: a title and its series."""

    title: str
    series: Sequence[Series]


def reliability_page(title: str, subtitle: str, panels: Sequence[Panel]) -> Page:
    """Returns the figure: one square panel per quantity, side by side, with a legend under each; the subtitle
    takes up to two lines."""
    width = LEFT + len(panels) * (PANEL + GAP)
    page = Page(width, TOP + PANEL + BOTTOM, label="reliability")
    soft = Style(stroke="ink.soft", width=0.12, dash=(0.8, 0.8))
    page.add(Text(LEFT, 8, title, "body-bold", 11, tag="title"))
    for i, text in enumerate(subtitle.splitlines()[:2]):  # two lines fit above the panels' titles
        page.add(Text(LEFT, 14 + 4.2 * i, text, "body", fit_size(text, "body", 7.5, width - LEFT - 4), "ink.soft"))
    for i, panel in enumerate(panels):
        x0, y0 = LEFT + i * (PANEL + GAP), TOP
        page.add(rect(x0, y0, PANEL, PANEL, Style(fill="paper", stroke="ink", width=0.3), tag="panel"))
        page.add(Text(x0, y0 - 3, panel.title, "body-bold", 8.5))
        for t in range(11):
            f = t / 10
            page.add(line((x0 + f * PANEL, y0), (x0 + f * PANEL, y0 + PANEL), soft),
                     line((x0, y0 + PANEL - f * PANEL), (x0 + PANEL, y0 + PANEL - f * PANEL), soft))
            if t % 2 == 0:
                page.add(Text(x0 + f * PANEL, y0 + PANEL + 4, f"{f:.1f}", "body", 6, anchor="middle"),
                         Text(x0 - 1.5, y0 + PANEL - f * PANEL + 1.5, f"{f:.1f}", "body", 6, anchor="end"))
        page.add(line((x0, y0 + PANEL), (x0 + PANEL, y0), Style(stroke="ink.soft", width=0.3), tag="diagonal"))
        page.add(Text(x0 + PANEL / 2, y0 + PANEL + 9, "shown chance", "body", 7, anchor="middle"),
                 Text(x0 - 10, y0 + PANEL / 2, "came true", "body", 7, anchor="middle", rotation=-90))
        top = max((b.count for s in panel.series for b in s.bins), default=1) or 1
        for j, s in enumerate(panel.series):
            role = SERIES_ROLES[j % len(SERIES_ROLES)]
            shift = (j - (len(panel.series) - 1) / 2) * 0.7  # series side by side, so their bars do not hide
            points = [(x0 + b.shown * PANEL + shift, y0 + PANEL - b.observed * PANEL, b)
                      for b in s.bins if b.count > 0 and not math.isnan(b.shown)]
            for (ax, ay, _), (bx, by, _) in zip(points, points[1:], strict=False):
                page.add(line((ax, ay), (bx, by), Style(stroke=role, width=0.35)))
            for x, y, b in points:
                lo, hi = b.interval()
                page.add(line((x, y0 + PANEL - lo * PANEL), (x, y0 + PANEL - hi * PANEL),
                              Style(stroke=role, width=0.3)))
                page.add(circle(x, y, 0.6 + 1.6 * math.sqrt(b.count / top),
                                Style(fill=role, stroke="paper", width=0.15), tag=f"bin {s.label}"))
            ly = y0 + PANEL + 15 + 5 * j
            ci = "" if s.ece_ci is None else f" [{s.ece_ci[0]:.3f}, {s.ece_ci[1]:.3f}]"
            ci += "" if s.floor is None else f", floor {s.floor:.3f}"
            page.add(circle(x0 + 2, ly - 1.2, 1.2, Style(fill=role)),
                     Text(x0 + 5, ly, f"{s.label}: ECE {s.ece:.3f}{ci}" + (
                         f", {sum(b.count for b in s.bins):,} decisions" if s.floor is None else ""), "body", 6.5))
    return page
