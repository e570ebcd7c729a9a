"""Performance measurements of Future Path Desktop, each against a baseline of the same run."""
