"""Builds the engine for the browser: the same numba functions Python runs, compiled to one WebAssembly module.

    python -m printgen.web.build            # writes printgen/web/dist/patolli.wasm and build.json
    python -m printgen.web.build --check    # builds into a temporary folder; exit 1 if the shipped files differ

The steps:
1. numba compiles the entry points (`entries.ENTRIES`) and everything they call, with its LLVM optimisation
   switched off, so the IR still has typed structs and no offsets worked out for the host: retargeted, every
   size and offset is recomputed for wasm32. The build runs nothing it compiles, so numba makes no machine
   code: of the host's code generator, which numba's JIT runs on every library, only the passes over the IR
   run, as they rewrite the module in place (CodeGenPrepare sinks compares, merges blocks) and so shape the IR
   taken here. Numba's disk cache is off (a cached function has no IR).
2. The entries' modules are linked into one, retargeted to wasm32, and given C-ABI wrappers `pt_<name>` that
   take i32 (addresses and whole numbers) and f64, call numba's function and return its result, or
   FAULT (NaN for a float) where it raised. Everything else is made internal: numba's CPython wrappers and
   environment globals fall away unused.
3. LLVM optimises the module at -O3 for wasm32 and emits an object; `wasm-ld` (Debian's `lld`) links it with
   no entry point, exporting the wrappers and the memory. Math functions (exp, log, ...) are left undefined and
   imported from JavaScript's `Math` (`env`), except those `libm.DEFINED` names: `tanh`, called about a million
   times an advice, is compiled from libm.py into the module, so the call never leaves it.

The result does not depend on the machine that builds it, so the shipped file is checked byte for byte, and
`build.json` records the hash of the source it came from (tests/test_web_build.py fails when it is stale).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from printgen.web.wasm_file import interface

DIST = Path(__file__).resolve().parent / "dist"
WASM = "patolli.wasm"
MANIFEST = "build.json"
ROOTS = ["printgen.web.entries", "printgen.web.build"]  # the source the module is built from, and what it reaches
TRIPLE = "wasm32-unknown-unknown"
FAULT = -(2**31)  # what an int entry returns where the engine raised
LINKER = "wasm-ld"
MATH_IMPORTS = ("exp", "log", "log1p", "tanh", "cos", "sin", "sqrt", "pow", "expm1", "atan2", "fmod")
IR_PASSES_END = "stack-protector"  # the code generator's last pass over the IR, before instruction selection


class BuildError(Exception):
    """The WebAssembly build cannot run or failed."""


def source_stamp() -> str:
    """Returns the hash of the code the module is built from (syntax trees, docstrings left out)."""
    from printgen.engine.jit import source_stamps

    return source_stamps(roots=ROOTS).code


def _numba_without_machine_code() -> None:
    """Makes numba, for the rest of this process, compile to unoptimised IR and make no machine code.

    Numba's JIT finalizes each library it compiles: links in the libraries it calls, optimises it, has MCJIT
    compile it for the host and takes the address of its CPython wrapper. Here the optimisation is off, and
    the host's code generator (the JIT's own target machine, on each library once, as it is finalized) stops
    after its last pass over the IR: those passes change the module in place and callers link the changed
    module, so the IR is the JIT's, while instruction selection and all after it, most of the build's time,
    never run. No function gets an address (the entry points numba records hold none), so nothing compiled
    can be called in this process. Numba's disk cache is neither read (a cached function has no IR) nor
    written (there is no machine code).
    """
    import llvmlite.binding as ll  # type: ignore[import-untyped]  # (mypy flags only the file's first import)
    from numba import _dynfunc  # type: ignore[attr-defined]
    from numba.core import caching, codegen, cpu

    def ir_passes_only(library: Any) -> None:
        library._codegen._tm.emit_assembly(library._final_module)  # the output (IR and empty MIR) is dropped

    def without_address(context: Any, library: Any, fndesc: Any, env: Any) -> Any:
        library._ensure_finalized()  # where the JIT's address lookup finalizes the library
        return _dynfunc.make_function(fndesc.lookup_module(), fndesc.qualname.split(".")[-1],
                                      "not compiled to machine code (the WebAssembly build)", 0, env, (library,))

    codegen.CPUCodeLibrary._optimize_functions = lambda self, module: None  # type: ignore[method-assign]
    codegen.CPUCodeLibrary._optimize_final_module = lambda self: None  # type: ignore[method-assign]
    codegen.JITCodeLibrary._finalize_specific = ir_passes_only  # type: ignore[method-assign]
    codegen.JITCPUCodegen._add_module = lambda self, module: None  # type: ignore[method-assign]  # nothing for MCJIT
    cpu.CPUContext.get_executable = without_address  # type: ignore[method-assign]
    caching.FunctionCache.load_overload = lambda self, sig, target_context: None  # type: ignore[method-assign]
    caching.FunctionCache.save_overload = lambda self, sig, data: None  # type: ignore[method-assign]
    ll.set_option("", f"-stop-after={IR_PASSES_END}")


def _unoptimised_ir() -> tuple[list[str], dict[str, tuple[str, str, list[str]]], dict[str, str]]:
    """Compiles every entry, and the math functions the module defines itself (`libm.DEFINED`), with numba's
    LLVM optimisation off; returns the modules' IR, per entry its signature, numba's function name and the LLVM
    types of that function's arguments, and per math function (its C name) numba's function name."""
    import llvmlite.binding as ll

    _numba_without_machine_code()
    try:
        from numba.core import types

        from printgen.web.entries import ENTRIES
        from printgen.web.libm import DEFINED

        texts: list[str] = []
        entries: dict[str, tuple[str, str, list[str]]] = {}
        for name, (fn, spec) in ENTRIES.items():
            args, ret = spec.split("->")
            sig = tuple(types.int64 if a == "i" else types.float64 for a in args)
            dispatcher: Any = fn  # numba's dispatcher (njit is typed as returning the function)
            dispatcher.compile(sig)
            cres = dispatcher.overloads[sig]
            texts.append(cres.library.get_llvm_str())
            entries[name] = (spec, cres.fndesc.mangled_name, [])
        defined: dict[str, str] = {}
        for name, fn in DEFINED.items():
            dispatcher = fn
            dispatcher.compile((types.float64,))
            cres = dispatcher.overloads[(types.float64,)]
            texts.append(cres.library.get_llvm_str())
            defined[name] = cres.fndesc.mangled_name
    finally:
        ll.set_option("", "-stop-after=")  # the whole code generator again, for wasm32
    return texts, entries, defined


def _wrapper(name: str, spec: str, target: str, argtypes: list[str]) -> list[str]:
    """Returns the IR of the C-ABI wrapper pt_<name> around numba's function `target`."""
    args, ret = spec.split("->")
    params = ", ".join(f"{'i32' if a == 'i' else 'double'} %a{i}" for i, a in enumerate(args))
    rtype = "i32" if ret == "i" else "double"
    lines = [f"declare i32 @{target}({', '.join(argtypes)})",
             f"define {rtype} @pt_{name}({params}) {{", f"  %ret = alloca {'i64' if ret == 'i' else 'double'}",
             "  %exc = alloca ptr"]
    call = ["ptr %ret", "ptr %exc"]
    for i, a in enumerate(args):
        if a == "i":
            lines.append(f"  %x{i} = sext i32 %a{i} to i64")
            call.append(f"i64 %x{i}")
        else:
            call.append(f"double %a{i}")
    lines += [f"  %s = call i32 @{target}({', '.join(call)})", "  %ok = icmp eq i32 %s, 0",
              "  br i1 %ok, label %good, label %bad", "good:"]
    if ret == "i":
        lines += ["  %v = load i64, ptr %ret", "  %r = trunc i64 %v to i32", "  ret i32 %r", "bad:",
                  f"  ret i32 {FAULT}"]
    else:
        lines += ["  %v = load double, ptr %ret", "  ret double %v", "bad:", "  ret double 0x7FF8000000000000"]
    return lines + ["}"]


