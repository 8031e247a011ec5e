// Tiles: the notation (docs/notation.md) and each tile drawn as inline SVG from data.
//
// A tile is its name in the notation ("5m", "1z", "7f", "J"); null stands for a tile face down.
// Every drawing is built here from shapes (no images, no fonts beyond the page's own), and every
// tile element carries an aria-label such as "5 of characters".

const SVG = "http://www.w3.org/2000/svg";

const SUIT_NAMES = { m: "characters", p: "dots", s: "bamboo" };
const HONOURS = ["East wind", "South wind", "West wind", "North wind",
  "White dragon", "Green dragon", "Red dragon"];
const SUITS = "mpszf";

const INK = { m: "#1f3f8f", p: "#1f3f8f", s: "#1d6b3a", wind: "#1b2a4a", red: "#c0262d",
  green: "#1d7a3e", blue: "#2552a8", flower: "#c2336b", season: "#c46a12" };

/** Split a run of tiles in the notation ("33699m124457p") into tile names. */
export function parseTiles(text) {
  const tiles = [];
  let digits = "";
  for (const ch of text || "") {
    if (ch >= "0" && ch <= "9") {
      digits += ch;
    } else if (ch === "J") {
      tiles.push("J");
    } else if (SUITS.includes(ch)) {
      for (const d of digits) tiles.push(d + ch);
      digits = "";
    }
  }
  return tiles;
}

const ORDER = "mpszfJ";
const rank = (tile) => (tile === "J" ? 100 : ORDER.indexOf(tile[1]) * 10 + Number(tile[0]));

/** Tiles in the engine's order: characters, dots, bamboo, honours, flowers, jokers. */
export function sortTiles(tiles) {
  return [...tiles].sort((a, b) => rank(a) - rank(b));
}

/** Tiles in the notation, in the given order, one suit letter per run: ["3m", "4m", "J"] is
 * "34mJ" (as the server writes them). */
export function formatTiles(tiles) {
  let text = "";
  let run = "";
  for (const tile of tiles) {
    const letter = tile === "J" ? "J" : tile[1];
    if (run && letter !== run) text += run;
    if (letter === "J") {
      text += "J";
      run = "";
    } else {
      text += tile[0];
      run = letter;
    }
  }
  return text + run;
}

/** What a screen reader says for a tile. */
export function tileLabel(tile) {
  if (tile === null || tile === undefined) return "face-down tile";
  if (tile === "J") return "Joker";
  const [n, suit] = [Number(tile[0]), tile[1]];
  if (suit in SUIT_NAMES) return `${n} of ${SUIT_NAMES[suit]}`;
  if (suit === "z") return HONOURS[n - 1];
  return n <= 4 ? `Flower ${n}` : `Season ${n - 4}`;
}

