"""Lets `python -m printgen` run the `patolli` command; Ctrl-C even while it loads is one line and exit 130."""

from printgen.interrupts import first_ctrl_c_stops, forget_caught_ctrl_c

first_ctrl_c_stops()
try:
    try:
        from printgen.cli.app import main
    except KeyboardInterrupt:
        import sys

        print("interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    main()
finally:
    forget_caught_ctrl_c()  # any Ctrl-C has been answered by now, with its exit code (see the function)
