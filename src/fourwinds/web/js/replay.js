// The replay viewer: step back and forth through a finished game, every hand visible
// (GET /api/games/{id}/replay, docs/protocol.md; at /replay/file, a record file the user picks,
// sent to POST /api/replay). Seats and the centre are drawn as the table
// draws them (seats.js), the way each step's view's family draws them. The address follows the
// step shown (#hand=H&step=S, the hand counted from 1 as shown), so a link opens the viewer there.

import { getJSON, postJSON } from "./api.js";
import { WINDS, el } from "./board.js";
import { parseTiles, tileElement } from "./tiles.js";
import { familyOf } from "./families/index.js";
import { centreParts, seatParts } from "./seats.js";
import { fetchCard, winningLine } from "./card.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const fromFile = location.pathname.replace(/\/$/, "") === "/replay/file";
const $ = (id) => document.getElementById(id);

// Where each seat wind sits on the screen: East at the bottom, play runs counter-clockwise.
const PLACES = ["me", "right", "top", "left"];

let game = null;
let handIndex = 0;
let stepIndex = 0;
let card = null;  // the card of an American game, when the server still has it

const family = () => familyOf(hand().steps[0].view);
const positions = () => game.table.positions || game.table.options.players || 4;

const hand = () => game.hands[handIndex];
// Who sat where, and whether a bot: a finished game has nobody connected or away.
function playerAt(position) {
  const player = game.table.players.find((p) => p.position === position);
  return player ? { name: player.name, bot: player.bot } : null;
}

function nameOf(seatWind) {
  const player = playerAt((hand().east + seatWind) % positions());
  return player ? player.name : WINDS[seatWind];
}

function stepText(step) {
  if (step.seat === null) return "The deal";
  const words = family().actionWords(step.action, nameOf);
  return `${nameOf(step.seat)} (${WINDS[step.seat]}): ${words}`;
}

function seatSection(step, seatWind) {
  const view = step.view;
  const present = view.seats[seatWind].present !== false;
  const position = (hand().east + seatWind) % positions();
  const concealed = present ? el("div", { class: "hand", role: "group",
    "aria-label": `Concealed tiles of ${nameOf(seatWind)}` },
  parseTiles(step.hands[seatWind]).map((tile) => tileElement(tile))) : null;
  return el("section", { class: `seat ${PLACES[seatWind]}`,
    "aria-label": present ? `${WINDS[seatWind]}: ${nameOf(seatWind)}` :
      `${WINDS[seatWind]}: empty seat` },
  ...seatParts(view, seatWind, { player: playerAt(position), concealed }));
}

function render() {
  const steps = hand().steps;
  const step = steps[stepIndex];
  const view = step.view;
  const board = [0, 1, 2, 3].map((seatWind) => seatSection(step, seatWind));
  board.push(el("section", { class: "centre", "aria-label": "Wall" },
    ...centreParts(view, 0, stepText(step))));
  $("board").replaceChildren(...board);
  $("slider").max = steps.length - 1;
  $("slider").value = stepIndex;
  $("step").textContent = `Hand ${hand().hand_number + 1}, step ${stepIndex} of ${
    steps.length - 1}: ${stepText(step)}`;
  $("hand-select").value = handIndex;
  const end = $("end");
  end.hidden = !(stepIndex === steps.length - 1 && view.result);
  if (!end.hidden) {
    // The end of the hand as the table shows it: the result, then what the server explains
    // of it (the sheets' arithmetic, the losers' sheets, each payment's reason, the changes).
    const { steps: _, ...explained } = hand();
    const summary = { ...view.result, ...explained };
    const lineText = (id) => winningLine(card, id);
    end.replaceChildren(el("h2", {}, `End of hand ${hand().hand_number + 1}`),
      family().endElement(summary, nameOf, lineText));
  }
}

function go(toHand, toStep) {
  handIndex = Math.max(0, Math.min(game.hands.length - 1, toHand));
  const last = hand().steps.length - 1;
  stepIndex = toStep === "last" ? last : Math.max(0, Math.min(last, toStep));
  render();
  const here = `#hand=${handIndex + 1}&step=${stepIndex}`;
  history.replaceState(null, "", here);
  $("step-link").href = here;
}

/** The hand and step a link names (#hand=H&step=S), else the start of the game. */
function linked() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const number = (key) => (/^\d+$/.test(fragment.get(key) || "") ? Number(fragment.get(key)) :
    null);
  const handNumber = number("hand");
  return [handNumber === null ? 0 : handNumber - 1, number("step") || 0];
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

/** The game of a record file: its text read and sent for the server to check and step. */
async function openFile(file) {
  $("error").textContent = "";
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    $("error").textContent = `${file.name} is not JSON: not a record file.`;
    return;
  }
  try {
    game = await postJSON("/api/replay", record);
  } catch (error) {
    $("error").textContent = `${file.name}: ${error.message}`;
    return;
  }
  history.replaceState(null, "", location.pathname);
  show(file.name);
}

let listening = false;

function show(fileName) {
  if (!game.hands.length) {
    $("error").textContent = "This game ended before its first hand was over: nothing to replay.";
    return;
  }
  const title = fileName ? `${game.table.title} (${fileName})` : game.table.title;
  document.title = `fourwinds replay: ${title}`;
  $("title").textContent = `Replay: ${title}`;
  $("players").textContent = game.table.players.map((p) => p.name).join(", ");
  $("hand-select").replaceChildren(...game.hands.map((h, i) =>
    el("option", { value: i }, `Hand ${h.hand_number + 1}`)));
  $("controls").hidden = false;
  if (!listening) {
    listening = true;
    $("hand-select").addEventListener("change", (event) => go(Number(event.target.value), 0));
    $("first").addEventListener("click", () => go(handIndex, 0));
    $("back").addEventListener("click", () => go(handIndex, stepIndex - 1));
    $("forward").addEventListener("click", () => go(handIndex, stepIndex + 1));
    $("last").addEventListener("click", () => go(handIndex, "last"));
    $("slider").addEventListener("input", (event) => go(handIndex, Number(event.target.value)));
    document.addEventListener("keydown", onKey);
    window.addEventListener("hashchange", () => go(...linked()));
  }
  go(...linked());
}

async function startFromServer() {
  try {
    game = await getJSON(`/api/games/${encodeURIComponent(gameId)}/replay`);
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  const record = `/api/games/${encodeURIComponent(gameId)}/record?download`;
  $("download").href = record;
  $("download").download = `fourwinds-${gameId}.json`;
  $("share").hidden = false;
  $("copy-step").addEventListener("click", () => {
    navigator.clipboard?.writeText(location.href);
    $("share-status").textContent = "Link copied.";
  });
  if (game.hands.length && familyOf(game.hands[0].steps[0].view).byCard) {
    // The card names the winning line's tiles; the replay works without it.
    card = await fetchCard(gameId).catch(() => null);
  }
  show(null);
}

function startFromFile() {
  // A file's game lives in this page alone: no record to download, no link to a step.
  $("open-file-link").hidden = true;
  $("record-form").hidden = false;
  $("title").textContent = "Replay a record file";
  $("record-file").addEventListener("change", (event) => {
    if (event.target.files.length) openFile(event.target.files[0]);
  });
  // a file picked before this script ran, or kept by the browser on coming back
  if ($("record-file").files.length) openFile($("record-file").files[0]);
  document.body.addEventListener("dragover", (event) => event.preventDefault());
  document.body.addEventListener("drop", (event) => {
    event.preventDefault();
    if (event.dataTransfer.files.length) openFile(event.dataTransfer.files[0]);
  });
}

if (fromFile) startFromFile();
else startFromServer();
