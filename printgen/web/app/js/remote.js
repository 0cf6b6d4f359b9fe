// A shared table of `patolli serve` (a game saved in the server's folder, played live from several phones) behind
// the same `call(method, ...args)` the table screen uses for the phone's own engine (rpc.js): the server plays and
// keeps the game (printgen/serve/routes_tables.py and routes_act.py answers in the worker's shapes), and its event stream says when
// another phone or the terminal moved the table on, so the screen redraws without a reload.
const API = "../api/games";

// Returns the server's shared tables ([{name, key, turns, over, seats}]), or null when the app was not opened from
// `patolli serve` (its page then carries <meta name="patolli-server">: a static site asks no address outside its
// own folder) or no server answers (offline).
export async function sharedTables() {
  if (!served()) return null;
  try {
    const r = await fetch(API, { headers: { Accept: "application/json" } });
    if (!r.ok) return null;
    const got = await r.json();
    return Array.isArray(got?.games) ? got.games : null;
  } catch {
    return null;
  }
}

// Returns whether the app was opened from `patolli serve`, which keeps shared tables.
export const served = () => document.querySelector('meta[name="patolli-server"]') !== null;

// Starts a shared table on the server: a game of the app (key), its seats ("person" or a strength, seat A a
// person's) and the advice level; returns its name (the server names it after its ruleset).
export async function createShared(key, seats, level) {
  return (await ask(API, { key, seats, level })).name;
}

// Returns the server's JSON answer to a GET (body undefined) or a POST of body; a refusal is an Error with the
// server's one line and the HTTP status.
async function ask(url, body) {
  const init = body === undefined ? { headers: { Accept: "application/json" } }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const r = await fetch(url, init);
  let got = null;
  try { got = await r.json(); } catch { /* an answer without JSON: said by its status */ }
  if (!r.ok) {
    const e = new Error(got?.error || `HTTP ${r.status}`);
    e.status = r.status;
    throw e;
  }
  return got;
}

// Returns how other phones join this server's tables: {link, qr (SVG text), lan}; null if it does not say.
export async function joinInfo() {
  try {
    const r = await fetch("../api/join", { headers: { Accept: "application/json" } });
    return r.ok ? await r.json() : null;
  } catch {
    return null;
  }
}

export class RemoteEngine {
  // name: the game's name on the server; stale(): the words for an action refused because the table moved on.
  constructor(name, stale) {
    this.name = name;
    this.stale = stale;
    this.stamp = null;    // the table's stamp as last seen: every action carries it
    this.view = null;
    this.onChange = null; // (view, steps) => ..., when the table changed under this phone
    this.source = null;
    this.acting = false;
    this.missed = false;  // the table changed while this phone was acting: look again after
  }

  path(tail = "") { return `${API}/${encodeURIComponent(this.name)}${tail}`; }

  request(tail, body) { return ask(this.path(tail), body); }

  took(got) {
    this.stamp = got.stamp;
    this.view = got.view;
  }

  // Opens the game and follows it; returns it as the worker's open does ({id, name, app, events, view}), its game's
  // data from the app's own files (index: data/games.json).
  async open(index, missing) {
    const got = await this.request("");
    const entry = index.games.find((g) => g.key === got.key);
    if (!entry) throw new Error(missing);
    const r = await fetch(`data/${entry.file}`);
    if (!r.ok) throw new Error(`cannot load data/${entry.file}: HTTP ${r.status}`);
    const game = await r.json();
    this.took(got);
    this.follow();
    return { id: got.id, name: got.name, app: game.app, events: game.events, view: got.view };
  }

  // Listens to the game's server-sent events: each names the stamp of the save, sent when it changes.
  follow() {
    if (typeof EventSource === "undefined") return;
    this.source = new EventSource(this.path("/events"));
    this.source.onmessage = () => { this.refresh().catch(() => {}); };
    this.source.addEventListener("gone", () => this.close());
  }

  close() {
    this.source?.close();
    this.source = null;
  }

  call(method, ...args) {
    switch (method) {
      case "act": return this.act(...args);
      case "steps": return this.request(`/steps?since=${Number(args[0]) || 0}`);
      case "advise": return this.request(`/advice${Number.isInteger(args[0]) ? `?level=${args[0]}` : ""}`);
      case "exportSave": return this.request("/save").then((save) => JSON.stringify(save) + "\n");
      default: return Promise.reject(new Error(`no method ${method} on a shared table`));
    }
  }

  // Plays an action of the table on the server; returns {steps, undo, view} as the worker's act does. An action on
  // a table another phone moved on is refused: the table is shown as it is now, and the refusal said.
  async act(action, ...args) {
    this.acting = true;
    try {
      const got = await this.request("/act", { action, args, stamp: this.stamp });
      this.took(got);
      return got;
    } catch (e) {
      if (e.status === 409) {
        await this.refresh(true).catch(() => {});
        e.message = this.stale();
      }
      throw e;
    } finally {
      this.acting = false;
      if (this.missed) {
        this.missed = false;
        this.refresh().catch(() => {});
      }
    }
  }

  // Looks at the table again; if it is not the one last shown (or `always`), gives it to onChange with the turns
  // played since.
  async refresh(always = false) {
    if (this.acting && !always) { this.missed = true; return; }
    const before = this.view;
    const got = await this.request("");
    if (got.stamp === this.stamp && !always) return;
    const steps = before && got.view.turn > before.turn ? await this.request(`/steps?since=${before.turn}`) : [];
    this.took(got);
    this.onChange?.(got.view, steps);
  }
}
