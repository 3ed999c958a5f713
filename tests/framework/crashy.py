"""Pig with a worker that dies: the fault-injection fixture of the worker-loss tests.

The first process that plays the chunk starting at game AGON_CRASH_AT while the
marker file AGON_CRASH_MARKER does not exist creates the marker and kills itself
with SIGKILL, exactly as an out-of-memory kill or a crashed node would. The marker
makes it happen once, so the replayed chunk then plays normally and the results
must equal those of plain `pig`.
"""
import os
import signal
from dataclasses import replace

from tests.framework import pig


def play_batch(seed, start, n_games, n_players, params, kinds, weights, check=False):
    marker = os.environ.get("AGON_CRASH_MARKER")
    at = int(os.environ.get("AGON_CRASH_AT", "-1"))
    if marker and start == at and n_games > 1:
        try:
            with open(marker, "x"):
                pass
        except FileExistsError:
            pass
        else:
            os.kill(os.getpid(), signal.SIGKILL)
    return pig.play_batch(seed, start, n_games, n_players, params, kinds, weights, check)


SPEC = replace(pig.SPEC, name="crashy", title="Pig (crashing worker)", play_batch=play_batch, skill_ladder=None)
