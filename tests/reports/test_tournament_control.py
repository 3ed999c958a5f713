"""The design report's tournament control counts the pairings one side won: in a game that ranks
only its winner (Mare Nostrum, `rank_by_win`) two losers tie, and with ties as halves `ismcts` was
"ahead of `random` in 67.7% of pairings (expected near 100%)", a control that looked failed while
`ismcts` was ahead in every decided pairing (reports/tournament.win_matrix, reports/design.sanity_text)."""
import numpy as np

from reports.design import sanity_text
from reports.tournament import PairCounts, win_matrix


def test_ties_are_left_out_of_the_decided_rate():
    pc = PairCounts(["ismcts", "random"], 3)
    # 10 games, seats (ismcts, random, random); ranks 1 for the winner, 2 for everyone else
    rank = np.array([[1, 2, 2]] * 4 + [[2, 1, 2]] * 1 + [[2, 2, 1]] * 5)
    pc.add(["ismcts", "random", "random"], rank, (rank == 1).astype(float))
    m = win_matrix(pc).set_index(["row", "column"]).loc[("ismcts", "random")]
    # ismcts-random pairs: 20; ismcts won 4 games (8 pairs ahead), random won 6 (6 pairs behind, 6 tied)
    assert m["pairs"] == 20 and m["decided"] == 14
    assert np.isclose(m["rate"], (8 + 3) / 20) and np.isclose(m["decided_rate"], 8 / 14)
    text = sanity_text(m, "ismcts")
    assert "57.1%" in text and "of the 14 pairings one of them won" in text and "other 6 of 20 both lost" in text


def test_without_ties_the_line_is_as_before():
    pc = PairCounts(["ismcts", "random"], 2)
    rank = np.array([[1, 2]] * 9 + [[2, 1]])
    pc.add(["ismcts", "random"], rank, (rank == 1).astype(float))
    m = win_matrix(pc).set_index(["row", "column"]).loc[("ismcts", "random")]
    assert sanity_text(m, "ismcts") == ("Sanity control: `ismcts` finishes ahead of `random` in 90.0% "
                                        f"[{100 * m['low']:.1f}, {100 * m['high']:.1f}] of 10 pairings (expected near 100%).")
