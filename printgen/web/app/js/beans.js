// "Check your beans" on the phone alone: cast your own beans, tap each bean's face, log the cast; the report of
// bean_check.js (the server's figures and words) says whether they are fair enough to play with. The casts are kept
// in localStorage by number of beans (the same physical beans, whichever ruleset judges them), so they survive a
// reload and need no connection.
import { el, showError } from "./main.js";
import { beanWords, checkBeans } from "./bean_check.js";

const RULESET_KEY = "patolli.beans.ruleset";
const logKey = (count) => `patolli.beans.${count}`;

// Returns the casts kept for this many beans, each a string of 0 and 1 (1: marked); anything else stored is left out.
export function loadLog(count) {
  let raw;
  try { raw = JSON.parse(localStorage.getItem(logKey(count)) || "[]"); } catch { raw = []; }
  const cast = new RegExp(`^[01]{${count}}$`);
  return Array.isArray(raw) ? raw.filter((c) => typeof c === "string" && cast.test(c)) : [];
}

function saveLog(count, log, kept) {
  if (log.length) localStorage.setItem(logKey(count), JSON.stringify(log.slice(-kept)));
  else localStorage.removeItem(logKey(count));
}

// Draws the bean check into view: index is data/games.json, W the words.
export function beansScreen(view, index, W) {
  const limits = index.bean_check;
  const stored = localStorage.getItem(RULESET_KEY);
  const chosen = index.rulesets.find((r) => r.name === stored) ?? index.rulesets[0];
  const beansOf = (r) => W.count(r.beans.count, "bean");
  const select = el("select", { id: "beansruleset" },
    ...index.rulesets.map((r) => el("option", { value: r.name, selected: r === chosen },
      W.T("phone.beans_choice", { ruleset: r.title[W.lang], beans: beansOf(r) }))));
  const row = el("div", { class: "beans checkbeans", role: "group" });
  const lastCast = el("span", { "aria-live": "polite" });  // the cast just logged
  const verdict = el("p", { class: "verdict", id: "beansverdict", "aria-live": "polite" });
  const lines = el("ul", { class: "beanlines", id: "beanslines" });
  const each = el("ul", { class: "beanlines" });
  const shared = el("p", { class: "small" });
  const undo = el("button", { class: "link", id: "beansundo" }, W.T("phone.beans_undo"));
  const forget = el("button", { id: "beansforget" }, W.T("serve.beans_clear"));
  let faces = [];

  const ruleset = () => index.rulesets.find((r) => r.name === select.value);

  const drawBeans = () => {
    row.replaceChildren(...faces.map((f, i) => {
      const face = W.T(f ? "serve.marked" : "serve.blank");
      return el("button", { class: `bean${f ? " marked" : ""}`, "aria-pressed": String(f),
        "aria-label": W.T("phone.beans_face", { n: i + 1, face }),
        onclick: () => { faces[i] = !faces[i]; drawBeans(); } },
      el("small", { class: "nth" }, String(i + 1)), el("span", {}, f ? "●" : "○"), el("small", {}, face));
    }));
  };

  const judge = () => {
    const r = ruleset();
    const log = loadLog(r.beans.count);
    const [num, den] = r.beans.mark_probability;
    const report = checkBeans(log.map((c) => [...c].map((f) => f === "1")), r.beans.count, num / den, limits);
    const said = beanWords(report, W, limits);
    verdict.textContent = said.verdict;
    verdict.dataset.verdict = said.key;
    lines.replaceChildren(...said.lines.map((t) => el("li", {}, t)));
    each.replaceChildren(...(report.casts ? report.per_bean.map(([rate], b) => el("li", {},
      W.T("serve.beans_bean", { n: b + 1, percent: said.percent(rate) }))) : []));
    each.parentElement.hidden = !report.casts;
    undo.disabled = forget.disabled = !log.length;
  };

  const pick = () => {
    const r = ruleset();
    localStorage.setItem(RULESET_KEY, r.name);
    faces = Array(r.beans.count).fill(false);
    shared.textContent = W.T("phone.beans_shared", { beans: beansOf(r) });
    lastCast.textContent = "";
    drawBeans();
    judge();
  };

  const change = (f) => {
    const r = ruleset();
    try {
      const log = f(loadLog(r.beans.count));
      saveLog(r.beans.count, log, limits.kept);
      return log;
    } catch (e) { showError(e); return null; }
  };

  const logCast = () => {
    const cast = faces.map((f) => (f ? "1" : "0")).join("");
    const log = change((l) => [...l, cast]);
    if (!log) return;
    lastCast.textContent = W.T("phone.beans_logged", { n: log.length, marks: W.count(faces.filter(Boolean).length, "mark") });
    faces.fill(false);
    drawBeans();
    judge();
  };

  undo.onclick = () => { change((l) => l.slice(0, -1)); lastCast.textContent = ""; judge(); };
  forget.onclick = () => {
    const r = ruleset();
    const n = loadLog(r.beans.count).length;
    if (n && confirm(W.T("phone.beans_forget_sure", { n, beans: beansOf(r) }))) {
      change(() => []);
      lastCast.textContent = "";
      judge();
    }
  };
  select.onchange = pick;

  view.replaceChildren(el("section", { class: "lobby checkpage" },
    el("label", { class: "field" }, el("span", {}, W.T("serve.ruleset")), select),
    el("p", { class: "small" }, W.T("serve.beans_help", { min: limits.min_casts })),
    row,
    el("button", { class: "primary big", id: "beanslog", onclick: logCast }, W.T("serve.beans_log")),
    el("p", { class: "small logged" }, lastCast, undo), verdict, lines,
    el("details", { class: "each" }, el("summary", {}, W.T("phone.beans_each")), each),
    shared, forget));
  pick();
}
