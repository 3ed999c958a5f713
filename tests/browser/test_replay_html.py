"""The replay page (`agon play GAME --html`) in a real browser: headless Chromium driven by
Playwright, opened from disk (no server). Stepping changes the board; the last step shows the
final scores; the console stays clean. Skipped without Chromium / Playwright, like the report
test (unless AGON_REQUIRE_BROWSER=1)."""
import numpy as np
import pytest

from tests.browser.test_report_html import CHROMIUM_FLAGS, _browser_or_skip


def _page(tmp_path, game, players, seed, reveal=False):
    from experiments.lineup import arrays, parse_lineup
    from experiments.replay import replay_page, write_replay
    from sim import get_game
    spec = get_game(game)
    seats = parse_lineup(spec, "random", players, {})
    kinds, weights = arrays(spec, seats)
    page, res = replay_page(game, seed, 0, players, spec.params.defaults(), kinds, weights, seats,
                            None if reveal else 0)
    return write_replay(tmp_path / f"{game}.html", page), res


@pytest.mark.parametrize("game,players", [("magna-grecia", 3)])
def test_stepping_changes_the_board_and_the_last_step_shows_the_final_scores(tmp_path, game, players):
    chromium, sync_playwright = _browser_or_skip()
    path, res = _page(tmp_path, game, players, 3)
    console, errors = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page()
            page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(path.as_uri(), wait_until="load")
            first = page.inner_html("#pieces")
            assert page.inner_text("#pos").startswith("step 0 /")
            n = int(page.get_attribute("#slider", "max"))
            assert n > 20
            for _ in range(3):
                page.click("#next")
            assert page.inner_text("#pos").startswith("step 3 /")
            page.fill("#slider", str(n // 2))            # the slider jumps
            page.dispatch_event("#slider", "input")
            middle = page.inner_html("#pieces")
            assert page.inner_text("#pos").startswith(f"step {n // 2} /")
            assert middle != first, "the board did not change between step 0 and the middle of the game"
            assert page.inner_text("#action")
            page.click("#last")
            final = page.inner_text("#final")
            table = page.inner_text("#scores")
            page.keyboard.press("Home")
            back = page.inner_html("#pieces")
        finally:
            browser.close()
    score = [int(x) if float(x).is_integer() else x for x in np.asarray(res["score"][0]).tolist()]
    assert final.endswith("final score [" + ", ".join(str(x) for x in score) + "]"), final
    assert "final score" in table and all(str(x) in table for x in score)
    assert back == first
    assert not console and not errors, (console, errors)
