"""Game rules as checks: small pure functions over the game view and the game's data."""
