"""buildFile reading/writing against every buildFile in the corpus."""

from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from lxml import etree

from vassal.archive import open_zip, read_entry
from vassal.buildfile import Element, parse_buildfile, write_buildfile
from vassal.errors import FormatError

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"
UNPACKED = sorted(p for p in CORPUS.rglob("buildFile*"))
VMODS = [CORPUS / "engine" / "dice-test.vmod", CORPUS / "jzhex" / "jzhex-n-counters-template-v12-379.vmod"]


def _corpus_buildfiles() -> list[tuple[str, bytes]]:
    found = [(str(p.relative_to(CORPUS)), p.read_bytes()) for p in UNPACKED]
    for vmod in VMODS:
        with open_zip(vmod) as zf:
            found.append((vmod.name, read_entry(zf, "buildFile.xml", 1 << 24)))
    return found


BUILDFILES = _corpus_buildfiles()


def _canonical(node: etree._Element) -> tuple:
    """What VASSAL's Builder sees, read independently with plain lxml: tag, attributes,
    the element's own text nodes trimmed like Java's String.trim, and children in order."""
    text = (node.text or "") + "".join(child.tail or "" for child in node)
    return (
        node.tag,
        dict(node.attrib),
        text.strip("".join(chr(c) for c in range(0x21))),
        [_canonical(child) for child in node if isinstance(child.tag, str)],
    )


def test_corpus_is_all_there():
    assert len(BUILDFILES) == 9


@pytest.mark.parametrize("name,data", BUILDFILES, ids=[n for n, _ in BUILDFILES])
def test_round_trip_is_equivalent(name, data):
    written = write_buildfile(parse_buildfile(data, name))
    assert written.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n')
    assert _canonical(etree.fromstring(written)) == _canonical(etree.fromstring(data))


@pytest.mark.parametrize("name", [
    "vsql/dist/buildFile.xml",
    "kassala/vmod/buildFile.xml",
    "ccnapoleonics/dist/buildFile.xml",
    "jzhex/ragnarok/vassal/buildFile.xml",
    "jzhex/template/buildFile.xml",
])
def test_files_written_by_vassal_3_6_and_later_come_back_byte_for_byte(name):
    data = (CORPUS / name).read_bytes()
    assert write_buildfile(parse_buildfile(data, name)) == data


def test_both_root_tags_are_accepted():
    roots = {parse_buildfile(data, name).tag for name, data in BUILDFILES}
    assert roots == {"VASSAL.build.GameModule", "VASSAL.launch.BasicModule"}


def test_piece_text_and_tabs_survive():
    engine = dict(BUILDFILES)["dice-test.vmod"]
    root = parse_buildfile(engine)
    slot = root.find_all("VASSAL.build.widget.PieceSlot")[0]
    assert slot.attrs == {"entryName": "Red Infantry", "gpid": "1", "height": "50", "width": "50"}
    assert slot.text == (
        "+/null/PROP;Strength;true,0,10,false;Reduce:68\\,130:I\\,-1;\tmark;Side\\\tpiece;;;red.png;"
        "Red Infantry/4\tRed\\\tnull;0;0;1;0"
    )
    roster = root.first_child("VASSAL.build.module.PlayerRoster")
    assert [e.text for e in roster.child_elements("entry")] == ["Red", "Blue"]


def test_attribute_newlines_and_tabs_are_character_references():
    root = Element("VASSAL.build.GameModule", {"description": "a\nb\tc & <d> \"e\""},
                   [Element("VASSAL.build.widget.PieceSlot", {"gpid": "1"}, [], "+/null/x<y>&z\tw")])
    written = write_buildfile(root)
    assert b'description="a&#10;b&#9;c &amp; &lt;d&gt; &quot;e&quot;"' in written
    assert b"CDATA" not in written
    assert b">+/null/x&lt;y&gt;&amp;z\tw</VASSAL.build.widget.PieceSlot>" in written
    assert parse_buildfile(written) == root


def test_control_characters_are_refused():
    with pytest.raises(ValueError, match="U\\+001B"):
        write_buildfile(Element("VASSAL.build.GameModule", {"name": "a\x1bb"}))
    with pytest.raises(ValueError, match="PieceSlot"):
        write_buildfile(Element("VASSAL.build.GameModule", {},
                                [Element("VASSAL.build.widget.PieceSlot", {}, [], "x\x1by")]))


def test_invalid_names_are_refused():
    with pytest.raises(ValueError, match="element name"):
        write_buildfile(Element("not a tag"))
    with pytest.raises(ValueError, match="attribute name"):
        write_buildfile(Element("VASSAL.build.GameModule", {"a=b": "x"}))


def test_cdata_is_ignored_as_vassal_does():
    data = (b'<VASSAL.build.GameModule><VASSAL.build.widget.PieceSlot gpid="1">'
            b'<![CDATA[+/null/piece;;;;A/null;0;0;1;0]]></VASSAL.build.widget.PieceSlot>'
            b'<!-- <![CDATA[ kept in a comment ]]> --></VASSAL.build.GameModule>')
    assert parse_buildfile(data).children[0].text == ""


@pytest.mark.parametrize("data,message", [
    (b"", "XML"),
    (b"<VASSAL.build.GameModule>", "XML"),
    (b"<html/>", "not a VASSAL module"),
    (b'<!DOCTYPE x [<!ENTITY e "boom">]><VASSAL.build.GameModule name="&e;"/>', "DOCTYPE"),
    (b'<!DOCTYPE x SYSTEM "http://example.invalid/x.dtd"><VASSAL.build.GameModule/>', "DOCTYPE"),
    (b'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><VASSAL.build.GameModule>&e;'
     b'</VASSAL.build.GameModule>', "DOCTYPE"),
])
def test_hostile_xml_is_a_format_error(data, message):
    with pytest.raises(FormatError, match=message) as err:
        parse_buildfile(data, "evil.vmod:buildFile.xml")
    assert err.value.where == "evil.vmod:buildFile.xml"


xml_text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\ufffe\uffff")
                   .filter(lambda c: c in "\t\n\r" or ord(c) >= 0x20), max_size=30)
attr_names = st.from_regex(r"[A-Za-z][A-Za-z0-9]{0,8}", fullmatch=True)


@st.composite
def trees(draw, depth=0):
    children = draw(st.lists(trees(depth + 1), max_size=3)) if depth < 3 else []
    text = draw(xml_text).strip("".join(chr(c) for c in range(0x21)))
    return Element(draw(st.sampled_from(["a", "VASSAL.build.x.Y", "entry"])),
                   draw(st.dictionaries(attr_names, xml_text, max_size=3)), children, text)


@given(trees())
def test_any_tree_round_trips(tree):
    root = Element("VASSAL.build.GameModule", {}, [tree])
    assert parse_buildfile(write_buildfile(root)) == root