function svg(tag, attrs, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function text(x, y, size, fill, content, anchor = "middle") {
  const node = svg("text", { x, y, "font-size": size, fill, "text-anchor": anchor,
    "font-family": "DejaVu Sans, Verdana, Arial, sans-serif", "font-weight": "bold" });
  node.textContent = content;
  return node;
}

function path(d, stroke, width = 3) {
  return svg("path", { d, stroke, "stroke-width": width, fill: "none",
    "stroke-linecap": "round", "stroke-linejoin": "round" });
}

// The face is 48 x 64; the index sits top left, the picture in the box x 6..42, y 16..60.

const DOTS = {
  1: [[24, 38, 13]],
  2: [[24, 26, 8], [24, 50, 8]],
  3: [[13, 23, 7], [24, 38, 7], [35, 53, 7]],
  4: [[15, 27, 7.5], [33, 27, 7.5], [15, 49, 7.5], [33, 49, 7.5]],
  5: [[14, 25, 6.5], [34, 25, 6.5], [24, 38, 6.5], [14, 51, 6.5], [34, 51, 6.5]],
  6: [[15, 23, 6.5], [33, 23, 6.5], [15, 39, 6.5], [33, 39, 6.5], [15, 54, 6.5], [33, 54, 6.5]],
  7: [[12, 21, 5], [24, 27, 5], [36, 33, 5], [15, 44, 5.5], [33, 44, 5.5], [15, 55, 5.5],
    [33, 55, 5.5]],
  8: [[15, 21, 5], [33, 21, 5], [15, 33, 5], [33, 33, 5], [15, 45, 5], [33, 45, 5], [15, 57, 5],
    [33, 57, 5]],
  9: [[12, 23, 5.3], [24, 23, 5.3], [36, 23, 5.3], [12, 38, 5.3], [24, 38, 5.3], [36, 38, 5.3],
    [12, 53, 5.3], [24, 53, 5.3], [36, 53, 5.3]],
};
const DOT_COLOURS = {
  1: "r", 2: "gb", 3: "brg", 4: "bggb", 5: "bgrgb", 6: "ggrrrr", 7: "gggrrrr",
  8: "bbbbbbbb", 9: "bbbrrrggg",
};
const COLOUR = { r: INK.red, g: INK.green, b: INK.blue };

function dots(n) {
  return DOTS[n].map(([x, y, r], i) => {
    const ink = COLOUR[DOT_COLOURS[n][i]];
    const rings = [svg("circle", { cx: x, cy: y, r, fill: ink }),
      svg("circle", { cx: x, cy: y, r: r * 0.62, fill: "#fbf7ea" }),
      svg("circle", { cx: x, cy: y, r: r * 0.32, fill: ink })];
    if (n === 1) rings.push(svg("circle", { cx: x, cy: y, r: r * 0.85, fill: "none",
      stroke: INK.green, "stroke-width": 1.5 }));
    return svg("g", {}, rings);
  });
}

const STICKS = {
  2: [[24, 27], [24, 49]],
  3: [[24, 27], [16, 49], [32, 49]],
  4: [[16, 27], [32, 27], [16, 49], [32, 49]],
  5: [[13, 27], [35, 27], [24, 38], [13, 49], [35, 49]],
  6: [[13, 27], [24, 27], [35, 27], [13, 49], [24, 49], [35, 49]],
  7: [[24, 22], [13, 38], [24, 38], [35, 38], [13, 53], [24, 53], [35, 53]],
  8: [[10, 27], [19.3, 27], [28.6, 27], [38, 27], [10, 49], [19.3, 49], [28.6, 49], [38, 49]],
  9: [[13, 22], [24, 22], [35, 22], [13, 38], [24, 38], [35, 38], [13, 54], [24, 54], [35, 54]],
};
const RED_STICKS = { 5: [2], 7: [0], 9: [1, 4, 7] };

function stick(x, y, ink) {
  return svg("g", {}, [
    svg("rect", { x: x - 3.2, y: y - 7, width: 6.4, height: 14, rx: 2.6, fill: ink }),
    svg("rect", { x: x - 3.7, y: y - 0.9, width: 7.4, height: 1.8, rx: 0.9, fill: "#0e3d22" }),
    svg("line", { x1: x, y1: y - 5.2, x2: x, y2: y + 5.2, stroke: "#fbf7ea", "stroke-width": 1,
      opacity: 0.6 }),
  ]);
}

function bird() {
  return [
    path("M10 26 Q14 36 19 41 M8 34 Q14 40 19 43 M10 44 Q15 45 19 45", INK.red, 2.2),
    svg("ellipse", { cx: 25, cy: 44, rx: 10, ry: 7.5, fill: INK.green }),
    svg("circle", { cx: 33, cy: 32, r: 5.5, fill: INK.green }),
    svg("circle", { cx: 34.5, cy: 31, r: 1.3, fill: "#fbf7ea" }),
    svg("path", { d: "M38 31 L43 33 L38 35 Z", fill: INK.red }),
    path("M22 51 L20 58 M28 51 L29 58", INK.s, 2),
  ];
}

function bamboo(n) {
  if (n === 1) return bird();
  const red = RED_STICKS[n] || [];
  return STICKS[n].map(([x, y], i) => stick(x, y, red.includes(i) ? INK.red : INK.s));
}

function characters(n) {
  // The numeral, then the character for "ten thousand" drawn in three strokes.
  return [
    text(24, 37, 26, INK.m, String(n)),
    path("M13 42 H35 M22 42 Q22 53 13 59 M22 48 H33 Q33 57 27 58", INK.red, 3.2),
  ];
}

function honour(n) {
  if (n <= 4) return [text(24, 48, 32, INK.wind, "ESWN"[n - 1])];
  if (n === 5) {
    return [svg("rect", { x: 9, y: 10, width: 30, height: 46, rx: 3, fill: "none",
      stroke: INK.blue, "stroke-width": 3 }),
    svg("rect", { x: 14, y: 15, width: 20, height: 36, rx: 2, fill: "none",
      stroke: INK.blue, "stroke-width": 1.5 })];
  }
  if (n === 6) {
    // A green "fortune" mark: its strokes, simplified.
    return [text(6, 14, 11, INK.green, "G", "start"),
      path("M15 21 L18 26 M31 19 L35 24 M11 31 H37 M25 17 Q24 45 11 58 M21 42 H35 Q31 52 18 58"
        + " M25 48 L37 58", INK.green, 3)];
  }
  // The red "centre": a box crossed by one stroke.
  return [text(6, 14, 11, INK.red, "R", "start"),
    svg("rect", { x: 12, y: 27, width: 24, height: 16, rx: 1.5, fill: "none", stroke: INK.red,
      "stroke-width": 3.6 }),
    path("M24 17 V59", INK.red, 4)];
}

function bonus(n) {
  const season = n > 4;
  const ink = season ? INK.season : INK.flower;
  const index = text(6, 14, 11, ink, (season ? "S" : "F") + (season ? n - 4 : n), "start");
  if (season) {
    const rays = [...Array(8).keys()].map((i) => {
      const a = (i * Math.PI) / 4;
      return path(`M${24 + 10 * Math.cos(a)} ${38 + 10 * Math.sin(a)} L${24 + 15 * Math.cos(a)} `
        + `${38 + 15 * Math.sin(a)}`, ink, 2.4);
    });
    return [index, svg("circle", { cx: 24, cy: 38, r: 7, fill: ink }), ...rays];
  }
  const petals = [...Array(5).keys()].map((i) => {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    return svg("circle", { cx: 24 + 7 * Math.cos(a), cy: 34 + 7 * Math.sin(a), r: 5.5,
      fill: ink });
  });
  return [index, path("M24 40 Q23 50 26 59 M25 50 Q31 47 34 50", INK.green, 2.2), ...petals,
    svg("circle", { cx: 24, cy: 34, r: 3.2, fill: "#f2c230" })];
}

function joker() {
  return [text(24, 40, 11, INK.red, "JOKER"), path("M24 46 L27 55 L19 49.5 H29 L21 55 Z", INK.blue, 1.6)];
}

function face(tile) {
  if (tile === "J") return joker();
  const [n, suit] = [Number(tile[0]), tile[1]];
  const index = (ink) => text(6, 14, 11, ink, String(n), "start");
  if (suit === "m") return characters(n);
  if (suit === "p") return [index(INK.p), ...dots(n)];
  if (suit === "s") return [index(INK.s), ...bamboo(n)];
  if (suit === "z") return honour(n);
  return bonus(n);
}

/** The SVG drawing of a tile, or of a tile's back when ``tile`` is null. */
function tileSVG(tile) {
  const body = [svg("rect", { x: 1, y: 3, width: 46, height: 60, rx: 6, fill: "#2f7d5b" })];
  if (tile === null || tile === undefined) {
    body.push(svg("rect", { x: 1, y: 1, width: 46, height: 60, rx: 6, fill: "#3c9a70",
      stroke: "#23603f", "stroke-width": 1.2 }),
    svg("rect", { x: 7, y: 7, width: 34, height: 48, rx: 4, fill: "none", stroke: "#a9dcc2",
      "stroke-width": 1.2 }));
  } else {
    body.push(svg("rect", { x: 1, y: 1, width: 46, height: 60, rx: 6, fill: "#fbf7ea",
      stroke: "#8a7f6a", "stroke-width": 1.2 }), ...face(tile));
  }
  return svg("svg", { viewBox: "0 0 48 64", "aria-hidden": "true", focusable: "false" }, body);
}

/** A tile as an element: a <span role="img"> by default, or a <button> for a tile to play. */
export function tileElement(tile, { button = false, label = null } = {}) {
  const node = document.createElement(button ? "button" : "span");
  node.className = "tile";
  if (button) node.type = "button";
  else node.setAttribute("role", "img");
  node.setAttribute("aria-label", label || tileLabel(tile));
  if (tile) node.dataset.tile = tile;
  else node.classList.add("back");
  node.append(tileSVG(tile));
  return node;
}

/** A row of tiles in a <span class="tiles">, labelled as a group. */
export function tileRow(tiles, label = null) {
  const row = document.createElement("span");
  row.className = "tiles";
  if (label) {
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", label);
  }
  for (const tile of tiles) row.append(tileElement(tile));
  return row;
}
