"""A made-up filled copy of classic Shiloh for the rule tests — clearly test data, never the
printed map or counters (which the rulebook does not hold): a 6 x 7 hex map (columns 12-17,
rows 4-10) with the Tennessee in column 16, a river ferry at 1608 whose symbol marks its
hexsides to 1708 (east bank) and 1508 (Pittsburg Landing, west bank), a few counters, a Terrain
Effects Chart of clear terrain and an odds CRT, the classic family's zone of control and stacking
rows (the SPI series rules, which the 18-line text does not print). Written into the ``player/``
layer of a tmp copy of ``sources/shiloh``, as a player gives them (the game's order of battle is
the player's: ``player/oob.xlsx`` and ``player/scenarios.xlsx`` add the counters and the
set-up and reinforcement rows).

``play(game, frames)`` runs the production checks over stand-in views of a log whose steps show
``frames``: (turn, side of the player, {unit: hex or None}).
"""
from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

from rule_views import U, V

from gamedata import load_game
from gamedata.folder import columns
from gamedata.workbook import SheetData, read_workbook, write_workbook

SOURCES = Path(__file__).resolve().parents[1] / "sources"
RIVER, FERRY, LANDING, EAST_BANK = 16, "1608", "1508", "1708"

UNITS = [  # unit_id, side, name, type, strength, movement
    ("CS:Hardee", "Confederate", "Hardee", "Unit", 6, 4),
    ("CS:Bragg", "Confederate", "Bragg", "Unit", 5, 4),
    ("CS:Polk", "Confederate", "Polk", "Unit", 4, 4),
    ("US:Sherman", "Union", "Sherman", "Unit", 4, 4),
    ("US:Prentiss", "Union", "Prentiss", "Unit", 3, 4),
    ("US:Battery", "Union", "Battery", "Art", 2, 3),
    ("US:Tyler", "Union", "Tyler", "Gunboat", 2, 20),
    ("US:Nelson", "Union", "Nelson", "Unit", 4, 4),
    ("US:Crittenden", "Union", "Crittenden", "Unit", 4, 4),
]
SETUP = {"CS:Hardee": "1210", "CS:Bragg": "1310", "CS:Polk": "1209", "US:Sherman": "1207", "US:Prentiss": "1405",
         "US:Battery": "1506", "US:Tyler": "1605"}
REINF = [("US:Nelson", 3, "1708"), ("US:Crittenden", 4, "1704")]


def put_sheet(path: Path, sheet: str, rows: list[dict], schema: str) -> None:
    book = read_workbook(path) if path.exists() else {}
    sheets = [SheetData(n, s.header, tuple(dict(r.values) for r in s.rows)) for n, s in book.items() if n != sheet]
    sheets.append(SheetData(sheet, columns(schema), tuple(rows)))
    write_workbook(path, sheets)


def _hexes() -> list[dict]:
    rows = []
    for c in range(12, 18):
        for r in range(4, 11):
            code = f"{c:02d}{r:02d}"
            terrain = "River Ferry" if code == FERRY else "River" if c == RIVER else "Clear"
            rows.append({"map": "main", "hex": code, "terrain": terrain, "elevation": 0, "sides_complete": True})
    return rows


