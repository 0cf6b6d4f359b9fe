"""The rules of every ruleset, over a position encoded as one int64 array.

This is the only place the rules are written. `tables.py` compiles a ruleset into the numeric
tables `t` read here; `position.py` wraps the state array in a readable value. Everything is
plain Python that numba can compile: ints, int64 arrays and one namedtuple of tables.

The state layout and the accessors that read it are in `layout.py`; the random source and the
cast of the beans in `rng.py`.
"""

from __future__ import annotations

from printgen.engine.jit import inline, njit
from printgen.engine.layout import (
    H_BANKRUPTCIES,
    H_GAME,
    H_LAST_WINNER,
    H_OFFERING,
    H_PHASE,
    H_POOL,
    H_STARTER,
    H_TO_MOVE,
    H_WINNER,
    HAND,
    K0,
    MAXC,
    MAXK,
    MAXP,
    O0,
    OUT,
    P_BANKRUPT,
    P_DIR,
    P_HAND,
    P_HOLD,
    P_HOME,
    P_IN_OPENING,
    P_ON_BOARD,
    P_PENALTY,
    P_THROW,
    PEN_MISS,
    dir_index,
    pb,
    solvent,
)

PHASE_OPENING, PHASE_BET, PHASE_MOVE, PHASE_OVER = 0, 1, 2, 3
# Moves: a piece index 0..MAXK-1 moves that piece; entries; pass; bets.
PASS, ENTER_CW, ENTER_CCW, BET0 = -1, 100, 101, 1000
# Cell flags.
F_WEDGE, F_ROUNDED, F_CAPTURE = 1, 2, 4
# Payment rows and columns; payer and payee codes.
R_WEDGE, R_NO_MOVE, R_BEAR_OFF, R_CAPTURE, R_NULL, R_STAKE, R_POOL_WON, R_OFFERING_WON = range(8)
C_AMOUNT, C_PAYER, C_PAYEE, C_MIN_ON_BOARD = range(4)
BY_MOVER, BY_OPPONENTS, BY_CAPTURED = 0, 1, 2
TO_MOVER, TO_OPPONENTS, TO_POOL, TO_OFFERING = 0, 1, 2, 3
POOL, OFFERING = 4, 5  # holders after the four players
OPEN_HIGHEST, OPEN_ROTATE, OPEN_FIXED = 0, 1, 2
# Wedge penalties (tables.wedge_penalty).
WP_NONE, WP_MISS_TURN, WP_MOVE_BACK = 0, 1, 2
# Events: rows of (code, a, b, c, d) in an int64 buffer whose element 0 counts the rows.
EV_WIDTH, EV_MAX = 5, 256
(E_ENTER, E_MOVE, E_CAPTURE, E_PAY, E_EXTRA_TURN, E_BEAR_OFF, E_GAME_WON, E_BANKRUPT, E_CONTEST_WON,
 E_NO_MOVE, E_NULL, E_RECAST, E_THROW, E_OPENING_WON, E_BET, E_NEW_GAME, E_PENALTY, E_MISS_TURN,
 E_MOVE_BACK) = range(19)


@inline
def emit(ev, code, a, b, c, d):
    """Appends an event row, dropping it if the buffer is full."""
    n = ev[0]
    if n < EV_MAX:
        base = 1 + n * EV_WIDTH
        ev[base] = code
        ev[base + 1] = a
        ev[base + 2] = b
        ev[base + 3] = c
        ev[base + 4] = d
        ev[0] = n + 1


@inline
def next_solvent(st, t, p):
    """Returns the next player after p (in seat order) still in the contest."""
    for i in range(1, t.n_players + 1):
        q = (p + i) % t.n_players
        if solvent(st, q):
            return q
    return p


@njit
def teams_left(st, t):
    """Returns (number of teams with a solvent player, one such player)."""
    seen = 0
    count = 0
    last = -1
    for p in range(t.n_players):
        if solvent(st, p) and not (seen >> t.team[p]) & 1:
            seen |= 1 << t.team[p]
            count += 1
            last = p
    return count, last


@njit
def transfer(st, t, reason, src, dst, amount, ev):
    """Moves up to amount items from player src to holder dst; a player short of it goes bankrupt."""
    if amount <= 0 or not solvent(st, src):
        return
    have = st[pb(src) + P_HOLD]
    paid = min(have, amount)
    st[pb(src) + P_HOLD] = have - paid
    if dst == POOL:
        st[H_POOL] += paid
    elif dst == OFFERING:
        st[H_OFFERING] += paid
    else:
        st[pb(dst) + P_HOLD] += paid
    emit(ev, E_PAY, reason, src, dst, paid)
    if have < amount or (t.bankrupt_empty and have == paid):
        go_bankrupt(st, t, src, ev)


