// Watching a table (docs/web.md, Friends): the spectator's socket gets the public state, what
// every seat sees alike (docs/protocol.md), and this page draws it as the replay draws a step:
// East at the bottom, every seat's concealed tiles as backs.

import { connect } from "./api.js";
import { WINDS, el } from "./board.js";
import { fetchCard, winningLine } from "./card.js";
import { familyOf } from "./families/index.js";
import { centreParts, seatParts } from "./seats.js";
import { tileLabel, tileRow } from "./tiles.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);

// Where each seat wind sits on the screen: East at the bottom, play runs counter-clockwise.
const PLACES = ["me", "right", "top", "left"];

let state = null;
let card = null;  // the card of an American table (public: every player holds one), once fetched

const positions = () => state.table.positions || 4;
const playerAt = (position) => state.table.players.find((p) => p.position === position);

function nameOf(seatWind, east = state.table.east) {
  const player = playerAt((east + seatWind) % positions());
  return player ? player.name : WINDS[seatWind];
}

function statusText(view) {
  if (view.phase === "ended") return "Hand over";
  if (view.phase === "charleston") return "The Charleston";
  if (view.phase === "claim" || view.phase === "rob") return `${nameOf(view.current)} discarded`;
  return `${nameOf(view.current)} to play`;
}

function seatSection(view, seatWind) {
  const count = view.seats[seatWind].concealed || 0;
  const position = (state.table.east + seatWind) % positions();
  const concealed = el("div", { class: "concealed", role: "img",
    "aria-label": `${count} concealed tiles` }, tileRow(Array(count).fill(null)));
  const present = view.seats[seatWind].present !== false;
  return el("section", { class: `seat ${PLACES[seatWind]}`,
    "aria-label": present ? `${WINDS[seatWind]}: ${nameOf(seatWind)}` :
      `${WINDS[seatWind]}: empty seat` },
  ...seatParts(view, seatWind, { player: playerAt(position),
    score: state.table.scores?.[position], concealed }));
}

function renderEnd() {
  const end = state.last_hand;
  const panel = $("end");
  const ended = state.view?.phase === "ended" || state.standings;
  panel.hidden = !ended || (!end && !state.standings);
  if (panel.hidden) return;
  $("end-heading").textContent = state.standings ? "The game is over" :
    `End of hand ${end.hand_number + 1}`;
  const family = familyOf(state.view);
  const nameAt = (s) => nameOf(s, end.east);
  const lineText = (id) => winningLine(card, id);
  const parts = [end ? family.endElement(end, nameAt, lineText) : null];
  if (state.standings) {
    parts.push(el("ol", { class: "payments" }, state.standings.map((row) =>
      el("li", {}, `${row.name}: ${row.score}`))));
  }
  $("end-body").replaceChildren(...parts.filter(Boolean));
}

function render() {
  const { table, view } = state;
  document.title = `fourwinds: watching ${table.title}`;
  $("title").textContent = `Watching: ${table.title}`;
  $("join-link").href = `/table/${encodeURIComponent(tableId)}`;
  if (!view) {
    $("round").textContent = table.status === "finished" ? "This table was ended." :
      "Waiting for players.";
    $("board").replaceChildren(el("ul", { class: "plain" }, [...Array(positions()).keys()].map(
      (position) => el("li", {}, `Seat ${position + 1}: ${playerAt(position)?.name || "empty"}`))));
    return;
  }
  const family = familyOf(view);
  const round = family.headerRound(view);
  $("round").textContent = `${round ? `${round} · ` : ""}hand ${table.hand_number + 1}`;
  const board = [...Array(4).keys()].map((seatWind) => seatSection(view, seatWind));
  board.push(el("section", { class: "centre", "aria-label": "Wall and current discard" },
    ...centreParts(view, 0, statusText(view))));
  $("board").replaceChildren(...board);
  renderEnd();
}

/** A short line of what happened, for screen readers: discards and calls by name. */
function changes(message) {
  if (!message.view) return "";
  const family = familyOf(message.view);
  return (message.events || []).map((event) => {
    const who = event.seat === null || event.seat === undefined ? "" : nameOf(event.seat);
    if (event.event === "discard") return `${who} discards ${tileLabel(event.tile)}.`;
    if (["draw", "replacement", "deal", "passed", "received"].includes(event.event)) return "";
    return family.eventWords(event, { who, nameOf, view: message.view, me: -1 });
  }).filter(Boolean).join(" ");
}

function onMessage(message) {
  if (message.type === "state") {
    state = message;
    render();
    if (card === null && message.view && familyOf(message.view).byCard) {
      card = false;  // fetched once
      fetchCard(tableId).then((fetched) => {
        card = fetched;
        render();
      }).catch(() => {});
    }
    const said = changes(message);
    if (said) $("announce").textContent = said;
  } else if (message.type === "error") {
    $("error").textContent = message.error;
  }
}

function onStatus(status) {
  $("link").textContent = { open: "watching", retrying: "reconnecting…" }[status] || status;
}

connect(tableId, null, onMessage, onStatus);
