// The card panel of an American table: every line of the table's card by section
// (GET /api/tables/{id}/card), with the lines nearest to the player's hand (the view's hints)
// listed first and marked in the card.

import { getJSON } from "./api.js";
import { el } from "./board.js";

/** The card of a table: {title, year, lines: [{id, section, text, value, concealed, caption}]}. */
export const fetchCard = (tableId) => getJSON(`/api/tables/${encodeURIComponent(tableId)}/card`);

/** The texts of a line (variants are separate entries with the same id). */
export const lineTexts = (card, id) => card.lines.filter((l) => l.id === id).map((l) => l.text);

const kind = (concealed) => (concealed ? "C" : "X");
const kindTitle = (concealed) => (concealed ? "concealed" : "exposures allowed");

function lineElement(line, variant) {
  return el("li", { class: `card-line${variant ? " variant" : ""}`, "data-line": line.id },
    el("span", { class: "line-id" }, variant ? "|" : line.id),
    el("code", { class: "line-text" }, line.text),
    el("span", { class: "line-value", title: kindTitle(line.concealed) },
      `${kind(line.concealed)} ${line.value}`),
    line.caption && !variant ? el("span", { class: "line-caption" }, line.caption) : null);
}

/** The whole card as lists under section headings (drawn once per table). */
export function cardElement(card) {
  const sections = [];
  let list = null;
  let section = null;
  let previous = null;
  for (const line of card.lines) {
    if (!list || line.section !== section) {
      section = line.section;
      list = el("ul", { class: "card-lines" });
      sections.push(el("section", { class: "card-section" },
        el("h3", {}, section || "Lines"), list));
    }
    list.append(lineElement(line, previous === line.id));
    previous = line.id;
  }
  const title = card.title + (card.year ? ` (${card.year})` : "");
  return el("div", { class: "card-body" },
    el("h2", { id: "card-heading" }, `The card: ${title}`),
    el("section", { class: "nearest", "aria-labelledby": "nearest-heading" },
      el("h3", { id: "nearest-heading" }, "Nearest lines"),
      el("ol", { id: "nearest-lines", class: "card-lines" })),
    el("div", { class: "card-sections", role: "group", "aria-label": "Every line of the card" },
      sections));
}

const away = (n) => (n === 0 ? "complete" : `${n} tile${n === 1 ? "" : "s"} away`);

/** Show the view's hints ({line, section, tiles_away, value, concealed}) in a drawn card. */
export function showHints(panel, card, hints) {
  const nearest = panel.querySelector("#nearest-lines");
  nearest.replaceChildren(...hints.map((hint) => el("li", { class: "card-line near",
    "data-line": hint.line },
  el("span", { class: "line-id" }, hint.line),
  el("span", { class: "line-text" }, lineTexts(card, hint.line).map((text) =>
    el("code", {}, text))),
  el("span", { class: "line-value", title: kindTitle(hint.concealed) },
    `${kind(hint.concealed)} ${hint.value}`),
  el("span", { class: "away" }, away(hint.tiles_away)))));
  if (!hints.length) nearest.append(el("li", { class: "muted" }, "No line can be made now."));
  const near = new Map(hints.map((hint) => [hint.line, hint.tiles_away]));
  for (const item of panel.querySelectorAll(".card-sections .card-line")) {
    const distance = near.get(item.dataset.line);
    item.classList.toggle("near", distance !== undefined);
    item.querySelector(".away")?.remove();
    if (distance !== undefined && !item.classList.contains("variant")) {
      item.append(el("span", { class: "away" }, away(distance)));
    }
  }
}
