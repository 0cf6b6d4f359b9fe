"""Saving files safely: atomic replacement, and never over a user's file unless asked."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from printgen.errors import OptionError


def check_writable(path: Path, force: bool) -> None:
    """Raises OptionError if path exists and force is not given."""
    if path.exists() and not force:
        raise OptionError(f"{path} exists; use --force to overwrite it")


def write_atomic(path: Path, data: bytes | str) -> None:
    """Writes data to path through a temporary file, so a crash never leaves half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # mkstemp's 0600 is for secrets; these are ordinary files
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


MANIFEST = ".printgen-manifest.json"


class OutputDir:
    """A folder of generated files: replaces files it wrote itself, refuses anything else without force.

    A manifest beside the files records the hash of each file written; a file whose bytes still match
    is ours to replace, while a file the user made or changed is left alone unless force is given.
    """

    def __init__(self, path: Path, force: bool = False) -> None:
        self.path, self.force = Path(path), force
        self.written: list[Path] = []
        if self.path.exists() and not self.path.is_dir():
            raise OptionError(f"{self.path} is a file, not a folder for the output")

    def _manifest(self) -> dict[str, str]:
        import json

        try:
            data = json.loads((self.path / MANIFEST).read_text("utf-8"))
            return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
        except (OSError, ValueError):
            return {}

    def check(self, name: str) -> None:
        """Raises OptionError if writing name would overwrite a file printgen did not write."""
        import hashlib

        target = self.path / name
        if self.force or not target.exists():
            return
        if self._manifest().get(name) != hashlib.sha256(target.read_bytes()).hexdigest():
            raise OptionError(f"{target} exists and was not written by printgen (or was changed); "
                              "use --force to overwrite it")

    def write(self, name: str, data: bytes) -> Path:
        """Writes one file atomically and records it in the manifest."""
        import hashlib
        import json

        self.check(name)
        target = self.path / name
        write_atomic(target, data)
        manifest = self._manifest()
        manifest[name] = hashlib.sha256(data).hexdigest()
        write_atomic(self.path / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True) + "\n")
        self.written.append(target)
        return target
