"""`patolli serve`: the table companion on a phone, a local web server with its address and QR code."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, RulesetOpt


@reports_errors
def serve(
    ruleset: RulesetOpt = DEFAULT_RULESET,
    lan: Annotated[bool, typer.Option("--lan", help="Open to phones on the local network (they need the QR link, "
                                      "which carries the table's token).")] = False,
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="The port to listen on.")] = 8765,
    saves: Annotated[Path, typer.Option("--saves", help="The folder of saved games (the same files as "
                                        "`patolli play --save`).")] = Path("patolli-games"),
) -> None:
    """Open the table companion for phones in a local web page.

    On the page: see the board, cast, get advice, play or referee. Listens on this computer only
    unless --lan. Prints the address and a QR code to open it.
    """
    import secrets

    import uvicorn

    from printgen.cli.engine_ready import prepare_engine
    from printgen.ruleset_files import load_ruleset
    from printgen.serve.address import LOCAL, lan_address, qr_svg, qr_terminal, table_link
    from printgen.serve.app import create_app

    rs = load_ruleset(ruleset)  # a bad ruleset is refused before anything starts
    prepare_engine("play")
    _warm(rs)
    token = secrets.token_urlsafe(12) if lan else None
    host = lan_address() if lan else LOCAL
    link = table_link(host, port, token)
    app = create_app(saves, ruleset, token, link, qr_svg(link))
    print(f"patolli serve: open {link}")
    print(qr_terminal(link), end="")
    if lan:
        print("phones must be on the same Wi-Fi; only the QR link (with its token) opens the table")
    else:
        print("this computer only; use --lan to let phones on the same Wi-Fi join")
    print(f"games are saved in {saves.resolve()}; stop with Ctrl-C")
    uvicorn.run(app, host="0.0.0.0" if lan else LOCAL, port=port, log_level="warning",
                timeout_graceful_shutdown=2)


def _warm(rs: object) -> None:
    """Loads the compiled engine into this process (a cast, a move and advice once), so no tap waits for it."""
    from printgen.engine.position import Position
    from printgen.players.analysis.advisor import advise
    from printgen.rulesets.model import Ruleset

    assert isinstance(rs, Ruleset)
    pos = Position.new(rs, min(rs.player_counts()))
    pos.legal_moves(1)
    if pos.needs_cast:
        advise(pos, 1)
