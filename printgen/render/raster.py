"""PNG from SVG with cairosvg: the one place the system cairo library is loaded, and the one line when it is missing."""

from __future__ import annotations

from types import ModuleType

from printgen.errors import MissingLibraryError

CAIRO_PACKAGE = "libcairo2"  # the Debian package holding libcairo.so.2


def load_cairosvg(what: str) -> ModuleType:
    """Returns the cairosvg module, or raises MissingLibraryError naming what needs it and what to install.

    Importing cairosvg loads the cairo C library through cairocffi, which raises OSError when the library is
    not installed; a missing Python package raises ModuleNotFoundError. Takes a fifth of a second the first time.
    """
    try:
        import cairosvg
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in ("cairosvg", "cairocffi", "cssselect2", "tinycss2", "defusedxml"):
            raise MissingLibraryError(f"{what} needs the Python package {exc.name.split('.')[0]}: "
                                      f"pip install {exc.name.split('.')[0]}") from None
        raise
    except (OSError, ImportError):
        raise MissingLibraryError(f"{what} needs the cairo library: install the Debian package {CAIRO_PACKAGE} "
                                  f"(apt-get install {CAIRO_PACKAGE})") from None
    module: ModuleType = cairosvg
    return module


def svg_to_png(svg: str, what: str, dpi: float, scale: float = 1) -> bytes:
    """Returns the SVG drawn as PNG at dpi (and scale); what names the output in the error if cairo is missing."""
    cairosvg = load_cairosvg(what)
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi, scale=scale)
    return png
