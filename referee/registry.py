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
COMMAND = "command"
SUPPLY = "supply"
ACTIVATION = "activation"
SETUP = "setup"
ARRIVALS = "reinforcements"
RESTRICTED = "restricted"
EXITS = "exits"
VICTORY = "victory"
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
check_command = _imported_when_run(".rules.ranges", "check_command")
check_supply = _imported_when_run(".rules.ranges", "check_supply")
check_activation = _imported_when_run(".rules.ranges", "check_activation")
check_arrivals = _imported_when_run(".rules.arrivals", "check_arrivals")
check_restricted = _imported_when_run(".rules.restricted", "check_restricted")
check_exits = _imported_when_run(".rules.restricted", "check_exits")
check_victory = _imported_when_run(".rules.victory", "check_victory")


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
class Check:
    """``carry``: what the check hands to itself on the next log of the chain (given there as
    ``ctx.carried[id]``), called on every log of the chain, ``--previous`` ones included, so a
    roll at the end of one log is judged by what the next log does."""

    id: str
    title: str
    run: Callable[[CheckContext], Iterable[Finding]] | None  # None: run once over all logs
    needs: tuple[Need, ...] = ()
    carry: Callable[[CheckContext], object] | None = None


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
          check_tables, (Need("game", "no roll was read against its die-roll table"),), carry_tables),
    Check(COMBAT, "combat rolls against a combat table the user entered: odds, modifiers, losses, retreats",
          check_combat, (Need("game", "no combat roll was read against a combat table"),)),
    Check(COMMAND, "command ranges traced over the map, the chain of command, attachments",
          check_command, (Need("game", "no command range was traced"),)),
    Check(SUPPLY, "supply lines and ammunition resupply: where, the line to the source, the roll",
          check_supply, (Need("game", "no resupply was checked"),)),
    Check(ACTIVATION, "activations: which leader may activate which units, and how many",
          check_activation, (Need("game", "no activation was checked"),)),
    Check(SETUP, "the first log's set-up against the scenario's set-up table: units missing, extra, misplaced, "
                 "facing, strength, status; units left in set-up boxes when play moves on", check_setup,
          _SCENARIO_NEEDS, carry_setup),
    Check(ARRIVALS, "reinforcements against the scenario's table: turn, entry hex, the game's entry options",
          check_arrivals, _SCENARIO_NEEDS),
    Check(RESTRICTED, "hexes, rows, columns and distances the scenario forbids, and what happens there",
          check_restricted, _SCENARIO_NEEDS),
    Check(EXITS, "units leaving the map only where and when the scenario allows", check_exits, _SCENARIO_NEEDS),
    Check(VICTORY, "the scenario's VP tally term by term and its victory level at the end of the log",
          check_victory, _SCENARIO_NEEDS),
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
