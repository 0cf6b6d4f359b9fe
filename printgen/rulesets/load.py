"""Reads ruleset TOML into a validated `Ruleset`, naming the file, table and key of any fault.

Text in, ruleset out, and the built-in files read from the package: no file of a person's is opened here
(that is `printgen.ruleset_files`), so the rulesets stay in the portable core.
"""

from __future__ import annotations

import copy
import difflib
import functools
import re
import tomllib
from dataclasses import is_dataclass, replace
from enum import Enum
from fractions import Fraction
from importlib import resources
from typing import Any, get_args, get_origin, get_type_hints

from printgen.errors import RulesetError
from printgen.languages import BASE_LANG, LANGS
from printgen.rulesets.limits import check_playable
from printgen.rulesets.model import (
    MAX_PIECES,
    MAX_PLAYERS,
    PAYMENT_EVENTS,
    SECTIONS,
    Bankruptcy,
    BeanRules,
    Betting,
    BoardRules,
    Direction,
    Economy,
    EntryRules,
    Note,
    NullCast,
    Payer,
    Payment,
    PlayerRules,
    RuleOption,
    Ruleset,
    Table,
    WedgePenalty,
)
from printgen.rulesets.schema import (
    REQUIRED,
    Key,
    Text,
    default_of,
    file_keys,
    toml_name,
    translated_keys,
)

BUILTIN = ("bell", "neeley", "ocastudios", "gatigo")
NOTE_ONLY = ("", "gambling", "no_gambling", "miss_turn", "move_back")


@functools.cache  # type hints cost ~0.15 ms a class to read, and a class's never change
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


@functools.cache  # a class's keys never change
def keys_of(cls: type) -> tuple[str, ...]:
    """Returns every key a table of this model class may hold: its keyed fields, and `KEY_es` beside texts."""
    hints = _hints(cls)
    out: list[str] = []
    for f, k in file_keys(cls):
        out.append(toml_name(f, k))
        if hints[f.name] is Text:
            out += translated_keys(toml_name(f, k))
    return tuple(out)


def file_tables() -> dict[str, tuple[str, ...]]:
    """Returns every table and key a ruleset file may hold; anything else is refused by name."""
    return {**{table: keys_of(cls) for table, cls in SECTIONS.items()},
            "options": (), "notes": ()}  # [[notes]]: how the file's author read their source, as the booklet prints


KEYS = file_tables()


