"""fourwinds: play and score Mah Jongg under named, sourced rule sets."""

__version__ = "0.1.0"
