"""Causal checks stay paired: the players' stream is keyed by (seat, turn, decision in the turn),
sim/rng.at_decision. With one stream per game, turning Pericles' power off (Greece's cheaper
triremes no longer legal at some decisions, though Greece mostly declines them) shifted every
later draw of the greedy's tie-breaks, and 286 of 300 games went apart; keyed, only the games in
which Greece uses the power move (61 of 300)."""
import numpy as np

from sim import get_game
from sim.mare_nostrum.board import CIV_GREECE


def _games(over, n=120, seed=5):
    spec = get_game("mare-nostrum")
    info = spec.strategy("greedy")
    kinds = [info.kind] * 6
    return spec.play_batch(seed, 0, n, 6, spec.params.vector(over), kinds, np.array([info.weights] * 6))


def test_a_switch_moves_only_the_games_it_touches():
    base = _games({})
    off = _games({"power_pericles": False})
    same = np.all(base["score"] == off["score"], axis=1) & (base["actions"] == off["actions"])
    assert same.mean() > 0.7, same.sum()
    assert not same.all()                            # the power is used in some games
    # and the games it moves are games where Greece had Pericles
    greece = base["civ"] == CIV_GREECE
    moved = ~same
    assert (base["hero_pericles"][moved] * greece[moved]).sum(axis=1).min() == 1
