"""The module's help page: scenarios with their rulebook places, and the data's sources.

Players need to know which scenario is which and where the setup came from (the
rulebook section and line), so they can check a doubtful placement against the book.
"""
from __future__ import annotations

from html import escape

from gamedata.model import Game


def help_page(game: Game) -> str:
    rows = []
    for s in game.scenarios:
        turns = ""
        if s.start_turn is not None:
            turns = f"{s.start_turn}-{s.end_turn}" if s.end_turn is not None else str(s.start_turn)
        line = "" if s.rulebook_line is None else str(s.rulebook_line)
        rows.append(
            f"<tr><td>{escape(s.scenario_id)}</td><td>{escape(s.name)}</td><td>{escape(s.section)}</td>"
            f"<td>{line}</td><td>{escape(turns)}</td><td>{escape(s.maps)}</td>"
            f"<td>{len(s.setup)}</td><td>{len(s.reinforcements)}</td><td>{escape(s.notes)}</td></tr>"
        )
    notes = "".join(f"<li>{escape(n)}</li>" for n in game.notes)
    return (
        "<html><head><title>" + escape(game.name) + "</title></head><body>"
        f"<h1>{escape(game.name)}</h1>"
        f"<p>System: {escape(game.system)}. Sides: {escape(', '.join(game.sides))}.</p>"
        "<h2>Scenarios</h2><p>Start a scenario with File &gt; New Game. Units whose setup is a choice or a "
        "constraint wait in the Scenario Display, in a box that says where they may go; reinforcements wait "
        "there in boxes by arrival turn, naming their entry hexes.</p>"
        "<table border=\"1\"><tr><th>Id</th><th>Scenario</th><th>Section</th><th>Rulebook line</th>"
        "<th>Turns</th><th>Maps</th><th>Set up</th><th>Reinforcements</th><th>Notes</th></tr>"
        + "".join(rows) + "</table>"
        "<h2>Sources</h2>"
        f"<p>Rulebook text: {escape(game.rulebook)}. Values the rulebook does not print are left empty on the "
        "counters.</p>"
        f"<ul>{notes}</ul></body></html>"
    )