def _math_function(name: str, target: str) -> list[str]:
    """Returns the IR of the C math function `name` (double -> double) defined inside the module by numba's
    function `target` (libm.py), which returns through a pointer and never raises."""
    return [f"declare i32 @{target}(ptr, ptr, double)", f"define double @{name}(double %x) {{",
            "  %ret = alloca double", "  %exc = alloca ptr",
            f"  %s = call i32 @{target}(ptr %ret, ptr %exc, double %x)", "  %v = load double, ptr %ret",
            "  ret double %v", "}"]


def build(out: Path) -> dict[str, Any]:
    """Builds the module into folder `out` (WASM and MANIFEST); returns the manifest."""
    linker = shutil.which(LINKER)
    if linker is None:
        raise BuildError(f"{LINKER} is not installed: install Debian's lld package (apt-get install lld)")
    if "numba" in sys.modules:
        raise BuildError("the build must start numba itself (for a generic host CPU): run python -m printgen.web.build")
    # numba's host passes shape the IR a little (CodeGenPrepare), so they run for a generic CPU: the same module
    # whatever machine builds it
    os.environ["NUMBA_CPU_NAME"] = "generic"
    os.environ["NUMBA_CPU_FEATURES"] = ""
    import llvmlite
    import llvmlite.binding as ll
    import numba

    with tempfile.TemporaryDirectory(prefix="patolli-wasm-") as cache:
        os.environ["PATOLLI_CACHE_DIR"] = cache  # before source_stamp imports the engine's jit, which reads it
        stamp = source_stamp()
        texts, entries, defined = _unoptimised_ir()
    ll.initialize_all_targets()
    ll.initialize_all_asmprinters()
    tm = ll.Target.from_triple(TRIPLE).create_target_machine(cpu="generic", features="", opt=3, reloc="static",
                                                            codemodel="default")
    layout = str(tm.target_data)

    def retarget(text: str) -> Any:
        text = re.sub(r"^target datalayout = .*$", f'target datalayout = "{layout}"', text, flags=re.M)
        text = re.sub(r"^target triple = .*$", f'target triple = "{TRIPLE}"', text, flags=re.M)
        return ll.parse_assembly(text)

    module = retarget(texts[0])
    for text in texts[1:]:
        module.link_in(retarget(text))
    wrappers = [f'target datalayout = "{layout}"', f'target triple = "{TRIPLE}"']
    for name, (spec, target, _) in entries.items():
        argtypes = [str(a.type) for a in module.get_function(target).arguments]
        wrappers += _wrapper(name, spec, target, argtypes)
    for name, target in defined.items():
        wrappers += _math_function(name, target)
    module.link_in(ll.parse_assembly("\n".join(wrappers)))
    exported = {f"pt_{name}" for name in entries}
    for fn in module.functions:
        if not fn.is_declaration and fn.name not in exported:
            fn.linkage = "internal"
    for gv in module.global_variables:
        if not gv.is_declaration:
            gv.linkage = "internal"
    # The math functions compiled in (`libm.py`, numba's expm1 under them) are inlined wherever the engine calls
    # them: the learned evaluation calls tanh 64 times an evaluation, and a call keeps its running sums in memory
    for fn in module.functions:
        if not fn.is_declaration and (fn.name in defined or "8printgen3web4libm" in fn.name):  # numba's mangling
            fn.add_function_attribute("alwaysinline")
    module.verify()
    builder = ll.create_pass_builder(tm, ll.create_pipeline_tuning_options(speed_level=3))
    builder.getModulePassManager().run(module, builder)
    undefined = sorted(fn.name for fn in module.functions
                       if fn.is_declaration and not fn.name.startswith("llvm."))
    unknown = [name for name in undefined if name not in MATH_IMPORTS]
    if unknown:
        raise BuildError(f"the engine calls functions the browser does not have: {', '.join(unknown)}")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        obj = Path(tmp) / "patolli.o"
        obj.write_bytes(tm.emit_object(module))
        cmd = [linker, "--no-entry", "--allow-undefined", "--strip-all", "--gc-sections", "-O2",
               *[f"--export={name}" for name in sorted(exported)], "--export=__heap_base",
               "-o", str(out / WASM), str(obj)]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode:
            raise BuildError(f"{LINKER} failed: {done.stderr.strip()}")
    data = (out / WASM).read_bytes()
    imports = sorted(interface(data).imports)
    foreign = [name for name in imports if name.partition(".")[2] not in MATH_IMPORTS]
    if foreign:
        raise BuildError(f"the module imports what JavaScript's Math does not give: {', '.join(foreign)}")
    manifest = {
        "source": stamp,
        "wasm": {"file": WASM, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()},
        "entries": {f"pt_{name}": spec for name, (spec, _, _) in entries.items()},
        "imports": imports,
        "fault": FAULT,
        "built_with": {"numba": numba.__version__, "llvmlite": llvmlite.__version__},
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m printgen.web.build", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="build into a temporary folder and fail if the shipped module differs")
    parser.add_argument("--out", type=Path, default=DIST, help="the folder to write (default: the package's)")
    ns = parser.parse_args(argv)
    try:
        if ns.check:
            with tempfile.TemporaryDirectory() as tmp:
                fresh = build(Path(tmp))
                shipped = DIST / WASM
                if not shipped.is_file() or shipped.read_bytes() != (Path(tmp) / WASM).read_bytes():
                    print(f"error: {shipped} differs from a fresh build of this source: run python -m "
                          "printgen.web.build and commit the result", file=sys.stderr)
                    return 1
                print(f"{shipped}: identical to a fresh build ({fresh['wasm']['bytes']:,} bytes)")
                return 0
        manifest = build(ns.out)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {ns.out / WASM} ({manifest['wasm']['bytes']:,} bytes) and {ns.out / MANIFEST}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
