"""`agon design-report`: the battery in one report with contents, summary, plots and limits."""
import re

from experiments.cli import main


def test_design_report_for_pig(tmp_path, capsys):
    out = tmp_path / "design"
    assert main(["design-report", "pig", "--scale", "0.25", "--out", str(out), "--quiet"]) == 0
    md = (out / "pig" / "report.md").read_text()
    for part in ("## Contents", "## Executive summary", "## Seat advantage", "## Key constant: target",
                 "## Tournament", "## Components", "## Limits of what was shown"):
        assert part in md, part
    summary = md.split("## Executive summary")[1].split("\n## ")[0]
    items = [l for l in summary.splitlines() if l.startswith("- ")]
    assert len(items) >= 5 and all("Reproduce: `agon " in l for l in items)
    assert all(re.search(r"\[[+-]?\d+(\.\d+)?, [+-]?\d+(\.\d+)?\]", l) for l in items)   # each with an interval
    html = (out / "pig" / "report.html").read_text()
    n_img = md.count("![")
    assert n_img >= 8 and html.count("data:image/png;base64,") == n_img
    assert 'href="#executive-summary"' in html and 'id="executive-summary"' in html
    index = (out / "index.md").read_text()
    assert "pig/report.md" in index
