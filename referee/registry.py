"""The list of checks ``adjutant check`` can run, and which ones a game wants.

Each check is a small pure function from a ``CheckContext`` (one replayed log and
what it is compared with) to findings. The dice audit is the exception: it pools
the rolls of every log given, so the runner runs it once over all of them.

A game's ``game.toml`` may list the checks that apply to it:
``[referee] checks = ["undo", "chain", "dice"]``; without that list every check
runs.

A check says which inputs it needs (``Need``): without ``--module`` or ``--game`` it is
not run, or runs only in part, and the report says so as a ``not-checked`` finding
naming what was left unchecked, never as a silent pass.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .checks.chain import CHECK_ID as CHAIN
from .checks.chain import check_chain
from .checks.continuity import CHECK_ID as CONTINUITY
from .checks.continuity import check_continuity
from .checks.module import CHECK_ID as MODULE
from .checks.module import check_module
from .checks.replay_problems import CHECK_ID as REPLAY
from .checks.replay_problems import check_replay
from .checks.undo import CHECK_ID as UNDO
from .checks.undo import check_undo
from .context import CheckContext
from .dice_audit import CHECK_ID as DICE
from .findings import Finding

#: the ``CHECK_ID`` of the rule checks (``rules.tables``, ``combat``, ``ranges``, ``setup``, ``arrivals``,
#: ``restricted``, ``victory``), which are imported when they run: they need the game's data model,
#: which a check without ``--game`` never loads
TABLES = "tables"
COMBAT = "combat"
MOVEMENT = "movement"
COMMAND = "command"
SUPPLY = "supply"
ACTIVATION = "activation"
ORDERS = "orders"
INITIATIVE = "initiative"
UNITS = "units"
SETUP = "setup"
ARRIVALS = "reinforcements"
RESTRICTED = "restricted"
EXITS = "exits"
VICTORY = "victory"
STACKING = "stacking"
FIRE = "fire"
WRECKED = "wrecked"
HIDDEN = "hidden"
#: rule checks whose findings do not depend on which units the pieces are: a roll is read
#: against its table by its button (and chat), a combat table by its button
READ_WITHOUT_UNITS = frozenset({TABLES, COMBAT})


def _imported_when_run(module: str, name: str) -> Callable[[CheckContext], Iterable[Finding]]:
    def run(ctx: CheckContext) -> Iterable[Finding]:
        return getattr(importlib.import_module(module, __package__), name)(ctx)
    return run


def _folded(module: str, name: str) -> tuple[Callable[[CheckContext], Iterable[Finding]],
                                            Callable[[CheckContext], object]]:
    """``run`` and ``carry`` of a check that works out its findings and what it hands on in one
    pass, ``name(ctx) -> (findings, carried)``: the runner calls ``carry`` right after ``run``
    with the same context, so the pass is made once and its result kept for that context only."""
    last: list[tuple[CheckContext, tuple[list[Finding], object]]] = []

    def fold(ctx: CheckContext) -> tuple[list[Finding], object]:
        if not last or last[0][0] is not ctx:
            last[:] = [(ctx, getattr(importlib.import_module(module, __package__), name)(ctx))]
        return last[0][1]

    return (lambda ctx: fold(ctx)[0]), (lambda ctx: fold(ctx)[1])


check_tables = _imported_when_run(".rules.tables", "check_tables")
carry_tables = _imported_when_run(".rules.tables", "carry_tables")
check_setup, carry_setup = _folded(".rules.setup", "judge_setup")
check_combat = _imported_when_run(".rules.combat", "check_combat")
carry_combat = _imported_when_run(".rules.combat", "carry_combat")
check_movement = _imported_when_run(".rules.classic_move", "check_movement")
check_command = _imported_when_run(".rules.ranges", "check_command")
_check_supply = _imported_when_run(".rules.ranges", "check_supply")
_check_refills = _imported_when_run(".rules.refills", "run")


def check_supply(ctx: CheckContext) -> Iterable[Finding]:
    """Supply lines and resupply by system, and Atlanta's automatic refills (3.5)."""
    return [*_check_supply(ctx), *_check_refills(ctx)]

