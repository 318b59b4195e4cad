"""Every grid class reads and writes its element through one shared base (vassal.grids.base.GridElement).

Checked on the grids of a real module (the jzhex template in the corpus): each
class refuses another class's element by name, keeps children it does not
interpret verbatim, and a regular grid without numbering refuses to name a
location with a message that says which kind of grid it is.
"""
from __future__ import annotations

import pytest
from conftest import CORPUS

from vassal.archive import open_zip, read_entry
from vassal.buildfile import Element, element, parse_buildfile
from vassal.errors import FormatError
from vassal.grid import GRID_TAGS, HexGrid, LocationError, Size, SquareGrid, ZonedGrid
from vassal.grids.base import RawElement
from vassal.grids.regiongrid import RegionGrid
from vassal.grids.zonedgrid import Zone

TEMPLATE = CORPUS / "jzhex" / "jzhex-n-counters-template-v12-379.vmod"


@pytest.fixture(scope="module")
def grids() -> dict[str, Element]:
    """The template's grid elements by class name (one each of ZonedGrid, SquareGrid, HexGrid)."""
    with open_zip(TEMPLATE) as zf:
        root = parse_buildfile(read_entry(zf, "buildFile.xml", 1 << 24))
    return {el.tag.rsplit(".", 1)[-1]: el for el in root.iter() if el.tag in GRID_TAGS}


@pytest.mark.parametrize("cls, other", [(HexGrid, "SquareGrid"), (SquareGrid, "HexGrid"),
                                        (RegionGrid, "HexGrid"), (ZonedGrid, "SquareGrid"), (Zone, "HexGrid")])
def test_each_class_refuses_another_class_element_by_name(grids, cls, other):
    wanted = cls.__name__
    with pytest.raises(FormatError, match=f"expected {wanted}, found .*\\.{other}"):
        cls.from_element(grids[other])


@pytest.mark.parametrize("cls", [HexGrid, SquareGrid])
def test_an_unknown_child_is_kept_verbatim_and_written_back(grids, cls):
    el = grids[cls.__name__]
    extra = element("org.example.Unknown", {"b": "2", "a": "1"}, [element("org.example.Inner", {"x": "y"})], "t")
    grid = cls.from_element(element(el.tag, el.attrs, [*el.children, extra]))
    assert grid.numbering is not None and isinstance(grid.children[-1], RawElement)
    back = grid.to_element(element)
    written = back.children[-1]
    assert (written.tag, list(written.attrs.items()), written.text) == ("org.example.Unknown", [("b", "2"), ("a", "1")],
                                                                        "t")
    assert [(c.tag, c.attrs) for c in written.children] == [("org.example.Inner", {"x": "y"})]
    assert list(back.attrs.items()) == list(el.attrs.items())


@pytest.mark.parametrize("cls, kind", [(HexGrid, "hex grid"), (SquareGrid, "square grid")])
def test_a_regular_grid_without_numbering_names_nothing(grids, cls, kind):
    el = grids[cls.__name__]
    grid = cls.from_element(element(el.tag, el.attrs, []))
    size = Size(500, 500)
    assert grid.location_name((100, 100), size) is None
    with pytest.raises(LocationError, match=f"^this {kind} has no numbering, so it names no location$"):
        grid.vassal_location("0101", size)
