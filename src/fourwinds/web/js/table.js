// The table page: take a seat, then play it over the WebSocket (docs/protocol.md).
//
// Everything on the board is drawn from the last `state` message, the way the view's family
// draws it (families/index.js); what happened is announced from the message's `events`, shown
// (a call-out at the caller's seat, the claimed tile moving to the meld) and heard (sound.js).
// The page keeps no game state of its own beyond which tile has the keyboard focus, whether an
// end-of-hand was dismissed, which hand and turn it has already announced, and whose discard
// was the last.

import { connect, forgetSeat, getJSON, loadSeat, playerName, postJSON, saveSeat } from "./api.js";
import { WINDS, el } from "./board.js";
import { parseTiles, tileElement, tileLabel, tileRow } from "./tiles.js";
import { familyOf } from "./families/index.js";
import { centreParts, exposedOf, headingOf, seatParts } from "./seats.js";
import { cardElement, fetchCard, showHints, winningLine } from "./card.js";
import { callOut, flyTile } from "./callouts.js";
import { isMuted, play as sound, setMuted, unlock } from "./sound.js";
import { askToNotify, canNotify, notify, notifyWanted, setTitle, waitingFor } from "./alerts.js";
import { copyLink, seatChoice, showFriends, watchChoice } from "./friends.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);

let seat = loadSeat(tableId);
let link = null;
let state = null;
let hint = null;
let pending = false;
let focusIndex = null;
let dismissedHand = null;
let countdownTimer = null;
let card = null;         // the card of an American table, once fetched
let cardLoading = false;
let announcedHand = null;  // the hand whose start has been announced
let myTurn = false;        // whether the last state was this seat's turn ("Your turn" once)
let waiting = null;        // what the table last waited for from this seat ("Your turn", ...)
let lastDiscard = null;    // {hand, seat}: the seat whose discard was the last one

// --- who sits where -------------------------------------------------------------------------

// Positions at the table: 4, or 3 at an American table of three (North's seat is empty).
const positions = () => state.table.positions || 4;
const positionOf = (seatWind) => (state.table.east + seatWind) % positions();
const playerAt = (position) => state.table.players.find((p) => p.position === position);
const family = () => familyOf(state.view);
const wordsOf = (action) => family().actionWords(action, nameOfSeat);

function nameOfSeat(seatWind, east = state.table.east) {
  const position = (east + seatWind) % positions();
  if (position === seat.position) return "You";
  const player = playerAt(position);
  return player ? player.name : WINDS[seatWind];
}

// --- announcements for screen readers -------------------------------------------------------

const HISTORY = 80;  // lines kept in "What happened", the newest first

function announce(message) {
  if (!message) return;
  const log = $("history-list");
  log.prepend(el("li", {}, message));  // the newest first
  while (log.children.length > HISTORY) log.lastElementChild.remove();
  const region = $("announce");
  region.textContent = "";
  // A fresh text node after clearing makes the live region speak again.
  setTimeout(() => { region.textContent = message; }, 30);
}

/** What a new state says: the start of a hand, then its events in order, then what this seat
 * may do now (its turn, a claim), the end of the hand and of the game. */
function changes(message) {
  const view = message.view;
  if (!view) {
    announcedHand = null;
    myTurn = false;
    return "Waiting for players.";
  }
  const said = [];
  const me = view.seat;
  const events = message.events || [];
  const fresh = announcedHand !== message.table.hand_number;
  if (fresh) {
    announcedHand = message.table.hand_number;
    myTurn = false;
    said.push(`Hand ${announcedHand + 1}. You are ${WINDS[me]}.`);
    said.push(...family().startWords(view, nameOfSeat));
  }
  let drew = null;  // this seat's last draw, its tile shown to it alone
  let ended = fresh && view.phase === "ended";
  for (const event of events) {
    const who = event.seat === null || event.seat === undefined ? "" : nameOfSeat(event.seat);
    if (event.event === "discard") {
      said.push(`${who} ${who === "You" ? "discard" : "discards"} ${tileLabel(event.tile)}.`);
    } else if (event.event === "draw" || event.event === "replacement") {
      if (event.seat === me && event.tile) drew = event;
    } else if (event.event === "end") {
      ended = true;
    } else {
      said.push(family().eventWords(event, { who, nameOf: nameOfSeat, view, me }));
    }
  }
  const turn = view.phase === "turn" && view.current === me;
  const tile = drew ? drew.tile : view.drawn;
  if (turn && !myTurn) {
    said.push(tile ? `Your turn. You drew ${tileLabel(tile)}.` : "Your turn: discard a tile.");
  } else if (turn && drew) {
    said.push(`You drew ${tileLabel(drew.tile)}${drew.event === "replacement" ?
      " as a replacement" : ""}.`);
  }
  myTurn = turn;
  const claims = view.legal_actions.filter((a) => a !== "pass");
  if ((view.phase === "claim" || view.phase === "rob") && claims.length &&
      (fresh || events.length)) {
    const offered = claims.map(wordsOf).join(", ");
    said.push(`You may claim ${tileLabel(view.discard)}: ${offered}, or pass.`);
  }
  if (ended && message.last_hand) {
    const end = message.last_hand;
    said.push(family().howText(end, (s) => nameOfSeat(s, end.east)));
    if (message.standings) said.push("The game is over.");
  }
  return said.filter(Boolean).join(" ");
}

