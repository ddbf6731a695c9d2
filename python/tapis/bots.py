"""Built-in bots as policies: ``policy(state) -> action id`` for the seat asked now.

Each bot reads only that seat's view (never the state), exactly as in ``tapis play``; in a
reaction window it may return the decline id.
"""

from ._tapis import Bot


def random(seed: int = 0) -> Bot:
    """Uniform among the legal actions; lets a reaction window pass half the time."""
    return Bot("random", seed)


def heuristic(seed: int = 0) -> Bot:
    """Each game's rule-of-thumb player (the easy level)."""
    return Bot("heuristic", seed)


def ismcts(iterations: int = 1000, seed: int = 0) -> Bot:
    """Information-set Monte Carlo tree search with this many iterations a decision
    (1,000: the medium level; 5,000: the hard level)."""
    return Bot(f"ismcts:{int(iterations)}", seed)
