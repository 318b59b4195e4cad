"""VASSAL's board grids, one module per grid class; ``vassal.grid`` is the public entry point."""
