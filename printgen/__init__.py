"""Patolli print kit and table companion: one ruleset model, one engine, print and play."""

__version__ = "0.1.0"
