"""What the game master's operations do to the session, one short function each.

Each operation builds its command, pushes it through the
:class:`~futurepath_desktop.ui.undo.SessionController` and reports how it went: it
returns whether the command went through, and a refusal reaches the window through the
controller's ``failed`` signal (the status bar shows it; nothing changes). Widgets and
dialogs gather the input (the selection, a quick dialog, see ``ui.prompts``) and call an
operation; they do not build or push commands themselves.

The modules are grouped by what they act on: ``combat`` (the fight's steps and arrivals),
``health`` (damage, healing, temporary HP), ``conditions`` (conditions and their
counters), ``roster`` (teams and combatants), ``library`` (prepared templates) and
``dice`` (loose rolls), ``attacks`` (an attack as the attack form planned it), ``map``
(tokens, terrain, fog and zones, templates, grenades, the map's size and background) and
``bridge`` (the space fight's phases, ships, chart and stations).

Operations import the session's commands when first called, not at start-up.
"""
