"""tapis: five French card games and OpenSpiel's Crazy Eights for learning agents.

The engine is Rust (the `tapis` repository); this package binds it with PyO3:

- an OpenSpiel-shaped core: ``tapis.load_game("nantais", players=4, joker_draw=5)`` gives a
  :class:`Game`, whose ``new_initial_state(seed=...)`` gives a :class:`State` with fixed integer
  action ids, masks, observation and information-state tensors and strings, ``clone``,
  ``resample_from_infostate``, ``serialize`` and ``record()`` (loadable by ``tapis referee``);
- ``tapis.openspiel``: every game registered with ``pyspiel`` as ``tapis_<game>``, so that
  OpenSpiel's algorithms run on it unchanged;
- :class:`VectorEnv`: many matches stepped in one call inside Rust, bots as opponents or the
  agent at every seat (self-play);
- ``tapis.pettingzoo`` (AEC and parallel environments) and ``tapis.gym`` (single-agent
  environments against built-in bots, registered with Gymnasium as ``tapis/<game>-v0`` when
  Gymnasium is installed), imported on demand;
- ``tapis.bots`` (random, heuristic, ISMCTS as policies) and ``tapis.arena`` (duplicate deals,
  Python policies beside the built-in bots).

Reaction windows and simultaneous phases are made sequential: every seat that could act is
asked in turn, in an order drawn for each position from a public hash, and a seat the match
does not wait for may decline (``game.decline_action``). See ``docs/python.md``.
"""

from ._tapis import (  # noqa: F401
    NO_PROGRESS,
    TERMINAL,
    Bot,
    Game,
    State,
    VectorEnv,
    arena,
    deserialize_state,
    game_seed,
    games,
    load_game,
)
from . import bots  # noqa: F401

#: The game ids, as the registry lists them.
GAMES = tuple(entry["id"] for entry in games())


def player_counts(game: str) -> tuple:
    """The smallest and largest tables of a game with its default options."""
    for entry in games():
        if entry["id"] == game:
            return tuple(entry["players"])
    raise ValueError(f"unknown game {game!r}; the games are: {', '.join(GAMES)}")


def _register_with_gymnasium():
    """``gymnasium.make("tapis/<game>-v0", players=4, opponents="heuristic", ...)``, when
    Gymnasium is installed (the environment itself is imported only when made)."""
    try:
        import gymnasium
    except ImportError:
        return
    for game in GAMES:
        env_id = f"tapis/{game}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="tapis.gym:TapisEnv", kwargs={"game": game})


_register_with_gymnasium()
