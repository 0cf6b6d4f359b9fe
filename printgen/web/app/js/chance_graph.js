// The review's win-chance graph as inline SVG: each seat's chance to win the contest turn by turn in the seat's
// colour, the games apart, and the key moments marked by their turn (as render/review_page.py chance_graph draws
// it for print). Drawn in its own units (a 340 x 180 box) and scaled to the screen's width.
const NS = "http://www.w3.org/2000/svg";
const WIDTH = 340;
const HEIGHT = 180;
const LEFT = 34;  // room for the axis's "100 %" (Spanish spaces the sign)
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 20;
const LABEL_GAP = 6;  // the least room between two games' labels
const CHAR = 5.4;  // a label's width per character at the axis's 9px, a little over the faces' average

function svg(tag, attrs = {}, parent = null, text = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  if (parent) parent.append(e);
  return e;
}

// Returns the graph of a review (review.js reviewTable) as an <svg> element; colours: each seat's colour;
// W: the words (for "game n", the percentages and the graph's title).
export function chanceGraph(review, colours, W) {
  const turns = review.turns;
  const n = Math.max(turns.length, 1);
  const w = WIDTH - LEFT - RIGHT;
  const h = HEIGHT - TOP - BOTTOM;
  const x = (i) => LEFT + (w * i) / n;
  const y = (v) => TOP + h * (1 - v);
  const root = svg("svg", { class: "chances", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img",
    "aria-label": W.T("review.graph_title") });
  svg("rect", { x: LEFT, y: TOP, width: w, height: h, class: "frame" }, root);
  for (const v of [0.25, 0.5, 0.75]) svg("line", { x1: LEFT, x2: LEFT + w, y1: y(v), y2: y(v), class: "grid" }, root);
  for (const v of [0, 0.5, 1]) {
    svg("text", { x: LEFT - 4, y: y(v) + 3.5, class: "axis", "text-anchor": "end" }, root, W.T("word.percent", { value: v * 100 }));
  }
  let game = null;
  let free = -Infinity;  // where the next game's label may begin: labels never overlap nor leave the box
  turns.forEach((t, i) => {
    if (t.game === game) return;
    game = t.game;
    if (i) svg("line", { x1: x(i), x2: x(i), y1: TOP, y2: TOP + h, class: "game" }, root);
    const label = W.T("review.game", { n: game });
    const end = x(i) + 2 + label.length * CHAR;
    if (x(i) + 2 >= free && end <= WIDTH - 1) {
      svg("text", { x: x(i) + 2, y: TOP + h + 13, class: "axis" }, root, label);
      free = end + LABEL_GAP;
    }
  });
  review.start.forEach((start, s) => {
    const pts = [[x(0), y(start)], ...turns.map((t, i) => [x(i + 1), y(t.after[s])])];
    svg("polyline", { points: pts.map(([a, b]) => `${a.toFixed(2)},${b.toFixed(2)}`).join(" "), class: `line seat${s}`,
      stroke: colours[s] }, root);
  });
  // each key moment a ring on its mover's line, numbered above (below where another number or the top is near)
  const marked = [...new Set([...review.moments.play, ...review.moments.beans])].sort((a, b) => a - b);
  const labels = [];
  for (const turn of marked) {
    const t = turns[turn - 1];
    const [cx, cy] = [x(turn), y(t.after[t.seat])];
    const g = svg("g", { class: "moment", "data-turn": turn }, root);
    svg("circle", { cx, cy, r: 3.2, stroke: colours[t.seat] }, g);
    const near = (ly) => labels.some(([lx, y0]) => Math.abs(lx - cx) < 18 && Math.abs(y0 - ly) < 10);
    let ly = cy - 6;
    if (ly < TOP + 6 || near(ly)) ly = cy + 12;
    if (near(ly)) continue;
    labels.push([cx, ly]);
    svg("text", { x: cx, y: ly, "text-anchor": "middle" }, g, String(turn));
  }
  return root;
}