check_activation = _imported_when_run(".rules.ranges", "check_activation")
check_orders = _imported_when_run(".rules.ranges", "check_orders")
check_initiative = _imported_when_run(".rules.ranges", "check_initiative")
check_units = _imported_when_run(".rules.ranges", "check_units")
carry_initiative = _imported_when_run(".rules.ranges", "carry_initiative")
check_arrivals = _imported_when_run(".rules.arrivals", "check_arrivals")
_check_restricted = _imported_when_run(".rules.restricted", "check_restricted")
_check_guns = _imported_when_run(".rules.guns_heard", "check_guns")
carry_restricted = _imported_when_run(".rules.restricted", "carry")


def check_restricted(ctx: CheckContext) -> Iterable[Finding]:
    """The scenario's forbidden hexes, and Atlanta's corps held until the gunfire is heard (5.1b.4)."""
    return [*_check_restricted(ctx), *_check_guns(ctx)]

check_exits = _imported_when_run(".rules.restricted", "check_exits")
check_victory = _imported_when_run(".rules.victory", "check_victory")
check_stacking = _imported_when_run(".rules.stacking", "run")
check_fire = _imported_when_run(".rules.fire_limits", "run")
carry_fire = _imported_when_run(".rules.artillery_fire", "carry")
check_wrecked = _imported_when_run(".rules.wrecked", "run")
check_hidden = _imported_when_run(".rules.hidden", "run")


@dataclass(frozen=True)
class Need:
    """An input a check needs: ``"module"`` (``--module``) or ``"game"`` (``--game``).

    ``lost`` says what goes unchecked without it; a ``blocking`` need stops the check,
    otherwise it runs on what it has.
    """

    input: str
    lost: str
    blocking: bool = True


@dataclass(frozen=True)
class Covers:
    """A rule of a bundled game's list (``sources/<game>/checkable-rules.toml``: ``<prefix>.<id>``)
    that a check implements. ``needs``: the player's data it waits for (the cells), empty when
    the bundled data lets it run; ``partial``: what of the rule it does not check yet. The
    coverage table (``referee.coverage``, docs/coverage.md) is made from these."""

    rule: str
    needs: str = ""
    partial: str = ""


@dataclass(frozen=True)
class Check:
    """``carry``: what the check hands to itself on the next log of the chain (given there as
    ``ctx.carried[id]``), called on every log of the chain, ``--previous`` ones included, so a
    roll at the end of one log is judged by what the next log does. ``covers``: the rules of the
    bundled games it implements."""

    id: str
    title: str
    run: Callable[[CheckContext], Iterable[Finding]] | None  # None: run once over all logs
    needs: tuple[Need, ...] = ()
    carry: Callable[[CheckContext], object] | None = None
    covers: tuple[Covers, ...] = ()


# ---- the rules each check implements (see Covers); the cells are the player's data they wait for
_TRACED = ("terrain.xlsx (the terrain and hexsides of the hexes a command range is traced through) and rules.xlsx "
           "Ranges (each leader's Command Range, printed on his counter)")
_ROADS = "terrain.xlsx (the roads and farm lanes of the hexes around the unit and of the supply line)"
_COMBAT = "combat.xlsx (the game's combat tables: not in the rulebook)"
_APPLIED = "what the result requires"
_LOS = ("terrain.xlsx Hexes (the terrain and elevation of the hexes a line of sight crosses and of its ends), "
        "Hexsides (ridges) and, where a lower obstacle stands between a higher and a lower unit, rules.xlsx "
        "Parameters los.over (the series' Basic Book, not printed)")
_DUCK = ("terrain.xlsx Specials rows of kind region named South of the Duck River (where no wagon may be voluntarily "
         "destroyed: the rulebook prints no such list)")
_REFILL = ("game.toml [[phases]] (the series' sequence of play) and rules.xlsx Parameters resupply.phase (its resupply "
           "phase), for a battery left out of ammunition at its end within 2 hexes of its wagon (a refill made is "
           "judged without them)")
_DETACHMENTS = ("shock and absorption within 3 hexes (14.42-14.43), 14.45's command (14.41's stacking, 14.43's rout "
                "and 14.47's deadline: the units check; 14.46: the restricted check)")


