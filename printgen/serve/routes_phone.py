"""The server's shared tables for the phone app (`/api/phone/...`): its saved games, each spoken in the shapes of the
app's own engine worker (`phone_views`), so the app's table screen plays them live from several phones at once.

An action names a move by its kernel code and carries the table's stamp as the phone last saw it (refused with 409
when the table has moved on, as every action of `routes_table`); after a person's action the computers play as they
do for the older page, and every phone following the game is woken through its event stream.
"""

from __future__ import annotations

import random
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from printgen.engine.moves import MoveKind
from printgen.errors import IllegalMoveError, OptionError, PatolliError
from printgen.play.saved import game_key
from printgen.play.table import Table
from printgen.players.analysis.advisor import advise
from printgen.players.roster.registry import player
from printgen.players.search.levels import DEFAULT_LEVEL, MAX_LEVEL, STRENGTHS
from printgen.ruleset_files import load_ruleset
from printgen.rulesets.model import Ruleset
from printgen.serve import phone_views as pv
from printgen.serve.reading import field, read_body
from printgen.serve.routes_table import check_stamp
from printgen.serve.state import Companion, companion
from printgen.serve.views import stamp
from printgen.web.app_data import variants

ACTIONS = ("cast", "correct", "move", "bet", "best", "undo", "computerTurn")


def opened(table: Table, name: str) -> dict[str, Any]:
    """Returns a game as the app opens one: its id (its name here), name, game key, view and stamp."""
    view = pv.view(table)
    return {"id": name, "name": name, "key": view["key"], "view": view, "stamp": stamp(table)}


async def games(request: Request) -> Response:
    """GET the saved games the app can open: name, game key, turns, seats and whether the contest is over."""
    store = companion(request).store

    def work() -> list[dict[str, Any]]:
        rows = []
        for row in store.names():
            try:
                with store.table(row["name"]) as table:
                    pos = table.position
                    rows.append({"name": row["name"], "key": game_key(pos.ruleset, pos.players),
                                 "turns": len(table.session.record.turns), "over": table.over,
                                 "seats": pv.seats(table)})
            except PatolliError:
                continue  # a save this server cannot read is not offered
        return rows

    return JSONResponse({"games": await run_in_threadpool(work)})


def game_of(shared: Companion, key: str) -> tuple[Ruleset, int]:
    """Returns the ruleset (options applied) and number of players of a game the app names by its key, among the
    rulesets this server offers; refuses any other with 400."""
    for spec in shared.rulesets:
        for rs in variants(load_ruleset(spec.partition("+")[0])):
            for players in rs.player_counts():
                if game_key(rs, players) == key:
                    return rs, players
    raise HTTPException(400, f"no game {key[:60]!r} at this table: \"key\" names a game of the app, "
                        "like \"bell-2\", of a ruleset this server offers")


async def create(request: Request) -> Response:
    """POST a new shared table from the app: its game (`key`), its seats, seat A's a person's and each other
    "person" or a computer's strength ("club"), and the advice level. The server names it after its ruleset."""
    shared = companion(request)
    data = await read_body(request)
    key = field(data, "key", str, what="a game of the app, like \"bell-2\"")
    seats = field(data, "seats", list, what="a list of seats, each \"person\" or a computer's strength")
    level = field(data, "level", int, DEFAULT_LEVEL, f"the advice level, 0 to {MAX_LEVEL}")
    if not 0 <= level <= MAX_LEVEL:
        raise HTTPException(400, f"\"level\" must be from 0 to {MAX_LEVEL}")
    who = ["person", *STRENGTHS]
    if not seats or seats[0] != "person" or not all(isinstance(s, str) and s in who for s in seats):
        raise HTTPException(400, f"\"seats\" must list each seat as {', '.join(who)}, seat A a person")

    def work() -> dict[str, Any]:
        rs, players = game_of(shared, key)
        if len(seats) != players:
            raise HTTPException(400, f"\"seats\" must list the {players} seats of {key}")
        computers = {i: player(s) for i, s in enumerate(seats) if s != "person"}
        name = shared.store.free_name(rs.name)
        shared.store.create(name, rs, players, computers, level, random.SystemRandom().randrange(2**31))
        with shared.store.table(name) as table:
            table.run_computers()
            return opened(table, name)

    return JSONResponse(await run_in_threadpool(work), status_code=201)


async def show(request: Request) -> Response:
    """GET a game as the app opens it."""
    store, name = companion(request).store, request.path_params["name"]

    def work() -> dict[str, Any]:
        with store.table(name) as table:
            return opened(table, name)

    return JSONResponse(await run_in_threadpool(work))


async def save(request: Request) -> Response:
    """GET the game's save (the file `patolli play --resume` reads), for the app's "save to a file"."""
    store, name = companion(request).store, request.path_params["name"]

    def work() -> dict[str, Any]:
        with store.table(name) as table:
            return table.session.to_json()

    return JSONResponse(await run_in_threadpool(work))


