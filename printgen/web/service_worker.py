"""The static site's service worker (`sw.js`): every file of the site cached on the first visit, then served from
the cache, so the phone app works with no network at all. The endgame tables (`.u16z`) are the exception: each is
cached the first time a game that reads it is opened, so the first visit stays small; a game first opened with no
network plays without its table, its advice then searched instead of exact.

The worker is generated with the list of files and a version (a hash of every file's bytes), so each build of a
different site is a new worker with a new cache, and the old cache is deleted once the new worker takes over.
Every address is relative to the worker's scope (the folder it was registered from), so the site works under
any path of any host; sites in two folders of one host keep their caches apart.
"""

from __future__ import annotations

import hashlib
import json

SERVICE_WORKER = "sw.js"
INDEX = "index.html"

_TEMPLATE = """\
// Patolli's service worker, written by `patolli web` (printgen/web/service_worker.py); do not edit.
// Install: every file of the site is cached. Fetch: the site's own files come from the cache (the network only if
// the cache lost one), a visit to the folder is its index.html. Activate: older caches of this folder are deleted.
// A new build waits until the app's pages are closed, or until a page posts "skipWaiting" to the waiting worker.
const VERSION = __VERSION__;
const FILES = __FILES__;
const LATER = __LATER__;  // the site's files cached when first asked for, not at install
const SCOPE = self.registration.scope;
const PREFIX = `patolli ${SCOPE} `;
const CACHE = PREFIX + VERSION;
const OWN = new Set([...FILES, ...LATER]);
const INDEX = __INDEX__;

// Returns the site file a request asks for (query left out; the folder is its index.html), or null.
function siteFile(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  const base = new URL(SCOPE);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  let path;
  try { path = decodeURIComponent(url.pathname.slice(base.pathname.length)); } catch { return null; }
  if (path === "") return INDEX;
  return OWN.has(path) ? path : null;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((file) => new Request(new URL(file, SCOPE), { cache: "no-cache" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const file = siteFile(event.request);
  if (file === null) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = new URL(file, SCOPE).href;
    const cached = await cache.match(key);
    if (cached) return cached;
    const response = await fetch(key);  // the browser dropped it from the cache: fetch it again, and keep it
    if (response.ok) await cache.put(key, response.clone());
    return response;
  })());
});
"""


def site_version(files: dict[str, bytes]) -> str:
    """Returns the version of a site: a hash of every file's path and bytes, in path order."""
    h = hashlib.sha256()
    for path in sorted(files):
        h.update(path.encode() + b"\0" + str(len(files[path])).encode() + b"\0" + files[path])
    return h.hexdigest()[:16]


def cached_later(path: str) -> bool:
    """Returns whether a site file is cached when first asked for rather than at install: the endgame tables."""
    return path.endswith(".u16z")


def service_worker(files: dict[str, bytes]) -> str:
    """Returns `sw.js` for a site of these files (the worker itself left out): it caches every one of them, the
    endgame tables when first asked for."""
    names = sorted(p for p in files if p != SERVICE_WORKER)

    def listed(paths: list[str]) -> str:
        return "[\n" + "".join(f"  {json.dumps(p)},\n" for p in paths) + "]"

    return (_TEMPLATE.replace("__VERSION__", json.dumps(site_version({p: files[p] for p in names})))
            .replace("__FILES__", listed([p for p in names if not cached_later(p)]))
            .replace("__LATER__", listed([p for p in names if cached_later(p)]))
            .replace("__INDEX__", json.dumps(INDEX)))
