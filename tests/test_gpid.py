"""GPIDs: stable per key, unique, and valid for VASSAL's integer nextPieceSlotId."""

import pytest
from hypothesis import given, strategies as st

from vassal import gpid as gpid_module
from vassal.gpid import assign_gpids, gpid_for, next_piece_slot_id

JAVA_INT_MAX = 2**31 - 1


def test_same_key_same_gpid_whatever_else_is_in_the_module():
    small = assign_gpids(["CSA-Hood", "USA-Thomas"])
    large = assign_gpids(["USA-Schofield", "CSA-Cheatham", "USA-Thomas", "CSA-Hood", "CSA-Forrest"])
    assert small["CSA-Hood"] == large["CSA-Hood"] == gpid_for("CSA-Hood")
    assert small["USA-Thomas"] == large["USA-Thomas"]
    assert list(large) == ["USA-Schofield", "CSA-Cheatham", "USA-Thomas", "CSA-Hood", "CSA-Forrest"]


def test_gpid_is_a_nine_digit_decimal():
    assert gpid_for("CSA-Hood") == gpid_for("CSA-Hood")
    assert gpid_for("CSA-Hood") != gpid_for("CSA-Hood ")
    for key in ["", "a", "日本", "1/28 Inf"]:
        value = gpid_for(key)
        assert value.isdigit() and len(value) == 9


def test_duplicate_key_is_an_error_naming_it():
    with pytest.raises(ValueError, match="'CSA-Hood' is used twice"):
        assign_gpids(["CSA-Hood", "USA-Thomas", "CSA-Hood"])


def test_hash_collision_names_both_keys(monkeypatch):
    monkeypatch.setattr(gpid_module, "gpid_for", lambda key: "123456789")
    with pytest.raises(ValueError, match="'first' and 'second' hash to the same GPID 123456789"):
        assign_gpids(["first", "second"])


def test_no_collisions_among_thousands_of_unit_ids():
    keys = [f"{side}-{n}" for side in ("CSA", "USA") for n in range(3000)]
    assert len(set(assign_gpids(keys).values())) == 6000


def test_next_piece_slot_id():
    assert next_piece_slot_id(["1", "20", "3"]) == 21
    assert next_piece_slot_id(["7", "ext1:99", ""]) == 8
    assert next_piece_slot_id([]) == 1


@given(st.lists(st.text(max_size=20), unique=True, max_size=50))
def test_next_id_is_above_every_gpid_and_a_java_int(keys):
    gpids = assign_gpids(keys)
    nxt = next_piece_slot_id(gpids.values())
    assert all(int(g) < nxt for g in gpids.values())
    assert nxt <= JAVA_INT_MAX
