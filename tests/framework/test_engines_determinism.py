"""Every registered game: the same seed gives the same rows whatever --jobs and chunk size."""
import pytest

from experiments.runner import Study, run_study
from reports.data import load_results
from sim import game_names, get_game


@pytest.mark.parametrize("game", [g for g in game_names() if g != "pig"])
def test_jobs_and_chunks_do_not_change_results(game, tmp_path):
    spec = get_game(game)
    players = spec.default_players
    names = [s.name for s in spec.strategies]
    lineup = ["greedy" if "greedy" in names else names[0]] + ["random"] * (players - 1)
    frames = []
    for jobs, chunk in [(1, 1000), (2, 3)]:
        study = Study(kind="seats", game=game, players=players, games=8 * players, seed=3,
                      strategies=lineup, chunk_size=chunk)
        frames.append(load_results(run_study(study, tmp_path / f"j{jobs}", jobs=jobs, progress=False)))
    assert len(frames[0]) == 8 * players
    assert frames[0].equals(frames[1])
