"""fourwinds: play and score Mah Jongg under named, sourced rule sets."""

__version__ = "0.1.0"

from fourwinds.american import family as _american  # noqa: F401  (registers the family)
from fourwinds.engine import family as _engine  # noqa: F401  (registers the family)
