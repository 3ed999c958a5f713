"""Catan core shared by `catan` and `troja`: geometry, state layout, compiled rules."""
