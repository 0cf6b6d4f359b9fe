// The phone app: boots the engine in its worker, keeps the language, and shows the lobby (games kept on this phone,
// a new game, a saved game opened from a file). The table itself is play.js. Every word comes from the language
// files (words.js); nothing here decides a rule.
import { engine, ready } from "./engine.js";
import { Words } from "./words.js";
import { Play } from "./play.js";
import { RemoteEngine, createShared, joinInfo, served, sharedTables } from "./remote.js";
import { rulesScreen } from "./rules.js";
import { beansScreen } from "./beans.js";

const $ = (id) => document.getElementById(id);
export { engine };
const LANG_KEY = "patolli.lang";
let index = null;
let W = null;

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? "" : v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

export function showError(e) {
  const box = $("error");
  box.textContent = e?.message || String(e);
  box.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

// Returns a language's words (data/words-<lang>.json).
async function fetchWords(lang) {
  const r = await fetch(`data/words-${lang}.json`);
  if (!r.ok) throw new Error(`cannot load data/words-${lang}.json: HTTP ${r.status}`);
  return r.json();
}

async function loadWords(lang, words = null) {
  W = new Words(lang, words ?? await fetchWords(lang));
  document.documentElement.lang = lang;
  document.title = W.T("phone.title");
  localStorage.setItem(LANG_KEY, lang);
}

function header(title, back) {
  window.scrollTo(0, 0);  // each screen starts at its top, whatever was scrolled before
  $("title").textContent = title;
  $("home").hidden = !back;
  $("home").textContent = "‹";
  $("home").setAttribute("aria-label", W.T("serve.games_link"));
  $("home").onclick = back;
  $("menu").textContent = W.T("serve.language");
  $("menu").onclick = async () => {
    await loadWords(W.lang === "en" ? "es" : "en");
    (current ? current.redraw() : lobby());
  };
}

let current = null;  // the table on screen (a Play), the rules (what redraws them), or null in the lobby

function rulesetTitle(name) {
  return index.rulesets.find((r) => r.name === name).title[W.lang];
}

export async function lobby() {
  current?.ctx?.engine?.close?.();  // a shared table stops following the server
  current = null;
  delete document.body.dataset.screen;
  header(W.T("phone.title"), null);
  const view = $("view");
  const saved = await engine.call("list");
  const list = el("ul", { class: "games" });
  if (!saved.length) list.append(el("li", { class: "empty" }, W.T("phone.none")));
  for (const g of saved) {
    const entry = index.games.find((x) => x.key === g.key);
    const row = el("li", {},
      el("button", { class: "open", onclick: () => open(g.id) },
        el("strong", {}, g.name),
        el("span", {}, W.T("phone.game_row", { ruleset: entry ? rulesetTitle(entry.ruleset) : g.key,
          players: g.seats.length, turn: g.turns })),
        g.over ? el("span", { class: "badge" }, W.T("serve.over")) : null),
      el("button", { class: "icon", "aria-label": W.T("phone.export"), onclick: () => exportGame(g.id, g.name) }, "⤓"),
      el("button", { class: "icon", "aria-label": W.T("phone.delete"), onclick: async () => {
        if (confirm(W.T("phone.delete_sure", { name: g.name }))) { await engine.call("remove", g.id); lobby(); }
      } }, "✕"));
    list.append(row);
  }
  const file = el("input", { type: "file", accept: ".json,application/json", hidden: true,
    onchange: async () => {
      const f = file.files[0];
      file.value = "";  // the same file may be chosen again (after fixing it)
      if (!f) return;
      try {
        const text = await f.text();
        await play(await engine.call("importSave", text, f.name.replace(/\.json$/i, "")));
      } catch (e) { showError(e); }
    } });
  view.replaceChildren(
    el("section", { class: "lobby" },
      el("h2", {}, W.T("phone.your_games")), list,
      el("div", { class: "row" },
        el("button", { class: "primary", id: "newbtn", onclick: newGame }, W.T("serve.new_game")),
        el("button", { id: "learnbtn", title: W.T("serve.learn_help"), onclick: learn }, W.T("serve.learn")),
        el("button", { onclick: () => file.click() }, W.T("phone.import")),
        el("button", { id: "rulesbtn", onclick: () => rules(null, [], lobby) }, W.T("phone.rules_read")),
        el("button", { id: "beansbtn", onclick: beans }, W.T("serve.beans_check")), file),
      el("p", { class: "small" }, W.T("phone.offline_note"))));
  document.body.dataset.screen = "lobby";
  await sharedLobby();
}

// Served by patolli serve: the games saved in the server's folder, each a table several phones follow live, a new
// one, and how another phone joins them.
async function sharedLobby() {
  if (!served()) return;
  const [shared, info] = await Promise.all([sharedTables(), joinInfo()]);
  if (document.body.dataset.screen !== "lobby") return;
  const list = el("ul", { class: "games", id: "shared" }, ...(shared ?? []).map((g) => {
    const entry = index.games.find((x) => x.key === g.key);
    return el("li", {}, el("button", { class: "open", "data-name": g.name, onclick: () => openShared(g.name) },
      el("strong", {}, g.name),
      el("span", {}, W.T("phone.game_row", { ruleset: entry ? rulesetTitle(entry.ruleset) : g.key,
        players: g.seats.length, turn: g.turns })),
      g.over ? el("span", { class: "badge" }, W.T("serve.over")) : null));
  }));
  if (!shared?.length) list.append(el("li", { class: "empty" }, W.T("phone.shared_none")));
  const join = el("div", { class: "join", id: "join" });
  if (info?.lan && info.link) {
    const qr = el("div", { class: "qr" });
    qr.innerHTML = info.qr;  // the server's own SVG drawing of the link
    join.append(el("p", { class: "address" }, W.T("serve.address", { address: info.link })), qr,
      el("p", { class: "small" }, W.T("serve.same_wifi")));
  } else if (info) join.append(el("p", { class: "small" }, W.T("serve.local_only")));
  $("view").querySelector(".lobby")?.append(el("h2", {}, W.T("phone.shared_tables")), list,
    el("div", { class: "row" }, el("button", { id: "newshared", onclick: () => newGame(null, true) },
      W.T("phone.new_shared"))),
    el("p", { class: "small" }, W.T("phone.shared_note")), join);
}

async function openShared(name) {
  const remote = new RemoteEngine(name, () => W.T("phone.table_moved"));
  try {
    const opened = await remote.open(index, W.T("phone.shared_missing"));
    remote.onChange = (view, steps) => { if (current?.ctx?.engine === remote) current.remoteChange(view, steps); };
    await play(opened, remote);
  } catch (e) {
    remote.close();
    showError(e);
  }
}

function newGame(chosen = null, shared = false) {
  header(W.T("serve.new_game"), lobby);
  const form = el("form", { class: "new", id: "newform" });
  const rs = el("select", { name: "ruleset" }, ...index.rulesets.map((r) => el("option", { value: r.name,
    selected: r.name === chosen }, r.title[W.lang])));
  const options = el("div", { class: "options" });
  const mode = el("fieldset", { class: "mode" },
    el("label", { class: "choice" }, el("input", { type: "radio", name: "mode", value: "solo", checked: true }),
      el("span", {}, W.T("serve.mode_solo"))),
    el("label", { class: "choice" }, el("input", { type: "radio", name: "mode", value: "referee" }),
      el("span", {}, W.T("serve.mode_referee"))));
  const where = served() ? el("fieldset", { class: "mode where" },
    el("label", { class: "choice" }, el("input", { type: "radio", name: "where", value: "phone", checked: !shared }),
      el("span", {}, W.T("phone.where_phone"))),
    el("label", { class: "choice" }, el("input", { type: "radio", name: "where", value: "shared", checked: shared }),
      el("span", {}, W.T("phone.where_shared")))) : null;
  const count = el("select", { name: "count" });
  const strength = el("select", { name: "strength" }, ...index.strengths.map((s) =>
    el("option", { value: s.name, selected: s.name === "club" }, W.T(`phone.strength_${s.name}`))));
  const countLabel = el("span", {});
  const strengthRow = el("label", {}, el("span", {}, W.T("phone.strength")), strength);
  const sync = () => {
    const r = index.rulesets.find((x) => x.name === rs.value);
    const keep = new Set([...options.querySelectorAll("input:checked")].map((i) => i.value));
    options.replaceChildren(...r.options.map((o) => el("label", { class: "choice" },
      el("input", { type: "checkbox", name: "opt", value: o.name, checked: keep.has(o.name) }),
      el("span", {}, o.description[W.lang]))));
    const solo = form.elements.mode.value === "solo";
    const opts = [...options.querySelectorAll("input:checked")].map((i) => i.value).sort();
    const counts = index.games.filter((g) => g.ruleset === r.name && JSON.stringify(g.options) === JSON.stringify(opts))
      .map((g) => g.players);
    const before = count.value;
    count.replaceChildren(...counts.filter((n) => !solo || n >= 2).map((n) => el("option", { value: n },
      String(solo ? n - 1 : n))));
    if ([...count.options].some((o) => o.value === before)) count.value = before;
    countLabel.textContent = W.T(solo ? "serve.opponents" : "serve.people");
    strengthRow.hidden = !solo;
  };
  form.append(
    el("label", {}, el("span", {}, W.T("serve.ruleset")), rs),
    el("button", { type: "button", class: "link", id: "readrules", onclick: () => rules(rs.value,
      [...options.querySelectorAll("input:checked")].map((i) => i.value), () => newGame(rs.value)) },
    W.T("phone.rules_read")), options, mode, where,
    el("label", {}, countLabel, count), strengthRow,
    el("button", { type: "submit", class: "primary" }, W.T("serve.start")));
  rs.onchange = sync;
  options.onchange = sync;
  mode.onchange = sync;
  sync();
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const opts = [...options.querySelectorAll("input:checked")].map((i) => i.value).sort();
    const players = Number(count.value);
    const game = index.games.find((g) => g.ruleset === rs.value && g.players === players
      && JSON.stringify(g.options) === JSON.stringify(opts));
    if (!game) { showError(new Error(W.T("phone.no_such_game"))); return; }
    const solo = form.elements.mode.value === "solo";
    const seats = Array.from({ length: players }, (_, i) => (i === 0 || !solo ? "person" : strength.value));
    const name = W.T("phone.game_name", { ruleset: rulesetTitle(rs.value), date: new Date().toLocaleDateString(W.lang) });
    const seed = crypto.getRandomValues(new Uint32Array(1))[0] & 0x7fffffff;
    if (form.elements.where?.value === "shared") {
      try { await openShared(await createShared(game.key, seats, index.default_level)); } catch (e) { showError(e); }
      return;
    }
    try {
      await play(await engine.call("newGame", { key: game.key, seats, name, seed, level: index.default_level }));
    } catch (e) { showError(e); }
  };
  $("view").replaceChildren(el("section", { class: "lobby" }, form));
  document.body.dataset.screen = "new";
}

