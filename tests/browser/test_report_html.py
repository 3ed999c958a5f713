"""report.html in a real browser: headless Chromium (Debian's package) driven by Playwright.

The page designers open must show every plot and raise no console or page errors.
Skipped when Chromium or Playwright is missing, unless AGON_REQUIRE_BROWSER=1 (CI sets it).
"""
import os
import shutil

import pytest

from experiments.runner import Study, run_study
from reports import build_report

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _browser_or_skip():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    missing = [] if chromium else ["chromium"]
    missing += [] if sync_playwright else ["playwright (pip install 'agon[browser]')"]
    if missing:
        msg = "browser test needs " + " and ".join(missing)
        if os.environ.get("AGON_REQUIRE_BROWSER") == "1":
            pytest.fail(msg)
        pytest.skip(msg)
    return chromium, sync_playwright


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    """A seats report (mixed strategies: strategy plots) and a sweep report (komi plot)."""
    base = tmp_path_factory.mktemp("browser")
    seats = run_study(Study(kind="seats", game="pig", players=3, games=900, seed=4,
                            strategies="random,greedy,greedy"), base / "seats", progress=False)
    sweep = run_study(Study(kind="sweep", game="pig", players=2, games=400, seed=4,
                            sweep=[["target", [20, 30, 40]]]), base / "sweep", progress=False)
    for run in (seats, sweep):
        build_report(run)
    return [seats / "report.html", sweep / "report.html"]


def _open(page_path, chromium, sync_playwright):
    """Load the page; return (image states, console errors, page errors, headings)."""
    console, page_errors = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page()
            page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: page_errors.append(str(e)))
            page.goto(page_path.as_uri(), wait_until="load")
            images = page.eval_on_selector_all(
                "img", "els => els.map(e => ({alt: e.alt, complete: e.complete, w: e.naturalWidth, h: e.naturalHeight}))")
            headings = page.eval_on_selector_all("h1, h2", "els => els.map(e => e.textContent)")
        finally:
            browser.close()
    return images, console, page_errors, headings


def test_every_plot_loads_and_the_console_is_clean(reports):
    chromium, sync_playwright = _browser_or_skip()
    for path in reports:
        images, console, page_errors, headings = _open(path, chromium, sync_playwright)
        assert images, f"{path.parent.name}: the report has no plots"
        broken = [im["alt"] for im in images if not im["complete"] or im["w"] < 100 or im["h"] < 100]
        assert not broken, f"{path.parent.name}: plots that did not load: {broken}"
        assert not console, f"{path.parent.name}: console errors: {console}"
        assert not page_errors, f"{path.parent.name}: page errors: {page_errors}"
        assert headings and "Seat" in " ".join(headings)


def test_a_broken_image_would_be_caught(reports, tmp_path):
    """The check can fail: a page with a corrupt plot is reported as broken."""
    chromium, sync_playwright = _browser_or_skip()
    text = reports[0].read_text()
    start = text.index("data:image/png;base64,") + len("data:image/png;base64,")
    bad = tmp_path / "report.html"
    bad.write_text(text[:start] + "AAAA" + text[start + 4000:])
    images, _, _, _ = _open(bad, chromium, sync_playwright)
    assert any(not im["complete"] or im["w"] == 0 for im in images)
