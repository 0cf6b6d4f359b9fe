"""Where phones reach the server: the address to print, the table's token, and the QR code of the link."""

from __future__ import annotations

import socket

import segno

LOCAL = "127.0.0.1"


def lan_address() -> str:
    """Returns this computer's address on the local network (no packet is sent), or 127.0.0.1 without one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            return str(s.getsockname()[0])
        except OSError:
            return LOCAL


def table_link(host: str, port: int, token: str | None) -> str:
    """Returns the link to the phone app, with the table's token when there is one."""
    return f"http://{host}:{port}/app/" + (f"?t={token}" if token else "")


def qr_terminal(link: str) -> str:
    """Returns the QR code of a link drawn with block characters for a terminal."""
    import io

    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def qr_svg(link: str) -> str:
    """Returns the QR code of a link as SVG text that fills the width it is given (a viewBox, no fixed size)."""
    return str(segno.make(link, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff", omitsize=True))
