// The American family (docs/rules/american.md), as the table and the replay draw it: exposures
// with their jokers, dead hands, the actions in words and as buttons, the Charleston
// (charleston.js), the end of a hand by the card's line instead of score sheets, and what its
// events say. The pages reach it through families/index.js by the view's `family`.

import { WINDS, el, handElement, paymentsElements, possessive } from "../board.js";
import { parseTiles, tileElement, tileLabel, tileRow } from "../tiles.js";
import * as charleston from "./charleston.js";

const SETS = { 3: "pung", 4: "kong", 5: "quint", 6: "sextet" };

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
 * revealed with the dead ones marked, the payments with their rule and the net. ``lineText(id)``
 * gives the line as the card prints it (an element), or its text, or null when the card is not
 * known.
 */
export function americanEndElement(end, nameOf, lineText = () => null) {
  const present = end.hands.map((hand, seat) => seat).filter((seat) => end.hands[seat] ||
    (end.dead && end.dead[seat]));
  // The table and the replay draw the line as printed; a page without the card has none.
  const winning = end.line ? lineText(end.line) : null;
  const seats = present.map((seat) => el("section", { class: "end-seat" },
    el("h3", {}, `${WINDS[seat]}: ${nameOf(seat)}`,
      seat === end.winner ? el("span", { class: "tag won" }, "Mah Jongg") : null),
    end.dead && end.dead[seat] ? el("p", { class: "dead-note" },
      el("strong", {}, "Dead hand: "), end.dead[seat]) : null,
    handElement(end.hands[seat], `${possessive(nameOf(seat))} hand`)));
  return el("div", { class: "hand-end" },
    el("p", { class: "how" }, americanHowText(end, nameOf)),
    winning ? el("div", { class: "winning-line" }, `Line ${end.line}: `,
      winning instanceof Node ? winning : el("code", {}, winning)) : null,
    seats,
    paymentsElements(end, nameOf, present));
}

/** The tiles of an American action, for a button: a call's exposure, an exchange's tile. */
export function actionTiles(action) {
  const [kind, tiles] = action.split(" ");
  return ["call", "exchange", "discard"].includes(kind) ? tileRow(parseTiles(tiles)) : null;
}

const KEYS = { win: "w", pass: "x", call: "c", exchange: "e" };

/** A button for an action: its name, its tiles, and the seat an exchange takes from. */
function actionButton(view, action, { act, nameOf }, text = null) {
  const kind = action.split(" ")[0];
  const key = KEYS[kind];
  let content = [text, actionTiles(action)];
  if (kind === "exchange") {
    const [, tile, owner] = action.split(" ");
    const flowers = tile.endsWith("f");
    const exposure = view.seats[Number(owner)].exposures.find((e) => e.jokers &&
      (e.tile === tile || (flowers && e.tile.endsWith("f"))));
    content = ["Exchange", actionTiles(action), `for a joker of ${possessive(nameOf(
      Number(owner)))}`, exposure ? tileRow(parseTiles(exposure.text)) : null];
  }
  if (!text && kind !== "exchange") {
    content[0] = { win: "Mah Jongg", pass: "Pass", call: "Call" }[kind] || action;
  }
  return el("button", { type: "button", class: `action ${kind}`, "data-key": key,
    "data-action": action, "aria-keyshortcuts": key,
    // A button with its own text (the Charleston's) is named by it; others say the action.
    "aria-label": text ? null : americanActionWords(action, nameOf),
    onclick: () => act(action) },
  content, key ? el("kbd", { "aria-hidden": "true" }, key) : null);
}

/** What one event says ("" for nothing). ``who`` names its seat, ``nameOf`` any seat. */
function eventWords(event, { who, nameOf, view, me }) {
  const charlestonNow = () => (view.phase === "charleston" ?
    charleston.stageWords(view, nameOf) : "");
  switch (event.event) {
    case "call": return `${who}: ${exposureWords(event.tiles)}.`;
    case "exchange": {
      const by = nameOf(view.current);
      return `${by} exchanged ${tileLabel(event.tile)} for a joker from ${
        possessive(who)} exposure.`;
    }
    case "dead": {
      const why = view.seats[event.seat].dead;
      return `${possessive(who)} hand is dead${why ? `: ${why}` : ""}.`;
    }
    case "received":
      if (event.seat !== me || !event.tiles) return "";
      return [`You received ${parseTiles(event.tiles).map(tileLabel).join(", ")}.`,
        charlestonNow()].filter(Boolean).join(" ");
    case "second-charleston": return `Every player voted for a second Charleston. ${
      charlestonNow()}`.trim();
    case "no-second-charleston": return `No second Charleston. ${charlestonNow()}`.trim();
    case "courtesy-agreed": return charlestonNow();
    default: return "";
  }
}

