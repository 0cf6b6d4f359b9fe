"""A contest review drawn with the project's renderer: the win-chance graph (SVG, PNG) and a printable review (PDF),
and an HTML page, in every language of `printgen/lang` (table `[review]`).

It draws a plain review value (`findings.review`): the players compute it, and the tutor's case of each
explained turn is worded by `rules_text.reasons`, as in the terminal and the JSON.
"""

from __future__ import annotations

import html

from printgen.engine.position import seat_name
from printgen.engine.seats import seat_colour
from printgen.findings.review import GRADE_LIMITS, Grade, Review, TurnReview
from printgen.render.affine import Affine
from printgen.render.fonts import text_width
from printgen.render.palette import palette
from printgen.render.pdf import Metadata, render_pdf
from printgen.render.position_picture import position_picture
from printgen.render.scene import Group, Item, Page, Style, Text, circle, line, polygon, rect
from printgen.render.svg import render_png, render_svg
from printgen.render.typeset import break_lines, set_line, words_of
from printgen.rules_text.lang import Texts
from printgen.rules_text.reasons import tutor_sentence

A4 = (210.0, 297.0)
MARGIN = 14.0
GRAPH_H = 62.0


def _hue(rv: Review, seat: int) -> str:
    """Returns the palette role of a seat's colour: its arm's, as the board prints it (engine.seats.seat_colour)."""
    pos = rv.position
    return f"player.{seat_colour(pos.ruleset.board.seats, pos.players, seat)}"


def _t(rv: Review, lang: str) -> Texts:
    return Texts(lang)


def chance_graph(rv: Review, width: float, height: float, lang: str) -> list[Item]:
    """Returns the graph of every seat's chance to win the contest, turn by turn, games apart; (0, 0) top left."""
    T = _t(rv, lang)
    n = max(len(rv.turns), 1)
    left, bottom = 9.0, 6.0
    w, h = width - left, height - bottom

    def x_of(i: int) -> float:
        """Returns the x of a turn index, in mm."""
        return left + w * i / n

    def y_of(v: float) -> float:
        """Returns the y of a chance, in mm."""
        return h * (1.0 - v)

    items: list[Item] = [rect(left, 0, w, h, Style(fill="area", stroke="area.line", width=0.3), tag="graph frame")]
    for v in (0.25, 0.5, 0.75):
        items.append(line((left, y_of(v)), (left + w, y_of(v)), Style(stroke="area.line", width=0.15,
                                                                       dash=(0.8, 0.8)), tag="grid"))
    for v in (0.0, 0.5, 1.0):
        items.append(Text(left - 1.2, y_of(v) + 1.0, f"{v * 100:.0f}%", "body", 6.5, fill="ink.soft", anchor="end"))
    game, free = None, -1.0  # free: where the next game's label may begin (labels never overlap nor leave the box)
    for i, t in enumerate(rv.turns):
        if t.game != game:
            game = t.game
            x = x_of(i)
            if i:
                items.append(line((x, 0), (x, h), Style(stroke="ink.soft", width=0.25), tag=f"game {game}"))
            label = T("review.game", n=game)
            end = x + 1.0 + text_width(label, "body", 6.5)
            if x + 1.0 >= free and end <= width:
                items.append(Text(x + 1.0, h + 4.2, label, "body", 6.5, fill="ink.soft"))
                free = end + 1.5
    players = rv.position.players
    for s in range(players):
        pts = [(x_of(0), y_of(rv.start[s]))] + [(x_of(i + 1), y_of(t.after[s])) for i, t in enumerate(rv.turns)]
        items.append(polygon(pts, Style(stroke=_hue(rv, s), width=0.7), tag=f"chance {seat_name(s)}", closed=False))
    play, beans = rv.key_moments()
    for t in play + beans:
        x, y = x_of(t.turn), y_of(t.after[t.seat])
        items.append(circle(x, y, 1.2, Style(fill="paper", stroke="ink", width=0.35), tag=f"moment {t.turn}"))
        items.append(Text(x, y - 2.0, str(t.turn), "body-bold", 6, anchor="middle"))
    return items


def _paragraph(text: str, x: float, y: float, width: float, size: float, role: str = "body",
               fill: str = "ink") -> tuple[list[Item], float]:
    """Returns a wrapped paragraph at (x, top y) and the y below it."""
    out: list[Item] = []
    lead = size * 0.42
    for ln in break_lines(words_of(text.replace("*", "\\*"), size, role), width, size):
        y += lead
        out += set_line(ln, x, y, size, fill=fill)
    return out, y + lead * 0.3


