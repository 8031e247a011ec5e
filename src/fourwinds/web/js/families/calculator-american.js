// The calculator's page for the American family: a hand is matched against the card, so the
// sheet names the line, its value and whether it was jokerless; a tap builds exposures with
// jokers; only the source of the winning tile changes the payments (seed 001 part 6).

import { el } from "../board.js";

export const modes = [
  { id: "tile", label: "Concealed tile" },
  { id: "exposure", label: "Exposure (tap each tile)" },
  { id: "win", label: "Winning tile" },
];

export const flags = [];

/** American play has no prevailing wind. */
export const prevailingWind = false;

/** The line the hand makes (the /api/score answer), or the nearest lines. */
export function sheetElement(scored) {
  const data = scored.data;
  const [, lineWords] = scored.text.split("\n");
  if (!data.won) {
    return el("div", { class: "scored" },
      el("p", { class: "verdict" }, data.hand.includes("+") ? "Completes no line of the card" :
        "Not a whole hand yet"),
      el("p", {}, "Nearest lines:"),
      el("ul", {}, data.nearest.map((d) => el("li", {},
        `${d.line}: ${d.tiles_away} tile${d.tiles_away === 1 ? "" : "s"} away`))));
  }
  const others = data.matches.slice(1).map((m) => `${m.line} (${m.pays})`).join(", ");
  return el("div", { class: "scored" },
    el("p", { class: "verdict" }, "Mah Jongg"),
    el("table", { class: "sheet" },
      el("caption", { class: "visually-hidden" }, "The line of the card"),
      el("tbody", {},
        el("tr", {}, el("th", { scope: "row" }, "Line"), el("td", {}, lineWords || data.line)),
        el("tr", {}, el("th", { scope: "row" }, "Section"), el("td", {}, data.section)),
        el("tr", {}, el("th", { scope: "row" }, "Value"), el("td", {}, String(data.value))),
        el("tr", {}, el("th", { scope: "row" }, "Jokerless"),
          el("td", {}, data.jokerless ? `yes: doubled to ${data.pays}` : "no"))),
      el("tfoot", {}, el("tr", {}, el("th", { scope: "row" }, "Pays"),
        el("td", { class: "total" }, String(data.pays))))),
    others ? el("p", { class: "muted small" }, `Also completes ${others}.`) : "");
}

/** The settlement's request: the winner's line value, and whether it was jokerless (the
 * settlement doubles it); ``values`` are what each payment is counted from. */
export function settleBody(scored, winner) {
  const data = scored.data;
  const values = [0, 0, 0, 0];
  values[winner] = data.pays;
  return { body: { scores: { ["ESWN"[winner]]: data.value }, jokerless: data.jokerless },
    values };
}
