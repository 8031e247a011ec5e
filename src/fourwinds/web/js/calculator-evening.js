// The evening's score sheet: hands entered one after another, the running totals of the
// players, the deal and the prevailing wind moving on by the rule set (its rotate_on_* facts,
// as the engine's match moves them), kept in the browser and written out as CSV or as a record
// of scored hands (docs/calculator.md, "fourwinds-scored-hands" version 1) that reads back in.

export const FORMAT = "fourwinds-scored-hands";
export const VERSION = 1;
const KEY = "fourwinds.calculator.evening";
const WINDS = ["East", "South", "West", "North"];
const MAX_HANDS = 1000;
const MAX_NAME = 40;
const MAX_HAND = 200;
const MAX_CARD = 64 * 1024;

/** A new evening under the given rules (a rule set from /api/score/rules, its options, card). */
export function newEvening(rules, options, card, players) {
  return { format: FORMAT, version: VERSION, rules: rules.name, options, card,
    players, starting_points: rules.starting_points, hands: [] };
}

export const playerCount = (evening) => evening.players.length;

/** Where the evening stands before each hand and after the last: East (a player index), the
 * prevailing wind, and how many times the deal has passed. */
export function seatings(evening, rules) {
  const players = playerCount(evening);
  let east = 0;
  let wind = 0;
  let passes = 0;
  const out = [{ east, wind }];
  for (const hand of evening.hands) {
    const passing = hand.winner === null ? rules.rotate_on_draw :
      hand.winner !== 0 || rules.rotate_on_dealer_win;
    if (passing) {
      east = (east + 1) % players;
      passes += 1;
      if (passes % players === 0) wind += 1;
    }
    out.push({ east, wind });
  }
  return out;
}

/** The player at a seat wind when ``east`` (a player index) deals. */
export const playerAt = (seat, east, players) => (east + seat) % players;

/** Each player's total after each hand, the starting points first. */
export function runningTotals(evening) {
  const players = playerCount(evening);
  const totals = [Array(players).fill(evening.starting_points)];
  for (const hand of evening.hands) {
    const next = [...totals[totals.length - 1]];
    hand.net.forEach((change, seat) => {
      if (seat < players) next[playerAt(seat, hand.east, players)] += change;
    });
    totals.push(next);
  }
  return totals;
}

export function save(evening) {
  localStorage.setItem(KEY, JSON.stringify(evening));
}

export function load() {
  const kept = localStorage.getItem(KEY);
  if (!kept) return null;
  try {
    return checkRecord(JSON.parse(kept));
  } catch {
    return null;
  }
}

/** A CSV cell; a name that a spreadsheet would take for a formula (=, +, -, @) is quoted
 * with a leading apostrophe, so that opening the file runs nothing. */
function csvCell(value) {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The sheet as CSV: a row per hand with each player's change and running total, then the
 * totals. */
export function toCSV(evening) {
  const names = evening.players;
  const rows = [["hand", "prevailing wind", "East", "winner", "hand played",
    ...names.map((n) => `${n} change`), ...names.map((n) => `${n} total`)]];
  const totals = runningTotals(evening);
  evening.hands.forEach((hand, i) => {
    const players = names.length;
    const changes = Array(players).fill(0);
    hand.net.forEach((change, seat) => {
      if (seat < players) changes[playerAt(seat, hand.east, players)] += change;
    });
    const winner = hand.winner === null ? "wall game" :
      names[playerAt(hand.winner, hand.east, players)];
    rows.push([i + 1, WINDS[hand.prevailing_wind], names[hand.east], winner, hand.hand || "",
      ...changes, ...totals[i + 1]]);
  });
  rows.push(["total", "", "", "", "", ...names.map(() => ""), ...totals[totals.length - 1]]);
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

const isSeat = (value, players) => Number.isInteger(value) && value >= 0 && value < players;

/** A record read back: the format and version, the players, and every hand's seats and
 * payments (each net the sum of its payments, every hand's nets adding up to zero). Throws an
 * Error saying what is wrong. */
export function checkRecord(record) {
  const fail = (what) => { throw new Error(`not a record of scored hands: ${what}`); };
  if (!record || typeof record !== "object") fail("not a JSON object");
  if (record.format !== FORMAT) fail(`format is not "${FORMAT}"`);
  if (record.version !== VERSION) fail(`version ${record.version} is not ${VERSION}`);
  if (typeof record.rules !== "string") fail("no rules");
  if (!record.options || typeof record.options !== "object") fail("no options");
  if (typeof record.card !== "string" || record.card.length > MAX_CARD) {
    fail("no card (\"sample\" or the card's text, at most 64 KiB)");
  }
  if (!Object.values(record.options).every((v) => ["boolean", "number", "string"]
    .includes(typeof v))) fail("an option is not true, false, a number or a word");
  const players = record.players;
  if (!Array.isArray(players) || players.length < 3 || players.length > 4 ||
    !players.every((n) => typeof n === "string" && n.length <= MAX_NAME)) {
    fail("players must be 3 or 4 names");
  }
  if (!Number.isInteger(record.starting_points)) fail("no starting points");
  if (!Array.isArray(record.hands) || record.hands.length > MAX_HANDS) fail("no hands");
  record.hands.forEach((hand, i) => {
    const where = `hand ${i + 1}`;
    if (!isSeat(hand.east, players.length)) fail(`${where}: East is no player`);
    if (hand.winner !== null && !isSeat(hand.winner, 4)) fail(`${where}: winner is no seat`);
    if (hand.hand !== null && (typeof hand.hand !== "string" || hand.hand.length > MAX_HAND)) {
      fail(`${where}: the hand is not notation of at most ${MAX_HAND} characters`);
    }
    if (!Array.isArray(hand.net) || hand.net.length !== 4 ||
      !hand.net.every(Number.isInteger)) fail(`${where}: net must be four whole numbers`);
    if (!Array.isArray(hand.payments)) fail(`${where}: no payments`);
    const net = [0, 0, 0, 0];
    for (const p of hand.payments) {
      if (!isSeat(p.from, 4) || !isSeat(p.to, 4) || !Number.isInteger(p.amount)) {
        fail(`${where}: a payment is not {from, to, amount}`);
      }
      net[p.from] -= p.amount;
      net[p.to] += p.amount;
    }
    if (net.some((n, seat) => n !== hand.net[seat])) fail(`${where}: net is not its payments`);
  });
  return record;
}

/** Check that the recorded East and prevailing wind of every hand are where the rules move
 * them; throws an Error naming the first hand that differs. */
export function checkSeatings(record, rules) {
  const seats = seatings(record, rules);
  record.hands.forEach((hand, i) => {
    if (hand.east !== seats[i].east || hand.prevailing_wind !== seats[i].wind) {
      throw new Error(`hand ${i + 1}: East or the prevailing wind is not where ${rules.title} ` +
        "moves them");
    }
  });
}
