"""Strict cell types: what a sheet's row schema accepts, and one clear line for what it refuses.

A column's type, enumeration and range come from its row schema (`schemas/<name>.schema.json`).
A number column refuses `abc` and `1O` (a letter O typed for a zero), an enumeration what it
does not list, a range what falls outside it: one line per cell. A whole column missing from
the header, or emptied in every row while the schema requires it, is one line, not one per row.
A number a spreadsheet holds as text (a cell formatted as text: "4") is read as the number, so
what the spreadsheet shows as 4 is 4.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

import jsonschema

from gamedata.folder import schema
from gamedata.model import Problem
from gamedata.workbook import Cell, Row, Sheet

NUMBER_TEXT = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$")
#: letters typed for digits: the usual slips when a number is keyed in by hand
LOOKALIKES = str.maketrans({"O": "0", "o": "0", "l": "1", "I": "1"})


@functools.lru_cache(maxsize=None)
def _validator(name: str, partial: bool = False) -> jsonschema.Draft202012Validator:
    """One validator per schema (reading and compiling it per row cost most of a load); a
    partial one requires nothing: it judges the cells a row gives, not the ones it leaves out."""
    definition = schema(name)
    if partial:
        definition = {k: v for k, v in definition.items() if k != "required"}
    return jsonschema.Draft202012Validator(definition)


@functools.lru_cache(maxsize=None)
def _numeric_columns(name: str) -> dict[str, type]:
    """Columns whose type is a number and not text: column -> int (whole numbers) or float."""
    found: dict[str, type] = {}
    for column, prop in schema(name).get("properties", {}).items():
        kinds = prop.get("type", [])
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if "string" in kinds:
            continue
        if "integer" in kinds:
            found[column] = int
        elif "number" in kinds:
            found[column] = float
    return found


def coerce(values: Mapping[str, Cell], name: str) -> dict[str, Cell]:
    """A row's cells with numbers held as text read as numbers where the column is a number."""
    numeric = _numeric_columns(name)
    out = dict(values)
    for column, kind in numeric.items():
        value = out.get(column)
        if isinstance(value, str) and NUMBER_TEXT.match(value):
            number = float(value)
            out[column] = int(number) if number.is_integer() else number
    return out


def required(name: str) -> tuple[str, ...]:
    return tuple(schema(name).get("required", ()))


def schema_problems(file: str, sheet: str, row: int, instance: dict[str, Any], name: str,
                    partial: bool = False, skip: Iterable[str] = ()) -> Iterable[Problem]:
    """A row's (or a definition's, ``sheet`` "") problems against its schema; ``skip``: columns
    already reported as a whole (missing or empty in every row)."""
    skipped = set(skip)
    validator = _validator(name, partial)
    for error in sorted(validator.iter_errors(instance), key=lambda e: list(map(str, e.absolute_path))):
        if error.validator == "required":           # a nested table's keys are named with their path
            where = [str(p) for p in error.absolute_path]
            for col in (c for c in error.validator_value if c not in error.instance):
                if not where and col in skipped:
                    continue
                yield Problem(file, sheet, row, ".".join([*where, col]), "required value is empty")
            continue
        path = [str(p) for p in error.absolute_path]
        column = path[0] if sheet else ".".join(path)
        yield Problem(file, sheet, row, column, describe(error))


def describe(error: jsonschema.ValidationError) -> str:
    """A schema error as one sentence a spreadsheet user reads."""
    if error.validator == "type":
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        if isinstance(error.instance, str) and ("integer" in wanted or "number" in wanted):
            return _not_a_number(error.instance, "integer" in wanted and "number" not in wanted)
        kinds = " or ".join(_KIND_WORDS.get(w, w) for w in wanted if w != "null")
        return f"expected {kinds}, got {error.instance!r}"
    if error.validator == "enum":
        return f"{error.instance!r} is not one of {', '.join(map(str, error.validator_value))}"
    if error.validator == "minimum":
        return f"{error.instance!r} is below the smallest allowed value, {error.validator_value}"
    if error.validator == "maximum":
        return f"{error.instance!r} is above the largest allowed value, {error.validator_value}"
    if error.validator == "pattern" and "patternMessage" in error.schema:
        return f"{error.instance!r}: {error.schema['patternMessage']}"
    return error.message


_KIND_WORDS = {"integer": "a whole number", "number": "a number", "boolean": "TRUE or FALSE", "string": "text"}


def _not_a_number(text: str, whole: bool) -> str:
    said = f"{text!r} is not a {'whole ' if whole else ''}number"
    fixed = text.strip().translate(LOOKALIKES)
    if fixed != text.strip() and NUMBER_TEXT.match(fixed):
        slips = sorted({c for c in text if c in "OolI"})
        return f"{said} (is {', '.join(repr(c) for c in slips)} a digit? {fixed} perhaps)"
    return said


MISSING_COLUMN = "missing column"


def check_header(file: str, sheet: Sheet, name: str, extra: Iterable[str] = (),
                 required: Iterable[str] | None = None) -> list[Problem]:
    """A sheet's header against its row schema: each column missing (every column of the
    schema, or those ``required``), unknown (neither the schema's nor ``extra``) or repeated is
    one line at row 1."""
    props = schema(name)["properties"]
    known = set(props) | set(extra)
    needed = list(props) if required is None else list(required)
    problems = [Problem(file, sheet.name, 1, col, MISSING_COLUMN) for col in needed if col not in sheet.header]
    for index, col in enumerate(sheet.header):
        if col and col not in known:
            problems.append(Problem(file, sheet.name, 1, col, "unknown column"))
        if col and col in sheet.header[:index]:
            problems.append(Problem(file, sheet.name, 1, col, "column appears twice"))
    return problems


def check_sheet(file: str, sheet: Sheet, name: str) -> tuple[list[Problem], Sheet]:
    """A whole sheet against its row schema: header (a missing, unknown or repeated column is
    one line), a required column left empty in every row (one line), then each row. Returns the
    problems and the sheet with numbers held as text read as numbers."""
    props = schema(name)["properties"]
    problems = check_header(file, sheet, name)
    missing = [col for col in props if col not in sheet.header]
    emptied = [col for col in required(name) if col in sheet.header and sheet.rows
               and all(row.get(col) is None for row in sheet.rows)]
    problems += [Problem(file, sheet.name, 1, col, f"column is empty in every row ({len(sheet.rows)} rows): "
                         "each row needs a value") for col in emptied]
    rows = []
    for row in sheet.rows:
        values = coerce(row.values, name)
        instance = {k: v for k, v in values.items() if k in props and v is not None}
        problems += schema_problems(file, sheet.name, row.number, instance, name, skip=[*missing, *emptied])
        rows.append(Row(row.number, values, row.file, row.given))
    return problems, Sheet(sheet.name, sheet.header, tuple(rows), sheet.problems)
