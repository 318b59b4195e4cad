"""The engine harness itself, on the corpus log VASSAL wrote: what ``decode-log`` prints is
what the corpus's own record of the engine's replay says (``engine-undo-example.replay.txt``)."""

from __future__ import annotations

import pytest

import engine
from conftest import CORPUS, ENGINE_LOG, ENGINE_MODULE


@pytest.fixture(scope="module")
def decoded() -> engine.Decoded:
    return engine.decode_log(ENGINE_MODULE, ENGINE_LOG, start=True)


def test_decode_log_reads_steps_and_final_board_as_recorded(decoded: engine.Decoded) -> None:
    recorded = (CORPUS / "engine" / "engine-undo-example.replay.txt").read_text(encoding="utf-8").splitlines()
    final = [engine.parse_piece(line[len("FINAL: "):]) for line in recorded if line.startswith("FINAL: ")]
    assert decoded.passed and decoded.steps == decoded.replayed == 7
    assert [(p.id, p.map, p.x, p.y, p.loc) for p in decoded.final] == [(p.id, p.map, p.x, p.y, p.loc) for p in final]
    assert {p.id for p in decoded.start} == {p.id for p in decoded.final}
    assert "*** Combat = 2,5 *** <Grant>" in decoded.chat