def _covering(*rules: str, needs: str = "", partial: str = "") -> tuple[Covers, ...]:
    return tuple(Covers(r, needs, partial) for r in rules)


TABLES_COVER = (
    _covering("itw.johnston_leader_loss")
    + _covering("itw.random_event_I_am_hit", needs=_LOS)
    + _covering("itw.lew_wallace_entry_roll", "itw.s8_slow_start_roll", "itw.s8_grant_release",
                "itw.s6_trabue_lost_units", "itw.s10_involuntary_alert", "itw.s8_hardee_release", "hsn.winter_weather_start",
                "hsn.union_reinforcement_count", "hsn.union_reinforcement_placement", "hsn.confederate_arrival_count",
                "hsn.arrival_placement", "hsn.constant_variable_reinforcements", "hsn.manpower_enhancement",
                "hsn.accelerated_union_reinforcements", "hsn.union_cavalry_phase", "hsn.s9_wagon_removal",
                "hsn.blockhouse_attack", "atl.weather", "atl.plus_weapon_low_ammo", "rss.low_no_ammo_on_11_12",
                "rss.distorted_order_lock")
    + _covering("itw.random_event_resolution", "hsn.random_event_lookup", partial="the events' effects")
    + _covering("hsn.grant_relieves_thomas", partial="the flip of Thomas to Logan (Logan, Thomas's other side, is "
                "no unit of oob.xlsx) and the die for the turns without a grand assault (no table, no marker); the "
                "result itself, from Turn 17 and by the three towns held, is read")
    + _covering("itw.s4_grant_visit", "atl.panic_roll", partial=_APPLIED + ": not visible in a log")
    + _covering("hsn.winter_marker_bookkeeping", partial="where the Last Turn of Winter marker goes (six boxes "
                                                         "ahead)")
    + _covering("hsn.winter_effects")
    + _covering("atl.creek_crossing", partial="the hexside's reuse and the followers")
    + _covering("atl.bridge_destroy_repair", partial="the destruction at night near a CSA unit, the rebuilding "
                                                     "after midnight (the repair roll's result is checked)")
    + _covering("atl.variant_dice", partial="the 16th Corps' set-up, hearing the guns and Hardee's movement")
    + _covering("atl.csa_arty_out_of_ammo"))
COMBAT_COVER = _covering("itw.combat_results", "hsn.combat_results", "atl.combat_results", "rss.combat_results",
                         "shi.combat_results", needs=_COMBAT)
COMMAND_COVER = (
    _covering("itw.command_trace_cost", "itw.union_division_command", "itw.cleburne_command", "itw.attach_in_range",
              needs=_TRACED)
    + _covering("itw.shiloh_branch_bridge_closed", "itw.attachment_timing", "itw.unassigned_am_cap",
                "itw.direct_command_count", "itw.johnston_ability_limits", "itw.johnston_leader_loss",
                "itw.csa_cavalry_attachment",
                "atl.dodge_4_hex")
    + _covering("atl.command_radius", "rss.command_radius", needs=_TRACED)
    + _covering("atl.detachment_marker", needs="terrain.xlsx Hexes and Hexsides (the terrain between the detachment "
                "marker and its brigade) and effects.xlsx Costs (the infantry and cavalry movement costs), or rules.xlsx "
                "Parameters trace-floor (the 4 MP are then proved by hex distance alone)"))
SUPPLY_COVER = (_covering("itw.ammo_resupply_small_arms", "itw.ammo_resupply_camp", "itw.ammo_resupply_artillery",
                          "itw.supply_line_trace", needs=_ROADS)
                + _covering("atl.resupply", "rss.resupply_eligible")
                + _covering("atl.csa_arty_out_of_ammo", needs=_REFILL)
                + _covering("rss.army_train_terrain", needs="terrain.xlsx (the terrain and roads of the hexes the "
                            "Army Train enters) and oob.xlsx (the Army Train, of type army-train)"))
ACTIVATION_COVER = (_covering("hsn.schofield_activation_limit", "hsn.scenario_permissions", "hsn.activation_command",
                              "itw.stuart_activation_cap", "itw.continuous_line_S1")
                    + _covering("itw.battle_event_chit_count", needs="rules.xlsx Parameters rows battle-events.S1, "
                                "battle-events.S5 (the Battle Events Chart's chits a turn: not in the rulebook) and "
                                "battle-events.S10 (its scenario lists none)")
                    + _covering("hsn.wagon_rules", partial="no force march, attack, assault or entrenching; the "
                                                           "wagons' movement costs"))
