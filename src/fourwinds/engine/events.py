"""Events: what happened after an action, as plain data each seat may be shown."""

from __future__ import annotations

from typing import NamedTuple

from fourwinds.tiles import Tile, format_tiles, tile_name


class Event(NamedTuple):
    """``private`` events (a tile dealt or drawn) show their tiles only to their own seat.
    A named tuple: the engine makes one or two per action, so they must be cheap."""

    kind: str
    seat: int | None
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()
    private: bool = False

    def for_seat(self, seat: int) -> Event:
        """The event as ``seat`` may see it."""
        if self.private and seat != self.seat:
            return self._replace(tile=None, tiles=())
        return self

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"event": self.kind, "seat": self.seat}
        if self.tile is not None:
            data["tile"] = tile_name(self.tile)
        if self.tiles:
            data["tiles"] = format_tiles(self.tiles)
        return data
