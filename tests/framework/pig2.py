"""Pig under a second name (tests only): a design battery of two games, whose first report is built in
another process while the second game plays (experiments/design.report_builder), without a real engine's
minutes. Registered by the test that uses it, not for every test."""
import dataclasses

from tests.framework.pig import SPEC as _PIG

SPEC = dataclasses.replace(_PIG, name="pig2", title="Pig again (test fixture)")
