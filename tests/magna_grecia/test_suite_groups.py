"""`make test` keeps a game's tests on one pytest-xdist worker (tests/conftest.py marks them with
their game's xdist_group), so each engine is compiled once, not once per worker. Nothing fails when
the grouping is lost (pytest 9.2 dropped it: pytest-dev/pytest-xdist#1386), the suite only gets
minutes slower, so this test checks it."""
import pytest


def test_a_game_s_tests_carry_their_group_to_the_scheduler(request):
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not run under pytest-xdist --dist loadgroup (make test runs it so)")
    assert request.node.nodeid.endswith("@magna_grecia"), request.node.nodeid