def _summary_rows(rv: Review, T: Texts) -> list[list[str]]:
    head = [T("review.col_seat"), T("review.col_graded"), *(T(f"review.grade_{g.value}") for g in Grade),
            T("review.col_error"), T("review.col_accuracy"), T("review.col_luck"), T("review.col_result"),
            T("review.col_luck_free")]
    rows = [head]
    for p in rv.players:
        rows.append([seat_name(p.seat), str(p.decisions), *(str(p.grades[g]) for g in Grade),
                     T.number(p.error_rate * 100, 2), T.number(p.accuracy, 1), f"{p.luck * 100:+.1f}".replace(
                         ".", T("word.decimal_point")),
                     T.number(p.result * 100, 0) + "%", T.number(p.luck_free * 100, 1) + "%"])
    return rows


def _table(rows: list[list[str]], x: float, y: float, width: float, hues: list[str]) -> tuple[list[Item], float]:
    cols = len(rows[0])
    first = 14.0
    step = (width - first) / (cols - 1)
    out: list[Item] = []
    for r, row in enumerate(rows):
        y += 4.6
        role = "body-bold" if r == 0 else "body"
        for c, cell in enumerate(row):
            if c == 0:
                if r:
                    out.append(circle(x + 1.6, y - 1.2, 1.5, Style(fill=hues[r - 1], stroke="ink", width=0.2)))
                out.append(Text(x + (4.5 if r else 0), y, cell, role, 7.2))
            else:
                out.append(Text(x + first + step * c - 1, y, cell, role, 6.4 if r == 0 else 7.2, anchor="end"))
        if r == 0:
            out.append(line((x, y + 1.3), (x + width, y + 1.3), Style(stroke="ink.soft", width=0.2)))
    return out, y + 3.0


def _moment(rv: Review, t: TurnReview, x: float, y: float, width: float, lang: str, beans: bool) -> list[Item]:
    """Returns one key moment: the board before the move with it drawn, and what happened in words."""
    T = _t(rv, lang)
    pos = rv.record.positions()[t.turn - 1]
    move = (t.played.origin, t.played.target) if t.played.origin and t.played.target else None
    target = (t.played.target,) if t.played.target else ()
    board, h = position_picture(pos, width, lang, target, move)
    out: list[Item] = [Group(tuple(board), Affine.translate(x, y))]
    head = _head(t, T)
    if beans:
        score = rv.position.score(t.marks or 0)
        body = T("review.moment_beans", cast="-" if score is None else score,
                 points=f"{t.luck(t.seat) * 100:+.1f}".replace(".", T("word.decimal_point")), seat=seat_name(t.seat))
    else:
        grade = t.grade.value if t.grade else "best"
        body = T(f"review.grade_{grade}") + ": " + tutor_sentence(rv.cases[t.turn], lang)
    items, yy = _paragraph(head, x, y + h + 1.0, width, 7.4, "body-bold")
    out += items
    items, _ = _paragraph(body, x, yy, width, 7.0)
    return out + items


