// The card panel of an American table, drawn as players know the printed card: each line's
// groups spaced as printed, numbers and suit dragons coloured by suit (the first suit of a line
// green, the second red, the third blue, as on the card), the value and X or C beside it, and
// the notes (the line's constraints and caption) apart from its tiles. The lines nearest to
// the player's hand (the view's hints) come first, drawn with tile pictures of the nearest
// way to make them, the tiles the hand holds marked.
//
// The lines come from GET /api/tables/{id}/card, in the card language (docs/card.md).

import { getJSON } from "./api.js";
import { el } from "./board.js";
import { parseTiles, tileElement, tileLabel } from "./tiles.js";

/** The card of a table: {title, year, lines: [{id, section, text, value, concealed, caption}]}. */
export const fetchCard = (tableId) => getJSON(`/api/tables/${encodeURIComponent(tableId)}/card`);

const kindTitle = (concealed) => (concealed ? "concealed" : "exposed: exposures allowed");
const SUIT_WORDS = { a: "first suit", b: "second suit", c: "third suit" };
const SYMBOL_WORDS = { F: "flower", N: "North", E: "East", W: "West", S: "South", Z: "any wind",
  R: "Red dragon", G: "Green dragon", D: "dragon", 0: "Soap" };

/** A group of the card language ("555a", "{year}b", "NEWS", "+") as printed: its symbols, its
 * suit tag, and words for a screen reader. */
function printedGroup(token, year) {
  if (token === "+" || token === "=") return { symbols: token, tag: "", words: token === "+" ? "plus" : "equals" };
  const tag = /[abc]$/.test(token) ? token.slice(-1) : "";
  let symbols = tag ? token.slice(0, -1) : token;
  if (symbols === "{year}") symbols = String(year ?? "year");
  const names = [...symbols].map((s) => SYMBOL_WORDS[s] || s);
  const words = `${names.join(" ")}${tag ? ` in the ${SUIT_WORDS[tag]}` : ""}`;
  return { symbols, tag, words };
}

/** A variant's text split into its groups and its notes (the constraints after ";"). */
function splitText(text) {
  const [groups, ...notes] = text.split(" ; ");
  return { tokens: groups.split(/\s+/).filter(Boolean), notes: notes.join("; ") };
}

/** One way of writing a line, as printed: groups apart, coloured by their suit tag. */
export function printedLine(text, year) {
  const { tokens } = splitText(text);
  const groups = tokens.map((token) => printedGroup(token, year));
  return el("span", { class: "printed", role: "img",
    "aria-label": groups.map((g) => g.words).join(", ") },
  groups.map((g) => el("span", { class: `group${g.tag ? ` suit-${g.tag}` : ""}${
    g.symbols.length === 1 && "+=".includes(g.symbols) ? " sign" : ""}`,
  "aria-hidden": "true" }, g.symbols)));
}

function valueElement(line) {
  return el("span", { class: "line-value", title: kindTitle(line.concealed) },
    el("span", { class: `xc ${line.concealed ? "c" : "x"}` }, line.concealed ? "C" : "X"),
    ` ${line.value}`);
}

function lineElement(line, variant, year) {
  const { notes } = splitText(line.text);
  const words = [notes, variant ? "" : line.caption].filter(Boolean).join(" · ");
  return el("li", { class: `card-line${variant ? " variant" : ""}`, "data-line": line.id },
    el("span", { class: "line-id" }, variant ? "or" : line.id),
    el("span", { class: "line-text" }, printedLine(line.text, year)),
    variant ? el("span") : valueElement(line),
    words ? el("span", { class: "line-note" }, words) : null);
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
    list.append(lineElement(line, previous === line.id, card.year));
    previous = line.id;
  }
  const title = card.title + (card.year ? ` (${card.year})` : "");
  return el("div", { class: "card-body" },
    el("h2", { id: "card-heading" }, `The card: ${title}`),
    el("p", { class: "card-legend" }, "Colours tell suits apart within a line: ",
      el("span", { class: "group suit-a" }, "first"), " ", el("span", { class: "group suit-b" },
        "second"), " ", el("span", { class: "group suit-c" }, "third"),
      " suit. X: exposures allowed; C: concealed."),
    el("section", { class: "nearest", "aria-labelledby": "nearest-heading" },
      el("h3", { id: "nearest-heading" }, "Nearest lines"),
      el("ol", { id: "nearest-lines", class: "card-lines" })),
    el("div", { class: "card-sections", role: "group", "aria-label": "Every line of the card" },
      sections));
}

const away = (n) => (n === 0 ? "complete" : `${n} tile${n === 1 ? "" : "s"} away`);
const MARK_WORDS = { held: "in your hand", joker: "a joker of yours", exposed: "exposed" };

/** The nearest way to make a line ({tiles, set, marks} or {sign} groups), with tile pictures,
 * the tiles the hand holds marked and those still missing faded. */
export function handOnLine(groups) {
  return el("span", { class: "on-line", role: "group", "aria-label": "the line against your hand" },
    groups.map((group) => {
      if (group.sign) return el("span", { class: "sign", "aria-label": group.sign === "+" ? "plus" : "equals" }, group.sign);
      return el("span", { class: "tiles" }, parseTiles(group.tiles).map((tile, i) => {
        const mark = group.marks[i];
        // Flowers are all alike on the card: any flower fills a flower's place.
        const name = tile.endsWith("f") ? "a flower" : tileLabel(tile);
        const node = tileElement(tile, { label: `${name}, ${MARK_WORDS[mark] || "missing"}` });
        node.classList.add(mark ? "held" : "missing");
        if (mark) node.dataset.mark = mark;
        return node;
      }));
    }));
}

/** Show the view's hints ({line, tiles_away, value, concealed, groups}) in a drawn card. */
export function showHints(panel, card, hints) {
  const nearest = panel.querySelector("#nearest-lines");
  nearest.replaceChildren(...hints.map((hint) => {
    const line = card.lines.find((l) => l.id === hint.line);
    return el("li", { class: "card-line near", "data-line": hint.line },
      el("span", { class: "line-id" }, hint.line),
      el("span", { class: "line-text" }, line ? printedLine(line.text, card.year) : null,
        hint.groups ? handOnLine(hint.groups) : null),
      valueElement(hint),
      el("span", { class: "away" }, away(hint.tiles_away)));
  }));
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

/** A line of the card as the end of a hand shows it: its id, its printed groups (each way of
 * writing it), its value with X or C, and its notes; null while the card is not at hand. */
export function winningLine(card, id) {
  if (!card) return null;
  const lines = card.lines.filter((l) => l.id === id);
  if (!lines.length) return null;
  return el("ul", { class: "card-lines winning" },
    lines.map((line, i) => lineElement(line, i > 0, card.year)));
}
