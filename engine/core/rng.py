"""The one seeded generator of a game, and the small versioned algorithms built on it.

Python promises that ``random.Random(seed).random()`` gives the same floats for an integer seed
on every version and platform, but not ``shuffle``, ``randrange`` or ``choice`` (their
algorithms changed before and may change again). So fuda uses only ``random()`` and builds its
own draws on top; the algorithms are named by :data:`RNG_VERSION`, which every replay records.

``fuda-rng-1``:

* ``below(n)``  = ``int(random() * n)`` (0 ≤ result < n);
* ``shuffle(xs)`` = Fisher–Yates from the last index down, ``j = below(i + 1)``, in place;
* ``derive(seed, *labels)`` = a sub-seed from splitmix64 over the seed and the labels, used for
  independent streams (a match's games, a tournament's pairings) that do not disturb the
  game's own stream.

A game owns exactly one :class:`Rng`; agents own their own, seeded with
``seat_key(game seed, label, seat)`` (an injective packing, no mixing: the generator's own
seeding mixes). Agents' streams are not part of a replay, which records their answers; they
decide only which game a seeded ``fuda play`` / ``simulate`` run plays. Nothing here touches
the global generator, and nothing iterates a set.
"""

from __future__ import annotations

import random
from math import floor

_Generator: type
try:  # the C generator random.Random is built on: the same floats, a third of the set-up cost
    from _random import Random as _CGenerator

    _Generator = _CGenerator if _CGenerator(20240607).random() == random.Random(20240607).random() else random.Random
except ImportError:  # pragma: no cover - other Pythons
    _Generator = random.Random

RNG_VERSION = "fuda-rng-1"

_MASK = (1 << 64) - 1


def derive(seed: int, *labels: int | str) -> int:
    """A sub-seed for an independent stream named by ``labels`` (ints or ASCII strings):
    splitmix64 over the seed, then over each label (an int, or each UTF-8 byte of a string)
    xor-ed into the state."""
    return derive_further(0, seed, *labels)


def derive_further(sub_seed: int, *labels: int | str) -> int:
    """``derive(seed, *a, *b)`` as ``derive_further(derive(seed, *a), *b)``: the sub-seed is the
    state after ``a``, so a caller deriving many seeds under one prefix (a tournament's games of
    one pairing) absorbs the prefix once."""
    m = _MASK
    todo: list[int] = []
    for label in labels:
        if isinstance(label, str):
            todo.extend(label.encode("utf-8"))
        else:
            todo.append(label & m)
    x = sub_seed
    for v in todo:  # one step of splitmix64 per value
        x = ((x ^ v) + 0x9E3779B97F4A7C15) & m
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & m
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & m
        x ^= x >> 31
    return x


#: The stream labels :func:`seat_key` knows (an agent kind each); new kinds append here.
SEAT_LABELS = ("agent", "greedy", "mcts")


def seat_key(seed: int, label: str, seat: int) -> int:
    """The seed of a player agent's own stream: the game's seed, the agent's label (one of
    :data:`SEAT_LABELS`) and the seat (0–255) packed into one non-negative integer, a different
    one for every triple. The Mersenne Twister's seeding spreads it over the whole state, so
    no further mixing is needed (``derive`` costs about as much as the seeding itself)."""
    if not 0 <= seat < 256:
        raise ValueError(f"a seat is 0–255, got {seat}")
    z = seed << 1 if seed >= 0 else (~seed << 1) | 1  # zigzag: distinct for every integer
    return (z << 8 | seat) << 4 | SEAT_LABELS.index(label)


class Rng:
    """A seeded stream: ``random()``, ``below(n)``, ``shuffle(list)``, ``pick(seq)``."""

    __slots__ = ("draws", "random", "seed")

    def __init__(self, seed: int):
        if type(seed) is not int and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise TypeError(f"a seed is an integer, not {type(seed).__name__}")
        self.seed = seed
        self.random = _Generator(seed).random
        self.draws = 0  # how many floats were used: replays compare it

    def copy(self) -> Rng:
        """An independent stream at the same point: the same numbers to come, the same count."""
        twin = _new_rng(Rng)
        twin.seed, twin.draws = self.seed, self.draws
        generator = _Generator(0)
        generator.setstate(self.random.__self__.getstate())
        twin.random = generator.random
        return twin

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``n`` ≥ 1)."""
        self.draws += 1
        x = self.random() * n
        return floor(x) if x >= 0 else int(x)  # int(x), which floor is for x ≥ 0, at half the cost

    def shuffle(self, items: list) -> list:
        """Shuffle ``items`` in place (Fisher–Yates, last index first) and return it."""
        rnd = self.random
        for i in range(len(items) - 1, 0, -1):
            j = floor(rnd() * (i + 1))  # = int(): the product is ≥ 0
            items[i], items[j] = items[j], items[i]
        self.draws += max(len(items) - 1, 0)
        return items

    def pick(self, seq):
        """One element of a non-empty sequence (never a set: its order is not stable)."""
        return seq[self.below(len(seq))]

    def sample(self, seq, k: int) -> list:
        """``k`` distinct elements of ``seq`` in draw order (a partial Fisher–Yates)."""
        pool = list(seq)
        out = []
        if k > len(pool):  # runs out (IndexError), as below(0) picks from an empty pool
            for _ in range(k):
                out.append(pool.pop(self.below(len(pool))))
            return out
        rnd = self.random
        for _ in range(k):  # below(len(pool)) inlined; the product is ≥ 0, so floor is int
            out.append(pool.pop(floor(rnd() * len(pool))))
        self.draws += k
        return out


_new_rng = object.__new__
