"""The ``adjutant`` command: a front door that only parses arguments and prints.

Each subcommand lives in its own module and is imported when it is used, so
``adjutant inspect`` does not pay for the builder's imaging code.
"""

from __future__ import annotations

import importlib

import click

_COMMANDS = {
    "build": ("adjutant.cmd_build", "build"),
    "validate": ("adjutant.cmd_validate", "validate"),
    "import-tables": ("adjutant.cmd_import", "import_tables"),
    "inspect": ("adjutant.cmd_inspect", "inspect"),
    "check": ("adjutant.cmd_check", "check"),
    "digitize": ("adjutant.cmd_digitize", "digitize"),
}


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in _COMMANDS:
            return None
        module, attr = _COMMANDS[name]
        return getattr(importlib.import_module(module), attr)


@click.group(cls=_LazyGroup)
@click.version_option(package_name="vassal-adjutant")
def main() -> None:
    """Build VASSAL modules from Civil War wargame data, and referee VASSAL logs."""
