// Games kept on the phone: one IndexedDB store of saved games, each the save file `patolli play` reads
// ({id, name, key, updated, turns, over, save}, and learn: {seen} beside the save in a guided first game). Every
// write is one transaction: it is done whole or not at all.
const DB = "patolli";
const STORE = "games";

function request(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

let opened = null;

function db() {
  opened ??= new Promise((resolve, reject) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: "id" });
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  return opened;
}

async function store(mode) {
  return (await db()).transaction(STORE, mode).objectStore(STORE);
}

// Writes one game; resolves once the transaction has committed.
export async function put(game) {
  const s = await store("readwrite");
  await request(s.put(game));
  await new Promise((resolve, reject) => {
    s.transaction.oncomplete = resolve;
    s.transaction.onerror = () => reject(s.transaction.error);
    s.transaction.onabort = () => reject(s.transaction.error || new Error("the save was refused"));
  });
}

export async function get(id) { return request((await store("readonly")).get(id)); }

export async function remove(id) { return request((await store("readwrite")).delete(id)); }

// Returns every game without its save, newest first.
export async function list() {
  const all = await request((await store("readonly")).getAll());
  return all.map(({ save, ...rest }) => rest).sort((a, b) => b.updated - a.updated);
}
