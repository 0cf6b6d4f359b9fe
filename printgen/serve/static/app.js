// The table companion's page: plain JS, no build step. The server sends the board (drawn by the print
// renderer), the cell centres, the table and every word; this file lays pieces on the centres and sends taps.
"use strict";

const params = new URLSearchParams(location.search);
if (params.get("t")) sessionStorage.setItem("token", params.get("t"));
const token = sessionStorage.getItem("token") || "";
let lang = localStorage.getItem("lang") || (navigator.language || "").slice(0, 2);
let W = {};            // words of the page, from printgen/lang
let state = null;      // the table as the server last sent it
let geo = null;        // the board's geometry: size and cell centres (mm)
let game = null;       // the open game's name
let selected = null;   // the cell of the piece tapped
let suggestion = null; // the advisor's move drawn on the board
let source = null;     // the live event stream
let busy = false;
let wakeLock = null;
let zoomed = false;    // the board enlarged round the pieces that matter (small screens)
let info = null;       // the server's rulesets, levels and address
let config = null;     // what the server owns: languages, seat letters, the game-name rule (/api/config)
const learning = () => Boolean(game && config && game.startsWith(config.learn_prefix));
const $ = (id) => document.getElementById(id);
const NS = "http://www.w3.org/2000/svg";

function q(extra) {
  const p = new URLSearchParams({ lang, ...(extra || {}) });
  if (learning()) p.set("learn", "1");
  if (token) p.set("t", token);
  return "?" + p.toString();
}

async function api(path, body) {
  const opts = { headers: { "X-Table-Token": token } };
  if (body !== undefined) {
    opts.method = "POST";
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path + q(), opts);
  const data = await r.json().catch(() => ({ error: r.status === 403 ? W.lost : `HTTP ${r.status}` }));
  if (!r.ok) throw Object.assign(new Error(data.error || `HTTP ${r.status}`), { status: r.status });
  return data;
}

function showError(e) {
  const el = $("error");
  el.textContent = e.message || String(e);
  el.hidden = false;
  clearTimeout(showError.t);
  showError.t = setTimeout(() => { el.hidden = true; }, 5000);
}

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") e.addEventListener("click", v); else e.setAttribute(k, v);
  }
  if (text !== undefined) e.textContent = text;
  return e;
}

