"""The referee: replayed VASSAL logs -> findings -> reports (``adjutant check``).

Layout, one job per module:

* ``findings``: the one result model (check, severity, rule, log, step, player,
  pieces, places, message);
* ``timeline``: a replay reduced to what the checks read, once per log;
* ``checks/``: small pure functions from a ``CheckContext`` to findings —
  ``undo`` (undos, re-rolls, undoing the opponent), ``chain`` (this log starts
  where the previous ended), ``module`` (module name/version, unknown pieces),
  ``continuity`` (masked pieces moved by others, the other side's pieces),
  ``replay_problems`` (commands the replay could not apply);
* ``dice``, ``dice_stats``, ``dice_audit``: recognising rolls, the chi-square test,
  the per-player audit;
* ``registry``: the list of checks and a game's choice of them;
* ``run``: reads the files and runs everything; ``secrets``: player ids (passwords)
  kept out of every report;
* ``report``, ``render_text``, ``render_json``, ``render_html``, ``figures``,
  ``board_picture``, ``board_images``: the three report formats and the marked
  board pictures.
"""
