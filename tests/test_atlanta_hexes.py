"""Atlanta hex spellings (digest B1.2): every printed form reads as the same canonical id."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gamedata.importers.atlanta.hexes import canonical_hexes, clock

columns = st.integers(min_value=0, max_value=49)
rows = st.integers(min_value=0, max_value=36)
maps = st.sampled_from("AB")


@given(maps, columns, rows)
def test_dot_colon_and_zero_padded_forms_agree(map_id, col, row):
    expected = f"{map_id}{col}.{row:02d}"
    for printed in (f"{col}.{row:02d}", f"{col}:{row:02d}", f"{col:02d}.{row:02d}"):
        notes: list[str] = []
        text, hexes = canonical_hexes(f"within 2 hexes of {printed}", map_id, notes)
        assert hexes == [expected]
        assert text == f"within 2 hexes of {expected}"
    assert canonical_hexes(f"near {expected}", "A", [])[1] == [expected]   # an explicit letter wins


@given(columns.filter(lambda c: c >= 10), rows.filter(lambda r: r >= 1))
def test_missing_separator_after_hex_is_read_with_a_note(col, row):
    notes: list[str] = []
    _, hexes = canonical_hexes(f"is with 16th Corps, in hex {col}{row:02d}.", "A", notes)
    assert hexes == [f"A{col}.{row:02d}"]
    assert any("no separator" in n for n in notes)


def test_clock_times_are_not_hexes():
    """'1:00PM' has the col:row shape; L333 'Enter at 29.01 on turn 3 (1:00PM)' names one hex."""
    _, hexes = canonical_hexes("Enter at 29.01 on turn 3 (1:00PM)", "A", [])
    assert hexes == ["A29.01"]
    assert clock("12", "00", "PM") == "12:00" and clock("12", "00", "AM") == "00:00"
    assert clock("1", "30", "PM") == "13:30"


def test_designations_are_not_hexes():
    """Battery strengths and brigade slashes ('2/15db(2)', '1/1/15') hold no hex."""
    assert canonical_hexes("2/15db(2) 14.25", "A", [])[1] == ["A14.25"]
    assert canonical_hexes("1/1/15, 3/23b(3)", "A", [])[1] == []
