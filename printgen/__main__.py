"""Lets `python -m printgen` run the `patolli` command."""

from printgen.cli.app import main

main()
