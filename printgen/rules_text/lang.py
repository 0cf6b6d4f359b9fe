"""The texts of one language: templates from `printgen/lang/<lang>.toml`, filled, counted and joined in code.

Templates hold whole sentences with `{placeholders}`; this module supplies what a template cannot:
plurals of nouns (fixed ones from the template's `[noun]` table, a ruleset's item name by rule),
lists joined with the right conjunction, and numbers, fractions and percentages in local style.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from printgen.lang import LANGS, TemplateError, placeholders, templates
from printgen.lang.grammar import conjunction, counted, gender, indefinite, plural, plural_en, plural_es

__all__ = ["LANGS", "TemplateError", "Texts", "placeholders", "plural_en", "plural_es", "templates"]


class Texts:
    """Fills the templates of one language."""

    def __init__(self, lang: str, **common: object) -> None:
        self.lang = lang
        self.t = templates(lang)
        self.common = common  # values any template may use (a ruleset's names for its cells)

    def __call__(self, key: str, **values: object) -> str:
        """Returns the template `key` with its placeholders filled from values and the common values."""
        template = self.t.get(key)
        if not isinstance(template, str):
            raise TemplateError(f"{self.lang}.toml has no text '{key}'")
        try:
            return template.format_map({**self.common, **values})
        except KeyError as exc:
            raise TemplateError(f"{self.lang}.toml '{key}' uses {{{exc.args[0]}}}, which the code does not fill") \
                from None

    def lines(self, key: str, **values: object) -> tuple[str, ...]:
        """Returns the list of texts `key` (paragraphs, bullets), each with its placeholders filled from values."""
        texts = self.t.get(key)
        if not isinstance(texts, list):
            raise TemplateError(f"{self.lang}.toml has no list of texts '{key}'")
        return tuple(text.format_map(values) for text in texts)

    def noun(self, key: str, n: int) -> str:
        """Returns a fixed noun in the form for n: `piece` or `pieces`."""
        forms = self.t.get(f"noun.{key}")
        if not isinstance(forms, list) or len(forms) != 2:
            raise TemplateError(f"{self.lang}.toml has no noun '{key}' as [singular, plural]")
        return str(forms[0] if n == 1 else forms[1])

    def count(self, n: int, key: str) -> str:
        """Returns a number with its noun: `1 piece`, `6 pieces`."""
        return f"{n} {self.noun(key, n)}"

    def plural(self, word: str) -> str:
        """Returns the plural of a noun (or noun phrase) that comes from data, by the language's rules."""
        return plural(word, self.lang)

    def indefinite(self, word: str) -> str:
        """Returns a data noun with its indefinite article: `a toll cell`, `un triángulo negro`."""
        return indefinite(word, self.lang)

    def the_plural(self, word: str) -> str:
        """Returns a data noun's plural as a sentence's subject: `chips`, `las fichas`, `los objetos`."""
        return self(f"word.the_plural_{gender(word, self.lang)}", noun=self.plural(word))

    def counted(self, n: int, singular: str) -> str:
        """Returns a number with a data noun in the form for n: `1 chip`, `2 chips`."""
        return counted(n, singular, self.lang)

    def join(self, parts: Iterable[str], conj: str = "and") -> str:
        """Returns the parts as one list: `a, b and c`; conj is `and` or `or`."""
        items = [p for p in parts if p]
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        word = conjunction(self(f"word.{conj}"), items[-1], self.lang)
        return f"{', '.join(items[:-1])} {word} {items[-1]}"

    def number(self, x: float, places: int = 1) -> str:
        """Returns a decimal number in local style: `3.1` or `3,1`."""
        text = f"{x:.{places}f}"
        return text.replace(".", self("word.decimal_point"))

    def percent(self, p: Fraction) -> str:
        """Returns a probability as a percentage with one decimal: `31.3%` or `31,3 %`."""
        value = (Decimal(p.numerator) * 100 / Decimal(p.denominator)).quantize(Decimal("0.1"), ROUND_HALF_UP)
        return self("word.percent", value=self.number(float(value)))

    @staticmethod
    def fraction(p: Fraction) -> str:
        """Returns a probability as an exact fraction: `5/16` (`1` for certainty)."""
        return str(p)
