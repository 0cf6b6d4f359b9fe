"""Where the game and the contest disagree: the advisor ranks moves by the chance to win the contest, and the move
it puts first may not be the best for the game being played. The two moves' reasons then say the trade in words:
what the first keeps in the contest, what the game's best gives up for its better game, and the facts that make
the difference (`reasons.differences`).

`advice_reasons(analysis)` gives every move of an analysis its reasons, each compared with one other move: the
first with the game's best where they differ (else with the move ranked second), every other with the first.
"""

from __future__ import annotations

from printgen.engine.position import Phase, Position
from printgen.findings.reasons import Cause, Reason, Why
from printgen.players.analysis.advisor import Analysis, Suggestion
from printgen.players.analysis.reasons import TIE, differences, reasons
from printgen.rulesets.model import Payee


def game_best(a: Analysis) -> Suggestion | None:
    """Returns the move best for the game where the advisor does not put it first and it wins the game more often
    than the first move by more than the tie margin (half a point), while the first keeps more of the contest (its
    shown chance, which a calibration map may bring level with the other's: then no trade is said)."""
    if a.position.phase is not Phase.MOVE or len(a.suggestions) < 2:
        return None
    best = max(a.suggestions, key=lambda s: s.win_game)  # the first of equals, in the advisor's order
    if best.win_game - a.best.win_game <= TIE or a.best.win_contest <= best.win_contest:
        return None
    return best


def game_pays_nothing(pos: Position) -> bool:
    """Returns whether winning the game being played pays nothing: no pool (nor an offering the winner takes) and
    no payment of the rules into either (GATIGO's), so that the contest weighs the game by its items alone."""
    eco = pos.ruleset.economy
    into = {Payee.POOL} | ({Payee.OFFERING} if eco.offering_to_winner else set())
    return (eco.gambling and pos.pool == 0 and not (eco.offering_to_winner and pos.offering > 0)
            and not any(p.amount > 0 and p.payee in into for _, p in pos.ruleset.payments.by_event()))


def advice_reasons(a: Analysis) -> list[list[Reason]]:
    """Returns the reasons of every move of the analysis, in its order, each compared with one other move; where the
    game's best move is not the first, the first's reasons end with what it keeps in the contest against it, and
    the game's best's with what it gives up."""
    pos, marks, moves = a.position, a.marks, a.suggestions
    game = game_best(a)
    first = moves[0]
    versus = game.move if game is not None else moves[1].move if len(moves) > 1 else None
    out = [reasons(pos, marks, first.move, versus)] + [reasons(pos, marks, s.move, first.move) for s in moves[1:]]
    if game is None:
        return out
    causes = tuple(differences(pos, marks, first.move, game.move, contest=True, items=first.items - game.items))
    noun = pos.ruleset.economy.item_name
    rules = (Cause(None, Reason(Why.GAME_PAYS_NOTHING, True, item=noun)),) if game_pays_nothing(pos) else ()
    points, game_points = (first.win_contest - game.win_contest) * 100, (game.win_game - first.win_game) * 100
    out[0].append(Reason(Why.KEEPS_CONTEST, True, item=noun, other=game.move, points=points, game_points=game_points,
                         causes=causes + rules))  # the rules' fact said once, with the move the advisor puts first
    out[moves.index(game)].append(Reason(Why.GIVES_UP_CONTEST, False, item=noun, other=first.move, points=points,
                                         game_points=game_points, causes=causes))
    return out
