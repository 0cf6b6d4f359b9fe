// The game review on the phone: every decision of the table's contest graded against the advisor, every cast's
// luck, and per player the error rate, accuracy, luck and the result with luck taken out, computed in the
// engine's worker by the same compiled searches Python's review runs (players/analysis/review.py, whose note
// says what each number means). The grades' limits, the accuracy scale and the number of key moments come from
// Python as data (games.json "review"); tests/test_web_review.py checks this file against Python's review.

// Returns the objective seat p maximises over a move's values [row][seat] (python: search.plain.objective).
function objective(values, p, gameWeight) {
  return values[2][p] + gameWeight * values[0][p];
}

// Returns the grade of a decision that gave away `loss` of the chance to win the contest (findings.review.grade_of):
// limits are [[grade, upper bound or null for none]] as games.json holds them.
export function gradeOf(loss, limits) {
  return limits.find(([, below]) => below === null || loss < below)[0];
}

// Returns a decision's accuracy, 100 for the best move (findings.review.accuracy_of).
export function accuracyOf(loss, scale) {
  return 100.0 * Math.exp(-Math.max(loss, 0.0) / scale);
}

// Returns what a turn asked of its player (python: analysis.review._kind): bet, throw, direction, entry or move.
function kindOf(phase, phases, legal) {
  if (phase === phases.bet) return "bet";
  if (phase === phases.opening) return "throw";
  if (legal.some((m) => m.kind === "enter" && m.ccw !== null)) return "direction";
  if (legal.some((m) => m.kind === "enter")) return "entry";
  return "move";
}

// Returns one turn reviewed from the state before it: `current` is V of that state ([row][seat]); the turn's
// values after the move played are in `.values` (the next turn's V).
function reviewTurn(contest, turn, number, current, level, gameWeight, limits) {
  const phases = contest.rules.data.phases;
  const players = contest.rules.data.players;
  const phase = contest.phase;
  const cast = phase !== phases.bet;
  const marks = cast ? turn.marks ?? 0 : 0;
  const seat = contest.toMove;
  const game = contest.game;
  const { moves, values } = contest.reviewMoves(marks, level);
  const played = moves.indexOf(turn.move.code);
  if (played < 0) throw new Error(`turn ${number}: its move ${turn.move.text} is not among the legal moves`);
  let best = 0;
  for (let j = 1; j < moves.length; j++) {
    if (objective(values[j], seat, gameWeight) > objective(values[best], seat, gameWeight)) best = j;
  }
  const legal = contest.describe(marks, moves);
  const seats = (row) => row.slice(0, players);
  const before = seats(current[2]);
  const bestValue = seats(values[best][2]);
  const after = seats(values[played][2]);
  const loss = values[best][2][seat] - values[played][2][seat];
  const forced = moves.length === 1;
  return {
    turn: number, seat, game, kind: kindOf(phase, phases, legal), marks: cast ? turn.marks : null,
    played: legal[played], best: legal[best], choices: moves.length, forced,
    grade: forced ? null : gradeOf(loss, limits), before, bestValue, after,
    gameAfter: seats(values[played][0]), loss, lossGame: values[best][0][seat] - values[played][0][seat],
    luck: before.map((b, s) => bestValue[s] - b), skill: after.map((a, s) => a - bestValue[s]),
    values: values[played],
  };
}

// Returns one seat's totals (python: analysis.review._summary).
function summary(turns, seat, start, result, spec) {
  const mine = turns.filter((t) => t.seat === seat);
  const graded = mine.filter((t) => !t.forced);
  const grades = Object.fromEntries(spec.grades.map(([g]) => [g, 0]));
  for (const t of graded) grades[t.grade] += 1;
  const n = graded.length;
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const luck = sum(turns.map((t) => t.luck[seat]));
  const skill = sum(turns.map((t) => t.skill[seat]));
  return {
    seat, decisions: n, forced: mine.length - n, grades,
    errorRate: n ? sum(graded.map((t) => Math.max(t.loss, 0.0))) / n : 0.0,
    accuracy: n ? sum(graded.map((t) => accuracyOf(t.loss, spec.accuracy_scale))) / n : 100.0,
    start, luck, skill, result, luckFree: start + skill,
  };
}

