"""The "Stopping rule" section: which rule ended a run, and every look it took.

Studies built on `reports.render.build_report` (seats, sweep) get the section inserted
into their report.md / report.html after the report is built (the renderer stays a black
box); studies with their own report add `stopping_blocks` directly.
"""
from __future__ import annotations

import json
from pathlib import Path

from reports.render import blocks_to_html, blocks_to_markdown, write_atomic

__all__ = ["stopping_blocks", "annotate_report", "write_record", "stopping_sentence"]


def write_record(run_dir, record: dict) -> None:
    write_atomic(Path(run_dir) / "stopping.json", (json.dumps(record, indent=2) + "\n").encode())


def stopping_sentence(record: dict, played: int | None = None) -> str:
    """`played`: the games actually played when a study rounds `--games` (whole rotations of every
    line-up): the sentence states what was played, not what was asked."""
    looks = record.get("looks") or []
    n = looks[-1]["games"] if looks else 0
    if record.get("stopped_by") == "fixed sample size":
        n = int(played) if played else n
        return f"Sample size fixed in advance ({n:,} games); no stopping rule."
    return (f"Stopped by **{record['stopped_by']}** after {len(looks)} look(s) at {n:,} games: "
            f"{record.get('decision', '')}.")


def stopping_blocks(record: dict, unit: str = "games", played: int | None = None) -> list:
    """Blocks: heading, the rule, the decision, a table of looks, and what it means for the
    intervals of the report."""
    blocks = [("h", 2, "Stopping rule"), ("p", f"Rule: {record['rule']}."), ("p", stopping_sentence(record, played))]
    looks = record.get("looks") or []
    if record.get("stopped_by") != "fixed sample size" and looks:
        rows = []
        for i, lk in enumerate(looks, 1):
            rows.append([i, f"{lk['games']:,}",
                         "n/a" if lk.get("max_half_width") is None else f"{100 * lk['max_half_width']:.3g}",
                         lk.get("widest") or "-",
                         "-" if lk.get("llr") is None else f"{lk['llr']:.3f}" + (
                             f" ({lk['nearest']})" if lk.get("nearest") else "")])
        cap = f"One row per look (the rule is checked only after whole batches; {unit} as in `--games`)."
        if record.get("bounds"):
            lo, hi = record["bounds"]
            cap += (f" SPRT bounds on each test's log likelihood ratio: accept H0 when every test is at or below "
                    f"{lo:.3f}, reject it when one reaches {hi:.3f}.")
        blocks.append(("table", ["look", unit, "widest half-width (pts)", "widest interval", "largest SPRT log LR"],
                       rows, cap))
        k = record.get("looks_planned")
        if k:
            blocks.append(("p", f"This run looked at its results after every batch and stopped on what it saw, so a "
                                f"plain 95% interval would cover less than 95%. The rule could look up to {k} times: "
                                f"intervals marked **anytime-valid** are Wilson intervals at 5%/{k} and hold at 95% "
                                "whichever look stopped the run (a union bound over the looks); intervals not so "
                                "marked are nominal. SPRT error rates are the stated alpha and beta only "
                                "approximately (ties split, batches rather than single games)."))
        else:
            blocks.append(("p", "The intervals of this report are nominal: they do not allow for the stop after "
                                "looking at the results and cover less than 95%."))
    return blocks


def annotate_report(run_dir, record: dict) -> None:
    """Insert the stopping section before "## Findings" in report.md and report.html."""
    run_dir = Path(run_dir)
    write_record(run_dir, record)
    blocks = stopping_blocks(record)
    md_path, html_path = run_dir / "report.md", run_dir / "report.html"
    if md_path.exists():
        md = md_path.read_text()
        part = blocks_to_markdown(blocks)
        i = md.find("\n## Findings")
        md = md[:i + 1] + part + "\n" + md[i + 1:] if i >= 0 else md + "\n" + part
        write_atomic(md_path, md.encode())
    if html_path.exists():
        page = html_path.read_text()
        body = blocks_to_html(blocks, {}, "")
        body = body[body.index("<body>") + len("<body>"):body.index("</body>")]
        i = page.find("<h2>Findings</h2>")
        page = page[:i] + body + page[i:] if i >= 0 else page.replace("</body>", body + "</body>")
        write_atomic(html_path, page.encode())
