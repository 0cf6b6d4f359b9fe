"""Where a chance the advisor shows comes from: perfect play read from an endgame table, the search's value passed
through its calibration map (fitted on self-play), or the search's value as it is. The advisor says it of every
chance (`players/analysis/advisor.py`); the words and the phone show it."""

from __future__ import annotations

EXACT, MAPPED, SEARCHED = "exact", "mapped", "searched"
SOURCES = (EXACT, MAPPED, SEARCHED)
