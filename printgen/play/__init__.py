"""Solo play at the physical table: one person on the printed board against computer players."""