// Starts a guided first game: the first ruleset offered, without options, its fewest players, against the
// gentlest computer, with the seed every guided game deals from (games.json "learn", from play/lessons.py).
async function learn() {
  const ruleset = index.rulesets[0].name;
  const game = index.games.filter((g) => g.ruleset === ruleset && !g.options.length)
    .sort((a, b) => a.players - b.players)[0];
  const seats = Array.from({ length: game.players }, (_, i) => (i === 0 ? "person" : index.learn.strength));
  try {
    await play(await engine.call("newGame", { key: game.key, seats, name: W.T("serve.learn"), seed: index.learn.seed,
      level: index.default_level, learn: true }));
  } catch (e) { showError(e); }
}

// Shows the rules of a ruleset with options (or of one to choose); back returns where they were asked from.
function rules(chosen, options, back) {
  const picked = () => [...document.querySelectorAll(".rulespage input[name=opt]:checked")].map((i) => i.value);
  current = { redraw: () => rules($("rulesruleset")?.value ?? chosen, picked(), back) };
  header(W.T("phone.rules"), () => { current = null; back(); });
  document.body.dataset.screen = "rules";
  rulesScreen($("view"), index, W, chosen, options).catch(showError);
}

// Checks a person's own beans against a ruleset's (beans.js): casts logged on this phone, judged here.
function beans() {
  current = { redraw: beans };
  header(W.T("serve.beans_check"), () => { current = null; lobby(); });
  document.body.dataset.screen = "beans";
  try { beansScreen($("view"), index, W); } catch (e) { showError(e); }
}

async function open(id) {
  try { await play(await engine.call("open", id)); } catch (e) { showError(e); }
}

async function play(opened, via = engine) {
  current = new Play(opened, { engine: via, words: () => W, header, lobby, index });
  await current.start();
}

export async function exportGame(id, name) {
  try {
    const via = current?.id === id && current.ctx?.engine ? current.ctx.engine : engine;  // a shared table's own
    const text = await via.call("exportSave", id);
    const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
      download: `${name.replace(/[^\p{L}\p{N} _-]+/gu, "-")}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  } catch (e) { showError(e); }
}

async function boot() {
  const lang = localStorage.getItem(LANG_KEY) || ((navigator.language || "en").startsWith("es") ? "es" : "en");
  const words = fetchWords(lang).catch(() => null);  // while the engine starts
  index = await ready;
  if (index.langs.includes(lang)) await loadWords(lang, await words);
  else await loadWords("en");
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
  if ("storage" in navigator && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  await lobby();
  document.body.dataset.ready = "1";
}

boot().catch(showError);
