"""Random sequences of every command a game master can give, with undo and redo: refused
ones change nothing, every state reached saves and reopens as it was with no reference
left dangling, undoing everything gives back the start, redoing it gives back the end, and
the same commands run again on a fresh session give the same end.

``machine`` holds the machine's helpers and what must always hold; ``rules_*`` the rules
by area; ``test_machines`` the machines (all commands, a ground fight, a space fight)."""
