"""Parameters: encoding, ranges, options, one-line errors."""
import pytest

from sim.spec import AgonInputError, Param, ParamTable

TABLE = ParamTable([
    Param("points", 4, 0, 12, "per oracle"),
    Param("mode", "ladder", choices=("ladder", "plus_one")),
    Param("flag", False, boolean=True),
    Param("rate", 0.5, 0.0, 1.0, integer=False),
])


def test_defaults_and_overrides():
    assert list(TABLE.defaults()) == [4, 0, 0, 0.5]
    vec = TABLE.vector({"points": "7", "mode": "plus_one", "flag": "true", "rate": 0.25})
    assert list(vec) == [7, 1, 1, 0.25]
    assert TABLE.describe(vec) == {"points": 7, "mode": "plus_one", "flag": True, "rate": 0.25}


@pytest.mark.parametrize("name,value,words", [
    ("points", 13, "out of range 0..12"),
    ("points", 2.5, "must be an integer"),
    ("points", "x", "not a number"),
    ("mode", "other", "valid: ladder, plus_one"),
    ("flag", "maybe", "valid: true, false"),
    ("nope", 1, "valid: points, mode, flag, rate"),
])
def test_bad_values_name_the_valid_choices(name, value, words):
    with pytest.raises(AgonInputError) as e:
        TABLE.vector({name: value})
    assert words in str(e.value)
    assert "\n" not in str(e.value)