class _Reader:
    """Reads typed values from one table, raising errors that say where."""

    def __init__(self, where: str, table: str, data: dict[str, Any]) -> None:
        self.where, self.table, self.data = where, table, data

    def fail(self, key: str, problem: str) -> RulesetError:
        """Returns an error naming this file, table and key."""
        return RulesetError(f"{self.where}: [{self.table}] {key}: {problem}")

    def raw(self, key: str) -> Any:
        """Returns the value of a required key."""
        if key not in self.data:
            raise self.fail(key, "missing")
        return self.data[key]

    def integer(self, key: str, lo: int, hi: int, default: int | None = None) -> int:
        """Returns an integer from lo to hi."""
        if default is not None and key not in self.data:
            return default
        value = self.raw(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be a whole number, got {value!r}")
        if not lo <= value <= hi:
            raise self.fail(key, f"must be from {lo} to {hi}, got {value}")
        return value

    def text(self, key: str, default: str | None = None) -> str:
        """Returns a string."""
        if default is not None and key not in self.data:
            return default
        value = self.raw(key)
        if not isinstance(value, str):
            raise self.fail(key, f"must be text, got {value!r}")
        return value

    def flag(self, key: str, default: bool | None = None) -> bool:
        """Returns a boolean."""
        if default is not None and key not in self.data:
            return default
        value = self.raw(key)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, got {value!r}")
        return value

    def choice(self, key: str, enum: type[Any], default: Any = None) -> Any:
        """Returns a member of enum, named by its value."""
        if default is not None and key not in self.data:
            return default
        value = self.raw(key)
        allowed = [m.value for m in enum]
        if value not in allowed:
            raise self.fail(key, f"must be one of {', '.join(allowed)}; got {value!r}")
        return enum(value)

    def text_in_langs(self, key: str, default: Text | None = None) -> Text:
        """Returns a text with its translations: `key = "..."` (with `key_es = "..."` beside it) or
        `key = { en = "...", es = "..." }`; a language the file leaves out comes from the default."""
        if key in self.data:
            value = self.data[key]
            if isinstance(value, str):
                texts = {BASE_LANG: value}
            elif isinstance(value, dict):
                for lang, text in value.items():
                    if lang not in LANGS:
                        raise self.fail(key, f"unknown language '{lang}'; languages: {', '.join(LANGS)}")
                    if not isinstance(text, str):
                        raise self.fail(key, f"{lang} must be text, got {text!r}")
                if BASE_LANG not in value:
                    raise self.fail(key, f"the table of texts needs '{BASE_LANG}', the text in English")
                texts = dict(value)
            else:
                raise self.fail(key, f"must be text or a table of texts by language ({BASE_LANG} = \"...\"), "
                                     f"got {value!r}")
        elif default is None:
            raise self.fail(key, "missing")
        else:
            texts = default.by_lang()
        for lang in LANGS:
            if lang != BASE_LANG:
                own = self.text(f"{key}_{lang}", "")
                texts[lang] = own or texts.get(lang) or (default.own(lang) if default is not None else "")
        return Text(texts.pop(BASE_LANG), **texts)

    def fraction(self, key: str, default: Fraction | None = None) -> Fraction:
        """Returns a probability written as a fraction ("1/2") or a decimal ("0.5"), strictly between 0 and 1."""
        if default is not None and key not in self.data:
            return default
        text = self.text(key)
        if not re.fullmatch(r"[0-9]{1,9}/[0-9]{1,9}|[0-9]?\.[0-9]{1,9}", text.strip()):
            raise self.fail(key, f"must be a fraction like \"1/2\" or \"0.5\" (up to nine digits each), "
                                 f"got {text[:40]!r}")
        try:
            p = Fraction(text.strip())
        except (ValueError, ZeroDivisionError):
            raise self.fail(key, f"must be a fraction like \"1/2\", got {text!r}") from None
        if not 0 < p < 1:
            raise self.fail(key, f"must lie strictly between 0 and 1, got {text}")
        return p

    def choices(self, key: str, enum: type[Any], default: tuple[Any, ...] | None = None) -> tuple[Any, ...]:
        """Returns a list of members of enum, each named by its value."""
        if default is not None and key not in self.data:
            return default
        value = self.raw(key)
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, got {value!r}")
        allowed = [m.value for m in enum]
        for v in value:
            if v not in allowed:
                raise self.fail(key, f"unknown value {v!r}; one of: {', '.join(allowed)}")
        return tuple(enum(v) for v in value)

    def tables(self, key: str, cls: type, default: tuple[Any, ...] | None = None) -> tuple[Any, ...]:
        """Returns a list of tables (`[[table.key]]`), each read as a cls."""
        if default is not None and key not in self.data:
            return default
        value = self.raw(key)
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list of tables ([[{self.table}.{key}]])")
        return tuple(cls(**read_table(self.where, f"{self.table}.{key} {i + 1}", cls, body))
                     for i, body in enumerate(value))

    def value(self, f_name: str, tp: Any, k: Key, name: str, values: dict[str, Any]) -> Any:
        """Returns the value of one keyed field, read by its type and its key's range and default."""
        default = default_of(k, values)
        dflt = None if default is REQUIRED else default
        lo = values[k.lo] if isinstance(k.lo, str) else k.lo
        hi = values[k.hi] if isinstance(k.hi, str) else k.hi
        if tp is bool:
            return self.flag(name, dflt)
        if tp is int:
            return self.integer(name, lo, hi, dflt)  # type: ignore[arg-type]
        if tp is Text:
            return self.text_in_langs(name, dflt)
        if tp is str:
            return self.text(name, dflt)
        if tp is Fraction:
            return self.fraction(name, dflt)
        if isinstance(tp, type) and issubclass(tp, Enum):
            return self.choice(name, tp, dflt)
        if isinstance(tp, type) and is_dataclass(tp):
            raw = self.data.get(name, dflt)
            return raw if isinstance(raw, tp) else tp(**read_table(self.where, f"{self.table}.{name}", tp, raw))
        if get_origin(tp) is tuple:
            elem = get_args(tp)[0]
            if elem is int:
                return self.integers(name, lo, hi, dflt)  # type: ignore[arg-type]
            if elem == int | None:  # 0 stands for None
                return tuple(v or None for v in self.integers(name, lo, hi, dflt))  # type: ignore[arg-type]
            if isinstance(elem, type) and issubclass(elem, Enum):
                return self.choices(name, elem, dflt)
            if is_dataclass(elem):
                return self.tables(name, elem, dflt)  # type: ignore[arg-type]
        raise TypeError(f"no reader for {f_name}: {tp!r}")  # a model field of a type the schema cannot read

    def integers(self, key: str, lo: int, hi: int, default: tuple[int, ...] | None = None) -> tuple[int, ...]:
        """Returns a list of integers, each from lo to hi."""
        if default is not None and key not in self.data:
            return default
        value = self.raw(key)
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list of whole numbers, got {value!r}")
        for i, v in enumerate(value):
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise self.fail(key, f"entry {i + 1} must be a whole number from {lo} to {hi}, got {v!r}")
        return tuple(value)


def _check_keys(where: str, table: str, data: Any, allowed: tuple[str, ...]) -> dict[str, Any]:
    """Returns data as a table after refusing keys not in allowed, with a suggestion."""
    if not isinstance(data, dict):
        raise RulesetError(f"{where}: [{table}] must be a table, got {data!r}")
    for key in data:
        if key not in allowed:
            near = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean '{near[0]}'?)" if near else f"; known keys: {', '.join(allowed)}"
            raise RulesetError(f"{where}: [{table}] unknown key '{key}'{hint}")
    return data


