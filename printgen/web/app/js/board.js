// The board on screen: the printed board (its SVG, drawn by the print renderer) with the pieces laid on the cell
// centres Python exported, the last move drawn as a dashed trail, a suggestion as a solid arrow, and tap targets
// on the pieces that can move. With moves to choose, the view zooms by itself onto the cells that matter, so
// every target is at least 44 px wide.
const NS = "http://www.w3.org/2000/svg";
const TARGET_PX = 44;

function svg(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

export class BoardView {
  // host: the element to draw in; app: the game's "app" data; boardUrl: the board SVG's URL.
  constructor(host, app, boardUrl) {
    this.app = app;
    this.geo = app.board.geometry;
    this.root = svg("svg", { class: "board", role: "img", viewBox: `0 0 ${this.geo.width} ${this.geo.height}` });
    svg("image", { href: boardUrl, x: 0, y: 0, width: this.geo.width, height: this.geo.height }, this.root);
    this.trail = svg("g", { class: "trail" }, this.root);
    this.pieces = svg("g", { class: "pieces" }, this.root);
    this.hint = svg("g", { class: "hint" }, this.root);
    this.rings = svg("g", { class: "rings" }, this.root);
    this.taps = svg("g", { class: "taps" }, this.root);
    const defs = svg("defs", {}, this.root);
    const arrow = svg("marker", { id: "head", viewBox: "0 0 10 10", refX: 7, refY: 5, markerWidth: 4, markerHeight: 4,
      orient: "auto-start-reverse" }, defs);
    svg("path", { d: "M0,0 L10,5 L0,10 z", class: "head" }, arrow);
    host.replaceChildren(this.root);
    this.onPick = null;
  }

  centre(cell) { return this.geo.centres[String(cell)]; }

  // Draws the pieces of a board (table.js board()).
  draw(board) {
    const r = this.geo.piece / 2;
    this.pieces.replaceChildren();
    for (const { cell, seat } of board.cells) {
      const [x, y] = this.centre(cell);
      const g = svg("g", { class: `piece seat${seat}`, "data-cell": cell, transform: `translate(${x} ${y})` }, this.pieces);
      svg("circle", { r, fill: this.geo.colours[seat] }, g);
      const t = svg("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": r * 1.1 }, g);
      t.textContent = this.app.seats[seat];
    }
  }

  // Draws the last move as a dashed trail in the mover's colour with a ring where the piece was.
  lastMove(move, seat) {
    this.trail.replaceChildren();
    if (!move || (move.kind !== "move" && move.kind !== "enter") || !move.target) return;
    const to = this.centre(move.target);
    if (move.kind === "move" && move.origin) {
      const from = this.centre(move.origin);
      svg("circle", { cx: from[0], cy: from[1], r: this.geo.piece / 2, class: "ghost", stroke: this.geo.colours[seat] }, this.trail);
      svg("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: "last", stroke: this.geo.colours[seat] }, this.trail);
    }
    svg("circle", { cx: to[0], cy: to[1], r: this.geo.piece * 0.62, class: "landed", stroke: this.geo.colours[seat] }, this.trail);
  }

  // Draws the advisor's suggestion: a solid arrow with a star, unlike the last move's dashed trail.
  suggest(move) {
    this.hint.replaceChildren();
    if (!move || !move.target) return;
    const to = this.centre(move.target);
    const from = move.kind === "move" && move.origin ? this.centre(move.origin) : null;
    if (from) svg("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: "suggest", "marker-end": "url(#head)" }, this.hint);
    const star = svg("text", { x: to[0], y: to[1] - this.geo.piece * 0.7, class: "star", "text-anchor": "middle",
      "font-size": this.geo.piece }, this.hint);
    star.textContent = "★";
  }

  // Offers the legal moves as tap targets: each piece that can move (or the entry cell), at least 44 px across
  // at the zoom chosen; onPick(moves at that cell) is called with the moves of the tapped place.
  offer(legal, onPick) {
    this.offered = [legal, onPick];
    this.taps.replaceChildren();
    const places = new Map();
    for (const m of legal) {
      const cell = m.kind === "move" ? m.origin : m.kind === "enter" ? m.target : null;
      if (!cell) continue;
      if (!places.has(cell)) places.set(cell, []);
      places.get(cell).push(m);
    }
    this.zoomTo(legal);
    const scale = this.root.getBoundingClientRect().width / this.viewWidth;
    const r = Math.max(this.geo.cell * 0.6, TARGET_PX / 2 / (scale || 1));
    for (const [cell, moves] of places) {
      const [x, y] = this.centre(cell);
      const c = svg("circle", { cx: x, cy: y, r, class: "tap", "data-cell": cell, tabindex: 0, role: "button" }, this.taps);
      c.addEventListener("click", () => onPick(moves));
    }
  }

  // Zooms onto the cells the moves touch and the ringed cell (a margin of a cell; half the board round a ring
  // alone), or back to the whole board without either.
  zoomTo(moves) {
    const pts = this.ringed ? [this.centre(this.ringed)] : [];
    for (const m of moves) {
      for (const c of [m.origin, m.target]) if (c) pts.push(this.centre(c));
    }
    const { width, height, cell } = this.geo;
    if (!pts.length) return this.setView(0, 0, width, height);
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const px = this.root.parentElement?.getBoundingClientRect().width || 360;
    const sharp = (px * cell) / TARGET_PX;  // the widest view in which a cell is 44 px across
    const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) + 3 * cell;
    const w = Math.min(width, Math.max(span, sharp, moves.length ? 0 : width / 2));  // a ring alone: and round it
    const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
    const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
    const x = Math.min(Math.max(cx - w / 2, 0), width - w);
    const y = Math.min(Math.max(cy - w / 2, 0), height - w);
    return this.setView(x, y, w, w);
  }

  // Rings the cell a lesson is about (null: none) and zooms so that it is seen, with the moves offered.
  ring(cell) {
    const ringed = cell && this.centre(cell) ? cell : null;
    if (ringed === (this.ringed ?? null)) return;
    this.ringed = ringed;
    this.rings.replaceChildren();
    if (ringed) {
      const [x, y] = this.centre(ringed);
      for (const part of ["halo", "ring"]) {
        svg("circle", { cx: x, cy: y, r: this.geo.cell * 0.85, class: part, "data-cell": ringed }, this.rings);
      }
    }
    if (this.offered) this.offer(...this.offered);
  }

  setView(x, y, w, h) {
    this.viewWidth = w;
    this.root.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  }

  // Moves a piece from one cell to another over `ms` (a computer's move shown one at a time).
  async animate(move, seat, ms = 450) {
    if (!move || !move.target) return;
    const from = move.kind === "move" && move.origin ? this.centre(move.origin) : null;
    const to = this.centre(move.target);
    const piece = from ? this.pieces.querySelector(`[data-cell="${move.origin}"]`) : null;
    if (!piece || !from) return;
    const start = performance.now();
    await new Promise((done) => {
      const frame = (now) => {
        const f = Math.min(1, (now - start) / ms);
        const e = f < 0.5 ? 2 * f * f : 1 - (-2 * f + 2) ** 2 / 2;
        piece.setAttribute("transform", `translate(${from[0] + (to[0] - from[0]) * e} ${from[1] + (to[1] - from[1]) * e})`);
        if (f < 1) requestAnimationFrame(frame); else done();
      };
      requestAnimationFrame(frame);
    });
    void seat;
  }
}
