"""Acting on a shared table (`/api/games/{name}/act`) and following it (`/api/games/{name}/events`).

Engine work runs in a worker thread under the save's lock, one action at a time per game; after a person's action the
computer players take their turns and every phone following the game is woken through its event stream. An action
names a move by its kernel code and carries the table's stamp as the phone last saw it (`phone_views.stamp`), and is
refused with 409 if the table has changed since: a second tap on the same button, or a tap on a table another phone
or the terminal has moved on, plays nothing.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from printgen.engine.moves import MoveKind
from printgen.errors import IllegalMoveError, OptionError
from printgen.inputs import shown
from printgen.play.table import Table
from printgen.serve import phone_views as pv
from printgen.serve.reading import field, read_body
from printgen.serve.state import companion
from printgen.serve.store import UnknownGame

ACTIONS = ("cast", "correct", "move", "bet", "best", "undo", "computerTurn")


def check_stamp(table: Table, data: dict[str, Any]) -> None:
    """Refuses (409) an action whose `stamp` is not the table's now: the phone acted on a table that has moved on."""
    given = field(data, "stamp", str, what="the table's stamp, as the phone last received it")
    now = pv.stamp(table)
    if given != now:
        raise HTTPException(409, f"the table has changed: it is now at turn {len(table.session.record.turns)} "
                            f"(stamp {now!r}, not {shown(given)}); look at it again before acting")


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
            return {"steps": done, "undo": undo, "view": pv.view(table, turns), "stamp": pv.stamp(table)}

    result = await run_in_threadpool(work)
    shared.hub.changed(name)
    return JSONResponse(result)


async def events(request: Request) -> Response:
    """GET the game's server-sent events: its stamp now and whenever it changes."""
    shared, name = companion(request), request.path_params["name"]
    store = shared.store
    store.path(name)  # refuses a name that is not one
    if store.stamp(name) is None:
        raise UnknownGame(f"no saved game is named {name!r}")

    def stamp() -> str | None:
        s = store.stamp(name)
        return None if s is None else ":".join(map(str, s))

    return StreamingResponse(shared.hub.stream(name, stamp, lambda: False), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
