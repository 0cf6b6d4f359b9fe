"""Says in English what a move did, for the commands that narrate a record (`replay`, `position play`).

The sentences are the text layer's (`printgen/rules_text/narration.py`), the same the phone shows.
"""

from __future__ import annotations

from printgen.rules_text.narration import narrator

describe = narrator("en")
