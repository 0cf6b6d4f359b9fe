// The engine's worker, started the moment the page's first script runs (index.html loads this module on its
// own, ahead of the app's): the worker fetches its modules, the engine and the games' index while the page
// fetches the rest of its own. `ready` is the games' index once the engine is running.
import { Engine } from "./rpc.js";

export const engine = new Engine(new URL("./worker.js", import.meta.url));
export const ready = engine.call("ready");
