"""Shared test settings.

Hypothesis has two profiles: `fast` (the default, for every run and CI) and
`thorough` (`HYPOTHESIS_PROFILE=thorough pytest`), which tries many more
examples.  Tests never touch the real user data folder or settings.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "fast", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))


@pytest.fixture(autouse=True)
def _deliberate_keys(monkeypatch):
    """A test's keys are deliberate: a hand-over's curtain takes them at
    once (ui/turns.py `hold`; tests/test_handover_hold.py drives its clock)."""
    from whitechapel.ui.turns import TurnControl

    monkeypatch.setattr(TurnControl, "hold", 0.0)
    # and the computer's actions come at once (a test of the pacing sets it back)
    monkeypatch.setattr(TurnControl, "pace_scale", 0.0)


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    # nor the player's settings (core/config.py): each test starts with none
    monkeypatch.setenv("WHITECHAPEL_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