@njit
def go_bankrupt(st, t, p, ev):
    """Takes player p out of the contest and their pieces off the board."""
    b = pb(p)
    st[b + P_BANKRUPT] = 1
    st[H_BANKRUPTCIES] += 1
    for k in range(t.n_pieces):
        prog = st[K0 + p * MAXK + k]
        if 0 <= prog < t.n_cells:
            st[O0 + t.path[p, dir_index(st, p), prog]] = 0
        st[K0 + p * MAXK + k] = OUT
    st[b + P_HAND] = 0
    st[b + P_HOME] = 0
    st[b + P_ON_BOARD] = 0
    st[b + P_PENALTY] = 0
    st[b + P_DIR] = 1
    emit(ev, E_BANKRUPT, p, st[b + P_HOLD], 0, 0)


@njit
def pay(st, t, reason, mover, victim, ev):
    """Makes the payment the rules set for reason; mover caused it, victim was captured (or -1)."""
    amount = t.pay[reason, C_AMOUNT]
    if amount <= 0:
        return
    payer = t.pay[reason, C_PAYER]
    payee = t.pay[reason, C_PAYEE]
    src = victim if payer == BY_CAPTURED else mover
    for i in range(1, t.n_players + 1):
        o = (mover + i) % t.n_players
        if o == mover or t.team[o] == t.team[mover] or not solvent(st, o):
            continue
        if payer == BY_OPPONENTS:
            transfer(st, t, reason, o, destination(t, payee, mover, o), amount, ev)
        elif payee == TO_OPPONENTS and o != src:
            transfer(st, t, reason, src, o, amount, ev)
    if payer != BY_OPPONENTS and payee != TO_OPPONENTS:
        transfer(st, t, reason, src, destination(t, payee, mover, -1), amount, ev)


@inline
def destination(t, payee, mover, opponent):
    """Returns the holder a payee code names."""
    if payee == TO_MOVER:
        return mover
    if payee == TO_POOL:
        return POOL
    if payee == TO_OFFERING:
        return OFFERING
    return opponent


@njit
def init_contest(st, t, ev):
    """Sets st to the start of a contest and begins its first game."""
    st[:] = 0
    st[H_WINNER] = -1
    st[H_STARTER] = -1
    st[H_LAST_WINNER] = -1
    for p in range(t.n_players):
        st[pb(p) + P_HOLD] = t.starting_items
    for p in range(t.n_players, MAXP):
        st[pb(p) + P_BANKRUPT] = 1
    begin_game(st, t, ev)


@njit
def check_contest_over(st, t, ev):
    """Ends the contest if at most one team is left; returns whether it ended."""
    count, last = teams_left(st, t)
    if count > 1:
        return False
    st[H_PHASE] = PHASE_OVER
    st[H_WINNER] = last
    for p in range(t.n_players):
        st[pb(p) + P_PENALTY] = 0
    if last >= 0 and st[H_POOL] > 0:
        st[pb(last) + P_HOLD] += st[H_POOL]
        emit(ev, E_PAY, R_POOL_WON, POOL, last, st[H_POOL])
        st[H_POOL] = 0
    emit(ev, E_CONTEST_WON, last, 0, 0, 0)
    return True


@njit
def begin_game(st, t, ev):
    """Resets the board for the next game, collects the stake and starts betting or the opening."""
    st[H_GAME] += 1
    st[O0:O0 + MAXC] = 0
    for p in range(t.n_players):
        b = pb(p)
        st[b + P_IN_OPENING] = 0
        st[b + P_THROW] = -1
        st[b + P_PENALTY] = 0
        if not solvent(st, p):
            continue
        st[b + P_DIR] = 0 if t.choose_direction else 1
        st[b + P_HAND] = t.n_pieces
        st[b + P_HOME] = 0
        st[b + P_ON_BOARD] = 0
        for k in range(t.n_pieces):
            st[K0 + p * MAXK + k] = HAND
        if t.start_on_board:
            st[K0 + p * MAXK] = 0
            st[O0 + t.path[p, 0, 0]] = 1 + p * MAXK
            st[b + P_HAND] -= 1
            st[b + P_ON_BOARD] = 1
        # Nothing to bet is bankruptcy where games are bet on.
        if (t.stake > 0 or t.betting_choose) and st[b + P_HOLD] == 0:
            go_bankrupt(st, t, p, ev)
    emit(ev, E_NEW_GAME, st[H_GAME], 0, 0, 0)
    if check_contest_over(st, t, ev):
        return
    if t.betting_choose:
        st[H_PHASE] = PHASE_BET
        last = st[H_LAST_WINNER]
        st[H_TO_MOVE] = next_solvent(st, t, last) if last >= 0 else next_solvent(st, t, t.n_players - 1)
        return
    if t.stake > 0:
        for p in range(t.n_players):
            if solvent(st, p):
                transfer(st, t, R_STAKE, p, POOL, t.stake, ev)
        if check_contest_over(st, t, ev):
            return
    begin_opening(st, t)


