"""The page's scripts declared up front: every module the page's entry scripts import, found by reading their
`import ... from "./x.js"` lines, as `<link rel="modulepreload">` in index.html.

Without them the browser finds the modules one level at a time (main.js, then what it imports, then what those
import): four round trips, each waiting on the one before, on a slow phone's network. Declared, they are all
fetched at once while the page is parsed. The list is made from the scripts themselves when the site is built,
so it cannot go stale.
"""

from __future__ import annotations

import posixpath
import re

# A static import or re-export of a relative module: `import {a} from "./x.js"`, `export {b} from "./y.js"`,
# `import "./z.js"`. Dynamic `import()` is left out: those load when needed.
_IMPORT = re.compile(r'^\s*(?:import|export)\s+(?:[^"\';]*?\s+from\s+)?["\'](\.{1,2}/[^"\']+)["\']', re.M)
_ENTRY = re.compile(r'<script type="module" src="([^"]+)"></script>')
_MARK = "<!-- modulepreload -->"


def imports(source: str) -> list[str]:
    """Returns the relative modules a script imports statically, as written."""
    return _IMPORT.findall(source)


def module_graph(files: dict[str, bytes], entries: list[str]) -> list[str]:
    """Returns every site path the entry scripts import, directly or not, the entries left out, in the order
    found (breadth first); raises RuntimeError for an import of a file the site does not hold."""
    seen = set(entries)
    order: list[str] = []
    queue = list(entries)
    while queue:
        path = queue.pop(0)
        for spec in imports(files[path].decode("utf-8")):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))
            if target not in files:
                raise RuntimeError(f"{path} imports {spec}, which the site does not hold")
            if target not in seen:
                seen.add(target)
                order.append(target)
                queue.append(target)
    return order


def with_preloads(html: str, files: dict[str, bytes]) -> str:
    """Returns index.html with a modulepreload link, in place of its mark, for every module its entry scripts
    import; raises RuntimeError if the page has no mark or no entry script."""
    entries = _ENTRY.findall(html)
    if _MARK not in html or not entries:
        raise RuntimeError(f"index.html needs its module scripts and the mark {_MARK}")
    links = "\n".join(f'<link rel="modulepreload" href="{path}">' for path in module_graph(files, entries))
    return html.replace(_MARK, links, 1)
