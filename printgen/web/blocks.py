"""Named tuples of arrays passed by address: the descriptor block Python (or JavaScript) writes, and the compiled
code that reads one back as the same named tuple the engine and the players take.

A descriptor block is int64 words, DESC words per field in the named tuple's order: an array field is
(byte address, number of dimensions, its dimensions padded to four, dtype code), a whole-number field is
(value, SCALAR, 0, 0, 0, 0, kind). The block holds no data of its own: each array lives where its owner put it
(in WebAssembly memory, the JavaScript heap's; on the host, a numpy array), so a block is rebuilt in a few words
when a buffer moves. The readers below are compiled into the same machine code as the engine's callers: the
arrays they return are C-contiguous views with the types Python's own arrays have, so the kernel and the search
run the very specialisations Python runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numba.core import types
from numba.core.typing.templates import signature as signature_of
from numba.extending import intrinsic
from numba.np.arrayobj import np_cfarray

from printgen.engine.jit import inline

DESC = 7  # words per field
SCALAR = 0  # the "dimensions" of a whole-number field
INT, FLOAT, BOOL = 0, 1, 2  # dtype codes (arrays: int64 or float64; scalars: int or bool)
D_VALUE, D_NDIM, D_SHAPE, D_KIND = 0, 1, 2, 6  # word offsets inside one field's descriptor


def _view(dtype: Any) -> Any:
    """Returns an intrinsic that views the C-contiguous array of dtype at a byte address, with a shape tuple."""

    def view(typingctx: Any, addr: Any, shape: Any) -> Any:
        dims: Any = getattr(shape, "types", ())  # a tuple type's element types (UniTuple's and Tuple's)
        if not isinstance(shape, types.BaseTuple) or not all(isinstance(d, types.Integer) for d in dims):
            return None
        retty = types.Array(dtype, len(shape), "C")

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            ptr_type = types.CPointer(dtype)
            ptr = builder.inttoptr(args[0], context.get_value_type(ptr_type))
            return np_cfarray(context, builder, signature_of(retty, ptr_type, signature.args[1]), [ptr, args[1]])

        return retty(types.int64, shape), codegen

    return intrinsic(view)


def _load_int64(typingctx: Any, addr: Any) -> Any:
    """Returns the int64 word at a byte address."""
    sig = types.int64(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ptr = builder.inttoptr(args[0], context.get_value_type(types.CPointer(types.int64)))
        return builder.load(ptr)

    return sig, codegen


int64_view = _view(types.int64)
float64_view = _view(types.float64)
load_int64: Any = intrinsic(_load_int64)


def describe(values: Sequence[object], address_of: Callable[[np.ndarray], int] = lambda a: int(a.ctypes.data)
             ) -> np.ndarray:
    """Returns the descriptor block of a named tuple's values (arrays by their address, ints and bools by value)."""
    block = np.zeros(len(values) * DESC, dtype=np.int64)
    for i, v in enumerate(values):
        row = block[i * DESC:(i + 1) * DESC]
        if isinstance(v, np.ndarray):
            if v.ndim > 4 or not v.flags.c_contiguous or v.dtype not in (np.int64, np.float64):
                raise ValueError(f"field {i}: only C-contiguous int64 or float64 arrays of up to 4 dimensions")
            row[D_VALUE] = address_of(v)
            row[D_NDIM] = v.ndim
            row[D_SHAPE:D_SHAPE + v.ndim] = v.shape
            row[D_KIND] = INT if v.dtype == np.int64 else FLOAT
        else:
            row[D_VALUE] = int(v)  # type: ignore[call-overload]
            row[D_NDIM] = SCALAR
            row[D_KIND] = BOOL if isinstance(v, bool | np.bool_) else INT
    return block


# ---- compiled readers of one field (inlined into the tuple readers) ----

@inline
def word(block, i):
    """Returns field i's whole number."""
    return load_int64(block + 8 * (i * DESC + D_VALUE))


@inline
def flag(block, i):
    """Returns field i as a bool."""
    return word(block, i) != 0


@inline
def address(block, i):
    """Returns the byte address of field i's array."""
    return load_int64(block + 8 * (i * DESC + D_VALUE))


@inline
def _dim(block, i, j):
    return load_int64(block + 8 * (i * DESC + D_SHAPE + j))


@inline
def shape1(block, i):
    """Returns field i's shape as a 1-tuple."""
    return (_dim(block, i, 0),)


@inline
def shape2(block, i):
    """Returns field i's shape as a 2-tuple."""
    return (_dim(block, i, 0), _dim(block, i, 1))


@inline
def shape3(block, i):
    """Returns field i's shape as a 3-tuple."""
    return (_dim(block, i, 0), _dim(block, i, 1), _dim(block, i, 2))


@inline
def shape4(block, i):
    """Returns field i's shape as a 4-tuple."""
    return (_dim(block, i, 0), _dim(block, i, 1), _dim(block, i, 2), _dim(block, i, 3))


@inline
def ints(block, i, shape):
    """Returns field i as an int64 array of this shape."""
    return int64_view(address(block, i), shape)


@inline
def floats(block, i, shape):
    """Returns field i as a float64 array of this shape."""
    return float64_view(address(block, i), shape)