def read_table(where: str, table: str, cls: type, data: Any, only: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Returns the values of cls's keyed fields read from one table (field name -> value), after refusing keys
    the class does not have; with only, just those fields (the rest of the table is still checked)."""
    data = _check_keys(where, table, data, keys_of(cls))
    r = _Reader(where, table, data)
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for f, k in file_keys(cls):
        if only is None or f.name in only:
            values[f.name] = r.value(f.name, hints[f.name], k, toml_name(f, k), values)
    return values


def _payment(where: str, name: str, data: Any) -> Payment:
    """Returns one payment rule from its inline table."""
    table = f"payments.{name}"
    r = _Reader(where, table, _check_keys(where, table, data, keys_of(Payment)))
    amount = r.raw("amount")
    if isinstance(amount, int) and not isinstance(amount, bool) and amount < 0:
        raise r.fail("amount", f"a payment cannot be negative, got {amount}")
    payment = Payment(**read_table(where, table, Payment, data))
    if payment.payer is Payer.CAPTURED and name != "capture":
        raise r.fail("from", "'captured' pays only in the capture payment")
    if payment.payer.value == payment.payee.value:
        raise r.fail("to", f"a payment from '{payment.payer.value}' to itself is no payment")
    if payment.min_on_board and name != "no_move":
        raise r.fail("min_on_board", "applies only to the no_move payment")
    return payment


def _option_changes(where: str, name: str, body: Any) -> dict[str, Any]:
    """Returns the changes table of one option, after checking its keys name known tables and keys."""
    body = _check_keys(where, f"options.{name}", body, keys_of(RuleOption))
    changes = body.get("changes", {})
    if not isinstance(changes, dict):
        raise RulesetError(f"{where}: [options.{name}] changes: must be a table of 'table.key' = value")
    for dotted in changes:
        table, _, key = dotted.partition(".")
        tables = file_tables()
        if table not in tables or key not in tables[table]:
            raise RulesetError(f"{where}: [options.{name}] changes: unknown key '{dotted}'")
    return changes


def _options_table(where: str, data: dict[str, Any]) -> dict[str, Any]:
    """Returns the [options] table, refusing anything but a table of tables."""
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RulesetError(f"{where}: [options] must be a table of named options ([options.NAME]), got {options!r:.60}")
    return options


def _apply_options(where: str, data: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """Returns a copy of the raw ruleset data with the named options' changes made."""
    options = _options_table(where, data)
    data = copy.deepcopy(data)
    set_by: dict[str, tuple[str, Any]] = {}  # key -> (the option that set it, the value)
    for name in names:
        if name not in options:
            known = ", ".join(options) or "none"
            raise RulesetError(f"{where}: no option '{name}'{did_you_mean(name, list(options))} (options: {known})")
        if names.count(name) > 1:
            raise RulesetError(f"{where}: option '{name}' is given twice")
        for dotted, value in _option_changes(where, name, options[name]).items():
            table, _, key = dotted.partition(".")
            if dotted in set_by and set_by[dotted][1] != value:
                raise RulesetError(f"{where}: options '{set_by[dotted][0]}' and '{name}' cannot be combined: "
                                   f"they set {dotted} differently; choose one")
            set_by[dotted] = (name, value)
            if not isinstance(data.setdefault(table, {}), dict):
                raise RulesetError(f"{where}: [{table}] must be a table, got {data[table]!r:.60}")
            data[table][key] = copy.deepcopy(value)
    return data


def _frozen(value: Any) -> Any:
    """Returns a TOML value with its lists as tuples and tables as Tables, so rulesets stay hashable."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return Table((k, _frozen(v)) for k, v in value.items())
    return value


def parse_ruleset(data: dict[str, Any], where: str, origin: str = "", options: tuple[str, ...] = (),
                  check_options: bool = True) -> Ruleset:
    """Returns the validated ruleset described by parsed TOML data.

    Unless check_options is false, every option not applied is tried too: an option that would make
    the rules impossible is refused when the file is loaded, not when someone picks it.
    """
    tables = file_tables()
    _check_keys(where, "top level", data, tuple(tables))
    raw, data = data, _apply_options(where, data, list(options))
    t = {name: _check_keys(where, name, data.get(name, {}), keys) for name, keys in tables.items()
         if name not in ("options", "notes")}
    gambling = _Reader(where, "economy", t["economy"]).flag("gambling", True)

    meta = read_table(where, "ruleset", SECTIONS["ruleset"], t["ruleset"])
    board = _board(where, t["board"])
    beans = _beans(where, t["beans"])
    players = _players(where, t["players"], board)
    entry = _entry(where, t["entry"], beans)
    economy = _economy(where, t["economy"], players.max_players) if gambling else _no_gambling(where, t["economy"])
    pay = t["payments"]
    zero = {"amount": 0, "from": "mover", "to": "pool"}
    payments = SECTIONS["payments"](**{k: _payment(where, k, pay.get(k, zero) if gambling else zero)
                                       for k in PAYMENT_EVENTS})
    penalties = SECTIONS["penalties"](**read_table(where, "penalties", SECTIONS["penalties"], t["penalties"]))
    opts = []
    for name, body in _options_table(where, data).items():
        changes = _option_changes(where, name, body)
        values = read_table(where, f"options.{name}", RuleOption, body, only=("description",))
        opts.append(RuleOption(name, **values, changes=tuple((key, _frozen(v)) for key, v in changes.items())))
    _check_end_reachable(where, board, beans, entry, penalties.wedge is WedgePenalty.MOVE_BACK)
    check_playable(where, beans, players, entry, economy)
    if players.start_on_board and players.direction is Direction.CHOOSE:
        raise RulesetError(f"{where}: [players] start_on_board: pieces cannot start on the board "
                           "when each player chooses a direction")
    for opt in opts:
        if check_options and opt.name not in options:
            try:
                parse_ruleset(raw, where, origin, (opt.name,), check_options=False)
            except RulesetError as exc:
                raise RulesetError(f"{exc} (with the option '{opt.name}')") from None
    return Ruleset(
        **meta, board=board, beans=beans, players=players, entry=entry, economy=economy,
        payments=payments, penalties=penalties, options=tuple(opts), notes=parse_notes(where, data.get("notes", [])),
        applied=tuple(options), origin=origin,
    )


def parse_notes(where: str, raw: Any) -> tuple[Note, ...]:
    """Returns the notes of a `[[notes]]` array: topic and decision required, the rest optional."""
    if not isinstance(raw, list):
        raise RulesetError(f"{where}: [notes] must be a list of tables ([[notes]])")
    notes = []
    for i, body in enumerate(raw):
        table = f"notes {i + 1}"
        note = Note(**read_table(where, table, Note, body))
        if note.only not in NOTE_ONLY:
            raise _Reader(where, table, body).fail(
                "only", f"must be one of {', '.join(repr(x) for x in NOTE_ONLY)}; got {note.only!r}")
        notes.append(note)
    return tuple(notes)


def _board(where: str, data: dict[str, Any]) -> BoardRules:
    r = _Reader(where, "board", data)
    board: BoardRules = SECTIONS["board"](**read_table(where, "board", SECTIONS["board"], data))
    if board.seats == 3:
        raise r.fail("seats", "must be 2 (opposite arms) or 4 (every arm)")
    if set(board.wedge_depths) & set(board.rounded_depths):
        raise r.fail("wedge_depths", "a cell cannot be both wedge and rounded")
    if board.start_depth in board.wedge_depths:
        raise r.fail("start_depth", f"a wedge stands at depth {board.start_depth}: a start cell cannot be a wedge")
    if board.start_depth in board.rounded_depths:
        raise r.fail("start_depth", "a start cell cannot be a rounded cell")
    end_depth = 1 if board.start_depth == 0 else board.start_depth - 1
    if end_depth and end_depth in set(board.wedge_depths) | set(board.rounded_depths):
        raise r.fail("wedge_depths" if end_depth in board.wedge_depths else "rounded_depths",
                     f"depth {end_depth} holds the end cells; an end cell cannot be a wedge or rounded cell")
    return board


def _beans(where: str, data: dict[str, Any]) -> BeanRules:
    r = _Reader(where, "beans", data)
    beans: BeanRules = SECTIONS["beans"](**read_table(where, "beans", SECTIONS["beans"], data))
    if len(beans.scores) != beans.count + 1:
        raise r.fail("scores", f"needs {beans.count + 1} entries (0 to {beans.count} marks), got {len(beans.scores)}")
    if not any(beans.scores):
        raise r.fail("scores", "at least one number of marks must score")
    if beans.null_cast is NullCast.RECAST and all(beans.scores):
        return replace(beans, null_cast=NullCast.PASS)  # no null cast exists; nothing to recast
    return beans


def _players(where: str, data: dict[str, Any], board: BoardRules) -> PlayerRules:
    r = _Reader(where, "players", data)
    lo, hi = (r.integer(key, 2, MAX_PLAYERS, 2) for key in ("min", "max"))
    if lo > hi:
        raise r.fail("min", f"is more than max ({lo} > {hi})")
    if hi > board.seats:
        raise r.fail("max", f"{hi} players need {hi} start cells, but the board has {board.seats} seats")
    pieces = r.integers("pieces", 1, MAX_PIECES)
    if len(pieces) != hi - lo + 1:
        raise r.fail("pieces", f"needs one count for each of {lo} to {hi} players ({hi - lo + 1}), got {len(pieces)}")
    rules: PlayerRules = SECTIONS["players"](**read_table(where, "players", SECTIONS["players"], data))
    if rules.partnerships and (lo, hi) != (4, 4):
        raise r.fail("partnerships", f"partnerships are for four players exactly (min = max = 4), got {lo} to {hi}")
    if rules.start_on_board > min(pieces):
        raise r.fail("start_on_board", f"{rules.start_on_board} is more than a player's pieces ({min(pieces)})")
    if rules.start_on_board > 1:
        raise r.fail("start_on_board", "only one piece fits on a start cell")
    return rules


def _entry(where: str, data: dict[str, Any], beans: BeanRules) -> EntryRules:
    r = _Reader(where, "entry", data)
    entry: EntryRules = SECTIONS["entry"](**read_table(where, "entry", SECTIONS["entry"], data))
    possible = {s for s in beans.scores if s}
    for s in entry.scores:
        if s not in possible:
            raise r.fail("scores", f"no cast scores {s}; the beans score {sorted(possible)}")
    if not entry.scores:
        raise r.fail("scores", "at least one score must enter a piece")
    return entry


def _economy(where: str, data: dict[str, Any], players: int) -> Economy:
    r = _Reader(where, "economy", data)
    economy: Economy = SECTIONS["economy"](**read_table(where, "economy", SECTIONS["economy"], data))
    if not economy.items:
        return economy
    seats = "ABCD"[:players]
    for item in economy.items:
        if item.seat and item.seat not in seats:
            raise r.fail("items", f"item {str(item.name)!r} belongs to seat {item.seat!r}; "
                                  f"the seats are {', '.join(seats)}")
    for n, seat in enumerate(seats):
        total = sum(i.count for i in economy.items_of(n))
        if total != economy.starting_items:
            whose = f"seat {seat}'s item counts" if any(i.seat for i in economy.items) else "the item counts"
            raise r.fail("items", f"{whose} add up to {total}, but starting_items is {economy.starting_items}")
    return economy


def _no_gambling(where: str, data: dict[str, Any]) -> Economy:
    """Returns the economy of a game played without gambling: no items, stake or pool; the rest is ignored."""
    values = read_table(where, "economy", SECTIONS["economy"], data, only=("item_name",))
    economy: Economy = SECTIONS["economy"](gambling=False, starting_items=0, stake=0, betting=Betting.FIXED,
                               bankruptcy=Bankruptcy.CANNOT_PAY, offering_to_winner=False, items=(), **values)
    return economy


def _check_end_reachable(where: str, board: BoardRules, beans: BeanRules, entry: EntryRules,
                         move_back: bool = False) -> None:
    """Refuses rules under which no sequence of casts can bring a piece from the hand to its end.

    With the move-back wedge penalty a piece on a wedge goes back on its next scoring cast (to the hand
    if that passes its start); only a cast with no score that ends the turn lets it go on forward.
    """
    last = board.cell_count - 1
    scores = sorted({s for s in beans.scores if s})
    entries = sorted(set(entry.scores) | (set(scores) if entry.first_any else set()))
    starts = {s - 1 for s in entries if s - 1 <= last}
    arm = board.arm_length
    quarter = 2 * arm + 1  # progress along a path: the start, arm cells out, arm cells back, per quarter
    start_offset = board.start_depth  # a path leaves its start outward along the arm

    def depth(step: int) -> int:
        q = (step + start_offset) % quarter
        return 0 if q == 0 else q if q <= arm else quarter - q

    wedge = {step for step in range(last + 1) if move_back and depth(step) in board.wedge_depths}
    null_pass = None in beans.scores and beans.null_cast is NullCast.PASS
    reached = set(starts)
    frontier = list(reached)
    while frontier:
        step = frontier.pop()
        nxt: set[int] = set()
        if step not in wedge or null_pass:
            nxt |= {step + s for s in scores if step + s <= last}
        if step in wedge:
            nxt |= {step - s for s in scores if step - s >= 0}
            if any(step - s < 0 for s in scores):  # back past the start: into the hand, to enter again
                nxt |= starts
        for n in nxt - reached:
            reached.add(n)
            frontier.append(n)
    if last not in reached:
        raise RulesetError(f"{where}: [beans] scores: no run of casts brings a piece exactly to its end "
                           f"(cell {last + 1} of its path) with scores {scores} and entry on {list(entry.scores)}")


def read_toml(text: str, where: str) -> dict[str, Any]:
    """Returns parsed TOML, or raises an error naming the line of the fault."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{where}: not valid TOML: {exc}") from None
    except RecursionError:
        raise RulesetError(f"{where}: not a ruleset: arrays or tables nested too deep") from None
    except ValueError as exc:  # a number of thousands of digits: said plainly, without Python's advice
        reason = "a number of thousands of digits" if "digits" in str(exc) else str(exc)
        raise RulesetError(f"{where}: not valid TOML: {reason}") from None


