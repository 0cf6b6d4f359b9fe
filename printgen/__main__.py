"""Lets `python -m printgen` run the `patolli` command; Ctrl-C even while it loads is one line and exit 130."""

from printgen.interrupts import first_ctrl_c_stops

first_ctrl_c_stops()
try:
    from printgen.cli.app import main
except KeyboardInterrupt:
    import sys

    print("interrupted", file=sys.stderr)
    raise SystemExit(130) from None

main()
