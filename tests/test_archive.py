"""Zip reading against real VASSAL archives and hostile input; deterministic writing."""

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from vassal.archive import entry_names, has_entry, open_zip, read_entry, write_zip, zip_bytes
from vassal.errors import FormatError

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"
ENGINE_VMOD = CORPUS / "engine" / "dice-test.vmod"


def test_reads_the_engine_module():
    with open_zip(ENGINE_VMOD) as zf:
        assert entry_names(zf) == [
            "buildFile.xml", "moduledata", "images/red.png", "images/blue.png", "images/board.png",
        ]
        build = read_entry(zf, "buildFile.xml", 1 << 20)
        assert len(build) == 5307
        assert build.startswith(b"<?xml")
        assert read_entry(zf, "images/board.png", 1 << 20)[:8] == b"\x89PNG\r\n\x1a\n"


def test_reads_a_real_save_from_bytes():
    data = (CORPUS / "zxvt" / "5x5_startup.vlog").read_bytes()
    with open_zip(data) as zf:
        assert has_entry(zf, "savedGame")
        assert read_entry(zf, "savedGame", 1 << 24).startswith(b"!VCSK")


def test_directory_entries_are_not_files():
    vmod = CORPUS / "jzhex" / "jzhex-n-counters-template-v12-379.vmod"
    with open_zip(vmod) as zf:
        assert "images/" not in entry_names(zf)
        assert not has_entry(zf, "images/")
        assert len(entry_names(zf)) == 49


def test_rejects_non_zip_and_missing_files(tmp_path):
    with pytest.raises(FormatError) as err:
        open_zip(b"<?xml version='1.0'?><x/>", where="upload.vmod")
    assert err.value.where == "upload.vmod"
    with pytest.raises(FormatError, match="file not found"):
        open_zip(tmp_path / "absent.vmod")
    text_file = tmp_path / "notes.vsav"
    text_file.write_text("not a zip")
    with pytest.raises(FormatError) as err:
        open_zip(text_file)
    assert "notes.vsav" in str(err.value)


def test_missing_entry_names_the_entry():
    with open_zip(ENGINE_VMOD) as zf:
        with pytest.raises(FormatError, match="savedGame"):
            read_entry(zf, "savedGame", 1000)


def test_size_limit_stops_decompression():
    with open_zip(ENGINE_VMOD) as zf:
        with pytest.raises(FormatError, match="limit"):
            read_entry(zf, "buildFile.xml", 5306)
        assert len(read_entry(zf, "buildFile.xml", 5307)) == 5307


def _lying_zip(payload: bytes, declared: int) -> bytes:
    """A zip whose headers claim a smaller size than the entry really inflates to."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("savedGame", payload)
    data = bytearray(buffer.getvalue())
    real = len(payload).to_bytes(4, "little")
    fake = declared.to_bytes(4, "little")
    return bytes(data.replace(real, fake))


def test_zip_bomb_is_refused_by_ratio():
    bomb = zip_bytes([("savedGame", bytes(30 << 20))])
    assert len(bomb) < 100_000
    with open_zip(bomb) as zf:
        with pytest.raises(FormatError, match="zip bomb"):
            read_entry(zf, "savedGame", 1 << 30)


def test_declared_size_is_not_trusted():
    with open_zip(_lying_zip(b"A" * 5000, 10)) as zf:
        # the archive claims 10 bytes; either the stream stops at the claim and
        # fails its checksum, or it would pass the limit: never 5000 bytes returned
        with pytest.raises(FormatError):
            read_entry(zf, "savedGame", 100)


def test_write_is_deterministic_and_ordered(tmp_path):
    entries = [
        ("buildFile.xml", b"<x/>" * 100),
        ("moduledata", b"<data/>"),
        ("images/board.png", b"\x89PNG fake"),
        ("a.txt", b""),
    ]
    write_zip(tmp_path / "one.vmod", entries)
    write_zip(tmp_path / "two.vmod", entries)
    one = (tmp_path / "one.vmod").read_bytes()
    assert one == (tmp_path / "two.vmod").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.vmod", "two.vmod"]  # no temp left
    with zipfile.ZipFile(io.BytesIO(one)) as zf:
        infos = zf.infolist()
        assert [i.filename for i in infos] == [name for name, _ in entries]
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        assert infos[0].compress_type == zipfile.ZIP_DEFLATED
        assert infos[2].compress_type == zipfile.ZIP_STORED
        assert [zf.read(i) for i in infos] == [data for _, data in entries]


def test_bad_entry_names_are_refused_and_leave_the_old_file(tmp_path):
    target = tmp_path / "m.vmod"
    target.write_bytes(b"old")
    for bad in ["../evil", "/abs", "a\\b", "a//b", ""]:
        with pytest.raises(ValueError):
            write_zip(target, [(bad, b"x")])
    with pytest.raises(ValueError, match="duplicate"):
        write_zip(target, [("a", b"1"), ("a", b"2")])
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["m.vmod"]


names = st.from_regex(r"[A-Za-z0-9_ ]{1,12}(/[A-Za-z0-9_]{1,12})?(\.png|\.xml|)", fullmatch=True)


@settings(max_examples=60)
@given(st.dictionaries(names, st.binary(max_size=2000), max_size=6))
def test_round_trip(contents):
    entries = list(contents.items())
    data = zip_bytes(entries)
    assert data == zip_bytes(entries)
    with open_zip(data) as zf:
        assert entry_names(zf) == [name for name, _ in entries]
        for name, payload in entries:
            assert read_entry(zf, name, 4000) == payload
