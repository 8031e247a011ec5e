// A seat, the centre and the discards, drawn in one place for the table page and the replay
// viewer, each the way the view's family draws it (families/index.js).

import { WINDS, el, seatHeading, wallElement } from "./board.js";
import { familyOf } from "./families/index.js";
import { tileElement, tileLabel } from "./tiles.js";

/** A seat's heading: wind, name, score and the marks of the turn, the dealer and the family. */
export function headingOf(view, seatWind, player, score) {
  const node = seatHeading(seatWind, player, score,
    { turn: view.current === seatWind && view.phase === "turn", dealer: seatWind === 0,
      standing: view.seats[seatWind].standing });
  node.append(...familyOf(view).seatMarks(view, seatWind).filter(Boolean));
  return node;
}

/** A seat's exposed tiles: melds or exposures, bonus tiles, discards. */
export const exposedOf = (view, seatWind) => familyOf(view).exposed(view.seats[seatWind]);

/** An empty seat (a table of three) in place of a seat's parts. */
export function emptySeat(seatWind) {
  return [el("h2", { class: "seat-name" },
    el("span", { class: "wind", title: `${WINDS[seatWind]} wind` }, WINDS[seatWind][0]),
    " empty seat"), el("p", { class: "muted-light" }, "Three players: no one sits here.")];
}

/**
 * Everything of one seat but the player's own hand: its heading, ``concealed`` (the concealed
 * tiles as the page shows them: backs, or faces in the replay) and its exposed tiles.
 */
export function seatParts(view, seatWind, { player, score = null, concealed = null }) {
  if (view.seats[seatWind].present === false) return emptySeat(seatWind);
  return [headingOf(view, seatWind, player, score), concealed, ...exposedOf(view, seatWind)];
}

/** The centre: the wall seen from ``mySeat``, the round, ``status`` and the tile up for claim. */
export function centreParts(view, mySeat, status) {
  return [
    wallElement(view, mySeat),
    el("div", { class: "centre-info" },
      el("div", { class: "round" }, familyOf(view).roundText(view)),
      el("div", { class: "status" }, status),
      view.discard && view.phase !== "turn" ? tileElement(view.discard, {
        label: `up for claim: ${tileLabel(view.discard)}` }) : null),
  ];
}
