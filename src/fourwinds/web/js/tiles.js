// Tiles: the notation (docs/notation.md) and each tile drawn as inline SVG from data.
//
// A tile is its name in the notation ("5m", "1z", "7f", "J"); null stands for a tile face down.
// Every drawing is data in tiles.json beside this module, the SVG elements of each tile's face
// and of its back (shapes only: no images, no fonts beyond the page's own); the notebook face
// (fourwinds.tile_art) draws from the same file. Every tile element carries an aria-label such
// as "5 of characters".

const SVG = "http://www.w3.org/2000/svg";

const SUIT_NAMES = { m: "characters", p: "dots", s: "bamboo" };
const HONOURS = ["East wind", "South wind", "West wind", "North wind",
  "White dragon", "Green dragon", "Red dragon"];
const SUITS = "mpszf";

/** Each tile's drawing, and the back's: [tag, attributes, text or children] in a 48 x 64 box. */
const FACES = await (await fetch(new URL("./tiles.json", import.meta.url))).json();

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

function build([tag, attrs, content]) {
  const node = svg(tag, attrs);
  if (typeof content === "string") node.textContent = content;
  else if (content) node.append(...content.map(build));
  return node;
}

/** The SVG drawing of a tile, or of a tile's back when ``tile`` is null. */
function tileSVG(tile) {
  const body = FACES[tile ?? "back"].map(build);
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
