"""The few words printed on the sheets themselves, in English and Spanish."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Labels:
    """The words printed on the board, in one language."""

    title: str
    subtitle: str
    offering: str
    offering_note: str
    pool: str
    pool_note: str
    beans: str
    beans_note: str
    hand: str
    home: str
    seat: str  # "Seat {letter}"
    detail: str  # "{cells} cells · {beans} beans"


WORDS: dict[str, dict[str, str]] = {
    "en": {
        "actual": "print at 100% / actual size",
        "glue": "glue here",
        "tile": "Tile",
        "map_title": "How the board goes together",
        "map_note": "Cut each tile along its dashed line on the left and top, then glue it over its neighbour, "
                    "crosses on crosses.",
        "page": "page {n} of {m}",
        "board": "board",
        "pieces": "pieces",
        "beans": "bean chits",
        "cards": "item cards",
        "front": "front",
        "back": "back (print on the reverse)",
        "cal_title": "Duplex calibration",
        "cal_front": "Print this sheet on both sides. Hold it to a light with the back facing you.",
        "cal_back": "Read where each cross from the front falls on the scales: enter the numbers as "
                    "--back-offset X,Y (mm).",
        "cal_flip": "printed for --flip {flip}",
    },
    "es": {
        "actual": "imprimir al 100 % / tamaño real",
        "glue": "pegar aquí",
        "tile": "Pieza",
        "map_title": "Cómo se arma el tablero",
        "map_note": "Recorta cada pieza por su línea discontinua de la izquierda y de arriba y pégala sobre la "
                    "vecina, cruz sobre cruz.",
        "page": "página {n} de {m}",
        "board": "tablero",
        "pieces": "piezas",
        "beans": "fichas de frijol",
        "cards": "cartas de objetos",
        "front": "anverso",
        "back": "reverso (imprimir al dorso)",
        "cal_title": "Calibración a doble cara",
        "cal_front": "Imprime esta hoja por las dos caras. Ponla a contraluz con el reverso hacia ti.",
        "cal_back": "Lee dónde cae cada cruz del anverso en las escalas y escribe los números como "
                    "--back-offset X,Y (mm).",
        "cal_flip": "impreso para --flip {flip}",
    },
}

BOARD_LABELS = {
    "en": Labels("Patolli", "", "Offering to Macuilxóchitl", "items offered", "Pool", "stake and penalties",
                 "Cast the beans here", "", "In hand", "Home", "Seat {letter}", "{cells} cells · {beans} beans"),
    "es": Labels("Patolli", "", "Ofrenda a Macuilxóchitl", "objetos ofrendados", "Bote", "apuestas y multas",
                 "Lanza aquí los frijoles", "", "En mano", "Meta", "Asiento {letter}",
                 "{cells} casillas · {beans} frijoles"),
}
