// The table page: take a seat, then play it over the WebSocket (docs/protocol.md).
//
// Everything on the board is drawn from the last `state` message; the page keeps no game state
// of its own beyond which tile has the keyboard focus and whether an end-of-hand was dismissed.

import { connect, forgetSeat, getJSON, loadSeat, playerName, postJSON, saveSeat } from "./api.js";
import { WINDS, actionWords, el, handEndElement, possessive, seatHeading, seatTiles,
  wallElement } from "./board.js";
import { parseTiles, tileElement, tileLabel, tileRow } from "./tiles.js";
import { actionTiles, americanActionWords, americanEndElement, americanHowText,
  americanSeatTiles, exposureWords, isAmerican } from "./american.js";
import * as charleston from "./charleston.js";
import { cardElement, fetchCard, lineTexts, showHints } from "./card.js";

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

// --- who sits where -------------------------------------------------------------------------

// Positions at the table: 4, or 3 at an American table of three (North's seat is empty).
const positions = () => state.table.positions || 4;
const positionOf = (seatWind) => (state.table.east + seatWind) % positions();
const playerAt = (position) => state.table.players.find((p) => p.position === position);
const american = () => isAmerican(state.table.rules);
const wordsOf = (action) => (american() ? americanActionWords(action, nameOfSeat) :
  actionWords(action));

function nameOfSeat(seatWind, east = state.table.east) {
  const position = (east + seatWind) % positions();
  if (position === seat.position) return "You";
  const player = playerAt(position);
  return player ? player.name : WINDS[seatWind];
}

// --- announcements for screen readers -------------------------------------------------------

function announce(message) {
  if (!message) return;
  const region = $("announce");
  region.textContent = "";
  // A fresh text node after clearing makes the live region speak again.
  setTimeout(() => { region.textContent = message; }, 30);
}

function changes(before, after) {
  const said = [];
  if (!after.view) return "Waiting for players.";
  if (before && !before.view) before = null;
  if (!before || (before.view.phase === "ended" && after.view.phase !== "ended")) {
    said.push(`Hand ${after.table.hand_number + 1}. You are ${WINDS[after.view.seat]}.`);
    before = null;
  }
  const view = after.view;
  if (view.phase === "charleston") {
    const stage = view.charleston.stage;
    if (!before || before.view.charleston?.stage !== stage) {
      said.push(charleston.stageWords(view, nameOfSeat));
      // Tiles come in when a pass resolves (the vote and the offer move none).
      if (view.charleston.received && before?.view.charleston?.direction) {
        said.push(`You received ${parseTiles(view.charleston.received).map(tileLabel)
          .join(", ")}.`);
      }
    }
  }
  after.view.seats.forEach((now, s) => {
    if (now.present === false) return;
    const then = before ? before.view.seats[s] :
      { melds: [], exposures: [], discards: [], bonus: "", dead: null };
    const who = nameOfSeat(s);
    for (const exposure of (now.exposures || []).slice((then.exposures || []).length)) {
      said.push(`${who}: ${exposureWords(exposure.text)}.`);
    }
    if (now.dead && !then.dead) said.push(`${possessive(who)} hand is dead: ${now.dead}.`);
    if (now.standing && !then.standing) said.push(`${who} declared a standing hand.`);
    for (const meld of (now.melds || []).slice((then.melds || []).length)) {
      const tile = meld.tiles ? tileLabel(parseTiles(meld.tiles)[0]) : "a face-down kong";
      said.push(`${who}: ${meld.kind} ${tile}.`);
    }
    for (const tile of parseTiles(now.bonus || "").slice(parseTiles(then.bonus || "").length)) {
      said.push(`${who}: bonus tile ${tileLabel(tile)}.`);
    }
    if (before) {
      for (const { tile } of now.discards.slice(then.discards.length)) {
        said.push(`${who} discards ${tileLabel(tile)}.`);
      }
    }
  });
  if (view.phase === "turn" && view.current === view.seat && view.drawn &&
      !(before && before.view.phase === "turn" && before.view.current === view.seat)) {
    said.push(`Your turn. You drew ${tileLabel(view.drawn)}.`);
  } else if (view.phase === "turn" && view.current === view.seat && !view.drawn &&
      !(before && before.view.phase === "turn" && before.view.current === view.seat)) {
    said.push("Your turn: discard a tile.");
  }
  const claims = view.legal_actions.filter((a) => a !== "pass");
  if ((view.phase === "claim" || view.phase === "rob") && claims.length &&
      !(before && before.view.phase === view.phase && before.view.discard === view.discard)) {
    const offered = claims.map(wordsOf).join(", ");
    said.push(`You may claim ${tileLabel(view.discard)}: ${offered}, or pass.`);
  }
  if (after.last_hand && !(before && before.last_hand)) {
    const end = after.last_hand;
    const name = (s) => nameOfSeat(s, end.east);
    if (american()) said.push(americanHowText(end, name));
    else said.push(end.winner === null ? "Wall game: nobody won." : end.self_drawn ?
      `${name(end.winner)} won, self-drawn.` :
      `${name(end.winner)} won on ${possessive(name(end.discarder))} discard.`);
  }
  if (after.standings && !(before && before.standings)) said.push("The game is over.");
  return said.join(" ");
}

