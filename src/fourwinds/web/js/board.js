// What the table page and the replay viewer both draw, whatever the family: a seat's heading,
// the wall, revealed hands and payments. What a family draws its own way (melds or exposures,
// score sheets or the card's line) is in families/; seats.js puts a seat and the centre
// together. Every function builds elements from plain data (a view, a summary) and returns them.

import { parseTiles, tileLabel, tileRow } from "./tiles.js";

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
  // The kong box (Classical) or the dead wall (Hong Kong), as the view names them; Beginner
  // and American keep no tiles back.
  const keptName = view.kept_back_name || "kept back";
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

/**
 * The payments of a hand ([from, to, amount] by seat), each with its rule as the server's
 * settlement gives it (``end.payment_reasons``), and each seat's net, as two lists. At a table
 * that ranks by wins (``end.ranked_by``), where nobody pays, it says so instead.
 */
export function paymentsElements(end, nameOf, seats = null) {
  if (end.ranked_by === "wins") {
    return [el("p", { class: "no-scoring" },
      "No points are kept at this table: nobody pays, and players are ranked by hands won.")];
  }
  const reasons = end.payment_reasons || [];
  const payments = (end.payments || []).map(([from, to, amount], i) => {
    const payer = nameOf(from);
    return el("li", {}, `${payer} ${payer === "You" ? "pay" : "pays"} ${nameOf(to)} `,
      el("strong", {}, String(amount)),
      reasons[i] ? el("span", { class: "reason" }, ` (${reasons[i]})`) : null);
  });
  const net = (end.net || []).map((amount, seat) => (seats && !seats.includes(seat) ? null :
    el("li", {}, `${nameOf(seat)}: ${amount > 0 ? "+" : ""}${amount}`)));
  return [
    payments.length ? el("section", { class: "hand-payments" }, el("h3", {}, "Payments"),
      el("ul", { class: "payments" }, payments)) :
      el("p", { class: "no-payments" }, "Nobody pays for this hand."),
    end.net ? el("section", { class: "hand-net" }, el("h3", {}, "This hand"),
      el("ul", { class: "payments" }, net)) : null,
  ];
}
