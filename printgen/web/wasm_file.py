"""What a WebAssembly module imports and exports, read from its bytes (the binary format's sections 2 and 7)."""

from __future__ import annotations

from dataclasses import dataclass

MAGIC = b"\0asm\1\0\0\0"
IMPORT_SECTION, EXPORT_SECTION = 2, 7
KINDS = {0: "function", 1: "table", 2: "memory", 3: "global", 4: "tag"}


class WasmFileError(ValueError):
    """Bytes that are not a WebAssembly module this reader understands."""


@dataclass(frozen=True)
class Interface:
    """A module's imports (module.name -> kind) and exports (name -> kind)."""

    imports: dict[str, str]
    exports: dict[str, str]


class _Reader:
    def __init__(self, data: bytes, at: int = 0) -> None:
        self.data = data
        self.at = at

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise WasmFileError("the module ends inside a section")
        b = self.data[self.at]
        self.at += 1
        return b

    def uint(self) -> int:
        """Reads an unsigned LEB128 number."""
        value = shift = 0
        while True:
            b = self.byte()
            value |= (b & 0x7F) << shift
            if b < 0x80:
                return value
            shift += 7

    def name(self) -> str:
        n = self.uint()
        self.at += n
        return self.data[self.at - n:self.at].decode("utf-8")

    def limits(self) -> None:
        flags = self.uint()
        self.uint()
        if flags & 1:
            self.uint()


def interface(data: bytes) -> Interface:
    """Returns the imports and exports of a module's bytes."""
    if not data.startswith(MAGIC):
        raise WasmFileError("not a WebAssembly module (version 1)")
    r = _Reader(data, len(MAGIC))
    imports: dict[str, str] = {}
    exports: dict[str, str] = {}
    while r.at < len(data):
        section = r.byte()
        size = r.uint()
        end = r.at + size
        if section == IMPORT_SECTION:
            for _ in range(r.uint()):
                module, name = r.name(), r.name()
                kind = r.byte()
                if kind == 0:
                    r.uint()  # the function's type index
                elif kind == 1:
                    r.byte()
                    r.limits()
                elif kind == 2:
                    r.limits()
                elif kind == 3:
                    r.byte()
                    r.byte()
                else:
                    raise WasmFileError(f"import {module}.{name} is of an unknown kind {kind}")
                imports[f"{module}.{name}"] = KINDS[kind]
        elif section == EXPORT_SECTION:
            for _ in range(r.uint()):
                name = r.name()
                kind = r.byte()
                r.uint()
                exports[name] = KINDS.get(kind, str(kind))
        r.at = end
    return Interface(imports, exports)