function summary() {
  const view = state.view;
  if (!view) return "Waiting for players.";
  const turn = view.phase === "ended" ? "The hand is over." :
    view.phase === "charleston" ? charleston.stageWords(view, nameOfSeat) :
      `${nameOfSeat(view.current)} ${view.current === view.seat ? "are" : "is"} to play.`;
  const hand = parseTiles(view.hand).map(tileLabel).join(", ");
  const round = american() ? "" : `, ${WINDS[view.prevailing_wind]} round`;
  return `${turn} ${view.live_left} tiles left. You are ${WINDS[view.seat]}${round}. ` +
    `Your hand: ${hand}.`;
}

// --- sending ----------------------------------------------------------------------------------

function act(action) {
  if (pending || !state || !state.view.legal_actions.includes(action)) return;
  hint = null;
  // Until the server answers (a new state or an error), further clicks are ignored.
  pending = link.send({ type: "action", action });
}

// --- drawing the board ------------------------------------------------------------------------

/** A seat's heading, with an American seat's marks: dead, or still choosing in the Charleston. */
function heading(seatWind) {
  const view = state.view;
  const position = positionOf(seatWind);
  const node = seatHeading(seatWind, playerAt(position), state.table.scores[position],
    { turn: view.current === seatWind && view.phase === "turn", dealer: seatWind === 0,
      standing: view.seats[seatWind].standing });
  if (view.seats[seatWind].dead) node.append(el("span", { class: "tag dead" }, "dead hand"));
  if (view.phase === "charleston" && view.charleston.to_choose.includes(seatWind)) {
    node.append(el("span", { class: "tag" }, "choosing"));
  }
  return node;
}

const exposedTiles = (seatView) => (american() ? americanSeatTiles(seatView) :
  seatTiles(seatView));

function renderOther(section, seatWind) {
  const view = state.view;
  if (view.seats[seatWind].present === false) {
    section.replaceChildren(el("h2", { class: "seat-name" },
      el("span", { class: "wind", title: `${WINDS[seatWind]} wind` }, WINDS[seatWind][0]),
      " empty seat"), el("p", { class: "muted-light" }, "Three players: no one sits here."));
    section.setAttribute("aria-label", `${WINDS[seatWind]}: empty seat`);
    return;
  }
  const concealed = view.seats[seatWind].concealed;
  section.replaceChildren(
    heading(seatWind),
    el("div", { class: "concealed", role: "img", "aria-label": `${concealed} concealed tiles` },
      tileRow(Array(concealed).fill(null))),
    ...exposedTiles(view.seats[seatWind]));
  section.setAttribute("aria-label", `${WINDS[seatWind]}: ${nameOfSeat(seatWind)}`);
}

function renderCentre() {
  const view = state.view;
  const items = [wallElement(view, view.seat)];
  const status = view.phase === "ended" ? "Hand over" :
    view.phase === "charleston" ? `Charleston: ${view.charleston.stage.replace("-", " ")}` :
    view.phase === "claim" ? `${nameOfSeat(view.current)} discarded` :
      view.phase === "rob" ? `${nameOfSeat(view.current)} added to a kong` :
        view.current === view.seat ? "Your turn" : `${nameOfSeat(view.current)} to play`;
  items.push(el("div", { class: "centre-info" },
    el("div", { class: "round" }, american() ? view.card :
      `${WINDS[view.prevailing_wind]} round`),
    el("div", { class: "status" }, status),
    view.discard && view.phase !== "turn" ? tileElement(view.discard, {
      label: `up for claim: ${tileLabel(view.discard)}` }) : null));
  $("centre").replaceChildren(...items);
}

const ACTION_KEYS = { win: "w", pung: "p", kong: "k", "concealed-kong": "k", "added-kong": "k",
  chow: "c", pass: "x" };

