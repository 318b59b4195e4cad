"""Rulebook-table importer framework: locate tables, normalize cells, apply overrides, report."""