@njit
def begin_opening(st, t):
    """Decides who begins, or starts the opening throws."""
    first = next_solvent(st, t, t.n_players - 1)
    if t.opening == OPEN_HIGHEST:
        st[H_PHASE] = PHASE_OPENING
        for p in range(t.n_players):
            st[pb(p) + P_IN_OPENING] = 1 if solvent(st, p) else 0
            st[pb(p) + P_THROW] = -1
        st[H_TO_MOVE] = first
        return
    if t.opening == OPEN_ROTATE and st[H_STARTER] >= 0:
        first = next_solvent(st, t, st[H_STARTER])
    st[H_STARTER] = first
    st[H_PHASE] = PHASE_MOVE
    st[H_TO_MOVE] = first


@njit
def opening_throw(st, t, score, ev):
    """Records the opening throw of the player to move; settles the opening after each round."""
    p = st[H_TO_MOVE]
    st[pb(p) + P_THROW] = score
    emit(ev, E_THROW, p, score, 0, 0)
    for i in range(1, t.n_players + 1):
        q = (p + i) % t.n_players
        if st[pb(q) + P_IN_OPENING] == 1 and st[pb(q) + P_THROW] == -1:
            st[H_TO_MOVE] = q
            return
    best = -1
    for q in range(t.n_players):
        if st[pb(q) + P_IN_OPENING] == 1:
            best = max(best, st[pb(q) + P_THROW])
    tied = 0
    first = -1
    for q in range(t.n_players):
        if st[pb(q) + P_IN_OPENING] == 1 and st[pb(q) + P_THROW] == best:
            tied += 1
            if first < 0:
                first = q
        else:
            st[pb(q) + P_IN_OPENING] = 0
        st[pb(q) + P_THROW] = -1
    st[H_TO_MOVE] = first
    if tied == 1:
        st[pb(first) + P_IN_OPENING] = 0
        st[H_STARTER] = first
        st[H_PHASE] = PHASE_MOVE
        emit(ev, E_OPENING_WON, first, best, 0, 0)


@inline
def landing_ok(st, t, p, cell):
    """Returns whether a piece of player p may land on cell (empty, or an opponent to capture)."""
    occ = st[O0 + cell]
    if occ == 0:
        return True
    owner = (occ - 1) // MAXK
    return t.team[owner] != t.team[p] and (t.flags[cell] & F_CAPTURE) != 0


@inline
def may_enter(st, t, p, score):
    """Returns whether this score lets player p bring a piece in from the hand."""
    b = pb(p)
    if st[b + P_HAND] == 0:
        return False
    if t.entry_ok[score]:
        return True
    return t.first_any and st[b + P_ON_BOARD] == 0 and st[b + P_HOME] == 0


@inline
def backward_piece(st, t, p):
    """Returns the piece of p that must move backwards this turn (still on the board), or -1."""
    pen = st[pb(p) + P_PENALTY]
    if pen <= 0:
        return -1
    prog = st[K0 + p * MAXK + pen - 1]
    if 0 <= prog < t.n_cells:
        return pen - 1
    return -1


@njit
def legal_moves(st, t, marks, out):
    """Writes the legal moves for the player to move and this cast into out; returns their count.

    With no move possible the only move is PASS. In the bet phase marks is ignored.
    """
    phase = st[H_PHASE]
    if phase == PHASE_OVER:
        return 0
    if phase == PHASE_BET:
        cap = 1 << 40
        for q in range(t.n_players):
            if solvent(st, q):
                cap = min(cap, st[pb(q) + P_HOLD])
        for n in range(1, cap + 1):
            out[n - 1] = BET0 + n
        return cap
    score = t.scores[marks]
    if phase == PHASE_OPENING or score == 0:
        out[0] = PASS
        return 1
    p = st[H_TO_MOVE]
    n = 0
    last = t.n_cells - 1
    if may_enter(st, t, p, score) and score - 1 <= last:
        d = st[pb(p) + P_DIR]
        if d >= 0 and landing_ok(st, t, p, t.path[p, 0, score - 1]):
            out[n] = ENTER_CW
            n += 1
        if d <= 0 and t.choose_direction and landing_ok(st, t, p, t.path[p, 1, score - 1]):
            out[n] = ENTER_CCW
            n += 1
    di = dir_index(st, p)
    back = backward_piece(st, t, p)
    if back >= 0:  # the piece that landed on a wedge must move backwards: nothing else moves this turn
        prog = st[K0 + p * MAXK + back]
        if prog - score < 0 or landing_ok(st, t, p, t.path[p, di, prog - score]):
            out[0] = back
            return 1
        out[0] = PASS
        return 1
    for k in range(t.n_pieces):
        prog = st[K0 + p * MAXK + k]
        if 0 <= prog and prog + score <= last and landing_ok(st, t, p, t.path[p, di, prog + score]):
            out[n] = k
            n += 1
    if n == 0:
        out[0] = PASS
        n = 1
    return n