function actionButton(action) {
  const [kind, tiles] = action.split(" ");
  const key = ACTION_KEYS[kind];
  // An action kind the page has no name for is offered under its own text.
  const text = { win: "Win", pung: "Pung", kong: "Kong", "concealed-kong": "Concealed kong",
    "added-kong": "Add to kong", chow: "Chow", pass: "Pass", standing: "Standing hand" }[kind] ||
    kind;
  return el("button", { type: "button", class: `action ${kind}`, "data-key": key,
    "data-action": action, "aria-keyshortcuts": key, "aria-label": actionWords(action),
    onclick: () => act(action) },
  text, tiles ? tileRow(parseTiles(tiles)) : null,
  key ? el("kbd", { "aria-hidden": "true" }, key) : null);
}

const AMERICAN_KEYS = { win: "w", pass: "x", call: "c", exchange: "e" };

/** A button for an American action: its name, its tiles, and the seat an exchange takes from. */
function americanButton(action, text = null) {
  const kind = action.split(" ")[0];
  const key = AMERICAN_KEYS[kind];
  let content = [text, actionTiles(action)];
  if (kind === "exchange") {
    const [, tile, owner] = action.split(" ");
    const flowers = tile.endsWith("f");
    const exposure = state.view.seats[Number(owner)].exposures.find((e) => e.jokers &&
      (e.tile === tile || (flowers && e.tile.endsWith("f"))));
    content = ["Exchange", actionTiles(action), `for a joker of ${possessive(nameOfSeat(
      Number(owner)))}`, exposure ? tileRow(parseTiles(exposure.text)) : null];
  }
  if (!text && kind !== "exchange") {
    content[0] = { win: "Mah Jongg", pass: "Pass", call: "Call" }[kind] || action;
  }
  return el("button", { type: "button", class: `action ${kind}`, "data-key": key,
    "data-action": action, "aria-keyshortcuts": key,
    // A button with its own text (the Charleston's) is named by it; others say the action.
    "aria-label": text ? null : americanActionWords(action, nameOfSeat),
    onclick: () => act(action) },
  content, key ? el("kbd", { "aria-hidden": "true" }, key) : null);
}

/** "Your choices" at an American table: the Charleston, or calls, exchanges, win and pass. */
function americanChoices() {
  const view = state.view;
  if (view.phase === "charleston") {
    return charleston.controls(view, { nameOf: nameOfSeat, act, render: renderMe,
      button: americanButton });
  }
  const offered = view.legal_actions.filter((a) => !a.startsWith("discard "));
  if (!offered.length) return [];
  const parts = [];
  if (view.phase === "claim") {
    parts.push(el("span", { class: "claim-tile" }, "Call ", tileElement(view.discard), "?"));
  }
  const order = ["win", "call", "exchange", "pass"];
  const rank = (action) => order.indexOf(action.split(" ")[0]);
  parts.push(...[...offered].sort((a, b) => rank(a) - rank(b)).map((a) => americanButton(a)));
  return parts;
}

