// What the table page and the replay viewer both draw: seats, the wall, revealed hands and
// score sheets. Every function builds elements from plain data (a view, a sheet) and returns them.

import { parseTiles, tileElement, tileLabel, tileRow } from "./tiles.js";

export const WINDS = ["East", "South", "West", "North"];

/** Make an element: el("div", {class: "x"}, child, "text", ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/** "Ann's", or "your" for the player reading the page (named "You"). */
export const possessive = (name) => (name === "You" ? "your" : `${name}'s`);

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

/**
 * The heading of a seat: wind, name, score, and marks for the turn, a bot, a dropped link and a
 * declared standing hand.
 */
export function seatHeading(seatWind, player, score,
  { turn = false, dealer = false, standing = false } = {}) {
  const name = player ? player.name || "empty seat" : "";
  return el("h2", { class: "seat-name" },
    el("span", { class: "wind", title: `${WINDS[seatWind]} wind` }, WINDS[seatWind][0]),
    ` ${name}`,
    player && player.bot ? el("span", { class: "tag" }, "bot") : null,
    player && !player.bot && (player.away || player.connected === false) ?
      el("span", { class: "tag away" }, "away") : null,
    dealer ? el("span", { class: "tag" }, "dealer") : null,
    standing ? el("span", { class: "tag standing" }, "standing hand") : null,
    score !== null && score !== undefined ? el("span", { class: "score" }, String(score)) : null,
    turn ? el("span", { class: "turn-mark" }, "to play") : null);
}

/**
 * The wall drawn as a ring of stacks seen from ``mySeat`` (whose side is at the bottom), with
 * the break marked; the stacks run round the table in playing direction from East's side.
 */
export function wallElement(view, mySeat) {
  const heights = view.wall;
  const perSide = heights.length / 4;
  const unit = 10;
  const size = (perSide + 2) * unit;
  const NS = "http://www.w3.org/2000/svg";
  const root = document.createElementNS(NS, "svg");
  root.setAttribute("viewBox", `0 0 ${size} ${size}`);
  root.setAttribute("aria-hidden", "true");
  const breakIndex = view.break.side * perSide + view.break.stack - 1;
  heights.forEach((height, index) => {
    const side = Math.floor(index / perSide);
    const along = index % perSide;
    const turn = (side - mySeat + 4) % 4;
    // Bottom runs left to right, right side upwards, top right to left, left side downwards.
    const offset = (along + 1) * unit;
    const far = size - unit;
    const [x, y] = [[offset, far], [far, size - offset - unit], [size - offset - unit, 0],
      [0, offset]][turn];
    const rect = document.createElementNS(NS, "rect");
    rect.setAttribute("x", x + 1);
    rect.setAttribute("y", y + 1);
    rect.setAttribute("width", unit - 2);
    rect.setAttribute("height", unit - 2);
    rect.setAttribute("rx", 1.5);
    rect.setAttribute("class", `stack h${Math.min(height, 2)}${index === breakIndex ? " break" : ""}`);
    root.append(rect);
  });
  const dice = view.dice.map((roll) => roll.join("+")).join(", ");
  const broken = `${WINDS[view.break.side]}'s wall, stack ${view.break.stack}`;
  // The kong box (Classical) or the dead wall (Hong Kong); Beginner keeps no tiles back.
  const keptName = view.rules.startsWith("hongkong") ? "dead wall" : "kong box";
  const kept = view.kept_back ? `, ${keptName} ${view.kept_back}` : "";
  const summary = `${view.live_left} tiles left to draw${kept}`;
  return el("div", { class: "wall", role: "img",
    "aria-label": `Wall: ${summary}; dice ${dice}; broken at ${broken}` },
  root,
  el("div", { class: "wall-info" },
    el("div", { class: "big" }, String(view.live_left)), el("div", {}, "tiles left"),
    view.kept_back ? el("div", {}, `${keptName} ${view.kept_back}`) : null,
    el("div", { class: "dice", title: `broken at ${broken}` }, `dice ${dice}`)));
}