@njit
def land(st, t, p, k, step, ev):
    """Puts piece k of player p on step of its path: captures, bears off and pays; returns extra turn."""
    b = pb(p)
    cell = t.path[p, dir_index(st, p), step]
    occ = st[O0 + cell]
    if occ != 0:
        victim = (occ - 1) // MAXK
        vk = (occ - 1) % MAXK
        st[K0 + victim * MAXK + vk] = HAND
        st[pb(victim) + P_HAND] += 1
        st[pb(victim) + P_ON_BOARD] -= 1
        st[O0 + cell] = 0
        emit(ev, E_CAPTURE, p, victim, cell, 0)
        pay(st, t, R_CAPTURE, p, victim, ev)
        if not solvent(st, p):  # a rule may make the capturer pay, and that can bankrupt them
            return False
    if step == t.n_cells - 1:
        st[K0 + p * MAXK + k] = t.n_cells
        st[b + P_HOME] += 1
        emit(ev, E_BEAR_OFF, p, cell, 0, 0)
        pay(st, t, R_BEAR_OFF, p, -1, ev)
        return False
    st[K0 + p * MAXK + k] = step
    st[b + P_ON_BOARD] += 1
    st[O0 + cell] = 1 + p * MAXK + k
    if t.flags[cell] & F_WEDGE:
        pay(st, t, R_WEDGE, p, -1, ev)
        if t.wedge_penalty == WP_MISS_TURN and solvent(st, p):
            st[b + P_PENALTY] = PEN_MISS
            emit(ev, E_PENALTY, p, WP_MISS_TURN, cell, 0)
        elif t.wedge_penalty == WP_MOVE_BACK and solvent(st, p):
            st[b + P_PENALTY] = 1 + k
            emit(ev, E_PENALTY, p, WP_MOVE_BACK, cell, 0)
    return (t.flags[cell] & F_ROUNDED) != 0


@njit
def move_back(st, t, p, k, score, ev):
    """Moves piece k of p backwards by score along its path (into the hand if that passes the start)."""
    di = dir_index(st, p)
    prog = st[K0 + p * MAXK + k]
    st[O0 + t.path[p, di, prog]] = 0
    st[pb(p) + P_ON_BOARD] -= 1
    if prog - score < 0:
        st[K0 + p * MAXK + k] = HAND
        st[pb(p) + P_HAND] += 1
        emit(ev, E_MOVE_BACK, p, t.path[p, di, prog], -1, 0)
        return False
    emit(ev, E_MOVE_BACK, p, t.path[p, di, prog], t.path[p, di, prog - score], 0)
    return land(st, t, p, k, prog - score, ev)


@njit
def team_home(st, t, p):
    """Returns whether every solvent member of p's team has borne off all pieces."""
    for q in range(t.n_players):
        if t.team[q] == t.team[p] and solvent(st, q) and st[pb(q) + P_HOME] < t.n_pieces:
            return False
    return True


@njit
def finished_team(st, t, p):
    """Returns a seat of a team whose solvent members have all borne off every piece (p's team first), or -1."""
    for i in range(t.n_players):
        q = (p + i) % t.n_players
        if solvent(st, q) and team_home(st, t, q):
            return q
    return -1


@njit
def next_to_play(st, t, p, ev):
    """Returns who plays after p: the next solvent seat that has pieces left to play and does not miss the turn.

    A partner who has borne off every piece no longer casts; a seat marked to miss a turn is passed
    over once and the mark cleared.
    """
    q = p
    for _ in range(2 * t.n_players + 1):
        q = next_solvent(st, t, q)
        b = pb(q)
        if st[b + P_HOME] >= t.n_pieces:
            continue
        if st[b + P_PENALTY] == PEN_MISS:
            st[b + P_PENALTY] = 0
            emit(ev, E_MISS_TURN, q, 0, 0, 0)
            continue
        return q
    return q