function summary() {
  const view = state.view;
  if (!view) return "Waiting for players.";
  const stage = family().summaryWords?.(view, nameOfSeat);
  const turn = view.phase === "ended" ? "The hand is over." : stage ||
    `${nameOfSeat(view.current)} ${view.current === view.seat ? "are" : "is"} to play.`;
  const hand = parseTiles(view.hand).map(tileLabel).join(", ");
  const round = family().headerRound(view);
  return `${turn} ${view.live_left} tiles left. You are ${WINDS[view.seat]}${
    round ? `, ${round}` : ""}. Your hand: ${hand}.`;
}

// --- sending ----------------------------------------------------------------------------------

function act(action) {
  if (pending || !state || !state.view.legal_actions.includes(action)) return;
  hint = null;
  // Until the server answers (a new state or an error), further clicks are ignored.
  pending = link.send({ type: "action", action });
}

// --- drawing the board ------------------------------------------------------------------------

/** A seat's heading: wind, name, score and its marks. */
function heading(seatWind) {
  const position = positionOf(seatWind);
  return headingOf(state.view, seatWind, playerAt(position), state.table.scores[position]);
}

function renderOther(section, seatWind) {
  const view = state.view;
  const count = view.seats[seatWind].concealed || 0;
  const concealed = el("div", { class: "concealed", role: "img",
    "aria-label": `${count} concealed tiles` }, tileRow(Array(count).fill(null)));
  const position = positionOf(seatWind);
  section.replaceChildren(...seatParts(view, seatWind, { player: playerAt(position),
    score: state.table.scores[position], concealed }));
  section.setAttribute("aria-label", view.seats[seatWind].present === false ?
    `${WINDS[seatWind]}: empty seat` : `${WINDS[seatWind]}: ${nameOfSeat(seatWind)}`);
}

function renderCentre() {
  const view = state.view;
  const status = view.phase === "ended" ? "Hand over" :
    family().status(view, nameOfSeat) ||
    (view.phase === "claim" ? `${nameOfSeat(view.current)} discarded` :
      view.phase === "rob" ? `${nameOfSeat(view.current)} added to a kong` :
        view.current === view.seat ? "Your turn" : `${nameOfSeat(view.current)} to play`);
  $("centre").replaceChildren(...centreParts(view, view.seat, status));
}

function renderActions() {
  const view = state.view;
  const box = $("actions");
  clearInterval(countdownTimer);
  const parts = [];
  const claiming = view.phase === "claim" || view.phase === "rob";
  parts.push(...family().choices(view, { act, nameOf: nameOfSeat, render: renderMe }));
  box.classList.toggle("charleston", view.phase === "charleston");
  if (!parts.length) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const deadline = state.table.claim_deadline;
  if (claiming && deadline) {
    const total = state.table.claim_seconds || Math.max(1, deadline - Date.now() / 1000);
    const bar = el("progress", { max: total, value: total, "aria-label": "Time to answer" });
    const left = el("span", { class: "seconds" });
    const tick = () => {
      const remaining = Math.max(0, Math.min(total, deadline - Date.now() / 1000));
      bar.value = remaining;
      left.textContent = `${Math.ceil(remaining)} s`;
    };
    tick();
    countdownTimer = setInterval(tick, 250);
    parts.push(el("span", { class: "countdown" }, bar, left));
  }
  // Redrawn on every state: the control in focus (a button, a blind-pass choice) keeps it.
  const focused = box.contains(document.activeElement) ? controlKey(document.activeElement) : null;
  box.replaceChildren(...parts.filter(Boolean));
  if (focused) [...box.querySelectorAll("button, input")].find((c) => controlKey(c) === focused)
    ?.focus();
}

