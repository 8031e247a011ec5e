// The lobby: create a table, take a seat, fill seats with bots, invite friends, find replays.

import { getJSON, loadSeat, playerName, postJSON, saveSeat } from "./api.js";
import { el } from "./board.js";
import { optionField, readOptions } from "./options.js";
import { tileRow } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 3000;

let rules = [];
const shown = { tables: "", games: "" };

function showError(error) {
  $("error").textContent = error ? error.message || String(error) : "";
}

function name() {
  const value = $("name").value.trim();
  if (!value) {
    $("name").focus();
    throw new Error("Please give your name first.");
  }
  playerName.set(value);
  return value;
}

// --- creating a table -------------------------------------------------------------------------

// An option's value in words, as the server declares them (/api/rules), for the rule set named.
function optionWords(rulesName, option, value) {
  const declared = rules.find((r) => r.name === rulesName);
  if (!declared || !(option in declared.choices)) return `${option}: ${value}`;
  const at = declared.choices[option].findIndex((choice) => choice === value);
  return `${declared.labels[option]}: ${at < 0 ? value : declared.words[option][at]}`;
}

function showOptions() {
  const chosen = rules.find((r) => r.name === $("rules").value);
  $("rules-summary").textContent = chosen.summary;
  $("rules-link").href = chosen.rules_page;
  $("rules-link").textContent = `The rules of ${chosen.title}`;
  $("options").replaceChildren(...Object.keys(chosen.options).map((option) =>
    optionField(chosen, option)));
  $("card-choice").hidden = !chosen.by_card;
  showCardError("");
  showBotLevels(chosen);
}

// What each bot is, in the lobby's words: the family lists its bots strongest first.
const BOT_WORDS = { strong: "strong", greedy: "easy (greedy)", random: "random (practice)" };

// One choice of bot per other seat, the family's strongest chosen.
function showBotLevels(chosen) {
  $("bot-levels").replaceChildren(...[2, 3, 4].map((seat) =>
    el("label", {}, `Seat ${seat} `, el("select", { "data-bot-seat": seat },
      chosen.bots.map((bot) => el("option", { value: bot }, BOT_WORDS[bot] || bot))))));
}

// --- the card of an American table ------------------------------------------------------------

function showCardError(message) {
  $("card-error").textContent = message;
  $("card-text").setAttribute("aria-invalid", String(Boolean(message)));
}

/** The card to send: null for the sample card, else the text loaded or written. */
function ownCard() {
  if ($("card-choice").hidden || !$("own-card-radio").checked) return null;
  const text = $("card-text").value;
  if (!text.trim()) {
    $("card-text").focus();
    throw new Error("Load a card file or write your card, or choose the sample card.");
  }
  return text;
}

/** Put the cursor on the place a card error names ("card: line 3, column 7: ..."). */
function pointAtError(message) {
  const where = /line (\d+), column (\d+)/.exec(message);
  const area = $("card-text");
  area.focus();
  if (!where) return;
  const lines = area.value.split("\n");
  const line = Math.min(Number(where[1]), lines.length) - 1;
  const offset = lines.slice(0, line).reduce((sum, text) => sum + text.length + 1, 0) +
    Math.max(0, Number(where[2]) - 1);
  area.setSelectionRange(offset, offset);
}

async function loadCardFile(event) {
  const file = event.target.files[0];
  if (!file) return;
  $("own-card-radio").checked = true;
  $("own-card").hidden = false;
  $("card-text").value = await file.text();
  showCardError("");
}

