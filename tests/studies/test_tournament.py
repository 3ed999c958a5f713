"""The tournament recovers a known strength order (Pig: random < cautious (holds at 7) <
greedy (holds at 12), measured head to head) and separates the seat effect from skill."""
from experiments import tournament
from experiments.tournament import lineups


def test_lineups_cover_every_pair():
    assert lineups(["a", "b", "c"], 2) == [["a", "b"], ["a", "c"], ["b", "c"]]
    assert lineups(["a", "b", "c"], 4) == [["a", "a", "b", "c"], ["a", "b", "b", "c"], ["a", "b", "c", "c"]]
    assert len(lineups(list("abcde"), 3)) == 10


def test_tournament_recovers_the_strength_order(tmp_path):
    t = tournament.Tournament(game="pig", strategies="greedy,random,cautious", players=2, games=6000, seed=3,
                              ladder=["random", "cautious", "greedy"], command="agon tournament pig ...")
    res = tournament.run(t, tmp_path / "t", progress=False)
    order = res["ratings"]["strategy"].tolist()
    assert order == ["greedy", "cautious", "random"]
    assert res["ladder"]["holds"]
    assert "Skill ladder random < cautious < greedy holds" in res["findings"][0]
    seats = res["seats"]
    s1 = seats[seats["seat"] == 1].iloc[0]
    assert s1.high < 0            # the first seat's edge in Pig shows as a seat term, not as skill
    md = (tmp_path / "t" / "report.md").read_text()
    for part in ("## Ratings", "## Win matrix", "tournament_matrix.png", "cannot conclude"):
        assert part in md
    html = (tmp_path / "t" / "report.html").read_text()
    assert html.count("data:image/png;base64,") == 2


def test_three_strategies_in_four_seats(tmp_path):
    t = tournament.Tournament(game="pig", strategies="random,greedy,cautious", players=4, games=1200, seed=4)
    res = tournament.run(t, tmp_path / "t4", progress=False)
    assert res["ratings"]["strategy"].iloc[0] == "greedy"
    assert len(res["seats"]) == 4