function renderActions() {
  const view = state.view;
  const box = $("actions");
  clearInterval(countdownTimer);
  const parts = [];
  const claiming = view.phase === "claim" || view.phase === "rob";
  if (american()) {
    parts.push(...americanChoices());
  } else {
    const offered = view.legal_actions.filter((a) => !a.startsWith("discard "));
    if (claiming && offered.length) {
      parts.push(el("span", { class: "claim-tile" }, "Claim ",
        tileElement(view.discard), "?"));
    }
    parts.push(...offered.map(actionButton));
  }
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
  const selecting = charleston.choosing(view);
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
      button.setAttribute("aria-pressed", String(charleston.isSelected(i)));
      if (charleston.isSelected(i)) button.classList.add("selected");
      if (joker) button.setAttribute("aria-disabled", "true");
      button.addEventListener("click", () => {
        announce(charleston.toggle(view, i));
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
  $("me-tiles").replaceChildren(...exposedTiles(view.seats[me]));
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
  if (american()) {
    const lines = (hint.lines || []).slice(0, 3).map((line) =>
      `${line.line} (${line.value}) ${line.tiles_away === 0 ? "complete" :
        `${line.tiles_away} away`}`);
    $("hint").textContent = (hint.suggestion ?
      `Suggested: ${americanActionWords(hint.suggestion, nameOfSeat)}. ` : "") +
      (lines.length ? `Nearest lines: ${lines.join(", ")}.` : "No line can be made now.");
    return;
  }
  const distance = hint.tiles_to_win < 0 ? "Your hand is complete." :
    hint.tiles_to_win === 0 ? "Your hand is ready (one tile from a win)." :
      `${hint.tiles_to_win} tile${hint.tiles_to_win === 1 ? "" : "s"} from ready.`;
  const waits = hint.waits && hint.waits.length ?
    ` Waits: ${hint.waits.map(tileLabel).join(", ")}.` : "";
  const suggestion = hint.suggestion ? ` Suggested: ${actionWords(hint.suggestion)}.` : "";
  $("hint").textContent = distance + waits + suggestion;
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
  const lineText = (id) => (card ? lineTexts(card, id).join(" | ") : null);
  $("end-body").replaceChildren(!end ? "" : american() ?
    americanEndElement(end, nameAt, lineText) : handEndElement(end, nameAt));
  if (standings) {
    const rows = [...standings].sort((a, b) => b.score - a.score).map((row, i) =>
      el("tr", {}, el("td", { class: "num" }, String(i + 1)), el("td", {}, row.name),
        el("td", { class: "num" }, String(row.score))));
    $("standings").replaceChildren(el("table", { class: "sheet standings" },
      el("caption", {}, "Final standings"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "#"), el("th", { scope: "col" },
        "player"), el("th", { scope: "col", class: "num" }, "score"))),
      el("tbody", {}, rows)));
    $("replay-link").href = `/replay/${encodeURIComponent(tableId)}`;
  } else {
    const totals = state.table.players.map((p) => el("li", {},
      `${p.position === seat.position ? "You" : p.name}: ${end.scores[p.position]}`));
    $("standings").replaceChildren(el("h3", {}, "Running totals"),
      el("ul", { class: "payments" }, totals));
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
  document.title = `fourwinds: ${table.title}`;
  $("title").textContent = table.title;
  $("join").hidden = true;
  $("waiting").hidden = Boolean(view);
  $("board").hidden = !view;
  if (!view) {
    renderWaiting();
    return;
  }
  $("round").textContent = american() ? `hand ${table.hand_number + 1}` :
    `${WINDS[view.prevailing_wind]} round · hand ${table.hand_number + 1}`;
  const me = view.seat;
  charleston.update(view);
  renderOther($("seat-right"), (me + 1) % 4);
  renderOther($("seat-top"), (me + 2) % 4);
  renderOther($("seat-left"), (me + 3) % 4);
  renderCentre();
  renderMe();
  renderEnd();
  renderCard();
}

// --- the card (American tables) ---------------------------------------------------------------

async function renderCard() {
  const panel = $("card-panel");
  document.body.classList.toggle("american", american());
  if (!american()) {
    panel.hidden = true;
    return;
  }
  if (!card && !cardLoading) {
    cardLoading = true;
    try {
      card = await fetchCard(tableId);
      panel.replaceChildren(cardElement(card));
      cardLoading = false;
    } catch (error) {
      // Left loading: one failed fetch is reported, not retried on every state.
      panel.replaceChildren(el("p", { class: "error" }, `The card: ${error.message}`));
    }
  }
  panel.hidden = false;
  if (card && state.view) showHints(panel, card, state.view.hints || []);
}

// --- the connection ---------------------------------------------------------------------------

function onMessage(message) {
  if (message.type === "state") {
    const before = state;
    state = message;
    pending = false;
    if (before?.view?.hand !== state.view?.hand) hint = null;
    render();
    announce(changes(before, state));
  } else if (message.type === "hint") {
    hint = message;
    renderMe();
    announce($("hint").textContent);
  } else if (message.type === "error") {
    pending = false;
    $("error").textContent = message.error;
    announce(message.error);
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
    const player = table.players.find((p) => p.position === position);
    const free = !player;
    seats.append(el("label", { class: "check" },
      el("input", { type: "radio", name: "position", value: position, disabled: !free,
        checked: free && first }),
      ` Seat ${position + 1}${free ? "" : `: ${player.name}${player.bot ? " (bot)" : ""}`}`));
    if (free) first = false;
  }
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
$("copy-invite").addEventListener("click", () => {
  $("invite").select();
  navigator.clipboard?.writeText($("invite").value);
  announce("Invitation link copied.");
});
$("fill-bots").addEventListener("click", async () => {
  try {
    await postJSON(`/api/tables/${encodeURIComponent(tableId)}/bots`, { bot: "greedy" });
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

if (seat) play();
else showJoin();