def builtin_text(name: str) -> str:
    """Returns the TOML text of a built-in ruleset."""
    return resources.files("printgen.rulesets").joinpath("builtin", f"{name}.toml").read_text("utf-8")


def did_you_mean(word: str, known: list[str]) -> str:
    """Returns ` (did you mean 'x'?)` for the known word nearest a misspelt one, or nothing where none is near."""
    near = difflib.get_close_matches(word.lower(), known, n=1, cutoff=0.6)
    return f" (did you mean '{near[0]}'?)" if near else ""


def ruleset_from_text(text: str, where: str, origin: str = "", options: tuple[str, ...] = ()) -> Ruleset:
    """Returns the validated ruleset a TOML text describes, with the named options applied."""
    return parse_ruleset(read_toml(text, where), where, origin=origin, options=options)


def load_builtin(spec: str) -> Ruleset:
    """Returns the built-in ruleset a spec names (`gatigo`, `bell+partnerships`); files are not read here. A spec is
    parsed once per process and the same value returned after (a ruleset is frozen), so that the caches a ruleset
    keys find it by identity rather than by comparing every field."""
    base, *options = spec.split("+")
    if base not in BUILTIN:
        # a person's file is read by `printgen.ruleset_files.load_ruleset`, outside the portable core
        raise RulesetError(f"unknown ruleset '{base}'{did_you_mean(base, list(BUILTIN))}: use one of "
                           f"{', '.join(BUILTIN)}")
    return _parsed_builtin(base, tuple(options))


@functools.cache
def _parsed_builtin(base: str, options: tuple[str, ...]) -> Ruleset:
    return ruleset_from_text(builtin_text(base), f"built-in ruleset '{base}'", origin=base, options=options)
