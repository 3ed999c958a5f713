"""An index page for a TOML study file's run folders (`agon run`)."""
from __future__ import annotations

import html
import json
from pathlib import Path

from reports.render import write_atomic


def write_index(base, runs: list[tuple[str, Path]], title: str = "Agon studies") -> Path:
    """base/index.md and base/index.html linking each study's report, with its headline figures."""
    base = Path(base)
    md = [f"# {title}", "", "| study | game | kind | players | games | strategies | report |",
          "|---|---|---|---|---|---|---|"]
    rows_html = []
    for name, folder in runs:
        meta = json.loads((Path(folder) / "run.json").read_text())
        rel = Path(folder).relative_to(base) if Path(folder).is_relative_to(base) else Path(folder)
        cells = [name, meta.get("title", meta.get("game", "")), meta.get("kind", ""), str(meta.get("players", "")),
                 f"{meta.get('games', 0):,}", ", ".join(dict.fromkeys(meta.get("strategies", [])))]
        md.append("| " + " | ".join(cells) + f" | [report.md]({rel}/report.md) |")
        rows_html.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells)
                         + f'<td><a href="{html.escape(str(rel))}/report.html">report</a></td></tr>')
    write_atomic(base / "index.md", ("\n".join(md) + "\n").encode())
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            "<style>body{font-family:sans-serif;margin:2em}td,th{border:1px solid #ccc;padding:4px 8px}"
            "table{border-collapse:collapse}</style></head><body>"
            f"<h1>{html.escape(title)}</h1><table><tr><th>study</th><th>game</th><th>kind</th><th>players</th>"
            "<th>games</th><th>strategies</th><th>report</th></tr>" + "".join(rows_html) + "</table></body></html>\n")
    write_atomic(base / "index.html", page.encode())
    return base / "index.md"
