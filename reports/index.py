"""An index page for a TOML study file's run folders (`agon run`)."""
from __future__ import annotations

import html
import json
from pathlib import Path

from reports.render import _markdown_it, write_atomic


def verdict_lines(folder) -> list[str]:
    """The bullets of a report's "## Verdict" section, nested ones indented as they are ([] when it has
    none): the lines a designer acts on."""
    p = Path(folder) / "report.md"
    text = p.read_text() if p.is_file() else ""
    if "\n## Verdict\n" not in text:
        return []
    section = text.split("\n## Verdict\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.lstrip().startswith("- ")]


def write_index(base, runs: list[tuple[str, Path]], title: str = "Agon studies") -> Path:
    """base/index.md and base/index.html linking each study's report, then every report's verdict (a design
    battery's four games' findings on one page)."""
    base = Path(base)
    md = [f"# {title}", "", "| study | game | kind | players | games | strategies | report |",
          "|---|---|---|---|---|---|---|"]
    rows_html = []
    verdicts = []           # every report's verdict on the one page a run leaves (design reports have one)
    for name, folder in runs:
        meta = json.loads((Path(folder) / "run.json").read_text())
        rel = Path(folder).relative_to(base) if Path(folder).is_relative_to(base) else Path(folder)
        lines = verdict_lines(folder)
        if lines:
            verdicts += ["", f"## {meta.get('title', name)}: verdict ([report]({rel}/report.md))", "", *lines]
        cells = [name, meta.get("title", meta.get("game", "")), meta.get("kind", ""), str(meta.get("players", "")),
                 f"{meta.get('games', 0):,}", ", ".join(dict.fromkeys(meta.get("strategies", [])))]
        md.append("| " + " | ".join(cells) + f" | [report.md]({rel}/report.md) |")
        rows_html.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells)
                         + f'<td><a href="{html.escape(str(rel))}/report.html">report</a></td></tr>')
    md += verdicts
    write_atomic(base / "index.md", ("\n".join(md) + "\n").encode())
    body = _markdown_it().render("\n".join(verdicts)) if verdicts else ""
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            "<style>body{font-family:sans-serif;margin:2em;max-width:70em}td,th{border:1px solid #ccc;padding:4px 8px}"
            "table{border-collapse:collapse}li{margin:.3em 0}</style></head><body>"
            f"<h1>{html.escape(title)}</h1><table><tr><th>study</th><th>game</th><th>kind</th><th>players</th>"
            "<th>games</th><th>strategies</th><th>report</th></tr>" + "".join(rows_html) + "</table>" + body
            + "</body></html>\n")
    write_atomic(base / "index.html", page.encode())
    return base / "index.md"
