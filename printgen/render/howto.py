"""The kit's first page: what is in it and how to print, cut, glue and fold it, in English or Spanish."""

from __future__ import annotations

from typing import Any

from printgen.render.booklet_layout import PageSpec, typeset
from printgen.render.paper import Paper, Sheet
from printgen.render.scene import Page
from printgen.rules_text.blocks import Bullets, Document, Heading, Paragraph, Section
from printgen.rulesets.model import Ruleset

TEXT: dict[str, dict[str, Any]] = {  # words, and tuples of them, by language
    "en": {
        "title": "How to print and assemble your Patolli set",
        "files": "What is in this kit",
        "file": "**{name}**: {what}, {pages} {pagesword}",
        "pagesword": ("page", "pages"),
        "print": "Printing",
        "print_items": (
            "Print at **100 % / actual size**, never “fit to page”. Every sheet has a 100 mm scale bar: check it "
            "with a ruler.",
            "Print the board single-sided.",
            "Print the pieces, bean chits and item cards **double-sided, flipping on the {flip} edge**: each back "
            "lands behind its front. If the backs are off, print the calibration sheet "
            "(*patolli calibrate*) and print again with *--back-offset*.",
            "Print the rules booklet double-sided, **flipping on the short edge**.",
        ),
        "board": "The board",
        "board_one": "The board fits one sheet: glue it onto thin card.",
        "board_tiles": ("The board comes in {n} tiles. Lay them out as the assembly map shows. Cut each tile along "
                        "the dashed line on its left and top edges, spread glue on the strip marked “glue here” of "
                        "its neighbour, and lay the tile over it, crosses on crosses. Glue the whole board onto card."),
        "cut": "Pieces, beans and items",
        "cut_text": ("Cut along the lines the marks in the margin point to. The colour runs past every cut edge, so a "
                     "cut a little off still looks clean. Each piece's colour also has its own shape."),
        "booklet": "The rules booklet",
        "booklet_text": ("Keep the printed sheets in order, fold the stack in half and staple twice along the fold. "
                         "The reading-order file is for the screen."),
        "need": "You will also need",
        "need_items": ("scissors, or a craft knife and a steel ruler", "a glue stick", "thin card for the board and "
                       "the pieces (optional)", "{beans} real beans with a mark on one side, if you prefer them to "
                       "the chits"),
    },
    "es": {
        "title": "Cómo imprimir y armar tu juego de Patolli",
        "files": "Qué contiene este juego",
        "file": "**{name}**: {what}, {pages} {pagesword}",
        "pagesword": ("página", "páginas"),
        "print": "Impresión",
        "print_items": (
            "Imprime al **100 % / tamaño real**, nunca «ajustar a la página». Cada hoja tiene una escala de 100 mm: "
            "compruébala con una regla.",
            "Imprime el tablero por una sola cara.",
            "Imprime las piezas, las fichas de frijol y las cartas **a doble cara, girando por el borde {flip}**: "
            "cada reverso cae detrás de su anverso. Si los reversos no coinciden, imprime la hoja de calibración "
            "(*patolli calibrate*) y vuelve a imprimir con *--back-offset*.",
            "Imprime el cuadernillo de reglas a doble cara, **girando por el borde corto**.",
        ),
        "board": "El tablero",
        "board_one": "El tablero cabe en una hoja: pégalo sobre cartulina.",
        "board_tiles": ("El tablero viene en {n} piezas. Colócalas como indica el plano de montaje. Recorta cada "
                        "pieza por la línea discontinua de sus bordes izquierdo y superior, pon pegamento en la franja "
                        "«pegar aquí» de la vecina y coloca la pieza encima, cruz sobre cruz. Pega todo el tablero "
                        "sobre cartulina."),
        "cut": "Piezas, frijoles y objetos",
        "cut_text": ("Recorta por las líneas que señalan las marcas del margen. El color sobrepasa cada borde de "
                     "corte, así que un corte algo desviado se ve limpio. Cada color de pieza tiene además su propia "
                     "forma."),
        "booklet": "El cuadernillo de reglas",
        "booklet_text": ("Mantén las hojas en orden, dobla el montón por la mitad y grapa dos veces en el pliegue. "
                         "El archivo en orden de lectura es para la pantalla."),
        "need": "También necesitarás",
        "need_items": ("tijeras, o un cúter y una regla de metal", "pegamento en barra", "cartulina fina para el "
                       "tablero y las piezas (opcional)", "{beans} frijoles de verdad marcados por una cara, si los "
                       "prefieres a las fichas"),
    },
}
FLIP = {"en": {"long": "long", "short": "short"}, "es": {"long": "largo", "short": "corto"}}


def howto_page(rs: Ruleset, lang: str, paper: Paper, files: list[tuple[str, str, int]], tiles: int,
               flip: str) -> list[Page]:
    """Returns the how-to page; files are (file name, what it is, pages)."""
    t = TEXT[lang]
    one, many = t["pagesword"]
    listing = tuple(t["file"].format(name=n, what=w, pages=p, pagesword=one if p == 1 else many) for n, w, p in files)
    board = t["board_one"] if tiles <= 1 else t["board_tiles"].format(n=tiles)
    doc = Document(t["title"], rs.title, lang, (
        Section(t["title"], (
            Paragraph(f"*{rs.title}*"),
            Heading(2, t["files"]), Bullets(listing),
            Heading(2, t["print"]), Bullets(tuple(s.format(flip=FLIP[lang][flip]) for s in t["print_items"])),
            Heading(2, t["board"]), Paragraph(board),
            Heading(2, t["cut"]), Paragraph(t["cut_text"]),
            Heading(2, t["booklet"]), Paragraph(t["booklet_text"]),
            Heading(2, t["need"]), Bullets(tuple(s.format(beans=rs.beans.count) for s in t["need_items"])),
        ), key="howto"),
    ))
    w, h = Sheet(paper).size
    return typeset(doc, rs, PageSpec(w, h, top=16, bottom=18, inner=18, outer=18))
