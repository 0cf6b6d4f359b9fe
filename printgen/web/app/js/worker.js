// The engine's Web Worker: the WebAssembly engine and the table being played, so no tap waits on the page.
import { loadEngine } from "../engine/patolli.mjs";

let engine = null;

const methods = {
  async ready() {
    engine ??= await loadEngine(new URL("../engine/patolli.wasm", import.meta.url));
    return true;
  },
};

self.onmessage = async ({ data }) => {
  try {
    const result = await methods[data.method](...data.args);
    self.postMessage({ id: data.id, result });
  } catch (e) {
    self.postMessage({ id: data.id, error: { name: e.name, message: e.message } });
  }
};