/**
 * A hand in the notation ("[555z] {9999p} 444p 23s 8f +4s") as rows of tiles: melds apart,
 * the winning tile last.
 */
export function handElement(text, label) {
  const row = el("div", { class: "revealed", role: "group", "aria-label": label });
  for (const group of text.split(" ").filter(Boolean)) {
    const kind = group[0] === "[" ? "meld" : group[0] === "{" ? "meld concealed" :
      group[0] === "+" ? "winning" : "group";
    const tiles = tileRow(parseTiles(group));
    tiles.classList.add(...kind.split(" "));
    if (kind === "winning") tiles.setAttribute("aria-label", `winning tile ${tileLabel(
      parseTiles(group)[0])}`);
    row.append(tiles);
  }
  return row;
}

function sheetValue(item) {
  const parts = [];
  if (item.points) parts.push(`${item.points} pts`);
  if (item.doubles) parts.push(`${item.doubles} dbl`);
  if (item.faan) parts.push(`${item.faan} faan`);
  if (item.limit) parts.push(item.limit === 1 ? "limit" : `${item.limit} × limit`);
  return parts.join(", ") || "0";
}

/** One score sheet (ScoreSheet.to_json()) as a table, item by item, then the total. */
function sheetElement(sheet, caption) {
  const rows = sheet.items.map((item) => el("tr", {},
    el("td", {}, item.name),
    el("td", {}, item.tiles ? tileRow(parseTiles(item.tiles), item.tiles) : ""),
    el("td", { class: "num" }, sheetValue(item))));
  return el("table", { class: "sheet" },
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "item"),
      el("th", { scope: "col" }, "tiles"), el("th", { scope: "col", class: "num" }, "value"))),
    el("tbody", {}, rows),
    sheet.reason ? el("tr", {}, el("td", { colspan: 3 }, `Not a win: ${sheet.reason}`)) : null,
    el("tfoot", {}, el("tr", {}, el("th", { scope: "row", colspan: 2 }, "total"),
      el("td", { class: "num total" }, String(sheet.total)))));
}

/**
 * The end of a hand: how it ended, every hand revealed with its sheet, the payments and the
 * running totals. ``nameOf(seat)`` names the player at a seat wind of that hand.
 */
export function handEndElement(end, nameOf) {
  const how = end.winner === null || end.winner === undefined ? "A wall game: nobody won." :
    end.self_drawn ? `${nameOf(end.winner)} won, self-drawn.` :
      `${nameOf(end.winner)} won on ${possessive(nameOf(end.discarder))} discard.`;
  const seats = end.hands.map((hand, seat) => el("section", { class: "end-seat" },
    el("h3", {}, `${WINDS[seat]}: ${nameOf(seat)}`),
    handElement(hand, `${possessive(nameOf(seat))} hand`),
    end.sheets && end.sheets[seat] ? sheetElement(end.sheets[seat],
      `Score sheet of ${nameOf(seat)}`) : null));
  return el("div", { class: "hand-end" }, el("p", { class: "how" }, how), seats,
    paymentsElements(end, nameOf));
}

/** The payments of a hand ([from, to, amount] by seat) and each seat's net, as two lists. */
export function paymentsElements(end, nameOf, seats = null) {
  const payments = (end.payments || []).map(([from, to, amount]) => {
    const payer = nameOf(from);
    return el("li", {}, `${payer} ${payer === "You" ? "pay" : "pays"} ${nameOf(to)} ${amount}`);
  });
  const net = (end.net || []).map((amount, seat) => (seats && !seats.includes(seat) ? null :
    el("li", {}, `${nameOf(seat)}: ${amount > 0 ? "+" : ""}${amount}`)));
  return [
    payments.length ? el("section", { class: "hand-payments" }, el("h3", {}, "Payments"),
      el("ul", { class: "payments" }, payments)) : null,
    end.net ? el("section", { class: "hand-net" }, el("h3", {}, "This hand"),
      el("ul", { class: "payments" }, net)) : null,
  ];
}
