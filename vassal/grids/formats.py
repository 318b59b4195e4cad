"""VASSAL's ``$property$`` location formats: expanding them and matching names against them.

A grid's ``locationFormat`` and a zone's ``locationFormat`` are split on ``$``
with the SequenceEncoder decoder; tokens alternate literal / property, and a
property token only counts when another token follows it (so ``"$x"`` is the
literal ``x``). Both the naming and VASSAL's name-to-point parser walk the
tokens this way, so they share this one tokenizer.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from vassal.sequence import decode


def format_tokens(fmt: str) -> Iterator[tuple[bool, str]]:
    """``(is_property, text)`` for each non-empty token, in order."""
    tokens = decode(fmt, "$")
    is_property = True
    for index, token in enumerate(tokens):
        is_property = not is_property
        if token:
            yield is_property and index < len(tokens) - 1, token


def expand(fmt: str, props: Mapping[str, str | None], unknown_as_name: bool) -> str:
    """Substitute ``props`` into ``fmt``.

    A property set to None adds nothing. A property nobody set is looked up in
    the module by VASSAL; we have no module properties here, so it gives
    nothing for grid numbering (VASSAL's localized lookup) and its own name for
    zones (VASSAL's unlocalized lookup writes the name when the value is null).
    """
    out: list[str] = []
    for is_property, token in format_tokens(fmt):
        if not is_property:
            out.append(token)
        elif token in props:
            out.append(props[token] or "")
        elif unknown_as_name:
            out.append(token)
    return "".join(out)