const controlKey = (control) => control.dataset.action || control.className + (control.name ?
  `:${control.name}=${control.value}` : "");

function renderHand() {
  const view = state.view;
  const tiles = parseTiles(view.hand);
  if (view.drawn) tiles.splice(tiles.lastIndexOf(view.drawn), 1);
  const selecting = family().selecting(view);
  const myTurn = selecting || view.legal_actions.some((a) => a.startsWith("discard "));
  const hand = $("hand");
  const hadFocus = hand.contains(document.activeElement);
  const suggested = suggestedTiles();
  const buttons = [...tiles, ...(view.drawn ? [view.drawn] : [])].map((tile, i) => {
    const drawn = view.drawn && i === tiles.length;
    const label = tileLabel(tile) + (drawn ? ", just drawn" : "");
    let button;
    if (selecting) {
      // In the Charleston a click selects the tile to pass (never a joker).
      const joker = tile === "J";
      button = tileElement(tile, { button: true,
        label: joker ? `${label} (never passed)` : `Pass ${label}` });
      button.setAttribute("aria-pressed", String(family().isSelected(i)));
      if (family().isSelected(i)) button.classList.add("selected");
      if (joker) button.setAttribute("aria-disabled", "true");
      button.addEventListener("click", () => {
        announce(family().toggle(view, i));
        renderMe();
      });
    } else {
      const legal = view.legal_actions.includes(`discard ${tile}`);
      button = tileElement(tile, { button: true, label: legal ? `Discard ${label}` : label });
      if (!legal) button.setAttribute("aria-disabled", "true");
      button.addEventListener("click", () => act(`discard ${tile}`));
    }
    button.tabIndex = -1;
    if (drawn) button.classList.add("drawn");
    if (suggested.includes(tile)) {
      button.classList.add("suggested");
      suggested.splice(suggested.indexOf(tile), 1);
    }
    button.addEventListener("focus", () => { focusIndex = i; });
    return button;
  });
  hand.replaceChildren(...buttons);
  hand.classList.toggle("my-turn", myTurn);
  hand.classList.toggle("selecting", selecting);
  if (!buttons.length) return;
  if (focusIndex === null || focusIndex >= buttons.length) focusIndex = buttons.length - 1;
  buttons[focusIndex].tabIndex = 0;
  if (hadFocus) buttons[focusIndex].focus();
}

/** The tiles of the hint's suggestion: the discard, or the tiles of a Charleston pass. */
function suggestedTiles() {
  if (!hint || !hint.suggestion) return [];
  const [kind, tiles] = hint.suggestion.split(" ");
  return ["discard", "standing", "pass-tiles"].includes(kind) && tiles !== "blind" ? parseTiles(tiles) : [];
}

function renderMe() {
  const view = state.view;
  const me = view.seat;
  $("me-heading").replaceChildren(heading(me));
  $("me-tiles").replaceChildren(...exposedOf(view, me));
  $("me").setAttribute("aria-label", `You: ${WINDS[me]}`);
  $("auto-pass").checked = Boolean(state.table.auto_pass);
  renderActions();
  renderHand();
  renderHint();
}

function renderHint() {
  if (!hint) {
    $("hint").textContent = "";
    return;
  }
  $("hint").textContent = family().hintText(hint, nameOfSeat);
}

