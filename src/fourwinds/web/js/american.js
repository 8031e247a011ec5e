// What the table and the replay draw differently for American Mah Jongg (docs/rules/american.md):
// exposures with their jokers, dead hands, the actions in words, and the end of a hand by the
// card's line instead of score sheets. Every function builds elements from a view or a summary.

import { WINDS, el, handElement, paymentsElements, possessive } from "./board.js";
import { parseTiles, tileElement, tileLabel, tileRow } from "./tiles.js";

export const isAmerican = (rules) => rules === "american";

const SETS = { 3: "pung", 4: "kong", 5: "quint", 6: "sextet" };
const DIRECTIONS = { right: 1, across: 2, left: 3 };

/** The seat a pass in ``direction`` ("right", "across", "left") goes to from ``seat``. */
export const passedTo = (seat, direction) => (seat + DIRECTIONS[direction]) % 4;

const kindLabel = (tile) => (tile.endsWith("f") ? "flowers" : tileLabel(tile));
const jokers = (n) => (n ? ` with ${n} joker${n === 1 ? "" : "s"}` : "");

/** "kong of 5 of dots with 1 joker", from an exposure's text ("[555pJ]") or its parts. */
export function exposureWords(text) {
  const tiles = parseTiles(text);
  const natural = tiles.find((t) => t !== "J");
  const count = tiles.filter((t) => t === "J").length;
  return `${SETS[tiles.length] || "set"} of ${kindLabel(natural)}${jokers(count)}`;
}

/** An exposure ({text, tile, size, jokers}) as a row of its tiles, jokers included. */
function exposureElement(exposure) {
  return el("span", { class: "meld exposure", role: "group",
    "aria-label": exposureWords(exposure.text) },
  parseTiles(exposure.text).map((tile) => {
    const node = tileElement(tile);
    if (tile === "J") node.classList.add("joker");
    return node;
  }));
}

/** The exposed part of one American seat: exposures, discards and, for a dead hand, why. */
export function americanSeatTiles(seatView) {
  const exposures = el("div", { class: "melds", role: "group", "aria-label": "Exposures" },
    seatView.exposures.map(exposureElement));
  const discards = el("div", { class: "discards", role: "group", "aria-label": "Discards" },
    seatView.discards.map(({ tile, claimed }) => {
      const node = tileElement(tile, { label: tileLabel(tile) + (claimed ? " (called)" : "") });
      if (claimed) node.classList.add("claimed");
      return node;
    }));
  const dead = seatView.dead ? [el("p", { class: "dead-note" },
    el("strong", {}, "Dead hand: "), seatView.dead)] : [];
  return [...dead, el("div", { class: "exposed" }, exposures), discards];
}

/**
 * An American action in words. ``nameOf(seat)`` names a seat wind (for joker exchanges).
 * "pass-tiles 3m4p blind 1" is "pass 3 of characters, 4 of dots and 1 received tile blind".
 */
export function americanActionWords(action, nameOf = (seat) => WINDS[seat]) {
  const [kind, ...words] = action.split(" ");
  if (kind === "pass-tiles") {
    const blind = words[words.length - 2] === "blind" ? Number(words[words.length - 1]) : 0;
    const own = words[0] && words[0] !== "blind" ? parseTiles(words[0]).map(tileLabel) : [];
    if (blind) own.push(`${blind} received tile${blind === 1 ? "" : "s"} blind`);
    return `pass ${own.join(", ").replace(/, ([^,]*)$/, " and $1")}`;
  }
  if (kind === "vote") {
    return words[0] === "yes" ? "vote for a second Charleston" : "vote against a second Charleston";
  }
  if (kind === "courtesy") return `offer ${words[0]} for the courtesy pass`;
  if (kind === "discard") return `discard ${tileLabel(words[0])}`;
  if (kind === "call") return `call for a ${exposureWords(words[0])}`;
  if (kind === "exchange") {
    return `exchange ${tileLabel(words[0])} for a joker from ${possessive(nameOf(Number(
      words[1])))} exposure`;
  }
  if (kind === "win") return "Mah Jongg";
  return action;
}

/** How an American hand ended: "Ann won with line L1 (30, jokerless) on Bob's discard." */
export function americanHowText(end, nameOf) {
  if (end.winner === null || end.winner === undefined) return "A wall game: nobody won.";
  const value = `${end.value}${end.jokerless ? ", jokerless" : ""}`;
  const how = end.heavenly ? ", the Heavenly hand" : end.self_drawn ? ", self-picked" :
    ` on ${possessive(nameOf(end.discarder))} discard`;
  return `${nameOf(end.winner)} won with line ${end.line} (${value})${how}.`;
}

/**
 * The end of an American hand: how it ended (the winning line and its value), every hand
 * revealed with the dead ones marked, the payments and the net. ``lineText(id)`` gives the
 * card's text of a line (or null when the card is not known).
 */
export function americanEndElement(end, nameOf, lineText = () => null) {
  const present = end.hands.map((hand, seat) => seat).filter((seat) => end.hands[seat] ||
    (end.dead && end.dead[seat]));
  const winning = end.line ? lineText(end.line) : null;
  const seats = present.map((seat) => el("section", { class: "end-seat" },
    el("h3", {}, `${WINDS[seat]}: ${nameOf(seat)}`,
      seat === end.winner ? el("span", { class: "tag won" }, "Mah Jongg") : null),
    end.dead && end.dead[seat] ? el("p", { class: "dead-note" },
      el("strong", {}, "Dead hand: "), end.dead[seat]) : null,
    handElement(end.hands[seat], `${possessive(nameOf(seat))} hand`)));
  return el("div", { class: "hand-end" },
    el("p", { class: "how" }, americanHowText(end, nameOf)),
    winning ? el("p", { class: "winning-line" }, `Line ${end.line}: `,
      el("code", {}, winning)) : null,
    seats,
    paymentsElements(end, nameOf, present));
}

/** The tiles of an American action, for a button: a call's exposure, an exchange's tile. */
export function actionTiles(action) {
  const [kind, tiles] = action.split(" ");
  return ["call", "exchange", "discard"].includes(kind) ? tileRow(parseTiles(tiles)) : null;
}