def review_pages(rv: Review, lang: str = "en") -> list[Page]:
    """Returns the printable review: the summary and graph, then the key moments with the board at each."""
    T = _t(rv, lang)
    W, H = A4
    width = W - 2 * MARGIN
    pos = rv.position
    page = Page(W, H, label="review 1")
    y = MARGIN + 8
    page.add(Text(MARGIN, y, T("review.title"), "display", 20))
    games = max((t.game for t in rv.turns), default=pos.game)
    items, y = _paragraph(T("review.subtitle", ruleset=pos.ruleset.title.get(lang), players=pos.players,
                            turns=len(rv.turns), games=games, level=rv.level), MARGIN, y + 1, width, 8.5,
                          fill="ink.soft")
    page.add(*items)
    items, y = _table(_summary_rows(rv, T), MARGIN, y + 2, width, [_hue(rv, p.seat) for p in rv.players])
    page.add(*items)
    limits = ", ".join(f"{T(f'review.grade_{g.value}')} < {T.number(lim * 100, 1)}" for g, lim in GRADE_LIMITS[:-1])
    items, y = _paragraph(T("review.legend", limits=limits), MARGIN, y, width, 6.8, fill="ink.soft")
    page.add(*items)
    page.add(Text(MARGIN, y + 5, T("review.graph_title"), "body-bold", 9))
    page.add(Group(tuple(chance_graph(rv, width, GRAPH_H, lang)), Affine.translate(MARGIN, y + 8)))
    y += 8 + GRAPH_H + 4
    keys = [(s, seat_name(s)) for s in range(pos.players)]
    x = MARGIN
    for s, name in keys:
        page.add(line((x, y), (x + 6, y), Style(stroke=_hue(rv, s), width=0.9)))
        page.add(Text(x + 7.5, y + 1.2, T("review.seat", seat=name), "body", 7.5))
        x += 26
    play, beans = rv.key_moments()
    pages = [page]
    board_w = (width - 2 * 6) / 3
    y += 7
    if play:
        page.add(Text(MARGIN, y + 4, T("review.moments_play"), "body-bold", 10))
        for i, t in enumerate(play):
            page.add(*_moment(rv, t, MARGIN + i * (board_w + 6), y + 7, board_w, lang, False))
    errors = [t for t in rv.turns if t.grade in (Grade.MISTAKE, Grade.BLUNDER) and t not in play]
    if beans or errors:
        second = Page(W, H, label="review 2")
        y = MARGIN + 6
        if beans:
            second.add(Text(MARGIN, y, T("review.moments_beans"), "body-bold", 10))
            for i, t in enumerate(beans):
                second.add(*_moment(rv, t, MARGIN + i * (board_w + 6), y + 4, board_w, lang, True))
            y += 4 + board_w + 22
        if errors:
            second.add(Text(MARGIN, y, T("review.errors_page"), "body-bold", 10))
            y += 2
            for t in errors:
                grade = T(f"review.grade_{(t.grade or Grade.BEST).value}")
                text = f"{_head(t, T)} · {grade}: {tutor_sentence(rv.cases[t.turn], lang)}"
                items, y2 = _paragraph(text, MARGIN, y, width, 7.0)
                if y2 > H - MARGIN:
                    break
                second.add(*items)
                y = y2
        pages.append(second)
    return pages


def graph_page(rv: Review, lang: str = "en") -> Page:
    """Returns the win-chance graph alone, as one page (for SVG and PNG)."""
    page = Page(180.0, GRAPH_H + 8.0, label="graph")
    page.add(rect(0, 0, 180.0, GRAPH_H + 8.0, Style(fill="paper")))
    page.add(Group(tuple(chance_graph(rv, 172.0, GRAPH_H, lang)), Affine.translate(4, 4)))
    return page


def review_pdf(rv: Review, lang: str = "en") -> bytes:
    """Returns the printable review as PDF bytes (the same bytes for the same review)."""
    T = _t(rv, lang)
    meta = Metadata(title=T("review.title"), subject=rv.position.ruleset.spec)
    return render_pdf(review_pages(rv, lang), palette(), meta)


def review_svg(rv: Review, lang: str = "en") -> str:
    """Returns the win-chance graph as SVG."""
    return render_svg(graph_page(rv, lang), palette())


def review_png(rv: Review, lang: str = "en") -> bytes:
    """Returns the win-chance graph as PNG."""
    return render_png(graph_page(rv, lang), palette(), dpi=150)


def review_html(rv: Review, lang: str = "en") -> str:
    """Returns the review as one HTML page: the summary table, the graph, the key moments and every error."""
    T = _t(rv, lang)
    rows = _summary_rows(rv, T)
    table = "<table>" + "".join(
        "<tr>" + "".join(f"<{'th' if r == 0 else 'td'}>{html.escape(c)}</{'th' if r == 0 else 'td'}>" for c in row)
        + "</tr>" for r, row in enumerate(rows)) + "</table>"
    svg = review_svg(rv, lang).split("\n", 1)[1]
    errors = "".join(
        f"<li><b>{html.escape(_head(t, T))}</b> {html.escape(T(f'review.grade_{(t.grade or Grade.BEST).value}'))}: "
        f"{html.escape(tutor_sentence(rv.cases[t.turn], lang))}</li>"
        for t in rv.turns if t.grade in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER))
    title = html.escape(T("review.title"))
    return (f"<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><title>{title}"
            "</title><style>body{font-family:sans-serif;max-width:60em;margin:2em auto}td,th{padding:0 .6em;"
            "text-align:right}svg{width:100%;height:auto}</style></head><body>"
            f"<h1>{title}</h1>{table}<h2>{html.escape(T('review.graph_title'))}</h2>{svg}"
            f"<h2>{html.escape(T('review.errors'))}</h2><ul>{errors}</ul></body></html>\n")


def _head(t: TurnReview, T: Texts) -> str:
    return T("review.moment_head", turn=t.turn, game=t.game, seat=seat_name(t.seat), move=str(t.played))
