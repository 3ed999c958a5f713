"""Agon reports: statistics, tables, plots and Markdown/HTML reports of a run folder.

Reports take results as data (Parquet chunks + run.json) and never run games.
"""
from reports.index import write_index
from reports.render import build_report

__all__ = ["build_report", "write_index"]
