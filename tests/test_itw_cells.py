"""Into the Woods cell readers on the rulebook's own printed cells (quoted with their lines)."""
from __future__ import annotations

import pytest

from gamedata.importers.into_the_woods.cells import (
    CellError,
    expand_shared,
    parse_command,
    parse_entry,
    parse_location,
    parse_time,
    parse_token,
    split_time_entry,
    split_units,
)
from gamedata.importers.into_the_woods.names import canonical_names, unit_id


@pytest.mark.parametrize("printed, side, code", [
    ("4/A0T", "Union", "4/T"),            # L846
    ("AoOH", "Union", "AoO"),             # L3313
    ("22/4/OH", "Union", "22/4/O"),       # L3317
    ("1//6/T", "Union", "1/6/T"),         # L1703
    ("/ 1/2/2", "Confederate", "1/2/2"),  # L1756
    ("3 2/1/2", "Confederate", "2/1/2"),  # L1472
    ("3/1", "Union", "3/1/T"),            # L800 short Scenario 1 form
    ("*/6", "Union", "-/6/T"),            # L903
    ("1/R", "Confederate", "1/-/R"),      # L2029
    ("1/ <b>-</b> /R", "Confederate", "1/-/R"),  # L1085
    ("1st Corps", "Confederate", "1 Corps"),     # L1075
    ("Reserve Corps", "Confederate", "R Corps"),  # L1084
])
def test_command_designations(printed: str, side: str, code: str) -> None:
    assert parse_command(printed, side).code == code


def test_command_clauses_are_kept() -> None:
    assert parse_command("3/-/R (minus 19 TN)", "Confederate").clause == "minus 19 TN"  # L1088
    assert parse_command("2/2/T (attached to McDowell", "Union").clause == "attached to McDowell"  # L2235-2236


@pytest.mark.parametrize("printed", ["AoT AoT", "2/1 2/1", "2 Corps 1/2", "11212"])  # L2758, L2888, L2891, L2912
def test_row_shifted_commands_are_refused(printed: str) -> None:
    side = "Union" if "T" in printed else "Confederate"
    with pytest.raises(CellError):
        parse_command(printed, side)


def test_unit_annotations() -> None:
    t = parse_token("3 MS Bn ( <b>5</b> ) <b>D</b>", "")  # L1260
    assert (t.name, t.strength, t.disordered) == ("3 MS Bn", "5", True)
    assert parse_token("Det D", "").disordered is False  # L3110: a plain D names the detachment
    t = parse_token("<b>Wood</b> ° ( <b>R</b> )", "abcd")  # L2081
    assert (t.name, t.replacement, t.footnotes) == ("Wood", True, ("c",))
    t = parse_token("Hickenlooper Bty e a (3)", "abcdefg")  # L2470: note e, section a
    assert (t.name, t.strength, t.footnotes) == ("Hickenlooper Bty a", "3", ("e",))
    t = parse_token('Ketchum Bty "b" d', "abcdef")  # L1813: section b, note d
    assert (t.name, t.footnotes) == ("Ketchum Bty b", ("d",))
    assert parse_token("1 <sup>ST</sup> AL Cav a (Clanton)", "").name == "1 AL a Cav"  # L1054
    assert parse_token('1 AL "a" Cav', "").name == "1 AL a Cav"  # L1767
    assert parse_token("Marsh ac", "abcdefg").footnotes == ("a", "c")  # L2419
    with pytest.raises(CellError):
        parse_token("Marsh ac", "ab")  # a letter the table's notes do not define


def test_unit_lists() -> None:
    assert split_units("C, 2 US & I, 4 US Cav; A & B, 2 IL Cav")[0] == [  # L1679
        "C, 2 US & I, 4 US Cav", "A & B, 2 IL Cav"]
    assert split_units("McDowell a c, 40 IL (2) 6 IA (3), 46 OH (5)")[0] == [  # L2458 missing comma
        "McDowell a c", "40 IL (2)", "6 IA (3)", "46 OH (5)"]
    assert split_units("McClernand d,1 Bn 4 IL Cav")[0] == ["McClernand d", "1 Bn 4 IL Cav"]  # L2416
    assert split_units("Conf Gds Bn (2). Crescent LA")[0] == ["Conf Gds Bn (2)", "Crescent LA"]  # L1812
    assert expand_shared("Trigg, Hubbard, Calvert Btys")[0] == "Trigg Bty, Hubbard Bty, Calvert Bty"  # L3362
    assert expand_shared("Munch Bty e a (3), b (1)")[0] == "Munch Bty e a (3), Munch Bty e b (1)"  # L2471
    assert expand_shared("Adams a & b Cav, 3 TN a & b Cav")[0] == (  # L3434
        "Adams a Cav, Adams b Cav, 3 TN a Cav, 3 TN b Cav")


def test_locations_and_entries() -> None:
    assert parse_location("Within 2 hexes of N4322", "").constraint == "within 2 of N4322"  # L2374
    assert parse_location("On the Farm Lane, N4019-N4219; one unit per hex", "").constraint == (  # L2370
        "path N4019 N4219 one-per-hex")
    ext = parse_location("S2910 and S3011 (Extended Line facing SW)", "3/5/T")  # L1524
    assert (ext.hex, ext.facing, ext.status) == ("S2910", "SW", ("extended-line",))
    assert parse_location("With any unit of his brigade", "1/5/T").constraint == "with-formation 1/5/T"  # L1515
    with pytest.raises(CellError):
        parse_location("33314", "")  # L889 OCR ghost
    assert parse_entry("N6420/6423").hexes == ("N6420", "N6423")  # L928
    assert parse_entry("N6401-6601").hexes == ("N6401", "N6501", "N6601")  # L932
    assert parse_entry("any hex from N6401 to N6601").hexes == ("N6401", "N6501", "N6601")  # L1724
    assert parse_entry("S1234*").hexes == ("S1234",)  # L1075


def test_times() -> None:
    assert parse_time("12 N") == "12 PM"  # L959
    assert parse_time("9-12 PM") == "9-12 PM"  # L947
    assert split_time_entry("8AM; N3233") == ("", "8 AM", "N3233")  # L1554
    assert split_time_entry("April 5, 8 AM, S1234") == ("1862-04-05", "8 AM", "S1234")  # L3430
    assert split_time_entry("6PM; N5033") == ("", "6 PM", "N5033")  # L2404


def test_name_variants_and_shared_names() -> None:
    assert canonical_names("Union", "Silfversparre Bty") == ("Silversparre Bty",)  # L929 vs L2437
    assert canonical_names("Confederate", "1 MS Cav") == ("1 MS a Cav", "1 MS b Cav")  # L1082, BB 14.51
    assert canonical_names("Confederate", "Conf Gds Bn") == ("Confederate Guards",)  # L1812
    assert unit_id("Confederate", "2 TN", "2/-/3") != unit_id("Confederate", "2 TN", "1/2/1")  # L987, L1493
    with pytest.raises(ValueError):
        unit_id("Union", "Smith", "3/T")  # L939: the division, not one of the two Smith brigades