function renderEnd() {
  const end = state.last_hand;
  const panel = $("end");
  const standings = state.standings;
  const show = standings || (end && dismissedHand !== end.hand_number);
  const wasHidden = panel.hidden;
  panel.hidden = !show;
  if (!show) return;
  $("end-heading").textContent = standings ? "The game is over" : `End of hand ${end.hand_number + 1}`;
  const nameAt = (s) => end && nameOfSeat(s, end.east);
  const lineText = (id) => winningLine(card, id);
  $("end-body").replaceChildren(!end ? "" : family().endElement(end, nameAt, lineText));
  // Without scoring (Beginner) players are ranked by the hands they won, not by 0 points.
  const byWins = end?.ranked_by === "wins";
  const column = byWins ? "hands won" : "score";
  const value = (row) => (byWins ? row.wins ?? 0 : row.score);
  if (standings) {
    const rows = [...standings].sort((a, b) => value(b) - value(a)).map((row, i) =>
      el("tr", {}, el("td", { class: "num" }, String(i + 1)), el("td", {}, row.name),
        el("td", { class: "num" }, String(value(row)))));
    $("standings").replaceChildren(el("table", { class: "sheet standings" },
      el("caption", {}, "Final standings"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "#"), el("th", { scope: "col" },
        "player"), el("th", { scope: "col", class: "num" }, column))),
      el("tbody", {}, rows)));
    $("replay-link").href = `/replay/${encodeURIComponent(tableId)}`;
  } else {
    const wins = state.table.wins || [];
    const rows = state.table.players.map((p) => ({ name: p.position === seat.position ? "You" :
      p.name, score: end.scores[p.position], wins: wins[p.position] }));
    rows.sort((a, b) => value(b) - value(a));  // ranked, as the final standings are
    $("standings").replaceChildren(el("h3", {}, byWins ? "Hands won so far" : "Running totals"),
      el("ul", { class: "payments totals" }, rows.map((row) => el("li", {},
        `${row.name}: ${value(row)}`))));
  }
  $("replay-link").hidden = !standings;
  $("next-button").hidden = Boolean(standings);
  if (wasHidden) {
    panel.scrollIntoView({ block: "start" });
    panel.focus();
  }
}

function renderWaiting() {
  const rows = [...Array(positions()).keys()].map((position) => {
    const player = playerAt(position);
    const who = !player ? "empty" : position === seat.position ? `${player.name} (you)` :
      player.bot ? `${player.name} (bot)` : player.name;
    return el("li", {}, `Seat ${position + 1}: ${who}`);
  });
  $("waiting-seats").replaceChildren(...rows);
  $("invite").value = `${location.origin}/table/${encodeURIComponent(tableId)}`;
}

function render() {
  const { table, view } = state;
  setTitle(table.title, waitingFor(view));
  $("title").textContent = table.title;
  $("join").hidden = true;
  $("waiting").hidden = Boolean(view);
  $("board").hidden = !view;
  if (!view) {
    renderWaiting();
    return;
  }
  const round = family().headerRound(view);
  $("round").textContent = `${round ? `${round} · ` : ""}hand ${table.hand_number + 1}`;
  const me = view.seat;
  family().update(view);
  renderOther($("seat-right"), (me + 1) % 4);
  renderOther($("seat-top"), (me + 2) % 4);
  renderOther($("seat-left"), (me + 3) % 4);
  renderCentre();
  renderMe();
  renderEnd();
  renderCard();
  markLastDiscard();
}

// --- calls seen and heard ---------------------------------------------------------------------

/** The section of a seat wind on this page: yours at the bottom, the others round the table. */
function sectionOf(seatWind) {
  const me = state.view.seat;
  return [$("me"), $("seat-right"), $("seat-top"), $("seat-left")][(seatWind - me + 4) % 4];
}

/** Where the tile up for claim is drawn now, before the next state redraws the centre. */
const claimTileRect = () => $("centre").querySelector(".centre-info .tile")
  ?.getBoundingClientRect() || null;

/** What a new state shows and sounds beyond the board: each call at its caller's seat (the
 * claimed tile moving to the meld), a discard's click, and what the table now waits for from
 * this seat (the title, a sound, a notification when the tab is hidden). */
function showCalls(message, claimFrom) {
  const view = message.view;
  if (!view) return;
  const hand = message.table.hand_number;
  if (lastDiscard && lastDiscard.hand !== hand) lastDiscard = null;
  let discarded = false;
  for (const event of message.events || []) {
    if (event.event === "discard") {
      lastDiscard = { hand, seat: event.seat };
      discarded = true;
      continue;
    }
    const call = family().callOf(event, view);
    if (!call) continue;
    const seatWind = call.seat ?? event.seat;
    const section = sectionOf(seatWind);
    callOut(section, call.words, call.sound === "win" ? "win" : "");
    if (call.claim) {
      const meld = section.querySelector(".melds > :last-child");
      flyTile(event.tile || view.discard, claimFrom, meld);
    }
    if (call.sound) sound(call.sound);
  }
  if (discarded) sound("discard");
  markLastDiscard();
  const now = waitingFor(view);
  if (now && now !== waiting) {
    sound(now === "Claim open" ? "claim" : "turn");
    notify(`${now}: ${message.table.title}`);
  }
  waiting = now;
}

