"""Every relative link of the README and docs/ names a file that exists and, where it names a heading (`#anchor`),
a heading that file has: moving a section between files must move the links to it too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """Returns the anchor GitHub gives a heading: lower case, punctuation but hyphens dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Returns the anchors of a page's headings (outside code blocks), numbered as GitHub numbers repeats."""
    found: set[str] = set()
    fenced = False
    for line in page.read_text("utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (m := re.match(r"#{1,6} (.+)", line)):
            base = slug(m[1])
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def links(page: Path) -> list[str]:
    """Returns a page's relative link targets (no scheme, no mail), outside code blocks."""
    text = re.sub(r"```.*?```", "", page.read_text("utf-8"), flags=re.S)
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]


def test_the_pages_link_to_something() -> None:
    assert len(PAGES) >= 8
    assert sum(len(links(p)) for p in PAGES) > 20


def test_the_slug_is_githubs() -> None:
    assert slug("Rollouts with intervals: `patolli rollout`") == "rollouts-with-intervals-patolli-rollout"
    assert slug("The advisor: `advisor` (level 3), `advisor:0` … `advisor:6`") == \
        "the-advisor-advisor-level-3-advisor0--advisor6"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves(page: Path) -> None:
    wrong = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            wrong.append(f"{target}: no file {dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest}")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            wrong.append(f"{target}: {dest.name} has no heading #{anchor}")
    assert not wrong, f"{page.name}: " + "; ".join(wrong)
