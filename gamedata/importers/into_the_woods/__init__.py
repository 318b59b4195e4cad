"""The into_the_woods rulebook importer: `build` reads the tables; the other modules of this package read its parts."""
