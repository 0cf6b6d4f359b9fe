// The rules page: a ruleset's booklet as the printed one gives it, from its data (data/rules-<hash>.json, written by
// printgen/web/rules_data.py from rules_text's blocks): headings, paragraphs, lists, tables, each kind of cell in
// the picture the board prints (data/cell-<hash>.svg) and the worked example on the game's own board. Each part of
// the booklet is a section to open, so a phone shows the whole booklet's contents at once.
import { el } from "./main.js";

const NS = "http://www.w3.org/2000/svg";
const TOKEN = /\\\*|\*\*|\*/g;
const INK = "#2B2118";  // the print palette's ink, paper and flower (render/palette.py)
const PAPER = "#FFFFFF";
const FLOWER = "#C2417A";

// Returns the styled runs of a text with inline markup (rules_text/blocks.py spans): **bold**, *italic*, \* a star.
export function spans(text) {
  const out = [];
  let bold = false;
  let italic = false;
  let buf = "";
  let pos = 0;
  const flush = () => {
    if (buf) out.push({ text: buf, bold, italic });
    buf = "";
  };
  for (const m of text.matchAll(TOKEN)) {
    buf += text.slice(pos, m.index);
    pos = m.index + m[0].length;
    if (m[0] === "\\*") { buf += "*"; continue; }
    flush();
    if (m[0] === "**") bold = !bold; else italic = !italic;
  }
  buf += text.slice(pos);
  flush();
  return out;
}

// Returns the nodes of a text with inline markup.
function inline(text) {
  return spans(text).map((s) => {
    let node = document.createTextNode(s.text);
    if (s.italic) node = el("em", {}, node);
    if (s.bold) node = el("strong", {}, node);
    return node;
  });
}