ORDERS_COVER = _covering("itw.march_orders_timing", "itw.unassigned_advance_orders", "itw.detachment_advance_orders",
                         "itw.reinforcement_advance_mode")
INITIATIVE_COVER = (_covering("hsn.initiative_tie_winner", "hsn.forced_initiatives", "hsn.late_rain_trigger",
                              "hsn.army_initiative_transition")
                    + _covering("hsn.s9_wagon_removal", needs=_DUCK))
UNITS_COVER = (_covering("itw.no_depletion_units", "itw.unit_fatigue_merge", "itw.initial_overstack_unstack",
                         "itw.reserve_recovery_slots",
                         "itw.prepared_fire_range", "itw.low_ammo_full_fire", "hsn.death_of_cleburne",
                         "hsn.s2_union_consolidation", "hsn.bridge_counter_pool", "hsn.union_cavalry_phase",
                         "hsn.hood_assault_bonus", "hsn.forrest_assault_bonus", "hsn.winter_effects")
               + _covering("itw.adjacent_elevation_fire_ban", needs="terrain.xlsx Hexes elevation (the firing and "
                                                                    "target hexes' elevation levels)")
               + _covering("itw.s7_csa_collapse", needs="oob.xlsx Units strength (each Confederate unit's printed, "
                                                        "original SP)")
               + _covering("itw.immobile_batteries", needs="terrain.xlsx Specials of kind other named 'Pittsburg "
                           "Landing…' (the Landing's confines) and Hexes terrain (Field or Field Boundary)")
               + _covering("itw.detachment_rules", partial=_DETACHMENTS)
               + _covering("itw.gunboat_damage", partial="which fire hit a gunboat is not tied to it in the log: "
                                                         "small arms' and non-D results' lack of effect and the "
                                                         "second D's removal (no rout, no rally: checked)"))
SETUP_COVER = (_covering("itw.setup", "hsn.setup_conformity", "atl.setup_5_1_union")
               + _covering("atl.setup_5_1_csa", needs="terrain.xlsx Specials of kind vp 'Atlanta outer defenses' (the "
                           "hexes inside the Atlanta defenses) and Hexsides (the roads Hardee's corps sets up on)")
               + _covering("atl.setup_5_2", needs="terrain.xlsx Specials of kind vp 'Atlanta inner defenses' and "
                           "Hexsides (Peachtree Creek's hexsides), effects.xlsx Terrain (a hexside type for Peavine "
                           "Creek, and terrain.xlsx Hexsides its hexsides)"))
ARRIVALS_COVER = _covering("itw.reinforcement_schedule", "itw.s8_union_divisions_entry", "atl.reinforcement_schedule")
RESTRICTED_COVER = (_covering("itw.s6_east_limit", "itw.cavalry_leash", "hsn.hex_movement_bans")
                    + _covering("hsn.turn1_activation_restrictions", needs="terrain.xlsx Specials rows of kind "
                                "county named Rutherford County (S9's Murfreesboro garrison is freed when a "
                                "Confederate unit enters the county: the rulebook prints no county line)")
                    + _covering("hsn.s9_wagon_removal")
                    + _covering("atl.garrard_column_limit")
                    + _covering("itw.detachment_rules", partial=_DETACHMENTS)
                    + _covering("atl.cheatham_no_advance_before_guns", needs="terrain.xlsx Specials of kind vp "
                                "'Atlanta outer defenses' (the hexes inside the defenses: an advance leaves them)"))
