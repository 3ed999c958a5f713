"""A study report as a list of blocks, written as report.md + self-contained report.html.

Reuses the block model and renderers of reports/render.py so every Agon report looks the
same; adds heading anchors and a table of contents (long design reports need them) and
images taken from other run folders (embedded in the HTML, linked from the Markdown).
"""
from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from reports.fmt import ci, integer, num, pct, pval, value  # noqa: F401  (re-exported for the study reports)
from reports.render import blocks_to_html, blocks_to_markdown, write_atomic

__all__ = ["Doc", "pct", "ci", "pval", "num", "integer", "value", "slug"]


def slug(text: str) -> str:
    """GitHub-style heading anchor."""
    s = re.sub(r"[`*]", "", text).strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


class Doc:
    """Blocks + images + files of one report folder."""

    def __init__(self, title: str):
        self.title = title
        self.blocks: list = [("h", 1, title)]
        self.images: dict[str, bytes] = {}     # written into the folder
        self.linked: dict[str, bytes] = {}     # already on disk elsewhere: embedded in HTML only
        self.files: dict[str, bytes] = {}

    def verdicts(self, items):
        """The report's first section: one line per question a designer asked, with the action it
        implies (STATISTICS.md: every report opens with its verdicts)."""
        items = list(items)
        if items:
            self.blocks[1:1] = [("h", 2, "Verdict"), ("ul", items)]

    def h(self, level: int, text: str):
        self.blocks.append(("h", level, text))

    def p(self, text: str):
        self.blocks.append(("p", text))

    def ul(self, items):
        items = list(items)
        if items:
            self.blocks.append(("ul", items))

    def code(self, text: str):
        self.blocks.append(("code", text))

    def opening(self, out, meta: dict, what: list, findings: list):
        """What every study report opens with: what was run, the command that reproduces it,
        the findings and, for a sequential run, the rule that stopped it (stopping.json)."""
        self.h(2, "What was run")
        self.ul(what)
        self.p("Command (reproduces every figure below):")
        self.code(meta.get("command", ""))
        self.h(2, "Findings")
        self.ul(findings)
        stop = Path(out) / "stopping.json"
        if stop.exists():
            import json
            from reports.sequential import stopping_blocks
            self.blocks += stopping_blocks(json.loads(stop.read_text()),
                                           played=meta.get("games") if meta.get("kind") != "tune" else None)

    def table(self, headers, rows, caption=""):
        self.blocks.append(("table", headers, rows, caption))

    def img(self, name: str, png: bytes, alt: str, caption: str = ""):
        self.images[name] = png
        self.blocks.append(("img", name, alt, caption))

    def img_linked(self, relpath: str, png: bytes, alt: str, caption: str = ""):
        self.linked[relpath] = png
        self.blocks.append(("img", relpath, alt, caption))

    def csv(self, name: str, df: pd.DataFrame):
        self.files[name] = df.to_csv(index=False, lineterminator="\n").encode()

    def toc(self, at: int = 1):
        """Insert a table of contents (level-2 headings) at block index `at`."""
        heads = [b[2] for b in self.blocks if b[0] == "h" and b[1] == 2]
        items = [f"[{re.sub(r'[`*]', '', t)}](#{slug(t)})" for t in heads]
        if at == 1 and len(self.blocks) > 2 and self.blocks[1] == ("h", 2, "Verdict"):
            at = 3       # the verdict stays first
        self.blocks[at:at] = [("h", 2, "Contents"), ("ul", items)]

    def write(self, folder) -> Path:
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        md = blocks_to_markdown(self.blocks)
        page = blocks_to_html(self.blocks, {**self.linked, **self.images}, self.title)
        page = _anchor_headings(page)
        for name, data in {**self.files, **self.images}.items():
            write_atomic(folder / name, data)
        write_atomic(folder / "report.md", md.encode())
        write_atomic(folder / "report.html", page.encode())
        return folder / "report.md"


def _anchor_headings(page: str) -> str:
    def rep(m):
        text = re.sub(r"<[^>]+>", "", m.group(2))
        import html as _h
        return f'<h{m.group(1)} id="{slug(_h.unescape(text))}">{m.group(2)}</h{m.group(1)}>'
    return re.sub(r"<h([1-6])>(.*?)</h\1>", rep, page)