async function sitDown(tableId, position) {
  const body = { name: name() };
  if (position !== undefined) body.position = position;
  const seat = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/join`, body);
  saveSeat(tableId, { position: seat.position, token: seat.token });
  return seat;
}

async function create(event) {
  event.preventDefault();
  showError(null);
  try {
    name();
    showCardError("");
    const body = {
      rules: $("rules").value,
      options: readOptions($("options")),
      claim_seconds: Number($("claim-seconds").value),
    };
    const card = ownCard();
    if (card !== null) body.card = card;
    $("create-button").disabled = true;
    let table;
    try {
      ({ table } = await postJSON("/api/tables", body));
    } catch (error) {
      if (card !== null && error.message.startsWith("card")) {
        showCardError(error.message);
        pointAtError(error.message);
        return;
      }
      throw error;
    }
    const seat = await sitDown(table.id);
    if ($("with-bots").checked) {
      // the other positions, in order, each with the bot chosen for it
      const others = [...Array(positionsOf(table)).keys()].filter((p) => p !== seat.position);
      const levels = [...$("bot-levels").querySelectorAll("select")].map((s) => s.value);
      for (const [i, position] of others.entries()) {
        await postJSON(`/api/tables/${encodeURIComponent(table.id)}/bots`,
          { bot: levels[i], position });
      }
    }
    location.href = seat.url;
  } catch (error) {
    showError(error);
  } finally {
    $("create-button").disabled = false;
  }
}

// --- the lists --------------------------------------------------------------------------------

const positionsOf = (table) => table.positions || table.options.players || 4;

function playersLine(table) {
  return [...Array(positionsOf(table)).keys()].map((position) => {
    const player = table.players.find((p) => p.position === position);
    if (!player) return `${position + 1}: empty`;
    return `${position + 1}: ${player.name}${player.bot ? " (bot)" : ""}`;
  }).join(" · ");
}

function optionsLine(table) {
  const claim = table.claim_seconds ? `${table.claim_seconds} s to claim a discard` :
    "no time limit on claims";
  return [...Object.entries(table.options).map(([option, value]) =>
    optionWords(table.rules, option, value)), claim].join(" · ");
}

function tableItem(table) {
  const url = `/table/${encodeURIComponent(table.id)}`;
  const full = table.players.length >= positionsOf(table);
  const mine = loadSeat(table.id);
  const act = (work) => async (event) => {
    showError(null);
    try {
      await work(event);
    } catch (error) {
      showError(error);
    }
  };
  const buttons = [];
  if (mine) {
    buttons.push(el("a", { href: `${url}#position=${mine.position}&token=${mine.token}` },
      "Back to my seat"));
  }
  const botSeats = table.players.filter((p) => p.bot).length;
  if (!mine && table.status === "playing" && botSeats) {
    buttons.push(el("a", { href: url,
      "aria-label": `Take over a bot's seat at ${table.title} table ${table.id}` },
    "Take over a bot's seat"));
  }
  if (table.status === "playing") {
    buttons.push(el("a", { href: `/watch/${encodeURIComponent(table.id)}`,
      "aria-label": `Watch ${table.title} table ${table.id}` }, "Watch"));
  }
  if (!full) {
    buttons.push(
      el("button", { type: "button", "aria-label": `Sit down at ${table.title} table ${table.id}`,
        onclick: act(async () => { location.href = (await sitDown(table.id)).url; }) },
      "Sit down"),
      el("button", { type: "button", onclick: act(async () => {
        await postJSON(`/api/tables/${encodeURIComponent(table.id)}/bots`, {});
        refresh();
      }) }, "Fill empty seats with bots"),
      el("button", { type: "button", onclick: act(async (event) => {
        await navigator.clipboard.writeText(`${location.origin}${url}`);
        event.target.textContent = "Link copied";
      }) }, "Copy the invitation link"),
      el("a", { href: url }, "Invitation link"));
  }
  return el("li", {},
    el("div", {}, el("strong", {}, table.title),
      table.status === "playing" ? ` · playing hand ${table.hand_number + 1}` :
        " · waiting for players",
      table.watchers ? ` · ${table.watchers} watching` : ""),
    el("div", { class: "players" }, playersLine(table)),
    el("div", { class: "muted" }, optionsLine(table)),
    el("div", { class: "buttons" }, buttons));
}

function gameItem(game) {
  return el("li", {},
    el("div", {}, el("strong", {}, game.title), " · ",
      new Date(game.created * 1000).toLocaleString()),
    el("div", { class: "players" }, playersLine(game)),
    el("div", { class: "buttons" },
      el("a", { href: `/replay/${encodeURIComponent(game.id)}` }, "Replay"),
      el("a", { href: `/api/games/${encodeURIComponent(game.id)}/record?download`,
        download: `fourwinds-${game.id}.json` }, "Download the record")));
}

function showList(id, items, draw, empty) {
  const text = JSON.stringify(items);
  if (shown[id] === text) return;  // unchanged: keep the focus where it is
  shown[id] = text;
  $(id).replaceChildren(...(items.length ? items.map(draw) : [el("li", { class: "muted" }, empty)]));
}

async function refresh() {
  try {
    const [{ tables }, { games }] = await Promise.all([getJSON("/api/tables"),
      getJSON("/api/games")]);
    showList("tables", tables, tableItem, "No tables to join or watch: create one above.");
    showList("games", games, gameItem, "No finished games yet.");
  } catch (error) {
    showError(error);
  }
}

async function start() {
  // a name typed before this script ran (it waits for the tile faces) is kept
  if (!$("name").value) $("name").value = playerName.get();
  $("hero-tiles").append(tileRow(["1z", "2z", "3z", "4z"]));
  $("create").addEventListener("submit", create);
  $("rules").addEventListener("change", showOptions);
  $("card-file").addEventListener("change", loadCardFile);
  $("with-bots").addEventListener("change", () => {
    $("bot-levels").hidden = !$("with-bots").checked;
  });
  for (const radio of document.querySelectorAll("input[name=card]")) {
    radio.addEventListener("change", () => {
      $("own-card").hidden = !$("own-card-radio").checked;
      showCardError("");
    });
  }
  try {
    ({ rules } = await getJSON("/api/rules"));
  } catch (error) {
    showError(error);
    return;
  }
  $("rules").replaceChildren(...rules.map((r) => el("option", { value: r.name }, r.title)));
  showOptions();
  refresh();
  setInterval(refresh, REFRESH_MS);
}

start();