EXITS_COVER = _covering("hsn.exit_legality")
VICTORY_COVER = (
    _covering("hsn.manpower_loss_attribution", "hsn.s9_automatic_victory", "hsn.s9_nashville_proximity")
    + _covering("itw.field_control_tracking", needs="terrain.xlsx Specials of kind vp (each field's hexes)")
    + _covering("itw.s1_victory_score", needs="terrain.xlsx Specials of kind vp (each field's hexes)",
                partial="the award for the fields west or south of the line, the level shift and the automatic "
                        "victory at Pittsburg Landing")
    + _covering("itw.scenario_victory_S2_S10", needs="terrain.xlsx Specials (S3's camps, S10's fields)",
                partial="S4's roads, lane and Sunken Lane control; the objectives of S2, S7 and S9 are listed, "
                        "not judged")
    + _covering("hsn.vp_tally", partial="the LOC, county and river terms (the map's pikes, counties and rivers, and "
                                        "the units' Combat values)")
    + _covering("hsn.s9_murfreesboro")
    + _covering("atl.garrard_column_limit", "atl.wreck_1_23_variant")
    + _covering("atl.victory_points", needs="terrain.xlsx Specials of kind vp (the defenses, the built-up zone, "
                                            "the Georgia Railroad) and rules.xlsx Parameters wreck.division and "
                                            "wreck.corps (the rosters' checks: the divisions and corps wrecked)",
                partial="the plans chosen secretly, the Union brigades sent off north"))

#: the regimental sub-series' own rulebook prints no regiment: a game played with it brings its units
_REGIMENTS = "oob.xlsx Units (the regiments, batteries, wagons and leaders of a game played with these rules, their "\
             "type and strength: the sub-series rulebook prints none)"
STACKING_COVER = (_covering("rss.stack_sp_le_16", "rss.wagon_stack_le_1_other", "rss.column_or_mounted_alone",
                            "rss.limbered_arty_stacking", needs=_REGIMENTS)
                 + _covering("rss.unlimber_timing", needs=_REGIMENTS + " and game.toml [[phases]] (the series' "
                             "sequence of play, in the CWB series rules: not in the rulebook set)"))
FIRE_COVER = (_covering("rss.no_ammo_cannot_fire", "rss.battery_combo_cap", needs=_REGIMENTS)
              + _covering("rss.fire_sp_le_8_per_hex", needs=_REGIMENTS,
                          partial="which 8 SP fire (the top of the stack by stack order)")
              + _covering("rss.split_fire_exclusive", "rss.split_fire_same_range", "rss.one_split_fire_per_hex",
                          "rss.arty_split_increments",
                          needs=_REGIMENTS + " and game.toml [[phases]] (the fire phases)")
              + _covering("rss.friendly_los_block", needs=_REGIMENTS + " and terrain.xlsx Hexes elevation (the levels "
                          "of the firer, the target and the friendly units on the line of fire)"))
FIRE_COVER += _covering("rss.cc_defender_fire_cap", needs=_REGIMENTS + " and game.toml [[phases]] (the close "
                        "combat phase, named so)")
FIRE_COVER += (_covering("atl.csa_arty_hex_cap_4", "atl.ammo_cap_4_4")
               + _covering("atl.csa_arty_out_of_ammo"))
WRECKED_COVER = (_covering("rss.wrecked_regiment", needs=_REGIMENTS)
                 + _covering("rss.straggler_assignment_order", needs=_REGIMENTS + " and rules.xlsx Parameters "
                             "stragglers.ineligible-states (what keeps a regiment from recovering: the CWB series' "
                             "21.2, not in the rulebook set)"))
HIDDEN_COVER = _covering("atl.hidden_reveal", needs=_LOS + "; effects.xlsx Costs (the movement points of the enemy "
                         "unit's class, for the 3 MP)")
COMBAT_COVER += _covering("rss.odds_arty_counts_one", "rss.arty_long_range_halving",
                          needs="combat.xlsx (the Close Combat and Fire Combat Tables: not in the rulebook) and "
                          + _REGIMENTS)

#: classic Shiloh's counters and map: printed on them, not in the 18-line text (sources/shiloh/README.md)
_SHILOH_UNITS = ("player/oob.xlsx Units (the counters' side, type, strength, movement) and game.toml [[maps]] "
                 "(the map's extent)")
