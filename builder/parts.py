"""The game-specific buildFile components: maps, palettes, prototypes, dice, turns, charts.

Each function turns planned game data into `vassal.components` elements; the
generic VASSAL knowledge (tags, attribute defaults) stays in `vassal.components`.
"""
from __future__ import annotations

from builder import game_markers
from builder.artwork import slug
from builder.charts import game_charts
from builder.counters import COUNTER_SIZE
from builder.displays import DisplayArt, plan_display
from builder.layout import BoardGeometry, MapGroup, ScanBoard
from builder.pieces import marker_piece, unit_piece
from builder.pieces import prototypes as prototype_list
from builder.scenarios import ScenarioPlan, turn_words
from builder.table_dice import combat_button, table_button
from gamedata.combat import combat_of
from gamedata.model import Formation, Game, MapDef, Scenario, Unit
from gamedata.rolls import parse_dice, roll_tables
from gamedata.systems import SystemProfile
from vassal import components as c
from vassal.buildfile import Element
from vassal.sequence import encode

HELP_ENTRY = "help/scenarios.html"
ELIMINATED_IMAGE = "eliminated.png"
ELIMINATED_ROWS = 4
SLOT_SIZE = (COUNTER_SIZE, COUNTER_SIZE)


def board_image(m: MapDef) -> str:
    return f"board_{slug(m.id)}.png"


def display_image(board_name: str) -> str:
    return f"display_{slug(board_name)}.png"


def chart_image(key: str) -> str:
    return f"chart_{slug(key)}.png"


def setup_entry(scenario: Scenario) -> str:
    return f"setups/{slug(scenario.scenario_id)}.vsav"


def hex_grid(board: BoardGeometry) -> Element:
    """The board's HexGrid with the numbering that names every drawn hex as printed."""
    n = board.numbering_attributes()
    numbering = c.grid_numbering(
        first="H", sep=n["sep"], h_leading=int(n["hLeading"]), v_leading=int(n["vLeading"]),
        h_off=int(n["hOff"]), v_off=int(n["vOff"]), v_descend=n["vDescend"] == "true", stagger=False,
        location_format=n["locationFormat"],
    )
    return c.hex_grid(board.dx, float(board.dy), board.x0, board.y0, numbering)


def board_map(name: str, group: MapGroup) -> Element:
    """A map window holding a group of boards (drawn or scanned) stacked top to bottom."""
    boards = [c.board(b.map.name, b.image, grid=b.grid) if isinstance(b, ScanBoard)
              else c.board(b.map.name, board_image(b.map), grid=hex_grid(b)) for b in group.boards]
    layout = [(b.map.name, 0, row) for row, b in enumerate(group.boards)] if len(group.boards) > 1 else []
    picker = c.board_picker(name, boards, layout)
    return c.map_component(name, c.map_parts(picker), mark_moved=False, button_name=name, launch=name != "Main Map")


def _zoned_board(board_name: str, image: str, art: DisplayArt) -> Element:
    zones = [c.zone(box.label, box.polygon) for box in art.boxes]
    return c.board(board_name, image, grid=c.zoned_grid(zones))


def display_map(name: str, scenarios: tuple[ScenarioPlan, ...]) -> Element:
    """One board per scenario: its holding areas and reinforcement boxes."""
    boards = [_zoned_board(s.display_board, display_image(s.display_board), s.display) for s in scenarios]
    if not boards:
        empty = plan_display("No scenarios", [])
        boards = [c.board("No scenarios", size=(empty.width, empty.height))]
    layout = [(scenarios[0].display_board, 0, 0)] if len(boards) > 1 else []
    picker = c.board_picker(name, boards, layout)
    return c.map_component(name, c.map_parts(picker), button_name=name, launch=True)


def eliminated_art(game: Game) -> DisplayArt:
    return plan_display(f"{game.name}: eliminated units",
                        [(f"{side} eliminated", 10 * ELIMINATED_ROWS) for side in game.sides])


def eliminated_map(name: str, game: Game) -> Element:
    board = _zoned_board(name, ELIMINATED_IMAGE, eliminated_art(game))
    return c.map_component(name, c.map_parts(c.board_picker(name, [board])), button_name=name, launch=True)


def prototypes(game: Game, profile: SystemProfile) -> Element:
    return c.prototypes_container([c.prototype_definition(name, piece.slot_text()) for name, piece in prototype_list(game, profile)])


def _slot(unit: Unit, game: Game, profile: SystemProfile, gpid: str) -> Element:
    return c.piece_slot(unit.name, gpid, unit_piece(game, profile, unit, gpid).slot_text(), SLOT_SIZE)


