// The Classical-style family (Classical, its presets, Hong Kong, Beginner): melds, bonus tiles
// and discards, the actions in words and as buttons, score sheets, and what its events say.
// The pages reach it through families/index.js by the view's `family`.

import { WINDS, el, handElement, paymentsElements, possessive } from "../board.js";
import { parseTiles, tileElement, tileLabel, tileRow } from "../tiles.js";

/** An action string in words: "pung 5m" becomes "pung 5 of dots". */
export function actionWords(action) {
  const [kind, tiles] = action.split(" ");
  if (!tiles) return kind;
  const names = parseTiles(tiles);
  if (kind === "standing") return `declare a standing hand, discarding ${tileLabel(names[0])}`;
  if (kind === "chow") return `chow ${names.map((t) => t[0]).join(" ")} of ${tileLabel(names[0]).split(" of ")[1]}`;
  return `${kind.replace("-", " ")} ${tileLabel(names[0])}`;
}

/** A meld from a view ({kind, tiles, exposed}): its tiles, a face-down kong as backs. */
function meldElement(meld) {
  const tiles = meld.tiles ? parseTiles(meld.tiles) : [null, null, null, null];
  const hidden = meld.kind === "kong" && !meld.exposed;
  const label = `${hidden ? "concealed " : ""}${meld.kind}` +
    (meld.tiles ? ` of ${tileLabel(tiles[0])}` : ", face down");
  const row = el("span", { class: `meld${hidden ? " concealed" : ""}`, role: "group",
    "aria-label": label });
  tiles.forEach((tile, i) => {
    // A concealed kong shows its two outer tiles face down, as at the table.
    const down = hidden && meld.tiles && (i === 0 || i === 3);
    row.append(tileElement(down ? null : tile, { label: tileLabel(tile) }));
  });
  return row;
}

/** The exposed part of one seat: melds, bonus tiles and discards. */
export function seatTiles(seatView) {
  const melds = el("div", { class: "melds", role: "group", "aria-label": "Melds" },
    seatView.melds.map(meldElement));
  const bonus = parseTiles(seatView.bonus);
  const discards = el("div", { class: "discards", role: "group", "aria-label": "Discards" },
    seatView.discards.map(({ tile, claimed }) => {
      const node = tileElement(tile, { label: tileLabel(tile) + (claimed ? " (claimed)" : "") });
      if (claimed) node.classList.add("claimed");
      return node;
    }));
  return [
    el("div", { class: "exposed" }, melds,
      bonus.length ? tileRow(bonus, "Bonus tiles") : null),
    discards,
  ];
}

function sheetValue(item) {
  const parts = [];
  if (item.points) parts.push(`${item.points} pts`);
  if (item.doubles) parts.push(`${item.doubles} dbl`);
  if (item.faan) parts.push(`${item.faan} faan`);
  if (item.limit) parts.push(item.limit === 1 ? "limit" : `${item.limit} × limit`);
  return parts.join(", ") || "0";
}

/**
 * One score sheet (ScoreSheet.to_json()) as a table, item by item, then the total with its
 * arithmetic ("32 points x 2^1 = 64"; "3 faan; faan to points: 3 faan = 8 points"). A loser's
 * sheet says what it does in the payments (``part``, from the rule set's scorer).
 */
function sheetElement(sheet, caption, part = null) {
  const rows = sheet.items.map((item) => el("tr", {},
    el("td", {}, item.name),
    el("td", {}, item.tiles ? tileRow(parseTiles(item.tiles), item.tiles) : ""),
    el("td", { class: "num" }, sheetValue(item))));
  return el("table", { class: `sheet${part ? " losing" : " winning"}` },
    el("caption", {}, caption, part ? el("span", { class: "sheet-part" }, `This sheet ${part}.`) :
      null),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "item"),
      el("th", { scope: "col" }, "tiles"), el("th", { scope: "col", class: "num" }, "value"))),
    el("tbody", {}, rows,
      sheet.reason ? el("tr", {}, el("td", { colspan: 3 }, `Not a win: ${sheet.reason}`)) : null),
    el("tfoot", {},
      el("tr", { class: "arithmetic" }, el("th", { scope: "row" }, "how"),
        el("td", { colspan: 2, class: "num" }, sheet.arithmetic)),
      el("tr", {}, el("th", { scope: "row", colspan: 2 }, "total"),
        el("td", { class: "num total" }, String(sheet.total)))));
}

/**
 * The end of a hand: how it ended, every hand revealed with its sheet (a loser's marked for
 * what it does in the payments), the payments with their rules and the hand's net; at a table
 * without scoring, the winner and no sheets. ``nameOf(seat)`` names a seat wind of that hand.
 */
export function handEndElement(end, nameOf) {
  const how = howText(end, nameOf);
  const seats = end.hands.map((hand, seat) => el("section", { class: "end-seat" },
    el("h3", {}, `${WINDS[seat]}: ${nameOf(seat)}`,
      seat === end.winner ? el("span", { class: "tag won" }, "Mah Jongg") : null),
    handElement(hand, `${possessive(nameOf(seat))} hand`),
    end.sheets && end.sheets[seat] ? sheetElement(end.sheets[seat],
      `Score sheet of ${nameOf(seat)}`, seat === end.winner ? null : end.losing_sheets) : null));
  return el("div", { class: "hand-end" }, el("p", { class: "how" }, how), seats,
    paymentsElements(end, nameOf));
}

