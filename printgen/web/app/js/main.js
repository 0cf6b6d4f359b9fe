// The phone app: boots the engine in its worker, then shows the lobby. (Being written: see issue 22.)
import { Engine } from "./rpc.js";

const engine = new Engine(new URL("./worker.js", import.meta.url));

async function boot() {
  const games = await (await fetch("data/games.json")).json();
  await engine.call("ready");
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
  document.getElementById("loading").textContent = `${games.games.length} games`;
  document.body.dataset.ready = "1";
}

boot().catch((e) => {
  const el = document.getElementById("error");
  el.textContent = e.message;
  el.hidden = false;
});
