"""The shiloh rulebook importer: `build` reads the tables; the other modules of this package read its parts."""
