"""The OpenSpiel-shaped core: ids both ways, masks, clone, serialize, resampling, records."""

import json
import os
import random
import subprocess
from pathlib import Path

import numpy as np
import pytest

import tapis
from conftest import TABLES, WINDOW_TABLES, play_random, table_id

ROOT = Path(__file__).resolve().parents[2]
ALL = TABLES + WINDOW_TABLES


def test_load_game_takes_options_and_refuses_bad_ones():
    game = tapis.load_game("nantais", players=4, joker_draw=5)
    assert game.num_players() == 4
    assert game.get_parameters()["joker_draw"] == 5
    assert game.get_parameters()["rounds_to_win"] == 3
    with pytest.raises(ValueError, match="joker_drw"):
        tapis.load_game("nantais", players=4, joker_drw=5)
    with pytest.raises(ValueError, match="2 to 7|2–7|players"):
        tapis.load_game("nantais", players=12)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        tapis.load_game("chess")
    with pytest.raises(ValueError, match="reward"):
        tapis.load_game("gum", reward="points")


def test_games_give_each_games_own_words():
    entries = {entry["id"]: entry for entry in tapis.games()}
    assert tuple(entries) == tapis.GAMES
    for entry in entries.values():
        for key in ("tagline", "short_name", "round_word"):
            assert entry[key] and entry[f"{key}_fr"], (entry["id"], key)
    assert entries["nurmut"]["tagline"] == "Two-faced animal cards and some courage: guess what hides beneath."
    assert entries["crazyeights"]["name"] == "Crazy Eights (OpenSpiel)"
    assert entries["crazyeights"]["short_name"] == "Crazy Eights"
    assert (entries["gum"]["round_word"], entries["gum"]["round_word_fr"]) == ("game", "partie")


def test_crazyeights_has_openspiels_sizes():
    game = tapis.load_game("crazyeights", players=4)
    assert game.num_distinct_actions() == 58
    assert game.observation_tensor_shape() == [319]
    assert game.decline_action is None
    assert game.action_to_string(0) == "play 2C"
    assert game.action_to_string(52) == "draw"
    assert game.string_to_action("SUIT s") == 57


def test_games_with_windows_end_their_ids_with_the_decline():
    game = tapis.load_game("nantais", players=4)
    assert game.num_distinct_actions() == 79
    assert game.decline_action == 78
    assert game.action_to_string(78) == "decline"
    assert game.string_to_action("decline") == 78
    assert tapis.load_game("nantais", players=4, auto_unique=True).decline_action is None
    assert tapis.load_game("njet", players=4).decline_action is None
    with pytest.raises(ValueError, match="not an action"):
        game.action_to_string(79)
    with pytest.raises(ValueError):
        game.string_to_action("contre 7")  # no seat 7 at a table of four


@pytest.mark.parametrize("table", ALL, ids=table_id)
def test_ids_masks_and_strings_agree(table, rng):
    game, players, options = table
    g = tapis.load_game(game, players=players, **options)
    n = g.num_distinct_actions()
    for action in range(n):
        assert g.string_to_action(g.action_to_string(action)) == action
    for match in range(3):
        state = g.new_initial_state(seed=match)
        for _ in range(400):
            if state.is_terminal():
                assert state.current_player() == tapis.TERMINAL
                assert state.legal_actions() == []
                break
            player = state.current_player()
            legal = state.legal_actions()
            assert legal == sorted(set(legal)) and legal
            mask = state.legal_actions_mask()
            assert len(mask) == n and [i for i, m in enumerate(mask) if m] == legal
            for other in range(players):
                if other != player:
                    assert state.legal_actions(other) == []
            tensor = state.observation_tensor(player)
            assert len(tensor) == g.observation_tensor_size()
            assert np.isfinite(tensor).all()
            for action in legal:
                assert state.string_to_action(state.action_to_string(player, action)) == action
            state.apply_action(rng.choice(legal))
        assert len(state.history()) == state.move_number()


@pytest.mark.parametrize("table", ALL, ids=table_id)
def test_illegal_ids_are_refused_and_change_nothing(table):
    game, players, options = table
    state = tapis.load_game(game, players=players, **options).new_initial_state(seed=3)
    before = state.serialize()
    illegal = [a for a, m in enumerate(state.legal_actions_mask()) if not m][0]
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(illegal)
    with pytest.raises(ValueError):
        state.apply_action(-1)
    assert state.serialize() == before


