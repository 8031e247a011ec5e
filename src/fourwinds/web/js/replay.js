// The replay viewer: step back and forth through a finished game, every hand visible
// (GET /api/games/{id}/replay, docs/protocol.md).

import { getJSON } from "./api.js";
import { WINDS, actionWords, el, handEndElement, seatHeading, seatTiles,
  wallElement } from "./board.js";
import { parseTiles, tileElement } from "./tiles.js";
import { americanActionWords, americanEndElement, americanSeatTiles,
  isAmerican } from "./american.js";
import { fetchCard, lineTexts } from "./card.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);

// Where each seat wind sits on the screen: East at the bottom, play runs counter-clockwise.
const PLACES = ["me", "right", "top", "left"];

let game = null;
let handIndex = 0;
let stepIndex = 0;
let card = null;  // the card of an American game, when the server still has it

const american = () => isAmerican(game.table.rules);
const positions = () => game.table.positions || game.table.options.players || 4;

const hand = () => game.hands[handIndex];
const playerAt = (position) => game.table.players.find((p) => p.position === position);

function nameOf(seatWind) {
  const player = playerAt((hand().east + seatWind) % positions());
  return player ? player.name : WINDS[seatWind];
}

function stepText(step) {
  if (step.seat === null) return "The deal";
  const words = american() ? americanActionWords(step.action, nameOf) : actionWords(step.action);
  return `${nameOf(step.seat)} (${WINDS[step.seat]}): ${words}`;
}

function seatSection(step, seatWind) {
  const view = step.view;
  if (view.seats[seatWind].present === false) {
    return el("section", { class: `seat ${PLACES[seatWind]}`,
      "aria-label": `${WINDS[seatWind]}: empty seat` },
    el("h2", { class: "seat-name" }, `${WINDS[seatWind]}: empty seat`));
  }
  const position = (hand().east + seatWind) % positions();
  const concealed = parseTiles(step.hands[seatWind]).map((tile) => tileElement(tile));
  const exposed = american() ? americanSeatTiles(view.seats[seatWind]) :
    seatTiles(view.seats[seatWind]);
  return el("section", { class: `seat ${PLACES[seatWind]}`,
    "aria-label": `${WINDS[seatWind]}: ${nameOf(seatWind)}` },
  seatHeading(seatWind, playerAt(position), null,
    { turn: view.current === seatWind && view.phase === "turn", dealer: seatWind === 0,
      standing: view.seats[seatWind].standing }),
  el("div", { class: "hand", role: "group", "aria-label": `Concealed tiles of ${nameOf(seatWind)}` },
    concealed),
  ...exposed);
}

function render() {
  const steps = hand().steps;
  const step = steps[stepIndex];
  const view = step.view;
  const board = [0, 1, 2, 3].map((seatWind) => seatSection(step, seatWind));
  board.push(el("section", { class: "centre", "aria-label": "Wall" }, wallElement(view, 0),
    el("div", { class: "centre-info" },
      el("div", { class: "round" }, american() ? view.card :
        `${WINDS[view.prevailing_wind]} round`),
      el("div", { class: "status" }, stepText(step)),
      view.discard && view.phase !== "turn" ? tileElement(view.discard) : null)));
  $("board").replaceChildren(...board);
  $("slider").max = steps.length - 1;
  $("slider").value = stepIndex;
  $("step").textContent = `Hand ${hand().hand_number + 1}, step ${stepIndex} of ${
    steps.length - 1}: ${stepText(step)}`;
  $("hand-select").value = handIndex;
  const end = $("end");
  end.hidden = !(stepIndex === steps.length - 1 && view.result);
  if (!end.hidden) {
    const summary = { ...view.result, sheets: hand().sheets, payments: hand().payments };
    const lineText = (id) => (card ? lineTexts(card, id).join(" | ") : null);
    end.replaceChildren(el("h2", {}, `End of hand ${hand().hand_number + 1}`),
      american() ? americanEndElement(summary, nameOf, lineText) :
        handEndElement(summary, nameOf));
  }
}

function go(toHand, toStep) {
  handIndex = Math.max(0, Math.min(game.hands.length - 1, toHand));
  const last = hand().steps.length - 1;
  stepIndex = toStep === "last" ? last : Math.max(0, Math.min(last, toStep));
  render();
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest("select, input")) return;
  const moves = {
    ArrowLeft: () => go(handIndex, stepIndex - 1),
    ArrowRight: () => go(handIndex, stepIndex + 1),
    Home: () => go(handIndex, 0),
    End: () => go(handIndex, "last"),
    PageUp: () => go(handIndex - 1, 0),
    PageDown: () => go(handIndex + 1, 0),
  };
  if (!(event.key in moves)) return;
  event.preventDefault();
  moves[event.key]();
}

async function start() {
  try {
    game = await getJSON(`/api/games/${encodeURIComponent(gameId)}/replay`);
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  if (american()) {
    // The card names the winning line's tiles; the replay works without it.
    card = await fetchCard(gameId).catch(() => null);
  }
  document.title = `fourwinds replay: ${game.table.title}`;
  $("title").textContent = `Replay: ${game.table.title}`;
  $("players").textContent = game.table.players.map((p) => p.name).join(", ");
  $("hand-select").replaceChildren(...game.hands.map((h, i) =>
    el("option", { value: i }, `Hand ${h.hand_number + 1}`)));
  $("hand-select").addEventListener("change", (event) => go(Number(event.target.value), 0));
  $("first").addEventListener("click", () => go(handIndex, 0));
  $("back").addEventListener("click", () => go(handIndex, stepIndex - 1));
  $("forward").addEventListener("click", () => go(handIndex, stepIndex + 1));
  $("last").addEventListener("click", () => go(handIndex, "last"));
  $("slider").addEventListener("input", (event) => go(handIndex, Number(event.target.value)));
  document.addEventListener("keydown", onKey);
  go(0, 0);
}

start();
