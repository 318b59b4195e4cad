"""The one error type for hostile or malformed VASSAL input.

Saves, logs and modules come from other people's machines. Every reader that
rejects such input raises ``FormatError`` with ``where`` naming the file, entry,
element or line, so that the command line can print one clear sentence instead
of a traceback.
"""

from __future__ import annotations


class FormatError(Exception):
    """Input that is not a valid VASSAL file; ``where`` says which part of it."""

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(message, where)
        self.message = message
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message