def filled_copy(tmp: Path, without: tuple[str, ...] = ()) -> Path:
    """The tmp copy with every cell the checks need, but the sheets named in ``without``
    (``"oob"``, ``"terrain"``, ``"effects"``, ``"rules"``, ``"combat"``, ``"scenarios"``; ``"strength"``:
    the counters without their strength)."""
    folder = tmp / "shiloh"
    shutil.copytree(SOURCES / "shiloh", folder)
    text = (folder / "game.toml").read_text(encoding="utf-8")
    (folder / "game.toml").write_text(text.replace("columns = [15, 15]", "columns = [12, 17]")
                                      .replace("rows = [8, 8]", "rows = [4, 10]"), encoding="utf-8")
    player = folder / "player"
    player.mkdir(exist_ok=True)
    if "oob" not in without:
        put_sheet(player / "oob.xlsx", "Units", [dict(unit_id=u, side=s, name=n, type=t, movement=mp,
                                                      strength=None if "strength" in without else st)
                                                 for u, s, n, t, st, mp in UNITS], "unit")
    if "scenarios" not in without:
        put_sheet(player / "scenarios.xlsx", "shiloh Setup",
                  [dict(unit_id=u, location=h) for u, h in SETUP.items()], "setup")
        put_sheet(player / "scenarios.xlsx", "shiloh Reinf",
                  [dict(unit_id=u, turn=t, entry=h) for u, t, h in REINF], "reinforcement")
    if "terrain" not in without:
        put_sheet(player / "terrain.xlsx", "Hexes", _hexes(), "terrain-hex")
        put_sheet(player / "terrain.xlsx", "Hexsides",
                  [dict(map="main", hex=FERRY, side="NE", features="Ferry"),
                   dict(map="main", hex=FERRY, side="NW", features="Ferry")], "terrain-hexside")
    if "effects" not in without:
        put_sheet(player / "effects.xlsx", "Terrain",
                  [dict(code="Clear", name="clear", applies="hex", category="clear")], "terrain-type")
        put_sheet(player / "effects.xlsx", "Costs",
                  [dict(move="unit", action="enter", terrain="Clear", cost=1)], "terrain-cost")
    if "rules" not in without:
        put_sheet(player / "rules.xlsx", "Parameters", [
            dict(key="zoc.enter", value="stop", section="series ZOC (test data)"),
            dict(key="zoc.leave", value="free", section="series ZOC (test data)"),
            dict(key="stacking.units", value=2, section="series stacking (test data)")], "rule-parameter")
    if "combat" not in without:
        shutil.copy(SOURCES / "kassala" / "combat.xlsx", folder / "combat.xlsx")
    return folder


def filled_game(tmp: Path, without: tuple[str, ...] = ()):
    return load_game(filled_copy(tmp, without))


class View(V):
    """A stand-in view (the scenario starts on Turn 1: its turns are the counter's)."""

    scenario_turn = property(lambda self: self.turn.id)
    active = None

    def of(self, side):
        return [u for _, u in sorted(self.units.items()) if u.side == side]


def at(base: dict, **moved: str | None) -> dict:
    """``base`` with units moved (``CS_Hardee="1309"``; None: off the map)."""
    out = dict(base)
    out.update({k.replace("_", ":", 1): v for k, v in moved.items()})
    return out


def views_of(game, frames):
    """Stand-in views: frame i is the board after step i (frame 0 the start)."""
    ids = game.terrain.hexids
    turns = {}
    out = []
    for i, (turn, _side, placed) in enumerate(frames):
        t = turns.setdefault(turn, SimpleNamespace(id=turn, label=f"Turn {turn}"))
        out.append(View(i, {u: U(game.unit(u), ids.parse(h) if h else None, map="main", location=h or "")
                         for u, h in placed.items() if u}, t, SimpleNamespace(scenario_id="shiloh")))
    return out


class Views(list):
    """The stand-in views of one log, as the checks read ``ctx.views``."""

    scenario = SimpleNamespace(scenario_id="shiloh")

    def at(self, i):
        return self[i]


def context(game, frames, texts=None, previous=None):
    views = Views(views_of(game, frames))
    texts = texts or {}
    steps = [SimpleNamespace(index=i, player=f[1], side=f[1], is_undo=False, undoes=None, rolls=(),
                             texts=tuple(texts.get(i, ())))
             for i, f in enumerate(frames) if i]
    return SimpleNamespace(game=game, views=views,
                           log=SimpleNamespace(steps=steps, label="t.vlog", replay=SimpleNamespace(steps=steps)),
                           carried=None, previous=previous, passed=None)


def movement(game, frames, **kw):
    from referee.rules.classic_move import check_movement
    return list(check_movement(context(game, frames, **kw)))