/** Mark the last tile discarded at the table (while it lies in its seat's discards). */
function markLastDiscard() {
  for (const old of document.querySelectorAll(".discards .tile.last-discard")) {
    old.classList.remove("last-discard");
    old.setAttribute("aria-label", old.getAttribute("aria-label").replace(", the last discard", ""));
  }
  const view = state.view;
  if (!view) return;
  const seatWind = lastDiscard?.hand === state.table.hand_number ? lastDiscard.seat :
    view.discard && view.phase !== "turn" ? view.current : null;
  if (seatWind === null || seatWind === undefined) return;
  const tile = sectionOf(seatWind).querySelector(".discards > .tile:last-child");
  if (!tile) return;
  tile.classList.add("last-discard");
  tile.setAttribute("aria-label", `${tile.getAttribute("aria-label")}, the last discard`);
}

// --- the card (tables whose hands are won by a card) ------------------------------------------

async function renderCard() {
  const panel = $("card-panel");
  const byCard = family().byCard;
  document.body.classList.toggle("by-card", byCard);
  if (!byCard) {
    panel.hidden = true;
    return;
  }
  if (!card && !cardLoading) {
    cardLoading = true;
    try {
      card = await fetchCard(tableId);
      $("card-content").replaceChildren(cardElement(card));
      cardLoading = false;
    } catch (error) {
      // Left loading: one failed fetch is reported, not retried on every state.
      $("card-content").replaceChildren(el("p", { class: "error" },
        `The card: ${error.message}`));
    }
  }
  panel.hidden = false;
  if (card && state.view) showHints(panel, card, state.view.hints || []);
}

// --- the connection ---------------------------------------------------------------------------

function onMessage(message) {
  if (message.type === "state") {
    const before = state;
    const claimFrom = before?.view ? claimTileRect() : null;
    state = message;
    pending = false;
    if (before?.view?.hand !== state.view?.hand) hint = null;
    render();
    showCalls(state, claimFrom);
    showFriends(state, tableId, seat);
    announce(changes(state));
  } else if (message.type === "hint") {
    hint = message;
    renderMe();
    announce($("hint").textContent);
  } else if (message.type === "error") {
    pending = false;
    $("error").textContent = message.error;
    announce(message.error);
  } else if (message.type === "waiting") {
    $("error").textContent = message.message;
    announce(message.message);
  } else if (message.type === "resumed") {
    $("error").textContent = "";
    announce("The table is back: play on.");
  }
}

function onStatus(status) {
  pending = false;
  const text = { open: "connected", retrying: "reconnecting…", refused: "seat refused" }[status];
  $("link").textContent = text;
  $("link").dataset.status = status;
  if (status === "refused") {
    forgetSeat(tableId);
    seat = null;
    showJoin("That seat link is not valid any more: take a seat again.");
  }
}

function play() {
  history.replaceState(null, "", `#position=${seat.position}&token=${seat.token}`);
  link = connect(tableId, seat, onMessage, onStatus);
}

// --- taking a seat ----------------------------------------------------------------------------

async function showJoin(problem = "") {
  $("board").hidden = true;
  $("join").hidden = false;
  $("join-error").textContent = problem;
  $("join-name").value = playerName.get();
  let table;
  try {
    const { tables } = await getJSON("/api/tables");
    table = tables.find((t) => t.id === tableId);
  } catch (error) {
    $("join-error").textContent = error.message;
    return;
  }
  const seats = $("join-seats");
  seats.replaceChildren(el("legend", {}, "Seat"));
  if (!table) {
    $("join-error").textContent = "This table is not open (it may have finished).";
    seats.append(el("a", { href: `/replay/${encodeURIComponent(tableId)}` }, "Replay it"));
    return;
  }
  $("title").textContent = table.title;
  let first = true;
  const count = table.positions || table.options?.players || 4;
  for (const position of [...Array(count).keys()]) {
    const { free, text } = seatChoice(table, position);  // friends.js: a bot's seat too
    seats.append(el("label", { class: "check" },
      el("input", { type: "radio", name: "position", value: position, disabled: !free,
        checked: free && first }), ` ${text}`));
    if (free) first = false;
  }
  seats.after(watchChoice(tableId));
}

