"""The ``adjutant`` command: a front door that only parses arguments and prints.

Each subcommand lives in its own module and is imported when it is used, so
``adjutant inspect`` does not pay for the builder's imaging code, and
``adjutant --help`` imports none of them: the one-line summaries it lists are
kept here (a test checks that each equals its command's own help).
"""

from __future__ import annotations

import atexit
import gc
import importlib

import click

_COMMANDS = {
    "build": ("adjutant.cmd_build", "build"),
    "validate": ("adjutant.cmd_validate", "validate"),
    "import-tables": ("adjutant.cmd_import", "import_tables"),
    "inspect": ("adjutant.cmd_inspect", "inspect"),
    "check": ("adjutant.cmd_check", "check"),
    "map-units": ("adjutant.cmd_map_units", "map_units"),
    "digitize": ("adjutant.cmd_digitize", "digitize"),
}

#: The first paragraph of each command's help, which ``adjutant --help`` shortens to one line;
#: a command missing here is imported to ask it.
SUMMARIES = {
    "build": "Build a playable VASSAL module from a game's data folder.",
    "validate": "Check sources/<game>/ against the schemas and cross-references, a module (.vmod, "
                "unpacked folder or buildFile) against what VASSAL itself would reject or warn about, "
                "or a units.csv (adjutant map-units) against the game's units (with --game).",
    "import-tables": "Import a rulebook's setup, reinforcement and die-roll tables into the game's workbooks.",
    "inspect": "Show a VASSAL save or log: metadata, players, one line per step, the board.",
    "check": "Check VASSAL logs: undos and re-rolls, the chain of logs, the module, continuity, dice.",
    "map-units": "Draft units.csv: each piece of MODULE matched by name to a unit of the game.",
    "digitize": "Draft the map's terrain into the player's layer (player/terrain.xlsx) from a picture of it, "
                "with an overlay of what was read and the doubtful cells to review.",
}


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in _COMMANDS:
            return None
        module, attr = _COMMANDS[name]
        return getattr(importlib.import_module(module), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's own listing, from ``SUMMARIES`` instead of importing every command."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = []
        for name in names:
            if name in SUMMARIES:
                rows.append((name, click.Command(name, help=SUMMARIES[name]).get_short_help_str(limit)))
            else:
                command = self.get_command(ctx, name)
                rows.append((name, command.get_short_help_str(limit) if command else ""))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=_LazyGroup)
@click.version_option(package_name="vassal-adjutant")
def main() -> None:
    """Build VASSAL modules from Civil War wargame data, and referee VASSAL logs."""
    # The collection Python runs as it exits would scan every object a replay made (hundreds of
    # thousands) only for them to be freed anyway: frozen out of it at exit (after the command,
    # and once however often the command runs in one process).
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