@njit
def win_game(st, t, p, ev):
    """Pays the pool (and offering, where the rules say) to p's team and begins the next game.

    Without gambling the game is the whole contest: it ends, won by the first seat of p's team.
    """
    emit(ev, E_GAME_WON, p, st[H_GAME], 0, 0)
    if t.one_game:
        w = p
        for q in range(t.n_players):
            if t.team[q] == t.team[p] and solvent(st, q) and q < w:
                w = q
        for q in range(t.n_players):
            st[pb(q) + P_PENALTY] = 0
        st[H_PHASE] = PHASE_OVER
        st[H_WINNER] = w
        emit(ev, E_CONTEST_WON, w, 0, 0, 0)
        return
    members = 0
    for q in range(t.n_players):
        if t.team[q] == t.team[p] and solvent(st, q):
            members += 1
    share = st[H_POOL] // members
    rest = st[H_POOL] - share * members
    for q in range(t.n_players):
        if t.team[q] == t.team[p] and solvent(st, q):
            got = share + (rest if q == p else 0)
            if got > 0:
                st[pb(q) + P_HOLD] += got
                emit(ev, E_PAY, R_POOL_WON, POOL, q, got)
    st[H_POOL] = 0
    if t.offering_to_winner and st[H_OFFERING] > 0:
        st[pb(p) + P_HOLD] += st[H_OFFERING]
        emit(ev, E_PAY, R_OFFERING_WON, OFFERING, p, st[H_OFFERING])
        st[H_OFFERING] = 0
    st[H_LAST_WINNER] = p
    begin_game(st, t, ev)


@njit
def play(st, t, marks, move, ev):
    """Applies one cast (number of marks) and one legal move for it to st; events go to ev."""
    phase = st[H_PHASE]
    p = st[H_TO_MOVE]
    bankruptcies = st[H_BANKRUPTCIES]
    if phase == PHASE_BET:
        amount = move - BET0
        emit(ev, E_BET, p, amount, 0, 0)
        for q in range(t.n_players):
            if solvent(st, q):
                transfer(st, t, R_STAKE, q, POOL, amount, ev)
        if not check_contest_over(st, t, ev):
            begin_opening(st, t)
        return
    score = t.scores[marks]
    if phase == PHASE_OPENING:
        opening_throw(st, t, score, ev)
        return
    extra = False
    back = backward_piece(st, t, p)
    if not (score == 0 and t.null_recast):  # the turn a penalty waits for is this one, whatever is cast
        st[pb(p) + P_PENALTY] = 0
    if score == 0:
        emit(ev, E_NULL, p, 0, 0, 0)
        pay(st, t, R_NULL, p, -1, ev)
        if t.null_recast:
            emit(ev, E_RECAST, p, 0, 0, 0)
            extra = True
    elif move == PASS:
        emit(ev, E_NO_MOVE, p, score, 0, 0)
        if st[pb(p) + P_ON_BOARD] >= t.pay[R_NO_MOVE, C_MIN_ON_BOARD]:
            pay(st, t, R_NO_MOVE, p, -1, ev)
    elif move >= ENTER_CW:
        b = pb(p)
        if move == ENTER_CCW:
            st[b + P_DIR] = -1
        else:
            st[b + P_DIR] = 1
        k = 0
        while st[K0 + p * MAXK + k] != HAND:
            k += 1
        st[b + P_HAND] -= 1
        emit(ev, E_ENTER, p, t.path[p, dir_index(st, p), score - 1], 0, 0)
        extra = land(st, t, p, k, score - 1, ev)
    elif move == back:
        extra = move_back(st, t, p, move, score, ev)
    else:
        di = dir_index(st, p)
        prog = st[K0 + p * MAXK + move]
        st[O0 + t.path[p, di, prog]] = 0
        st[pb(p) + P_ON_BOARD] -= 1
        emit(ev, E_MOVE, p, t.path[p, di, prog], t.path[p, di, prog + score], 0)
        extra = land(st, t, p, move, prog + score, ev)
    if st[H_PHASE] == PHASE_OVER:
        return
    if st[H_BANKRUPTCIES] != bankruptcies and check_contest_over(st, t, ev):
        return
    w = finished_team(st, t, p)  # a move, or a partner's bankruptcy, can finish a team
    if w >= 0:
        win_game(st, t, w, ev)
        return
    if extra and solvent(st, p):
        if score != 0:
            emit(ev, E_EXTRA_TURN, p, 0, 0, 0)
        return
    st[H_TO_MOVE] = next_to_play(st, t, p, ev)