def _whole(request: Request, key: str, lo: int, hi: int, default: int) -> int:
    text = request.query_params.get(key, str(default))
    if not (text.isascii() and text.isdigit()) or not lo <= int(text) <= hi:
        raise HTTPException(400, f"{key!r} must be a whole number from {lo} to {hi}")
    return int(text)


async def steps(request: Request) -> Response:
    """GET the turns after number `since`, each as the app's step."""
    store, name = companion(request).store, request.path_params["name"]
    since = _whole(request, "since", 0, 10**9, 0)

    def work() -> list[dict[str, Any]]:
        with store.table(name) as table:
            return pv.Turns(table).steps(since)

    return JSONResponse(await run_in_threadpool(work))


async def advice(request: Request) -> Response:
    """GET the advisor's moves for the pending cast (or the bet) at a level, best first, as the app's advise."""
    store, name = companion(request).store, request.path_params["name"]

    def work() -> dict[str, Any]:
        with store.table(name) as table:
            level = _whole(request, "level", 0, MAX_LEVEL, table.session.level)
            table.advice()  # refuses advice where there is nothing to advise on, saying why
            pos, marks = table.position, table.pending or 0
            a = advise(pos, marks, level)
            held = pos.holdings(pos.to_move)
            return {"level": level, "ms": round(a.seconds * 1000, 1), "moves": [
                {**pv.describe(pos, marks, pos.encode(s.move, marks)), "move": pos.encode(s.move, marks),
                 "winGame": s.win_game, "winContest": s.win_contest, "items": s.items - held, "diff": s.diff}
                for s in a.suggestions]}

    return JSONResponse(await run_in_threadpool(work))


def _code(table: Table, args: list[Any], kinds: tuple[MoveKind, ...]) -> int:
    """Returns the move code an action names, refusing one that is not a legal move of those kinds now."""
    if len(args) != 1 or not isinstance(args[0], int) or isinstance(args[0], bool):
        raise HTTPException(400, "\"args\" must hold one move code, a whole number from the table's legal moves")
    code: int = args[0]
    pos = table.position
    marks = table.pending or 0
    if code not in pos.move_codes(marks) or pos.decode(code, marks).kind not in kinds:
        raise IllegalMoveError(f"move code {code} is not a legal {kinds[0].value} now; look at the table again")
    return code


def _marks(args: list[Any], optional: bool) -> int | None:
    """Returns the marks an action gives (None: the helper casts, where that may be)."""
    given = args[0] if args else None
    if given is None and optional:
        return None
    if not isinstance(given, int) or isinstance(given, bool):
        what = "a whole number or null" if optional else "a whole number"
        raise HTTPException(400, f"\"args\" must hold the cast's marks, {what}")
    return given


def play(table: Table, action: str, args: list[Any]) -> tuple[int, dict[str, Any] | None]:
    """Plays an action on the table; returns the number of turns before it and, for undo, what was taken back."""
    before = len(table.session.record.turns)
    if action == "cast":
        table.cast(_marks(args, True))
    elif action == "correct":
        marks = _marks(args, False)
        assert marks is not None
        table.correct_cast(marks)
    elif action == "move":
        code = _code(table, args, (MoveKind.MOVE, MoveKind.ENTER, MoveKind.PASS))
        table.move(table.position.decode(code, table.pending or 0))
    elif action == "bet":
        code = _code(table, args, (MoveKind.BET,))
        table.bet(table.position.decode(code, 0).amount or 0)
    elif action == "best":
        table.best()
    elif action == "undo":
        turns = pv.Turns(table)
        old = turns.positions
        changes = table.undo()
        now = len(table.session.record.turns)
        taken = [{"seat": old[i].to_move, "move": pv.describe(old[i], turns.turns[i].marks,
                                                               old[i].encode(turns.turns[i].move,
                                                                             turns.turns[i].marks or 0)),
                  "marks": turns.turns[i].marks} for i in range(now, before)]
        return before, {"taken": taken, "changes": [pv.change(c) for c in changes]}
    else:  # computerTurn
        if not table.computers_to_play():
            raise OptionError("no computer player is to move")
        table.session.computer_turn()
        return before, None
    table.run_computers()
    return before, None


async def act(request: Request) -> Response:
    """POST an action of the app's table (`action`, `args`, `stamp`): answers the steps it played, what an undo
    took back, the view and the new stamp; wakes the game's followers."""
    shared, name = companion(request), request.path_params["name"]
    data = await read_body(request)
    action = field(data, "action", str, what=f"one of {', '.join(ACTIONS)}")
    if action not in ACTIONS:
        raise HTTPException(400, f"no action {action[:40]!r}: use one of {', '.join(ACTIONS)}")
    args = field(data, "args", list, [], "a list of the action's arguments")

    def work() -> dict[str, Any]:
        with shared.store.table(name) as table:
            check_stamp(table, data)
            before, undo = play(table, action, args)
            turns = pv.Turns(table)
            done = [] if undo is not None else turns.steps(before, after=True)
            return {"steps": done, "undo": undo, "view": pv.view(table, turns), "stamp": stamp(table)}

    result = await run_in_threadpool(work)
    shared.hub.changed(name)
    return JSONResponse(result)
