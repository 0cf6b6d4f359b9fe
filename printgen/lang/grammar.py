"""Grammar the language files cannot hold: plurals of nouns that come from data (a ruleset's item name).

`counted(n, "chip")` is the one way the product writes a number with a noun, in print and at the terminal.
A language without rules here makes its plurals by the English rule.
"""

from __future__ import annotations

from collections.abc import Callable

_ES_PREPOSITIONS = {"de", "del", "con", "para", "a", "en", "sin"}
_ES_UNACCENT = str.maketrans("áéíóú", "aeiou")


def plural_en(word: str) -> str:
    """Returns the English plural of a noun phrase: its head noun (the last word, or the one before `of`)."""
    words = word.split(" ")
    head = words.index("of") - 1 if "of" in words[1:] else len(words) - 1
    w = words[head]
    lower = w.lower()
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        w += "es"
    elif lower.endswith("y") and len(w) > 1 and lower[-2] not in "aeiou":
        w = w[:-1] + "ies"
    else:
        w += "s"
    words[head] = w
    return " ".join(words)


def _plural_es_word(w: str) -> str:
    lower = w.lower()
    if not lower:
        return w
    last = lower[-1]
    if last in "aeioué" or last in "áó":
        return w + "s"
    if last in "íú":
        return w + "es"
    if last == "z":
        return w[:-1] + "ces"
    if last in "sx" and len(lower) > 1 and not any(c in "áéíóú" for c in lower[-3:]):
        return w  # la crisis, las crisis
    # A final stressed syllable loses its written accent: canción, canciones.
    if len(lower) >= 2 and lower[-2] in "áéíóú" and last in "ns":
        w = w[:-2] + w[-2].translate(_ES_UNACCENT) + w[-1]
    return w + "es"


def plural_es(word: str) -> str:
    """Returns the Spanish plural of a noun phrase: every word before the first preposition."""
    words = word.split(" ")
    out = []
    plural = True
    for w in words:
        if w.lower() in _ES_PREPOSITIONS:
            plural = False
        out.append(_plural_es_word(w) if plural else w)
    return " ".join(out)


PLURALS: dict[str, Callable[[str], str]] = {"en": plural_en, "es": plural_es}

_ES_FEMININE_ENDINGS = ("a", "ción", "sión", "dad", "tad", "tud", "umbre")


def gender(word: str, lang: str = "en") -> str:
    """Returns the grammatical gender of a noun phrase from data, `m` or `f`, for the article a language puts
    before it: Spanish reads its head noun's ending (`ficha`, `moneda`: f; `objeto`, `bien`: m); English has none."""
    if lang != "es" or not word:
        return "m"
    head = word.split(" ")[0].lower()
    return "f" if head.endswith(_ES_FEMININE_ENDINGS) else "m"


def _spanish_conjunction(word: str, following: str) -> str:
    """Returns `y`/`o` changed to `e`/`u` before the sounds that require it (`7 u 8`, `plata e hierro`)."""
    nxt = following.lstrip("*“«\"'(").lower()
    if word == "y" and (nxt.startswith(("i", "hi", "í", "hí")) and not nxt.startswith(("hie", "hia", "hio"))):
        return "e"
    token = nxt.split(" ")[0]
    reads_o = token.startswith(("o", "ho", "ó", "hó", "8")) or token == "11" or (len(token) == 5 and token[:2] == "11")
    if word == "o" and reads_o:  # ocho, once, once mil
        return "u"
    return word


def conjunction(word: str, following: str, lang: str) -> str:
    """Returns the word joining the last item of a list, as the item that follows it wants it."""
    return _spanish_conjunction(word, following) if lang == "es" else word


def indefinite(word: str, lang: str = "en") -> str:
    """Returns a noun phrase from data with its indefinite article: `a toll cell`, `an extra-turn cell`,
    `una punta azul`, `un triángulo`."""
    if lang == "es":
        return f"{'una' if gender(word, lang) == 'f' else 'un'} {word}"
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def plural(word: str, lang: str = "en") -> str:
    """Returns the plural of a noun (or noun phrase) by a language's rules."""
    return PLURALS.get(lang, plural_en)(word)


def counted(n: int, singular: str, lang: str = "en") -> str:
    """Returns a number with a noun in the form for n: `1 mark`, `2 marks`, `3 fichas`."""
    return f"{n} {singular if n == 1 else plural(singular, lang)}"


def after_game_name(title: str, game: str = "Patolli") -> str:
    """Returns a ruleset's title without the game's name it starts with, for printing under that name:
    `Patolli after R. C. Bell (1960)` → `after R. C. Bell (1960)`; a title not starting so is returned whole."""
    head, _, rest = title.partition(" ")
    if head.rstrip(",").casefold() == game.casefold() and rest:
        return rest
    return title
