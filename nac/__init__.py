"""nac: noughts and crosses for the terminal."""

__version__ = "0.1.0"