// Returns the turns (their numbers) with the largest losses (play) and the largest swings of luck (beans),
// largest first (python: findings.review.Review.key_moments).
export function keyMoments(turns, spec) {
  const count = spec.key_moments;
  const good = spec.grades[1][1];
  const play = turns.filter((t) => !t.forced && t.loss >= good)
    .sort((a, b) => b.loss - a.loss || a.turn - b.turn).slice(0, count);
  const swing = (t) => Math.abs(t.luck[t.seat]);
  const beans = turns.filter((t) => t.marks !== null && swing(t) > 0.0)
    .sort((a, b) => swing(b) - swing(a) || a.turn - b.turn).slice(0, count);
  return { play: play.map((t) => t.turn), beans: beans.map((t) => t.turn) };
}

// Returns who played better against the next best, and how sure (python: findings.review.Review.comparison): the
// chance of the contest the other gave away beyond the better one's, a game at a time, with a 95% interval over
// the games (Student's t from spec.t975); {better, other, perGame, half (null with one game), games, sure}, or null.
export function comparison(turns, spec) {
  const graded = turns.filter((t) => !t.forced && t.kind !== "throw");
  const seats = [...new Set(graded.map((t) => t.seat))].sort((a, b) => a - b);
  if (seats.length < 2) return null;
  const games = [...new Set(turns.map((t) => t.game))].sort((a, b) => a - b);
  const lost = new Map();
  const key = (s, g) => `${s}/${g}`;
  for (const s of seats) for (const g of games) lost.set(key(s, g), 0.0);
  for (const t of graded) lost.set(key(t.seat, t.game), lost.get(key(t.seat, t.game)) + Math.max(t.loss, 0.0));
  const total = new Map(seats.map((s) => [s, games.reduce((a, g) => a + lost.get(key(s, g)), 0)]));
  const [better, other] = [...seats].sort((a, b) => total.get(a) - total.get(b) || a - b);
  const d = games.map((g) => lost.get(key(other, g)) - lost.get(key(better, g)));
  const n = d.length;
  const perGame = d.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { better, other, perGame, half: null, games: n, sure: false };
  const sd = Math.sqrt(d.reduce((a, x) => a + (x - perGame) ** 2, 0) / (n - 1));
  const q = n - 1 <= spec.t975.length ? spec.t975[n - 2] : spec.z975;
  const half = q * sd / Math.sqrt(n);
  return { better, other, perGame, half, games: n, sure: perGame - half > 0 };
}

// Returns the review of a table's contest (table.js Table: its `turns` and the `states` before each) at a search
// level: {level, ms, start, turns, players, moments, comparison}. spec: games.json "review"; progress(done, total) is called
// after every turn. Chances are per seat, for the contest; turns number from 1 as `patolli replay` numbers them.
export function reviewTable(table, level, spec, progress = () => {}) {
  const began = performance.now();
  const contest = table.rules.newContest(0);
  const players = table.game.players;
  const gameWeight = table.rules.data.game_weight;
  contest.load(table.states[0]);
  let current = contest.reviewValue(level, contest.game);
  const start = current[2].slice(0, players);
  const turns = [];
  const total = table.turns.length;
  table.turns.forEach((turn, i) => {
    contest.load(table.states[i]);
    const t = reviewTurn(contest, turn, i + 1, current, level, gameWeight, spec.grades);
    current = t.values;
    delete t.values;
    turns.push(t);
    progress(i + 1, total);
  });
  const result = current[2].slice(0, players);
  return {
    level, ms: performance.now() - began, start, turns,
    players: Array.from({ length: players }, (_, s) => summary(turns, s, start[s], result[s], spec)),
    moments: keyMoments(turns, spec),
    comparison: comparison(turns, spec),
  };
}
