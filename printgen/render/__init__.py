"""Printing: layout geometry in millimetres (pure), drawn by small PDF, SVG and PNG backends."""
