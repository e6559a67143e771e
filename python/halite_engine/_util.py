"""Argument checks shared by the environments."""

import numpy as np


def as_uint_array(value, name, dtype, shape, high):
    """``value`` as a C-contiguous array of ``dtype`` and ``shape`` with entries in
    ``0..=high``; a clear ``ValueError`` or ``TypeError`` otherwise (never a silent wrap)."""
    a = np.asarray(value)
    if a.shape != tuple(shape):
        raise ValueError(f"{name} has shape {a.shape}; expected {tuple(shape)}")
    if a.dtype != dtype:
        if a.dtype.kind == "b":
            a = a.astype(np.int64)
        if a.dtype.kind not in "iu":
            if a.dtype.kind == "f" and a.size and np.all(np.isfinite(a)) and np.all(a == np.floor(a)):
                a = a.astype(np.int64)
            else:
                raise TypeError(f"{name} must hold integers, not {a.dtype}")
        if a.size and (a.min() < 0 or a.max() > high):
            raise ValueError(f"{name} must lie in 0..{high}; got {a.min()}..{a.max()}")
        a = a.astype(dtype)
    # Arrays already of the right type are checked in Rust, in the same pass that reads them.
    return np.ascontiguousarray(a)


def random_seed(rng):
    """A 63-bit seed for the Rust random helpers: one draw of ``rng`` (a NumPy ``Generator``), or
    ``rng`` itself when it is a non-negative integer."""
    if isinstance(rng, np.random.Generator):
        return int(rng.integers(2**63))
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool) and 0 <= rng < 2**64:
        return int(rng)
    raise TypeError(f"rng must be a numpy.random.Generator or a seed (0 to 2**64 - 1), not {rng!r}")