const CALLS = { 3: "Pung!", 4: "Kong!", 5: "Quint!", 6: "Sextet!" };

/** A call as the table shows it at the caller's seat (see classical-style.js): an exposure
 * called from a discard, a joker exchange (by the player to move, from the exposure of the
 * event's seat), a dead hand, Mah Jongg. */
function callOf(event, view) {
  switch (event.event) {
    case "call": return { words: CALLS[parseTiles(event.tiles).length] || "Call!", claim: true,
      sound: "call" };
    case "exchange": return { words: "Joker!", claim: false, sound: "call", seat: view.current };
    case "dead": return { words: "Dead hand", claim: false, sound: null };
    case "end": return event.seat === null || event.seat === undefined ? null :
      { words: "Mah Jongg!", claim: false, sound: "win" };
    default: return null;
  }
}

/** The American family, as the pages use it (see families/index.js). */
export default {
  byCard: true,
  roundText: (view) => view.card,
  headerRound: () => null,  // no prevailing wind: the card's title is in the centre
  seatMarks(view, seatWind) {
    return [
      view.seats[seatWind].dead ? el("span", { class: "tag dead" }, "dead hand") : null,
      view.phase === "charleston" && view.charleston.to_choose.includes(seatWind) ?
        el("span", { class: "tag" }, "choosing") : null,
    ];
  },
  exposed: americanSeatTiles,
  actionWords: americanActionWords,
  status: (view) => (view.phase === "charleston" ?
    `Charleston: ${view.charleston.stage.replace("-", " ")}` : null),
  /** "Your choices": the Charleston, or calls, exchanges, win and pass. */
  choices(view, context) {
    const button = (action, text = null) => actionButton(view, action, context, text);
    if (view.phase === "charleston") {
      return charleston.controls(view, { ...context, button });
    }
    const offered = view.legal_actions.filter((a) => !a.startsWith("discard "));
    if (!offered.length) return [];
    const parts = [];
    if (view.phase === "claim") {
      parts.push(el("span", { class: "claim-tile" }, "Call ", tileElement(view.discard), "?"));
    }
    const order = ["win", "call", "exchange", "pass"];
    const rank = (action) => order.indexOf(action.split(" ")[0]);
    parts.push(...[...offered].sort((a, b) => rank(a) - rank(b)).map((a) => button(a)));
    return parts;
  },
  hintText(hint, nameOf) {
    const lines = (hint.lines || []).slice(0, 3).map((line) =>
      `${line.line} (${line.value}) ${line.tiles_away === 0 ? "complete" :
        `${line.tiles_away} away`}`);
    return (hint.suggestion ?
      `Suggested: ${americanActionWords(hint.suggestion, nameOf)}. ` : "") +
      (lines.length ? `Nearest lines: ${lines.join(", ")}.` : "No line can be made now.");
  },
  howText: americanHowText,
  endElement: americanEndElement,
  eventWords,
  callOf,
  /** A new hand: the Charleston's first stage; on a page opened during a hand, the exposures
   * and dead hands on the table. */
  startWords: (view, nameOf) => [
    ...view.seats.flatMap((seatView, seat) => [
      ...(seatView.exposures || []).map((e) => `${nameOf(seat)}: ${exposureWords(e.text)}.`),
      seatView.dead ? `${possessive(nameOf(seat))} hand is dead: ${seatView.dead}.` : "",
    ]),
    view.phase === "charleston" ? charleston.stageWords(view, nameOf) : "",
  ],
  summaryWords: (view, nameOf) => (view.phase === "charleston" ?
    charleston.stageWords(view, nameOf) : null),
  update: charleston.update,
  selecting: charleston.choosing,
  isSelected: charleston.isSelected,
  toggle: charleston.toggle,
};