@pytest.mark.parametrize("table", ALL, ids=table_id)
def test_clone_and_serialize_give_the_same_match(table, rng):
    game, players, options = table
    state = tapis.load_game(game, players=players, **options).new_initial_state(seed=11)
    play_random(state, rng, 150)
    twin = state.clone()
    text = state.serialize()
    copy = tapis.deserialize_state(text)
    assert copy.serialize() == text
    assert copy.history() == state.history()
    steps = play_random(state, random.Random(1), 300)
    assert twin.history() != state.history() or not steps  # the clone did not move
    for other in (twin, copy):
        for action in steps:
            other.apply_action(action)
        assert other.serialize() == state.serialize()
        assert other.returns() == state.returns()
        for seat in range(players):
            assert other.observation_tensor(seat) == state.observation_tensor(seat)


@pytest.mark.parametrize("table", ALL, ids=table_id)
def test_resampling_what_a_seat_cannot_see_keeps_its_tensor(table, rng):
    """Re-deal what each seat cannot see: its tensor, its legal ids, and who is asked now (and
    whether he may decline) stay the same; the others' tensors do change sometimes (in Nur Mut
    nobody sees more than anybody else: every hidden face is hidden from all)."""
    game, players, options = table
    g = tapis.load_game(game, players=players, **options)
    changed = 0
    for match in range(4):
        state = g.new_initial_state(seed=100 + match)
        for _ in range(30):
            if state.is_terminal():
                break
            for seat in range(players):
                sample = state.resample_from_infostate(seat, seed=rng.randrange(2**63))
                assert sample.observation_tensor(seat) == state.observation_tensor(seat)
                assert sample.observation_string(seat) == state.observation_string(seat)
                assert sample.legal_actions(seat) == state.legal_actions(seat)
                assert sample.current_player() == state.current_player()
                assert sample.may_decline() == state.may_decline()
                assert sample.observation_tensor(spectator=True) == state.observation_tensor(spectator=True)
                other = (seat + 1) % players
                changed += sample.observation_tensor(other) != state.observation_tensor(other)
                with pytest.raises(ValueError, match="no record"):
                    sample.record()
            play_random(state, rng, rng.randrange(1, 15))
    assert changed > 0 or game == "nurmut"


def test_a_window_asks_each_seat_in_turn_with_a_decline():
    g = tapis.load_game("nantais", players=4)
    decline = g.decline_action
    windows, first = 0, [0] * 4
    r = random.Random(4)
    for seed in range(40):
        state = g.new_initial_state(seed=seed)
        asked_before = None
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.may_decline():
                assert decline in legal
                if not state.declined():
                    windows += 1
                    first[state.current_player()] += 1
                seat = state.current_player()
                state.apply_action(decline)
                assert seat in state.declined() or state.is_terminal()
                assert state.current_player() != seat
                continue
            assert decline not in legal
            state.apply_action(r.choice(legal))
            asked_before = state.current_player()
    assert windows > 50, windows
    # Nobody is first by design: every seat is asked first in some windows.
    assert min(first) > 0, first
    del asked_before


def tapis_binary():
    # The tests' profile, as scripts/python_tests.sh builds it.
    path = ROOT / "target" / "checked" / "tapis"
    if not path.exists():
        subprocess.run(["cargo", "test", "--workspace", "--profile", "checked", "--no-run", "-q"], cwd=ROOT, check=True)
    return path


def referee(requests):
    lines = "\n".join(json.dumps(r) for r in requests) + "\n"
    out = subprocess.run([str(tapis_binary()), "referee"], input=lines, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


@pytest.mark.parametrize("table", TABLES + WINDOW_TABLES, ids=table_id)
def test_a_match_played_in_python_replays_in_the_referee(table):
    game, players, options = table
    state = tapis.load_game(game, players=players, **options).new_initial_state(seed=42)
    r = random.Random(42)
    while not state.is_terminal():
        state.apply_action(r.choice(state.legal_actions()))
    assert not state.is_truncated()
    record = state.record()
    assert record["game"] == game and record["players"] == players and record["seed"] == 42
    [loaded, status] = referee([{"cmd": "load", "record": record}, {"cmd": "status"}])
    assert loaded["ok"], loaded
    status = status["status"]
    assert status["over"] is True
    assert status["winners"] == state.winners()
    assert status["scores"] == state.scores()
    assert status["round"] == state.round()
    assert status["actors"] == []
