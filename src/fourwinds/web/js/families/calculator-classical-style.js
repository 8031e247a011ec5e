// The calculator's page for the Classical-style family (Classical, its presets, Hong Kong):
// the palette's modes, the ways a winning tile comes, the score sheet item by item with its
// arithmetic, and the words for each payment. calculator.js reaches it by the rule set's
// `family`, never by a name.

import { el } from "../board.js";
import { parseTiles, tileRow } from "../tiles.js";

export const modes = [
  { id: "tile", label: "Concealed tile" },
  { id: "pung", label: "Exposed pung" },
  { id: "kong", label: "Exposed kong" },
  { id: "chow", label: "Exposed chow" },
  { id: "hidden-kong", label: "Concealed kong" },
  { id: "bonus", label: "Bonus tile" },
  { id: "win", label: "Winning tile" },
];

/** The calculator's flags beyond the source of the winning tile; ``drawn`` ones come from the
 * wall, so they make the win self-drawn. */
export const flags = [
  { name: "last_tile", label: "Last tile of the wall", drawn: true },
  { name: "last_discard", label: "Last discard" },
  { name: "loose_tile", label: "Loose tile (kong replacement)", drawn: true },
  { name: "robbed_kong", label: "Robbing a kong" },
  { name: "first_turn", label: "First turn (heaven or earth)" },
  { name: "original_call", label: "Original call (standing hand)" },
  { name: "twofold_fortune", label: "Twofold fortune (kong upon kong)", drawn: true },
];

export const prevailingWind = true;

/** What an item is worth, as the sheet writes it. */
function itemValue(item) {
  if (item.limit) return item.limit === 1 ? "limit" : `${item.limit} of the limit`;
  return [item.points && `${item.points} pts`, item.doubles && `${item.doubles} dbl`,
    item.faan && `${item.faan} faan`].filter(Boolean).join(", ") || "0";
}

/** The rules' limit in words, from their options. */
function limitWords(options) {
  if ("limit" in options) {
    return options.roof_off ? `Roof off: no limit (a limit hand is worth ${options.limit})` :
      `The limit: ${options.limit} points`;
  }
  if ("max_faan" in options) {
    return `Faan: at least ${options.min_faan} to win, at most ${options.max_faan}`;
  }
  return "";
}

/** The score sheet of a scored hand (the /api/score answer) as a table. */
export function sheetElement(scored, options) {
  const data = scored.data;
  const verdict = data.won ? "Mah Jongg" : data.reason ? `Not a win: ${data.reason}` :
    "A losing hand (no winning tile)";
  const total = scored.text.split("\n").find((line) => line.startsWith("Total: ")) || "";
  const rows = data.items.map((item) => el("tr", {},
    el("td", {}, item.name, el("br"), el("code", { class: "rule" }, item.rule)),
    el("td", {}, item.tiles ? tileRow(parseTiles(item.tiles), item.tiles) : ""),
    el("td", { class: "value" }, itemValue(item))));
  return el("div", { class: "scored" },
    el("p", { class: "verdict" }, verdict),
    el("table", { class: "sheet" },
      el("caption", { class: "visually-hidden" }, "Every item with its rule and value"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Item and rule"),
        el("th", { scope: "col" }, "Tiles"), el("th", { scope: "col" }, "Value"))),
      el("tbody", {}, rows),
      el("tfoot", {}, el("tr", {}, el("th", { scope: "row", colspan: 2 },
        total.replace("Total: ", "")), el("td", { class: "total" }, String(data.total))))),
    el("p", { class: "muted small" }, limitWords(options),
      data.limit ? el("strong", {}, " — the limit applies to this hand") : ""));
}

/** The settlement's request: the winner's value and the losers' as given (``losers`` by
 * seat); ``values`` are what each payment is counted from. */
export function settleBody(scored, winner, losers) {
  const values = [0, 1, 2, 3].map((seat) => (seat === winner ? scored.data.total :
    losers[seat] || 0));
  const scores = Object.fromEntries(values.map((value, seat) => ["ESWN"[seat], value]));
  return { body: { scores }, values };
}