def _formation_widgets(game: Game, profile: SystemProfile, gpids: dict[str, str], side: str) -> list[Element]:
    """Side -> top formations (lists) -> sub-formations (panels), units in their own formation."""
    formations = [f for f in game.formations if f.side == side]
    known = {f.formation_id for f in formations}
    units_of: dict[str, list[Unit]] = {}
    for unit in game.units:
        if unit.side == side:
            key = unit.formation or unit.command
            units_of.setdefault(key if key in known else "", []).append(unit)
    children_of: dict[str, list[Formation]] = {}
    for f in formations:
        children_of.setdefault(f.parent if f.parent in known else "", []).append(f)

    def slots(key: str) -> list[Element]:
        return [_slot(u, game, profile, gpids[f"unit:{u.unit_id}"]) for u in units_of.get(key, [])]

    placed: set[str] = set()         # a parent cycle in the data must not recurse forever

    def below(f: Formation) -> list[Element]:
        placed.add(f.formation_id)
        return [panel(x) for x in children_of.get(f.formation_id, []) if x.formation_id not in placed]

    def panel(f: Formation) -> Element:
        return c.panel_widget(f.name or f.formation_id, slots(f.formation_id) + below(f), columns=8)

    widgets = []
    for top in children_of.get("", []):
        own = slots(top.formation_id)
        inner = ([c.panel_widget(f"{top.name or top.formation_id} (direct)", own, columns=8)] if own else [])
        widgets.append(c.list_widget(top.name or top.formation_id, inner + below(top)))
    for f in formations:                # formations reachable from no root (a parent cycle)
        if f.formation_id not in placed:
            widgets.append(c.list_widget(f.name or f.formation_id, [panel(f)]))
    loose = slots("")
    if loose:
        widgets.append(c.list_widget("Other units", [c.panel_widget("Other units", loose, columns=8)]))
    return widgets


def palette(game: Game, profile: SystemProfile, gpids: dict[str, str]) -> Element:
    tabs = [c.list_widget(side, _formation_widgets(game, profile, gpids, side)) for side in game.sides]
    markers = [
        c.panel_widget(layer.name, [
            c.piece_slot(layer.label(s), gpids[f"marker:{layer.step_code(s)}"],
                         marker_piece(layer, s, gpids[f"marker:{layer.step_code(s)}"]).slot_text(), SLOT_SIZE)
            for s in range(len(layer.steps))
        ], columns=8)
        for layer in profile.layers
    ]
    tabs.append(c.list_widget("Markers", markers + game_markers.panel(game, gpids)))
    return c.piece_window("Counters", [c.tab_widget("Counters", tabs)])


def dice_buttons(game: Game) -> list[Element]:
    """One button per purpose; its name (and so its report) says what the roll is for. Then one
    per die-roll table and per combat table, named by the table, whose report states the result."""
    return [*(c.dice_button(f"{d.purpose} {d.dice}d{d.sides}", d.dice, d.sides,
                            plus=parse_dice(f"{d.dice}d{d.sides}", d.faces).low - 1, tooltip=f"Roll for {d.purpose}")
              for d in game.dice),
            *(table_button(t) for t in roll_tables(game.tables)),
            *(combat_button(combat_of(t)) for t in game.combat)]


TURN_LEVEL = "Turn"
PHASE_LEVEL = "Phase"
"""The tracker's level names: also the global properties VASSAL sets to their values."""


def turn_tracker(game: Game) -> Element:
    """Turn track boxes, with the game's sequence of play as a Phase sub-level."""
    names = [p.name for p in game.phases]
    phases = [c.list_turn_level(PHASE_LEVEL, PHASE_LEVEL, names)] if names else []
    if game.turns:
        top = c.list_turn_level(TURN_LEVEL, TURN_LEVEL, [f"{t.id}: {turn_words(t)}" for t in game.turns],
                                sublevels=phases)
    else:
        top = c.counter_turn_level(TURN_LEVEL, TURN_LEVEL, sublevels=phases)
    return c.turn_tracker("Turn", [top], turn_format="$level1$ $level2$" if phases else "$level1$")


TRACKER_ID = "TurnTracker0"
"""The module has one TurnTracker; VASSAL numbers trackers in build order (§2.6)."""


def turn_state(game: Game, turn_id: int | None) -> str | None:
    """The `TURN` restore command putting the tracker on track box `turn_id`, first phase.

    State layout (§5.5, and the nested form in the corpus save Campaign-180907.vsav):
    `currentLevel|level`, a ListTurnLevel being `current;currentSubLevel;first;activeFlags;sublevels...`.
    None when the game has no track or the box is not on it (the tracker then starts at its start).
    """
    index = next((i for i, t in enumerate(game.turns) if t.id == turn_id), None)
    if index is None:
        return None

    def level(current: int, count: int, sublevels: list[str]) -> str:
        return encode([str(current), "0", "0", ",".join(["true"] * count), *sublevels], ";")

    phases = [level(0, len(game.phases), [])] if game.phases else []
    return f"TURN{TRACKER_ID}\t" + encode(["0", level(index, len(game.turns), phases)], "|")


def charts(game: Game) -> Element:
    widgets = [c.chart(art.title, chart_image(key)) for key, art in game_charts(game)]
    return c.chart_window("Charts", [c.tab_widget("Charts", widgets)] if widgets else [])