async function join(event) {
  event.preventDefault();
  const name = $("join-name").value.trim();
  const chosen = document.querySelector("input[name=position]:checked");
  playerName.set(name);
  try {
    const body = { name };
    if (chosen) body.position = Number(chosen.value);
    const answer = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/join`, body);
    seat = { position: answer.position, token: answer.token };
    saveSeat(tableId, seat);
    play();
    $("join").hidden = true;
  } catch (error) {
    $("join-error").textContent = error.message;
  }
}

// --- keyboard ---------------------------------------------------------------------------------

// Arrow keys move the focus along a row of buttons; in the hand only the focused tile is in
// the Tab order (a roving tabindex), so Tab goes from the hand to the next control.
function moveFocus(container, event, roving) {
  const items = [...container.querySelectorAll("button")];
  const at = items.indexOf(document.activeElement);
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowDown: at + 1,
    Home: 0, End: items.length - 1 }[event.key];
  if (to === undefined || at < 0 || !items.length) return;
  event.preventDefault();
  const next = items[(to + items.length) % items.length];
  if (roving) items.forEach((item) => { item.tabIndex = item === next ? 0 : -1; });
  next.focus();
}

function pressKey(key) {
  const buttons = [...$("actions").querySelectorAll(`button[data-key="${key}"]`)];
  if (buttons.length === 1) buttons[0].click();
  else if (buttons.length > 1) buttons[0].focus();
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest("input, textarea, select") || !state) return;
  if (event.target.closest("#hand")) moveFocus($("hand"), event, true);
  else if (event.target.closest("#actions")) moveFocus($("actions"), event, false);
  if (event.defaultPrevented) return;
  const key = event.key.toLowerCase();
  if ("wpkcxes".includes(key) && key.length === 1) pressKey(key);
  else if (key === "h") $("hint-button").click();
  else if (key === "a") $("auto-pass").click();
  else if (key === "n" && !$("end").hidden && !$("next-button").hidden) $("next-button").click();
  else if (key === "d") $("hand").querySelector("button[tabindex='0']")?.focus();
  else if (key === "r") announce(summary());
  else return;
  event.preventDefault();
}

// --- start ------------------------------------------------------------------------------------

$("join-form").addEventListener("submit", join);
$("hint-button").addEventListener("click", () => link && link.send({ type: "hint" }));
$("auto-pass").addEventListener("change", (event) =>
  link && link.send({ type: "auto_pass", on: event.target.checked }));
$("next-button").addEventListener("click", () => {
  dismissedHand = state.last_hand.hand_number;
  link.send({ type: "next" });
  renderEnd();
  $("hand").querySelector("button[tabindex='0']")?.focus();
});
$("copy-invite").addEventListener("click", async () => {
  $("invite").select();
  announce(await copyLink($("invite").value));
});
$("fill-bots").addEventListener("click", async () => {
  try {
    await postJSON(`/api/tables/${encodeURIComponent(tableId)}/bots`, {});
  } catch (error) {
    $("error").textContent = error.message;
  }
});
$("keys-link").addEventListener("click", () => {
  $("keys").open = true;
  $("keys").scrollIntoView();
  $("keys").querySelector("summary").focus();
});
document.addEventListener("keydown", onKey);

// Sound starts with the person's first click or key (browsers allow no sound before).
for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlock);
function showMute() {
  const muted = isMuted();
  $("mute").setAttribute("aria-pressed", String(muted));
  $("mute").textContent = muted ? "Sound off" : "Sound on";
}
$("mute").addEventListener("click", () => {
  setMuted(!isMuted());
  showMute();
  announce(isMuted() ? "Sound off." : "Sound on.");
});
showMute();
$("notify").closest("label").hidden = !canNotify();
$("notify").checked = notifyWanted();
$("notify").addEventListener("change", async (event) => {
  event.target.checked = await askToNotify(event.target.checked);
  announce(event.target.checked ? "You will be notified when the table waits for you." :
    "No notifications.");
});
// On a phone the card and the history start folded, so that the hand is on the first screen.
if (window.matchMedia("(max-width: 760px)").matches) {
  $("card-fold").open = false;
  $("history").open = false;
}

if (seat) play();
else showJoin();