_SHILOH_MAP = "terrain.xlsx Hexes and effects.xlsx Costs (the map's terrain and its Terrain Effects Chart)"
_SHILOH_REINF = "player/scenarios.xlsx 'shiloh Reinf' (each reinforcement's turn and entry hex)"
MOVEMENT_COVER = (_covering("shi.game_length_13", "shi.no_csa_reinforcements", needs=_SHILOH_UNITS)
                  + _covering("shi.union_forced_move_t1_t2", "shi.river_hex_only_gunboats", "shi.gunboat_zoc",
                              needs=f"{_SHILOH_UNITS}; {_SHILOH_MAP}")
                  + _covering("shi.ferry_crossing", needs=f"{_SHILOH_UNITS}; {_SHILOH_MAP}; terrain.xlsx Hexsides "
                                                          "(the Ferry feature on the sides the ferry symbol marks)")
                  + _covering("shi.reinf_entry", needs=f"{_SHILOH_UNITS}; {_SHILOH_MAP}; {_SHILOH_REINF}"))
COMBAT_COVER += _covering("shi.gunboat_zoc", needs=f"{_SHILOH_UNITS}; combat.xlsx (the combat results table)")
ARRIVALS_COVER += _covering("shi.reinf_entry", needs=f"{_SHILOH_REINF}; {_SHILOH_UNITS}")
VICTORY_COVER += _covering("shi.victory", needs=f"{_SHILOH_UNITS}; player/scenarios.xlsx 'shiloh Setup' and 'shiloh Reinf' "
                                                "(the units in play)")

_SCENARIO_NEEDS = (Need("game", "the scenario's own rules (set-up, reinforcements, restricted hexes, exits, "
                                "victory) were not checked"),
                   Need("module", "no unit's hex is known: the scenario's rules were not checked"))