function svg(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

// Returns the worked example: the game's printed board with the booklet's marks on it (render/position_picture.py):
// the move's arrow, the pieces in their seats' colours, the ringed cells, and each named cell's number on a light
// disc, drawn at a size read on the phone however small the board is (px: CSS pixels in the board's units).
function boardFigure(b, label) {
  const px = b.width / Math.min(440, Math.max(240, window.innerWidth - 60));
  const root = svg("svg", { class: "boardfig", viewBox: `0 0 ${b.width} ${b.height}`, role: "img", "aria-label": label });
  svg("image", { href: `data/${b.board}`, x: 0, y: 0, width: b.width, height: b.height }, root);
  const at = (n) => b.centres[String(n)];
  if (b.move.length === 2 && at(b.move[0]) && at(b.move[1])) {
    const [ax, ay] = at(b.move[0]);
    const [bx, by] = at(b.move[1]);
    const d = Math.hypot(bx - ax, by - ay);
    const [ux, uy] = [(bx - ax) / d, (by - ay) / d];
    const gap = 12 * px;
    const tip = [bx - ux * gap, by - uy * gap];
    const base = [tip[0] - ux * 7 * px, tip[1] - uy * 7 * px];
    svg("line", { x1: ax + ux * gap, y1: ay + uy * gap, x2: base[0], y2: base[1], stroke: INK,
      "stroke-width": 2.5 * px }, root);
    const w = 4.5 * px;
    svg("polygon", { fill: INK, points: [tip, [base[0] - uy * w, base[1] + ux * w], [base[0] + uy * w, base[1] - ux * w]]
      .map((p) => p.join(",")).join(" ") }, root);
  }
  const pieces = new Map(b.pieces);
  for (const key of Object.keys(b.centres)) {
    const n = Number(key);
    const [x, y] = at(n);
    const inner = (String(n).length * 3.4 + 3) * px;
    if (pieces.has(n)) {
      svg("circle", { cx: x, cy: y, r: inner + 3 * px, fill: b.colours[pieces.get(n)], stroke: INK,
        "stroke-width": 0.8 * px }, root);
    }
    if (b.highlight.includes(n)) {
      svg("circle", { cx: x, cy: y, r: inner + 4.5 * px, fill: "none", stroke: FLOWER, "stroke-width": 2 * px }, root);
    }
    svg("circle", { cx: x, cy: y, r: inner, fill: PAPER }, root);
    const t = svg("text", { x, y, fill: INK, "font-size": 11 * px, "font-weight": 700, "text-anchor": "middle",
      "dominant-baseline": "central" }, root);
    t.textContent = String(n);
  }
  return root;
}

// Returns one block of the booklet as DOM.
export function blockNode(b, W) {
  switch (b.type) {
    case "heading": return el(b.level <= 2 ? "h3" : "h4", {}, ...inline(b.text));
    case "paragraph": return el("p", {}, ...inline(b.text));
    case "bullets": return el(b.ordered ? "ol" : "ul", {}, ...b.items.map((i) => el("li", {}, ...inline(i))));
    case "table": {
      const cell = (tag, text, j) => el(tag, { class: `align-${b.align[j] || "left"}` }, ...inline(text));
      const table = el("table", {},
        el("thead", {}, el("tr", {}, ...b.header.map((h, j) => cell("th", h, j)))),
        el("tbody", {}, ...b.rows.map((r) => el("tr", {}, ...r.map((c, j) => cell("td", c, j))))));
      return el("figure", { class: "tablefig" }, el("div", { class: "tablebox", tabindex: 0 }, table),
        b.caption ? el("figcaption", {}, ...inline(b.caption)) : null);
    }
    case "cell": return el("figure", { class: "cellfig", "data-kind": b.kind },
      el("img", { src: `data/${b.picture}`, alt: "", width: 60, height: 60 }),
      el("figcaption", {}, ...inline(b.caption)));
    case "board": return el("figure", { class: "examplefig" }, boardFigure(b, W.T("phone.rules_board")),
      el("figcaption", {}, ...inline(b.caption)));
    default: return null;
  }
}

// Returns the booklet as a page: its subtitle, a line saying how to read it, and each section to open.
export function rulesNode(doc, W) {
  return el("article", { class: "rules", lang: doc.lang },
    doc.subtitle ? el("p", { class: "rulesub" }, ...inline(doc.subtitle)) : null,
    el("p", { class: "small" }, W.T("phone.rules_tap")),
    ...doc.sections.map((s) => el("details", { class: "rulesec", "data-key": s.key },
      el("summary", {}, el("h2", {}, s.title)),
      el("div", { class: "rulesbody" }, ...s.blocks.map((b) => blockNode(b, W))))));
}

// Returns the file of a ruleset's booklet with these options (any order) in a language, or null.
export function rulesFile(index, ruleset, options, lang) {
  const want = JSON.stringify([...options].sort());
  const entry = (index.rules || []).find((r) => r.ruleset === ruleset && JSON.stringify(r.options) === want);
  return entry ? entry.file[lang] : null;
}

// Returns the booklet of a ruleset with these options as a page, in the words' language.
export async function rulesPage(index, ruleset, options, W) {
  const file = rulesFile(index, ruleset, options, W.lang);
  if (!file) return el("p", { class: "empty" }, W.T("phone.rules_missing"));
  const r = await fetch(`data/${file}`);
  if (!r.ok) throw new Error(`${file}: ${r.status}`);
  return rulesNode(await r.json(), W);
}

// Shows the rules screen: a ruleset and its options to choose (those given first), and their booklet below.
export function rulesScreen(view, index, W, chosen = null, options = []) {
  const rs = el("select", { name: "ruleset", id: "rulesruleset" },
    ...index.rulesets.map((r) => el("option", { value: r.name, selected: r.name === chosen }, r.title[W.lang])));
  const opts = el("div", { class: "options" });
  const said = el("span", {});
  const optsBox = el("details", { class: "ruleopts", open: options.length > 0 }, el("summary", {}, said), opts);
  const doc = el("div", { class: "rulesdoc" });
  const picked = () => [...opts.querySelectorAll("input:checked")].map((i) => i.value);
  let asked = 0;
  const load = async () => {
    const n = ++asked;
    const on = picked().length;
    said.textContent = on ? `${W.T("section.options")} (${on})` : W.T("section.options");
    const page = await rulesPage(index, rs.value, picked(), W);
    if (n === asked) doc.replaceChildren(page);
  };
  const sync = (keep) => {
    const r = index.rulesets.find((x) => x.name === rs.value);
    opts.replaceChildren(...r.options.map((o) => el("label", { class: "choice" },
      el("input", { type: "checkbox", name: "opt", value: o.name, checked: keep.has(o.name) }),
      el("span", {}, o.description[W.lang]))));
    optsBox.hidden = !r.options.length;
  };
  rs.onchange = () => { sync(new Set()); return load(); };
  opts.onchange = load;
  sync(new Set(options));
  view.replaceChildren(el("section", { class: "lobby rulespage" },
    el("form", { class: "new", onsubmit: (e) => e.preventDefault() },
      el("label", {}, el("span", {}, W.T("serve.ruleset")), rs), optsBox), doc));
  return load();
}
