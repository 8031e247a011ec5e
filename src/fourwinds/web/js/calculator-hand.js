// The calculator's hand editor: what a tap on the palette does to a hand in the notation
// (docs/notation.md). The text stays the one truth: a tap rewrites it, typing edits it, and the
// server alone judges it (the page never decides whether a hand is valid).

import { formatTiles, parseTiles, sortTiles } from "./tiles.js";

const GROUP = /^(\[[0-9mpszfJ]+\]|\{[0-9mpszfJ]+\}|\+[0-9mpszfJ]+|[0-9mpszfJ]+)$/;

/** The groups of a hand, or null when the text is not plain groups of tiles (the server will
 * say where it goes wrong). Each group: {kind: "exposed" | "kong" | "plain" | "win", tiles}. */
export function readHand(text) {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (!tokens.every((token) => GROUP.test(token))) return null;
  return tokens.map((token) => {
    const kind = { "[": "exposed", "{": "kong", "+": "win" }[token[0]] || "plain";
    return { kind, tiles: parseTiles(token) };
  });
}

/** Tiles by suit letter, each suit a group of its own: "44446z 1234f J". */
function plainText(tiles) {
  const bySuit = new Map();
  for (const tile of sortTiles(tiles)) {
    const letter = tile === "J" ? "J" : tile[1];
    bySuit.set(letter, [...(bySuit.get(letter) || []), tile]);
  }
  return [...bySuit.values()].map(formatTiles);
}

/** The hand's text: sets in the order laid down, the concealed tiles by suit, the winning tile. */
export function writeHand(groups) {
  const sets = groups.filter((g) => g.kind === "exposed" || g.kind === "kong").map((g) =>
    (g.kind === "exposed" ? `[${formatTiles(g.tiles)}]` : `{${formatTiles(g.tiles)}}`));
  const plain = plainText(groups.filter((g) => g.kind === "plain").flatMap((g) => g.tiles));
  const win = groups.find((g) => g.kind === "win");
  return [...sets, ...plain, ...(win ? [`+${formatTiles(win.tiles)}`] : [])].join(" ");
}

/** The chow starting at ``tile``: three in a row of one suit. */
function chow(tile) {
  const [n, suit] = [Number(tile[0]), tile[1]];
  if (!"mps".includes(suit) || tile === "J" || n > 7) {
    throw new Error("a chow is three in a row of one suit: tap its lowest tile, 1 to 7");
  }
  return [tile, `${n + 1}${suit}`, `${n + 2}${suit}`];
}

/**
 * The hand after a tap on ``tile`` in ``mode``: "tile" (a concealed tile; a bonus tile stands
 * in a group of its own anyway), "pung", "kong", "chow" (exposed), "hidden-kong", "exposure"
 * (American: ``extend`` adds the tile to the last exposure instead of starting one) or "win".
 * A text that is not plain groups gets the new group written at its end, untouched otherwise.
 */
export function tap(text, mode, tile, extend = false) {
  const groups = readHand(text);
  const added = {
    tile: { kind: "plain", tiles: [tile] },
    bonus: { kind: "plain", tiles: [tile] },
    pung: { kind: "exposed", tiles: [tile, tile, tile] },
    kong: { kind: "exposed", tiles: [tile, tile, tile, tile] },
    chow: mode === "chow" ? { kind: "exposed", tiles: chow(tile) } : null,
    "hidden-kong": { kind: "kong", tiles: [tile, tile, tile, tile] },
    exposure: { kind: "exposed", tiles: [tile] },
    win: { kind: "win", tiles: [tile] },
  }[mode];
  if (groups === null) {
    const written = writeHand([added]);
    return `${text.trim()} ${written}`.trim();
  }
  if (mode === "win") return writeHand([...groups.filter((g) => g.kind !== "win"), added]);
  const last = groups.filter((g) => g.kind === "exposed").pop();
  if (mode === "exposure" && extend && last) {
    last.tiles.push(tile);
    return writeHand(groups);
  }
  return writeHand([...groups, added]);
}
