"""The endpoints before a table: the page, its fixed facts, the rulesets and words, the saved games, a new game, a
guided first game, the bean check, and the pieces' pictures."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from printgen.components import SEAT_COLOURS
from printgen.engine.position import seat_name
from printgen.engine.seats import SEAT_NAMES
from printgen.errors import RulesetError
from printgen.lang import LANGS, templates
from printgen.play.bean_check import MIN_CASTS
from printgen.play.bean_check import check as check_beans
from printgen.play.lessons import LEARN_PLAYER, LEARN_SEED
from printgen.players.roster.registry import player
from printgen.players.search.levels import DEFAULT_LEVEL, MAX_LEVEL
from printgen.render.screen import piece_svg
from printgen.ruleset_files import load_ruleset
from printgen.rulesets.model import Ruleset
from printgen.serve import views
from printgen.serve.reading import field, lang_of, read_body
from printgen.serve.state import companion
from printgen.serve.store import NAME, NAME_MAX, public_spec

STATIC = Path(__file__).parent / "static"
MAX_LOGGED = 1000  # casts of a bean check the page keeps (5 beans each fit the body limit)
LEARN_PREFIX = "learn-"  # a guided game's name begins so; the page then asks for its lessons


async def index(request: Request) -> Response:
    """GET the page."""
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})


async def config(request: Request) -> Response:
    """GET the facts the page works with that the server owns: languages, seat letters, the game-name rule, and the
    bean check's bounds."""
    return JSONResponse({"langs": list(LANGS), "seats": list(SEAT_NAMES), "name_pattern": NAME.pattern,
                         "name_max": NAME_MAX, "learn_prefix": LEARN_PREFIX, "beans_min": MIN_CASTS,
                         "beans_kept": MAX_LOGGED})


async def info(request: Request) -> Response:
    """GET the rulesets offered (with their options in the page's language), the advice levels and the address."""
    shared, lang = companion(request), lang_of(request)
    rulesets = []
    for spec in shared.rulesets:
        rs = load_ruleset(spec)
        rulesets.append({"spec": public_spec(spec), "title": rs.title, "players": list(rs.player_counts()),
                         "beans": rs.beans.count,
                         "options": [{"name": o.name, "description": o.description.get(lang)} for o in rs.options]})
    return JSONResponse({"rulesets": rulesets, "levels": MAX_LEVEL, "level": DEFAULT_LEVEL, "link": shared.link,
                         "lan": shared.lan, "qr": shared.qr, "langs": list(LANGS)})


async def words(request: Request) -> Response:
    """GET every word of the page in its language, and the seats' colour names."""
    t = templates(lang_of(request))
    return JSONResponse({k[6:]: v for k, v in t.items() if k.startswith("serve.")} |
                        {f"colour.{c}": t[f"colour.{c}"] for c in SEAT_COLOURS})


async def games(request: Request) -> Response:
    """GET the saved games, newest first."""
    return JSONResponse({"games": await run_in_threadpool(companion(request).store.names)})


def _computers(raw: dict[str, Any], players: int) -> dict[int, Any]:
    """Returns the computer player of each seat a new game names ({"B": "advisor:3"}), refusing seat A and others."""
    seats = {seat_name(s): s for s in range(1, min(max(players, 0), len(SEAT_NAMES)))}
    computers = {}
    for key, who in raw.items():
        if key not in seats or not isinstance(who, str):
            raise HTTPException(400, f"\"computers\" names seats {', '.join(seats) or 'B to D'} with a player's name "
                                "each")
        computers[seats[key]] = player(who)
    return computers


def _load(spec: str, options: list[str]) -> Ruleset:
    """Returns an offered ruleset with options, an error naming a ruleset file by its name, not its path."""
    try:
        return load_ruleset("+".join([spec, *options]))
    except RulesetError as exc:
        base = spec.partition("+")[0]
        raise RulesetError(str(exc).replace(base, public_spec(base))) from None


async def create(request: Request) -> Response:
    """POST a new game: its name, ruleset and options, the number of players, the computers and the advice level."""
    shared = companion(request)
    data = await read_body(request)
    name = field(data, "name", str, what="the game's name")
    spec = shared.offered(field(data, "ruleset", str, public_spec(shared.rulesets[0]), "a ruleset's name"))
    options = field(data, "options", list, [], "a list of option names")
    if not all(isinstance(o, str) and o.isidentifier() for o in options):
        raise HTTPException(400, "\"options\" must be a list of option names")
    players = field(data, "players", int, what="the number of players, 2 to 4")
    raw = field(data, "computers", dict, {}, "an object naming the computer player of each seat, like {\"B\": "
                                             "\"advisor:3\"}")
    level = field(data, "level", int, DEFAULT_LEVEL, f"the advice level, 0 to {MAX_LEVEL}")
    if not 0 <= level <= MAX_LEVEL:
        raise HTTPException(400, f"\"level\" must be from 0 to {MAX_LEVEL}")
    computers = _computers(raw, players)

    def work() -> None:
        rs = _load(spec, options)
        shared.store.create(name, rs, players, computers, level, random.SystemRandom().randrange(2**31))
        with shared.store.table(name) as table:
            table.run_computers()

    await run_in_threadpool(work)
    return JSONResponse({"name": name}, status_code=201)


async def learn(request: Request) -> Response:
    """POST a guided first game of a ruleset, named learn-<ruleset> (then -2, -3 ...), against the learning player."""
    shared = companion(request)
    data = await read_body(request)
    spec = shared.offered(field(data, "ruleset", str, public_spec(shared.rulesets[0]), "a ruleset's name"))
    store = shared.store

    def work() -> str:
        rs = load_ruleset(spec)
        name = store.free_name(LEARN_PREFIX + public_spec(spec))
        store.create(name, rs, min(rs.player_counts()), {1: player(LEARN_PLAYER)}, DEFAULT_LEVEL, LEARN_SEED)
        with store.table(name) as table:
            table.run_computers()
        return name

    return JSONResponse({"name": await run_in_threadpool(work)}, status_code=201)


async def beans(request: Request) -> Response:
    """POST a log of a person's casts: what it says of their beans, in figures and words."""
    shared, lang = companion(request), lang_of(request)
    data = await read_body(request)
    spec = shared.offered(field(data, "ruleset", str, public_spec(shared.rulesets[0]), "a ruleset's name"))
    casts = field(data, "casts", list, what="a list of casts, each a list of true (marked) and false (blank)")
    if len(casts) > MAX_LOGGED or not all(isinstance(c, list) and all(isinstance(f, bool) for f in c)
                                          for c in casts):
        raise HTTPException(400, f"\"casts\" must be up to {MAX_LOGGED} casts, each a list of true (marked) and "
                            "false (blank)")

    def work() -> dict[str, Any]:
        rs = load_ruleset(spec)
        report = check_beans([tuple(c) for c in casts], rs.beans.count, rs.beans.mark_probability)
        return views.beans_json(report, rs, lang)

    return JSONResponse(await run_in_threadpool(work))


async def piece(request: Request) -> Response:
    """GET a seat's piece as printed, as SVG."""
    seat = request.path_params["seat"]
    if seat not in SEAT_NAMES or len(seat) != 1:
        raise HTTPException(400, f"a piece's seat is {', '.join(SEAT_NAMES[:-1])} or {SEAT_NAMES[-1]}")
    return Response(piece_svg(SEAT_NAMES.index(seat)), media_type="image/svg+xml",
                    headers={"Cache-Control": "max-age=86400"})
