"""The session document: state, undoable commands and persistence. Pure Python, no Qt."""