CHECKS: tuple[Check, ...] = (
    Check(UNDO, "every undo, undos of the opponent's actions, re-rolls", check_undo),
    Check(CHAIN, "the log starts where the previous log or save ended", check_chain),
    Check(MODULE, "module name and version, pieces unknown to the module", check_module,
          (Need("module", "the pieces in play were not compared with the module's pieces, nor the log's "
                          "module version with the module's", blocking=False),)),
    Check(CONTINUITY, "hidden pieces moved by others, pieces of the other side", check_continuity),
    Check(REPLAY, "commands the replay could not apply", check_replay),
    Check(DICE, "every roll by player, purpose and die type; fairness test", None),
    Check(TABLES, "every roll read against its die-roll table: when it may be rolled, what it reads, what follows",
          check_tables, (Need("game", "no roll was read against its die-roll table"),), carry_tables,
          covers=TABLES_COVER),
    Check(COMBAT, "combat rolls against a combat table the user entered: who fought, odds with the terrain, "
                  "modifiers, and what followed (losses, eliminations, exchanges, retreats, advances)",
          check_combat, (Need("game", "no combat roll was read against a combat table"),), carry_combat,
          covers=COMBAT_COVER),
    Check(MOVEMENT, "classic family: movement factors over the terrain, zones of control, stacking, the turn limit",
          check_movement, (Need("game", "no move was checked against the movement rules"),
                           Need("module", "no unit's hex is known: no move was checked")), covers=MOVEMENT_COVER),
    Check(COMMAND, "command ranges traced over the map, the chain of command, attachments",
          check_command, (Need("game", "no command range was traced"),), covers=COMMAND_COVER),
    Check(SUPPLY, "supply lines and ammunition resupply: where, the line to the source, the roll",
          check_supply, (Need("game", "no resupply was checked"),), covers=SUPPLY_COVER),
    Check(ACTIVATION, "activations: which leader may activate which units, and how many; Battle Event chits drawn; "
                      "a scenario's Continuous Line at the end of its first Activations",
          check_activation, (Need("game", "no activation was checked"),), covers=ACTIVATION_COVER),
    Check(ORDERS, "orders: when March Orders may be given; units always under Advance Orders",
          check_orders, (Need("game", "no orders were checked"),), covers=ORDERS_COVER),
    Check(INITIATIVE, "initiative: who won each pair of Initiative rolls, the scenario's first initiatives, "
                      "that only the winner's side moves, no entrenching once Late Rain begins, wagons destroyed at will "
                      "(S9) only with the initiative", check_initiative,
          (Need("game", "no initiative was checked"),), carry=carry_initiative, covers=INITIATIVE_COVER),
    Check(UNITS, "statuses a unit must or must not show: ammunition of units that never deplete, the Fatigue of "
                 "a unit joining a brigade, collapse; the depletion after a declared full fire, the range of a "
                 "declared Prepared Fire, artillery fire next to high ground; a unit a combat result replaces "
                 "(Death of Cleburne); consolidations (the combined Manpower); batteries without horses (one hex an "
                 "Activation, no fire after moving, the Landing's confines); unbrigaded units recovering with a "
                 "Reserve brigade; markers a pool limits (bridges); cavalry mounts and versions; who may take an "
                 "assault bonus; what winter forbids", check_units,
          (Need("game", "no unit's status was checked"),), covers=UNITS_COVER),
    Check(SETUP, "the first log's set-up against the scenario's set-up table: units missing, extra, misplaced, "
                 "facing, strength, status; units left in set-up boxes when play moves on", check_setup,
          _SCENARIO_NEEDS, carry_setup, covers=SETUP_COVER),
    Check(ARRIVALS, "reinforcements against the scenario's table: turn, entry hex, the game's entry options",
          check_arrivals, _SCENARIO_NEEDS, covers=ARRIVALS_COVER),
    Check(RESTRICTED, "hexes, rows, columns and distances the scenario forbids, and what happens there",
          check_restricted, _SCENARIO_NEEDS, carry_restricted, covers=RESTRICTED_COVER),
    Check(EXITS, "units leaving the map only where and when the scenario allows", check_exits, _SCENARIO_NEEDS,
          covers=EXITS_COVER),
    Check(VICTORY, "the scenario's VP tally term by term and its victory level at the end of the log",
          check_victory, _SCENARIO_NEEDS, covers=VICTORY_COVER),
    Check(STACKING, "formations and stacking (CWB Regimental 11-12): strength points, wagons, columns and limbered "
                    "batteries at the end of every phase; when a battery may unlimber",
          check_stacking, (Need("game", "no stack was checked"),), covers=STACKING_COVER),
    Check(FIRE, "each fire: no unit at No Ammo, batteries combined on one target, strength points fired from a hex; "
                "a game's own artillery limits (range out of ammunition, points from a hex)",
          check_fire, (Need("game", "no fire was checked"),), carry_fire, covers=FIRE_COVER),
    Check(WRECKED, "regiments wrecked at half their printed strength, and only then, at the end of every phase; "
                   "recovered stragglers one per regiment, greatest loss first",
          check_wrecked, (Need("game", "no wrecked regiment was checked"),), covers=WRECKED_COVER),
    Check(HIDDEN, "hidden units revealed when they move or fire, or an enemy unit sees them or comes within the "
                  "movement points that reveal them (Atlanta 5.2d.3)",
          check_hidden, (Need("game", "no hidden unit was checked"),), covers=HIDDEN_COVER),
)
CHECK_IDS = tuple(c.id for c in CHECKS)


def needing(checks: Iterable[Check], input: str) -> frozenset[str]:
    """The ids of the checks that read ``input`` ("module" or "game")."""
    return frozenset(c.id for c in checks if any(n.input == input for n in c.needs))


class UnknownCheck(ValueError):
    pass


def select(ids: Sequence[str] | None) -> tuple[Check, ...]:
    """The checks named by ``ids`` in registry order (all when ``ids`` is None)."""
    if ids is None:
        return CHECKS
    unknown = sorted(set(ids) - set(CHECK_IDS))
    if unknown:
        raise UnknownCheck(f"unknown check(s) {', '.join(unknown)}; known: {', '.join(CHECK_IDS)}")
    return tuple(c for c in CHECKS if c.id in ids)


def game_checks(game_folder: Path) -> list[str] | None:
    """The ``[referee] checks`` list of a game's ``game.toml``, or ``None`` when it has none."""
    import tomllib

    path = game_folder / "game.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise UnknownCheck(f"{path}: cannot read ({e})") from None
    referee = data.get("referee", {})
    checks = referee.get("checks") if isinstance(referee, dict) else None
    if checks is None:
        return None
    if not isinstance(checks, list) or not all(isinstance(c, str) for c in checks):
        raise UnknownCheck(f"{path}: [referee] checks must be a list of check names")
    return checks
