"""Argument checks shared by the environments."""

import numpy as np


def _first_bad(a, bad):
    """The first entry of ``a`` where ``bad`` holds, with its index, for an error message."""
    idx = tuple(int(i) for i in np.argwhere(bad)[0])
    return a[idx], (idx if len(idx) != 1 else idx[0])


def as_uint_array(value, name, dtype, shape, high, check_range=False):
    """``value`` as a C-contiguous array of ``dtype`` and ``shape`` with entries in
    ``0..=high``; a clear ``ValueError`` or ``TypeError`` naming the first bad value otherwise
    (never a silent wrap or cast). Arrays already of ``dtype`` are range-checked in Rust, in the
    same pass that reads them, unless ``check_range``."""
    try:
        a = np.asarray(value)
    except (ValueError, TypeError) as e:
        raise ValueError(f"{name} is not an array of shape {tuple(shape)}: {e}") from None
    if a.shape != tuple(shape):
        raise ValueError(f"{name} has shape {a.shape}; expected {tuple(shape)}")
    if a.dtype != dtype:
        if a.dtype.kind == "b":
            a = a.astype(np.int64)
        if a.dtype.kind not in "iu":
            if a.dtype.kind != "f":
                raise TypeError(f"{name} must hold integers, not {a.dtype}")
            if a.size:
                bad = ~np.isfinite(a) | (a != np.floor(np.where(np.isfinite(a), a, 0)))
                if bad.any():
                    v, at = _first_bad(a, bad)
                    raise TypeError(f"{name} must hold integers; got {v!r} at {at}")
            a = a.astype(np.int64)
        check_range = True
    if check_range and a.size:
        bad = (a < 0) | (a > high)
        if bad.any():
            v, at = _first_bad(a, bad)
            raise ValueError(f"{name} must lie in 0..{high}; got {v!r} at {at}")
    return np.ascontiguousarray(a, dtype)


def check_choice(value, name, n):
    """``value`` (an integer, a NumPy integer, a 0-d array of one, or a float holding an integer)
    as an ``int`` in ``0..n-1``; a ``TypeError`` or ``ValueError`` naming ``name`` and the value
    otherwise (never a silent cast)."""
    allowed = f"one integer from 0 to {n - 1}"
    try:
        a = np.asarray(value)
    except (ValueError, TypeError):
        a = None
    if a is None or a.dtype.kind not in "biuf":
        raise TypeError(f"{name} must be {allowed}, not {type(value).__name__} {value!r}")
    if a.shape != ():
        raise ValueError(f"{name} must be {allowed}; got an array of shape {a.shape}")
    if a.dtype.kind == "f":
        v = float(a)
        if not np.isfinite(v) or v != np.floor(v):
            raise TypeError(f"{name} must be {allowed}; got {v!r}")
    v = int(a)
    if not 0 <= v < n:
        raise ValueError(f"{name} must be {allowed}; got {v}")
    return v


def check_index(name, i, count):
    """``i`` as an ``int`` in ``0..count``, else an error that says what is allowed."""
    if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
        raise TypeError(f"{name} must be an integer from 0 to {count - 1}, not {type(i).__name__}")
    if not 0 <= i < count:
        raise IndexError(f"{name} {i}: this env has {name}s 0 to {count - 1}")
    return int(i)


def random_seed(rng):
    """A 63-bit seed for the Rust random helpers: one draw of ``rng`` (a NumPy ``Generator``), or
    ``rng`` itself when it is a non-negative integer."""
    if isinstance(rng, np.random.Generator):
        return int(rng.integers(2**63))
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool) and 0 <= rng < 2**64:
        return int(rng)
    raise TypeError(f"rng must be a numpy.random.Generator or a seed (0 to 2**64 - 1), not {rng!r}")


def env_class(game, base, name, module, doc):
    """The class ``name`` of ``module``: ``base`` for the game ``game`` (an entry of the games'
    table), its ``opponents`` the game's default opponent unless given."""

    def __init__(self, opponents=game.opponent, **kwargs):
        base.__init__(self, game, opponents, **kwargs)

    return type(name, (base,), {"__init__": __init__, "__module__": module, "__qualname__": name,
                                "__doc__": doc})


def reset_seed(env, seed):
    """The seed a Gymnasium env's ``reset(seed=seed)`` plays (None: the batch's next seeds):
    ``seed`` checked (a non-negative integer, taken modulo 2**32); on a first reset without one,
    the constructor's ``seed`` (``env._seed_given``), else a draw from ``env.np_random``. Marks
    ``env._seeded`` once a seed is given."""
    if seed is None and not env._seeded:
        seed = env._seed_given
        if seed is None:
            seed = int(env.np_random.integers(0, 2**32))
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
            raise ValueError(f"seed {seed!r}: a non-negative integer")
        seed = int(seed) % 2**32
        env._seeded = True
    return seed


def check_opponents(opponents, others, bots, also=""):
    """``opponents`` (one built-in bot's name for every other seat, or a list of ``others``
    names) as a list, each checked against ``bots``; ``also`` names what else is allowed in the
    error (such as ``'self'``)."""
    if isinstance(opponents, str):
        opponents = [opponents] * others
    opponents = list(opponents)
    if len(opponents) != others:
        raise ValueError(f"{others} opponents needed, got {len(opponents)}")
    for o in opponents:
        if o not in bots:
            raise ValueError(f"no built-in bot {o!r} (there are: {', '.join(bots)}{also})")
    return opponents
