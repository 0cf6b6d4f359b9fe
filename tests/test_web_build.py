"""The shipped WebAssembly engine: built from today's source, exporting every entry point and importing only
JavaScript's Math, small enough for a phone. (`.ci/run` rebuilds it with Debian's lld and checks it byte for byte.)"""

from __future__ import annotations

import gzip
import hashlib
import json

from printgen.web import build
from printgen.web.entries import ENTRIES
from printgen.web.libm import DEFINED
from printgen.web.wasm_file import WasmFileError, interface

MAX_BYTES = 500_000
MAX_GZIPPED = 200_000


def _shipped() -> tuple[dict[str, object], bytes]:
    manifest = json.loads((build.DIST / build.MANIFEST).read_text("utf-8"))
    return manifest, (build.DIST / build.WASM).read_bytes()


def test_the_shipped_module_is_built_from_this_source() -> None:
    manifest, data = _shipped()
    assert manifest["source"] == build.source_stamp(), (
        "printgen/web/dist/patolli.wasm is stale: the code it is built from changed. Rebuild it with "
        "`python -m printgen.web.build` (needs Debian's lld) and commit printgen/web/dist")
    assert manifest["wasm"] == {"file": build.WASM, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def test_it_exports_every_entry_point_and_imports_only_math() -> None:
    _, data = _shipped()
    found = interface(data)
    assert {name for name, kind in found.exports.items() if kind == "function"} == {f"pt_{n}" for n in ENTRIES}
    assert found.exports["memory"] == "memory"
    assert found.imports, "the evaluation's exp comes from JavaScript"
    for name, kind in found.imports.items():
        module, _, function = name.partition(".")
        assert (module, kind) == ("env", "function") and function in build.MATH_IMPORTS, name


def test_the_functions_it_defines_itself_are_not_imported() -> None:
    _, data = _shipped()
    imported = {name.partition(".")[2] for name in interface(data).imports}
    assert DEFINED and not imported & set(DEFINED), "tanh, a million calls an advice, stays inside the module"


def test_it_is_small_enough_for_a_phone() -> None:
    _, data = _shipped()
    assert len(data) <= MAX_BYTES
    assert len(gzip.compress(data, 9)) <= MAX_GZIPPED


def test_the_reader_refuses_what_is_not_a_module() -> None:
    try:
        interface(b"PK\3\4 not wasm")
    except WasmFileError as exc:
        assert "not a WebAssembly module" in str(exc)
    else:
        raise AssertionError("a zip file read as a module")