/** How a hand ended: "Ann won on Bob's discard." */
export function howText(end, nameOf) {
  if (end.winner === null || end.winner === undefined) return "A wall game: nobody won.";
  return end.self_drawn ? `${nameOf(end.winner)} won, self-drawn.` :
    `${nameOf(end.winner)} won on ${possessive(nameOf(end.discarder))} discard.`;
}

const ACTION_KEYS = { win: "w", pung: "p", kong: "k", "concealed-kong": "k", "added-kong": "k",
  chow: "c", pass: "x" };
const ACTION_NAMES = { win: "Win", pung: "Pung", kong: "Kong", "concealed-kong": "Concealed kong",
  "added-kong": "Add to kong", chow: "Chow", pass: "Pass", standing: "Standing hand" };

/** A button for an action: its name, its tiles and its key. */
function actionButton(action, act) {
  const [kind, tiles] = action.split(" ");
  const key = ACTION_KEYS[kind];
  // An action kind the page has no name for is offered under its own text.
  return el("button", { type: "button", class: `action ${kind}`, "data-key": key,
    "data-action": action, "aria-keyshortcuts": key, "aria-label": actionWords(action),
    onclick: () => act(action) },
  ACTION_NAMES[kind] || kind, tiles ? tileRow(parseTiles(tiles)) : null,
  key ? el("kbd", { "aria-hidden": "true" }, key) : null);
}

/** What one event says ("" for nothing), ``who`` naming its seat ("You" for this seat). */
function eventWords(event, { who }) {
  const tile = event.tile ? tileLabel(event.tile) : null;
  switch (event.event) {
    case "bonus": return `${who}: bonus tile ${tile}.`;
    case "standing": return `${who} declared a standing hand.`;
    case "chow": case "pung": case "kong":
      return `${who}: ${event.event} ${tileLabel(parseTiles(event.tiles)[0])}.`;
    case "concealed-kong": return tile ? `${who}: concealed kong ${tile}.` :
      `${who}: a face-down kong.`;
    case "added-kong": return `${who}: added kong ${tile}.`;
    default: return "";
  }
}

/** A call as the table shows it at the caller's seat: its words, whether a discard was
 * taken (the tile then moves to the meld) and its sound; null for an event that is no call. */
function callOf(event) {
  switch (event.event) {
    case "chow": return { words: "Chow!", claim: true, sound: "call" };
    case "pung": return { words: "Pung!", claim: true, sound: "call" };
    case "kong": return { words: "Kong!", claim: true, sound: "call" };
    case "concealed-kong": case "added-kong": return { words: "Kong!", claim: false, sound: "call" };
    case "standing": return { words: "Standing hand!", claim: false, sound: "call" };
    case "end": return event.seat === null || event.seat === undefined ? null :
      { words: "Mah Jongg!", claim: false, sound: "win" };
    default: return null;
  }
}

/** The Classical-style family, as the pages use it (see families/index.js). */
export default {
  byCard: false,
  roundText: (view) => `${WINDS[view.prevailing_wind]} round`,
  headerRound: (view) => `${WINDS[view.prevailing_wind]} round`,
  seatMarks: () => [],
  exposed: seatTiles,
  actionWords,
  status: () => null,
  choices(view, { act }) {
    const offered = view.legal_actions.filter((a) => !a.startsWith("discard "));
    const parts = [];
    if ((view.phase === "claim" || view.phase === "rob") && offered.length) {
      parts.push(el("span", { class: "claim-tile" }, "Claim ", tileElement(view.discard), "?"));
    }
    return [...parts, ...offered.map((action) => actionButton(action, act))];
  },
  hintText(hint) {
    const distance = hint.tiles_to_win < 0 ? "Your hand is complete." :
      hint.tiles_to_win === 0 ? "Your hand is ready (one tile from a win)." :
        `${hint.tiles_to_win} tile${hint.tiles_to_win === 1 ? "" : "s"} from ready.`;
    const worth = (wait) => wait.by_discard || wait.self_drawn ?
      `${tileLabel(wait.tile)} (pays ${wait.by_discard} by discard, ${wait.self_drawn} self-drawn)` :
      `${tileLabel(wait.tile)} (no legal win)`;
    const waits = hint.wait_values && hint.wait_values.length ?
      ` Waits: ${hint.wait_values.map(worth).join(", ")}.` :
      hint.waits && hint.waits.length ? ` Waits: ${hint.waits.map(tileLabel).join(", ")}.` : "";
    const suggestion = hint.suggestion ? ` Suggested: ${actionWords(hint.suggestion)}.` : "";
    return distance + waits + suggestion;
  },
  howText,
  endElement: (end, nameOf) => handEndElement(end, nameOf),
  eventWords,
  callOf,
  /** A new hand (or a page opened during one): what is on the table, the bonus tiles set out
   * at the deal, and on a hand under way the standing hands and melds. */
  startWords: (view, nameOf) => view.seats.flatMap((seatView, seat) => [
    seatView.standing ? `${nameOf(seat)} declared a standing hand.` : "",
    ...seatView.melds.map((meld) => `${nameOf(seat)}: ${meld.kind} ${meld.tiles ?
      tileLabel(parseTiles(meld.tiles)[0]) : "face down"}.`),
    ...parseTiles(seatView.bonus || "").map((tile) => `${nameOf(seat)}: bonus tile ${
      tileLabel(tile)}.`),
  ]),
  // No stage of the hand selects tiles from it (the Charleston does).
  update: () => {},
  selecting: () => false,
  isSelected: () => false,
  toggle: () => "",
};
