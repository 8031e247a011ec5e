"""fourwinds: play and score Mah Jongg under named, sourced rule sets."""
