"""`patolli serve`: the table companion on a phone, a local web server with its address and QR code."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, RulesetOpt

KEEP_ALIVE = 5  # seconds an idle connection is kept open (uvicorn's own default; said here so it is chosen)


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
    unless --lan, which listens on this computer's address on the local network and prints that address
    and a QR code (with the table's token) for phones to open it.
    """
    import secrets

    import uvicorn

    from printgen.cli.engine_ready import prepare_engine
    from printgen.errors import OptionError
    from printgen.lang import templates
    from printgen.ruleset_files import load_ruleset
    from printgen.serve.address import LOCAL, lan_address, qr_svg, qr_terminal, table_link
    from printgen.serve.app import create_app

    words = templates("en")
    rs = load_ruleset(ruleset)  # a bad ruleset is refused before anything starts
    host = lan_address() if lan else LOCAL
    if lan and host == LOCAL:
        raise OptionError(words["serve_terminal.no_lan"])
    prepare_engine("serve")
    _warm(rs)
    token = secrets.token_urlsafe(12) if lan else None
    link = table_link(host, port, token)
    hosts = [f"{LOCAL}:{port}", f"localhost:{port}"] + ([f"{host}:{port}"] if lan else [])
    # On this computer alone no phone can open the link: the page offers no QR code, and says to use --lan.
    app = create_app(saves, ruleset, token, link if lan else "", qr_svg(link) if lan else "", allowed_hosts=hosts)
    print(words["serve_terminal.open"].format(link=link))
    if lan:
        print(qr_terminal(link), end="")
        print(words["serve_terminal.lan"])
    else:
        print(words["serve_terminal.local"])
    print(words["serve_terminal.saved"].format(folder=saves.resolve()))
    # The LAN address it printed, not every interface (0.0.0.0); idle connections closed after KEEP_ALIVE seconds.
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2,
                timeout_keep_alive=KEEP_ALIVE)


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
