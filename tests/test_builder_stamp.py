"""A rebuild is skipped only while the data, the builder and the module are unchanged."""
from __future__ import annotations

from builder.stamp import record_build, up_to_date


def test_stamp_follows_data_and_module(tmp_path) -> None:
    data, out, cache = tmp_path / "game", tmp_path / "out", tmp_path / "cache"
    data.mkdir()
    out.mkdir()
    (data / "game.toml").write_text('id = "g"\n', encoding="utf-8")
    module = out / "g.vmod"
    module.write_bytes(b"module bytes")
    assert up_to_date(data, out, cache) is None                  # never built here
    record_build(data, module, cache)
    assert up_to_date(data, out, cache) == (module, ())
    (data / "oob.xlsx").write_bytes(b"new workbook")
    assert up_to_date(data, out, cache) is None                  # data changed
    (data / "oob.xlsx").unlink()
    assert up_to_date(data, out, cache) == (module, ())
    module.write_bytes(b"edited by hand")
    assert up_to_date(data, out, cache) is None                  # module changed
    module.unlink()
    assert up_to_date(data, out, cache) is None                  # module gone
