"""The save container and its obfuscation, on every corpus save and on hostile input."""

import zipfile

import pytest

from conftest import CORPUS, ENGINE_LOG, corpus_saves
from vassal.errors import FormatError
from vassal.metadata import Metadata
from vassal.obfuscation import deobfuscate, obfuscate
from vassal.savefile import read_save, save_bytes


@pytest.mark.parametrize("path", corpus_saves(), ids=lambda p: p.name)
def test_every_corpus_save_opens(path):
    save = read_save(path)
    assert save.text.startswith("begin_save")
    assert save.obfuscation == "!VCSK"


def test_engine_log_metadata():
    save = read_save(ENGINE_LOG)
    assert save.module_metadata.name == "OracleDiceTest"
    assert save.module_metadata.version == "1.0"
    assert save.save_metadata.vassal_version == "3.8.0-SNAPSHOT"
    assert save.save_metadata.description.startswith("example: moves, a die roll")


def test_pre_3_1_save_has_no_metadata():
    save = read_save(CORPUS / "jspy-vassal/test/A3R_1939_Scenario_Template_Rev1702_AWAW.vsav")
    assert save.save_metadata is None and save.module_metadata is None
    assert save.text.count("+/") > 1000


def test_obfuscation_round_trip_with_non_ascii():
    text = "CHAT&lt;日本 Guy&gt; - über"
    blob = obfuscate(text, 0xA7)
    assert blob.startswith(b"!VCSKa7")
    assert deobfuscate(blob) == text


def test_vobs_and_plain_are_read():
    payload = "begin_save\x1bend_save".encode()
    assert deobfuscate(b"VOBS" + bytes([7]) + bytes(b ^ 7 for b in payload)) == "begin_save\x1bend_save"
    assert deobfuscate(b"!VOBS" + bytes([9]) + bytes(b ^ 9 for b in payload)) == "begin_save\x1bend_save"
    assert deobfuscate(payload) == "begin_save\x1bend_save"


def test_bare_unzipped_stream(tmp_path):
    p = tmp_path / "old.sav"
    p.write_bytes(obfuscate("begin_save\x1bend_save", 3))
    save = read_save(p)
    assert not save.zipped and save.text == "begin_save\x1bend_save"


def test_written_save_reads_back(tmp_path):
    meta = Metadata(name="Demo", version="1.0", vassal_version="3.6.0")
    p = tmp_path / "s.vsav"
    p.write_bytes(save_bytes("begin_save\x1bend_save", meta, Metadata(vassal_version="3.6.0")))
    assert zipfile.ZipFile(p).namelist() == ["savedGame", "savedata", "moduledata"]
    save = read_save(p)
    assert save.module_metadata.name == "Demo" and save.text == "begin_save\x1bend_save"


@pytest.mark.parametrize("data, message", [
    (b"!VCSKzz00", "not hex"),
    (b"!VCSK4", "no key"),
    (b"!VCSK41fff", "half a byte"),
    (b"!VCSK00ff", "not UTF-8"),
])
def test_corrupt_obfuscation_is_a_clear_error(data, message, tmp_path):
    p = tmp_path / "bad.vlog"
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("savedGame", data)
    with pytest.raises(FormatError, match=message):
        read_save(p)


def test_module_given_as_save_is_refused():
    with pytest.raises(FormatError, match="module, not a saved game"):
        read_save(CORPUS / "engine" / "dice-test.vmod")


def test_zip_bomb_is_refused(tmp_path):
    p = tmp_path / "bomb.vsav"
    with zipfile.ZipFile(p, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", b"!VCSK00" + b"0" * (300 * 1024 * 1024))
    with pytest.raises(FormatError):
        read_save(p)


@pytest.mark.parametrize("document", [
    b'<!DOCTYPE data [<!ENTITY e "boom">]><data version="1"><name>&e;</name></data>',
    b'<!DOCTYPE data [<!ENTITY a "xx"><!ENTITY b "&a;&a;&a;&a;">]><data><name>&b;</name></data>',
    b'<!DOCTYPE data SYSTEM "http://example.invalid/x.dtd"><data><name>x</name></data>',
])
def test_metadata_with_a_document_type_is_refused(document):
    """No entity is declared, expanded or fetched: a document type is refused outright."""
    from vassal.metadata import parse_metadata
    with pytest.raises(FormatError, match="declares a document type"):
        parse_metadata(document, "moduledata")


def test_metadata_fields_and_translations():
    from vassal.metadata import parse_metadata
    meta = parse_metadata(b'<?xml version="1.0"?><data version="1"><version>1.2</version><name>A &amp; B</name>'
                          b'<description lang="de">Spiel</description><description> Game </description></data>',
                          "moduledata")
    assert (meta.name, meta.version, meta.description) == ("A & B", "1.2", "Game")
    with pytest.raises(FormatError, match="not well-formed"):
        parse_metadata(b"<data><name>x</data>", "moduledata")
    with pytest.raises(FormatError, match="expected <data>"):
        parse_metadata(b"<other/>", "moduledata")