function svg(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

function fill(template, values) {
  return (template || "").replace(/\{(\w+)\}/g, (_, k) => (k in values ? values[k] : `{${k}}`));
}

async function loadConfig() {
  config = await api("/api/config");
  const name = $("new").elements.name;
  name.pattern = config.name_pattern;
  name.maxLength = config.name_max;
}

async function loadWords() {
  if (!config.langs.includes(lang)) lang = config.langs[0];
  document.documentElement.lang = lang;
  W = await api("/api/words");
  document.querySelectorAll("[data-w]").forEach((n) => { n.textContent = W[n.dataset.w] || ""; });
  $("lang").textContent = W.language;
  document.title = W.title;
}

// ---- the lobby ----

async function showLobby() {
  game = null;
  delete document.body.dataset.lobby;  // set again once the form is built, in the language it speaks
  if (source) { source.close(); source = null; }
  $("table").hidden = true;
  $("beans").hidden = true;
  $("lobby").hidden = false;
  $("home").hidden = true;
  const [got, list] = await Promise.all([api("/api/info"), api("/api/games")]);
  info = got;
  const ul = $("games");
  ul.replaceChildren();
  if (!list.games.length) ul.append(el("li", {}, W.no_games));
  for (const g of list.games) {
    const li = el("li");
    li.append(el("button", { onclick: () => openGame(g.name) },
      fill(W.game_row, { name: g.name, ruleset: g.ruleset, turn: g.turns })));
    ul.append(li);
  }
  const form = $("new");
  const rs = form.elements.ruleset;
  rs.replaceChildren(...info.rulesets.map((r) => el("option", { value: r.spec }, r.title)));
  const sync = () => {
    const r = info.rulesets.find((x) => x.spec === rs.value) || info.rulesets[0];
    $("options").replaceChildren(...r.options.map((o) => {
      const l = el("label", { class: "choice" });
      l.append(el("input", { type: "checkbox", name: "opt", value: o.name }), el("span", {}, o.description));
      return l;
    }));
    const counts = r.players;
    form.elements.opponents.replaceChildren(...counts.filter((n) => n >= 2).map((n) => el("option", { value: n - 1 }, String(n - 1))));
    form.elements.people.replaceChildren(...counts.map((n) => el("option", { value: n }, String(n))));
    const solo = form.elements.mode.value === "solo";
    form.querySelectorAll(".solo").forEach((n) => { n.hidden = !solo; });
    form.querySelectorAll(".referee").forEach((n) => { n.hidden = solo; });
  };
  rs.onchange = sync;
  form.querySelectorAll("input[name=mode]").forEach((n) => { n.onchange = sync; });
  form.elements.level.replaceChildren(...Array.from({ length: info.levels + 1 }, (_, i) =>
    el("option", { value: i }, String(i))));
  form.elements.level.value = info.level;
  sync();
  // On this computer alone (no --lan) no phone can open the page: no QR code, and the way to let phones join.
  $("address").textContent = info.lan ? fill(W.address, { address: info.link }) : W.local_only;
  $("qr").innerHTML = info.lan ? info.qr : "";
  $("qr").hidden = $("samewifi").hidden = !info.lan;
  document.body.dataset.lobby = lang;
}

async function learnGame() {
  try {
    const r = await api("/api/learn", { ruleset: $("new").elements.ruleset.value });
    openGame(r.name);
  } catch (e) { showError(e); }
}

// ---- checking one's own beans ----

function beanLog(spec) {
  try { return JSON.parse(localStorage.getItem("beans:" + spec) || "[]"); } catch (e) { return []; }
}

function showBeans() {
  const spec = $("new").elements.ruleset.value;
  const r = info.rulesets.find((x) => x.spec === spec) || info.rulesets[0];
  $("lobby").hidden = true;
  $("beans").hidden = false;
  $("home").hidden = false;
  $("beanshelp").textContent = `${r.title}: ${fill(W.beans_help, { min: config.beans_min })}`;
  const faces = Array.from({ length: r.beans }, () => false);
  const row = $("beanfaces");
  const beanButtons = faces.map((_, i) => {
    const b = el("button", { class: "bean", "aria-pressed": "false", type: "button" }, W.blank);
    b.addEventListener("click", () => {
      faces[i] = !faces[i];
      b.classList.toggle("on", faces[i]);
      b.setAttribute("aria-pressed", String(faces[i]));
      b.textContent = faces[i] ? W.marked : W.blank;
    });
    return b;
  });
  row.replaceChildren(...beanButtons);
  const judge = async () => {
    const log = beanLog(r.spec);
    if (!log.length) { $("verdict").textContent = fill(W.beans_count, { n: 0 }); $("beanlines").replaceChildren(); return; }
    try {
      const v = await api("/api/beans", { ruleset: r.spec, casts: log });
      $("verdict").textContent = v.verdict_words;
      $("verdict").dataset.verdict = v.verdict;
      $("beanlines").replaceChildren(...v.lines.map((t) => el("li", {}, t)));
    } catch (e) { showError(e); }
  };
  $("beanlog").onclick = () => {
    const log = beanLog(r.spec);
    log.push([...faces]);
    localStorage.setItem("beans:" + r.spec, JSON.stringify(log.slice(-config.beans_kept)));
    faces.fill(false);
    beanButtons.forEach((b) => { b.classList.remove("on"); b.setAttribute("aria-pressed", "false"); b.textContent = W.blank; });
    judge();
  };
  $("beanclear").onclick = () => { localStorage.removeItem("beans:" + r.spec); judge(); };
  judge();
}

async function createGame(ev) {
  ev.preventDefault();
  const f = ev.target.elements;
  const solo = f.mode.value === "solo";
  const players = solo ? Number(f.opponents.value) + 1 : Number(f.people.value);
  const computers = {};
  if (solo) for (let s = 1; s < players; s++) computers[config.seats[s]] = `advisor:${f.level.value}`;
  const options = [...document.querySelectorAll("input[name=opt]:checked")].map((n) => n.value);
  try {
    await api("/api/games", { name: f.name.value, ruleset: f.ruleset.value, options, players, computers });
    openGame(f.name.value);
  } catch (e) { showError(e); }
}

// ---- the table ----

async function openGame(name) {
  game = name;
  location.hash = "g=" + encodeURIComponent(name);
  $("lobby").hidden = true;
  $("beans").hidden = true;
  $("table").hidden = false;
  $("home").hidden = false;
  selected = suggestion = null;
  $("panel").replaceChildren();
  try {
    geo = await api(`/api/games/${encodeURIComponent(name)}/geometry`);
    $("boardimg").src = `/api/games/${encodeURIComponent(name)}/board.svg` + q();
    $("overlay").setAttribute("viewBox", `0 0 ${geo.width} ${geo.height}`);
    await refresh();
    follow();
    keepAwake();
  } catch (e) { showError(e); }
}

// Each request for the table's state takes a ticket; an answer older than the one on screen is dropped, so a
// refresh that was under way when an action began never draws the table as it was before the action.
let asked = 0;
let shown = 0;

function drawLatest(ticket, s) {
  if (ticket < shown) return;
  shown = ticket;
  draw(s);
}

async function refresh() {
  if (!game) return;
  const ticket = ++asked;
  drawLatest(ticket, await api(`/api/games/${encodeURIComponent(game)}`));
}

function follow() {
  if (source) source.close();
  source = new EventSource(`/api/games/${encodeURIComponent(game)}/events` + q());
  source.onopen = () => { $("live").textContent = W.live; };
  source.onmessage = () => { if (!busy) refresh().catch(showError); };
  source.onerror = () => { $("live").textContent = W.offline; };
  source.addEventListener("gone", () => { source.close(); showLobby(); });
}

function setBusy(on) {
  busy = on;
  document.body.dataset.busy = on ? "1" : "";  // tells the browser tests an action is under way
}

// Each action carries the stamp of the table on screen: the server refuses it (409) if the table has moved on
// since (a tap on an old table), and the page then shows the table as it is.
async function act(path, body) {
  if (busy || !state) return;
  setBusy(true);
  try {
    const ticket = ++asked;
    const s = await api(`/api/games/${encodeURIComponent(game)}/${path}`, { ...(body || {}), stamp: state.stamp });
    selected = suggestion = null;
    $("panel").replaceChildren();
    if (s.undo) showList(s.undo.title, s.undo.lines);
    drawLatest(ticket, s);
  } catch (e) {
    if (e.status === 409) refresh().catch(showError);
    if (e.status !== 409 || path !== "continue") showError(e);  // the computers' turn was taken already: no news
  } finally { setBusy(false); }
  if (state && state.computers_to_play && !state.people_out) setTimeout(() => act("continue"), 50);
}

function seatName(letter) { return letter; }

function draw(s) {
  state = s;
  Object.assign(document.body.dataset, { stamp: s.stamp, over: String(s.over), out: String(s.people_out) });
  $("turn").textContent = `${s.ruleset.title} · ${s.turn_words}`;
  $("prompt").textContent = s.prompt;
  $("last").textContent = s.last ? s.last.words : "";
  const seats = $("seats");
  seats.replaceChildren(...s.seats.map((x) => {
    const li = el("li", { class: x.letter === s.to_move && !s.over ? "now" : "", "data-seat": x.letter });
    li.append(el("img", { src: `/api/pieces/${x.letter}.svg` + q(), alt: "" }));
    const bits = [x.label, fill(W.hand, { n: x.hand }), fill(W.home, { n: x.home })];
    if (x.holdings !== null) bits.push(`${x.holdings} ${s.ruleset.item}`);
    if (x.team) bits.push(fill(W.team, { team: x.team }));
    if (x.bankrupt) bits.push(W.seat_out);
    li.append(el("span", {}, bits.join(" · ")));
    return li;
  }));
  $("pot").textContent = s.pool === null ? "" : `${W.pool} ${s.pool} · ${W.offering} ${s.offering}`;
  const notes = $("notes");
  notes.className = "notes";
  notes.replaceChildren(...s.bankrupt.map((t) => el("p", {}, t)));
  drawBoard();
  drawControls();
  drawTips();
  applyZoom();
  $("feed").replaceChildren(...s.feed.map((f) => el("li", { value: f.number }, f.lines.join("; "))));
  if (s.computers_to_play && !s.people_out && !busy) setTimeout(() => act("continue"), 50);
}

function centre(cell) { return geo.centres[String(cell)]; }

// ---- the guided first game: each rule when it first happens ----

function seenTopics() {
  try { return new Set(JSON.parse(localStorage.getItem("seen:" + game) || "[]")); } catch (e) { return new Set(); }
}

function newLessons() {
  if (!state || !state.lessons) return [];
  const seen = seenTopics();
  return state.lessons.filter((l) => !seen.has(l.topic));
}

function drawTips() {
  const fresh = newLessons();
  $("tip").hidden = !fresh.length;
  $("tiplines").replaceChildren(...fresh.map((l) => el("li", { "data-topic": l.topic }, l.text)));
}

function tipsRead() {
  const seen = seenTopics();
  newLessons().forEach((l) => seen.add(l.topic));
  localStorage.setItem("seen:" + game, JSON.stringify([...seen]));
  drawTips();
  drawBoard();
}

// ---- zoom: on a phone the board's cells are small; enlarge it round what matters ----

function focusCell() {
  if (selected) return selected;
  if (suggestion && suggestion.target) return suggestion.target;
  const tip = newLessons().find((l) => l.cell);
  if (tip) return tip.cell;
  const mv = state.legal.find((m) => m.origin || m.target);
  if (mv) return mv.origin || mv.target;
  const mine = state.pieces.find((p) => p.seat === state.to_move_index);
  return mine ? mine.cell : null;
}

function applyZoom() {
  const wrap = $("boardwrap"), board = $("board");
  $("zoom").textContent = zoomed ? W.zoom_out : W.zoom_in;
  $("zoom").setAttribute("aria-pressed", String(zoomed));
  if (!geo) return;
  const img = $("boardimg");
  if (!img.complete || !board.clientWidth) {  // tapped before the board's picture arrived: zoom once it has
    img.addEventListener("load", applyZoom, { once: true });
    return;
  }
  board.style.width = "";
  board.style.maxWidth = "";
  const cellPx = geo.cell * board.clientWidth / geo.width;
  const factor = zoomed ? Math.max(1.5, 48 / cellPx) : 1;
  if (factor > 1) {
    board.style.width = `${wrap.clientWidth * factor}px`;
    board.style.maxWidth = "none";
  }
  wrap.classList.toggle("zoomed", factor > 1);
  const cell = factor > 1 && focusCell();
  if (cell && centre(cell)) {
    const [x, y] = centre(cell);
    const px = x / geo.width * board.clientWidth, py = y / geo.height * board.clientHeight;
    wrap.scrollTo({ left: px - wrap.clientWidth / 2, top: py - wrap.clientHeight / 2 });
  }
}

function drawBoard() {
  const o = $("overlay");
  o.replaceChildren();
  const defs = svg("defs");
  const m = svg("marker", { id: "head", viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse" });
  m.append(svg("path", { d: "M0 0 L10 5 L0 10 z", fill: "#000" }));
  defs.append(m);
  o.append(defs);
  const half = geo.piece / 2;
  for (const p of state.pieces) {
    const [x, y] = centre(p.cell);
    o.append(svg("image", { href: `/api/pieces/${config.seats[p.seat]}.svg` + q(), x: x - half, y: y - half,
      width: geo.piece, height: geo.piece, class: "piece", "data-cell": p.cell }));
  }
  const arrow = (a, b, cls) => {
    if (a && b) {
      const [x1, y1] = centre(a), [x2, y2] = centre(b);
      o.append(svg("line", { x1, y1, x2, y2, class: cls }));
    } else if (b) {
      const [x, y] = centre(b);
      o.append(svg("circle", { cx: x, cy: y, r: geo.cell * 0.55, class: "sugg" }));
    }
  };
  if (state.last && state.last.target) arrow(state.last.origin, state.last.target, "arrow");
  if (suggestion && suggestion.target) {
    arrow(suggestion.origin || null, suggestion.target, "arrow sugg");
    const [x, y] = centre(suggestion.target);
    o.append(svg("circle", { cx: x, cy: y, r: geo.cell * 0.55, class: "sugg" }));
  }
  const moves = state.legal.filter((mv) => mv.kind === "move" || mv.kind === "enter");
  const dests = moves.filter((mv) => (selected ? mv.origin === selected : mv.kind === "enter"));
  if (selected) {
    const [x, y] = centre(selected);
    o.append(svg("circle", { cx: x, cy: y, r: geo.cell * 0.5, class: "sel" }));
  }
  for (const mv of dests) {
    if (!mv.target) continue;
    const [x, y] = centre(mv.target);
    o.append(svg("circle", { cx: x, cy: y, r: geo.cell * 0.35, class: "dest" }));
  }
  for (const l of newLessons()) {
    if (!l.cell || !centre(l.cell)) continue;
    const [x, y] = centre(l.cell);
    o.append(svg("circle", { cx: x, cy: y, r: geo.cell * 0.62, class: "tipcell", "data-cell": l.cell }));
  }
  for (const cell of Object.keys(geo.centres)) {
    const [x, y] = geo.centres[cell];
    const hit = svg("rect", { x: x - geo.cell / 2, y: y - geo.cell / 2, width: geo.cell, height: geo.cell, class: "hit", "data-cell": cell });
    hit.addEventListener("click", () => tapCell(Number(cell)));
    o.append(hit);
  }
}

function tapCell(cell) {
  if (!state || !state.legal.length) return;
  const moves = state.legal;
  const here = moves.filter((mv) => (selected ? mv.origin === selected : mv.kind === "enter") && mv.target === cell);
  if (here.length) { act("move", { move: here[0].text }); return; }
  selected = moves.some((mv) => mv.kind === "move" && mv.origin === cell) ? cell : null;
  drawBoard();
  if (zoomed && selected) applyZoom();
}

function button(text, onclick, cls) {
  return el("button", { onclick, class: cls || "" }, text);
}

function drawControls() {
  const c = $("controls");
  c.replaceChildren();
  const s = state;
  if (s.over) return;
  if (s.people_out) {
    c.append(button(W.play_out, () => playOut(), "primary"));
    return;
  }
  if (!s.person_to_move) return;
  if (s.phase === "bet") {
    for (const mv of s.legal) c.append(button(mv.words, () => act("bet", { amount: mv.amount })));
    c.append(button(W.hint, () => advise()));
  } else if (!s.pending) {
    c.append(button(W.cast_virtual, () => act("cast", { helper: true }), "primary"));
    c.append(button(W.cast_real, () => beanPanel("cast")));
  } else {
    c.append(el("p", { class: "small" }, W.tap_piece));
    for (const mv of s.legal) c.append(button(mv.words, () => act("move", { move: mv.text }), "move"));
    c.append(button(W.advice, () => advise()));
    c.append(button(W.best, () => act("best")));
    c.append(button(W.correct, () => beanPanel("correct")));
  }
  c.append(button(W.odds, () => odds()));
  if (s.turn > 0) c.append(button(W.undo, () => act("undo")));
}

async function playOut() {
  $("controls").replaceChildren(el("p", {}, W.playing_out));
  setBusy(true);
  try {
    let s = state;
    while (!s.over) {
      const ticket = ++asked;
      s = await api(`/api/games/${encodeURIComponent(game)}/continue`, { all: true, stamp: s.stamp });
      drawLatest(ticket, s);
    }
  } catch (e) { showError(e); } finally { setBusy(false); }
}

function beanPanel(path) {
  const faces = Array.from({ length: state.ruleset.beans }, () => false);
  const p = $("panel");
  p.replaceChildren(el("p", {}, W.faces_help));
  const row = el("div", { class: "beans" });
  faces.forEach((_, i) => {
    const b = el("button", { class: "bean", "aria-pressed": "false" }, W.blank);
    b.addEventListener("click", () => {
      faces[i] = !faces[i];
      b.classList.toggle("on", faces[i]);
      b.setAttribute("aria-pressed", String(faces[i]));
      b.textContent = faces[i] ? W.marked : W.blank;
    });
    row.append(b);
  });
  p.append(row);
  if (state.ruleset.null_scores_ten) p.append(el("p", { class: "small" }, W.null_ten));
  p.append(button(W.confirm_cast, () => act(path, { faces }), "primary"));
}

function showList(title, lines) {
  const p = $("panel");
  p.replaceChildren(el("h3", {}, title));
  const ul = el("ul");
  ul.append(...lines.map((t) => el("li", {}, t)));
  p.append(ul);
}

async function odds() {
  try {
    const o = await api(`/api/games/${encodeURIComponent(game)}/odds`);
    showList(o.title, [...o.rows, ...o.notes]);
  } catch (e) { showError(e); }
}

async function advise() {
  try {
    const a = await api(`/api/games/${encodeURIComponent(game)}/advice`);
    const p = $("panel");
    p.replaceChildren(el("h3", {}, a.suggested));
    const ol = el("ol");
    a.moves.forEach((mv, i) => {
      const li = el("li", { class: i === 0 ? "move-best" : "" });
      li.append(el("span", {}, `${mv.words}: ${mv.game_words}; ${mv.contest_words} (${mv.cost_words}) `));
      if (mv.why) li.append(el("span", { class: "why" }, mv.why + " "));
      li.append(button("▶", () => act(mv.kind === "bet" ? "bet" : "move", mv.kind === "bet" ? { amount: mv.amount } : { move: mv.text })));
      ol.append(li);
    });
    p.append(ol);
    a.explain.forEach((t) => p.append(el("p", { class: "small" }, t)));
    suggestion = a.moves[0];
    drawBoard();
  } catch (e) { showError(e); }
}

// ---- keeping the screen on ----

async function keepAwake() {
  if ("wakeLock" in navigator && window.isSecureContext) {
    try {
      wakeLock = await navigator.wakeLock.request("screen");
      $("wake").textContent = W.wake_on;
      return;
    } catch (e) { /* refused (battery saver): say so below */ }
  }
  $("wake").textContent = W.wake_off;
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible" || !game) return;
  refresh().catch(showError);
  if (!source || source.readyState === EventSource.CLOSED) follow();
  keepAwake();
});

// ---- start ----

async function start() {
  $("new").addEventListener("submit", createGame);
  $("learnbtn").addEventListener("click", learnGame);
  $("beansbtn").addEventListener("click", showBeans);
  $("tipok").addEventListener("click", tipsRead);
  $("zoom").addEventListener("click", () => { zoomed = !zoomed; applyZoom(); });
  window.addEventListener("resize", () => { if (game) applyZoom(); });
  window.addEventListener("hashchange", () => {  // a shared link, or the browser's back button
    const m = location.hash.match(/^#g=(.+)$/);
    if (m && decodeURIComponent(m[1]) !== game) openGame(decodeURIComponent(m[1]));
    else if (!m && game) showLobby().catch(showError);
  });
  $("home").addEventListener("click", () => { location.hash = ""; showLobby().catch(showError); });
  $("lang").addEventListener("click", async () => {
    lang = config.langs[(config.langs.indexOf(lang) + 1) % config.langs.length];  // the next language
    localStorage.setItem("lang", lang);
    await loadWords();
    if (game) openGame(game); else showLobby();
  });
  try {
    await loadConfig();
    await loadWords();
    const m = location.hash.match(/^#g=(.+)$/);
    if (m) await openGame(decodeURIComponent(m[1])); else await showLobby();
  } catch (e) { showError(e); }
}

start();
