// The page's side of the engine's Web Worker: every call is a promise of the worker's answer, and an error the
// worker throws comes back as an Error of the same name (IllegalMoveError, CastError, ...), so the page can say it.
// A long call (the review) reports its progress on the way: {id, progress: [done, total]}.
export class Engine {
  constructor(url) {
    this.worker = new Worker(url, { type: "module" });
    this.next = 1;
    this.waiting = new Map();
    this.worker.onmessage = ({ data }) => {
      const w = this.waiting.get(data.id);
      if (!w) return;
      if (data.progress) { w.progress?.(...data.progress); return; }
      this.waiting.delete(data.id);
      if (data.error) {
        const e = new Error(data.error.message);
        e.name = data.error.name;
        w.reject(e);
      } else w.resolve(data.result);
    };
    this.worker.onerror = (ev) => {
      for (const w of this.waiting.values()) w.reject(new Error(ev.message || "the engine stopped"));
      this.waiting.clear();
    };
  }

  // Calls `method` on the worker's table with arguments; returns a promise of its result.
  call(method, ...args) { return this.track(method, null, ...args); }

  // Calls `method` as `call` does; progress(done, total) is called with what the worker reports on the way.
  track(method, progress, ...args) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, progress });
      this.worker.postMessage({ id, method, args });
    });
  }
}
