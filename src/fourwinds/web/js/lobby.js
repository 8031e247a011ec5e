// The lobby: create a table, take a seat, fill seats with bots, invite friends, find replays.

import { getJSON, loadSeat, playerName, postJSON, saveSeat } from "./api.js";
import { el } from "./board.js";
import { tileRow } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 3000;

const OPTION_LABELS = {
  rounds: "Rounds", limit: "Limit", roof_off: "No limit (roof off)",
  min_faan: "Minimum faan", max_faan: "Maximum faan", payout: "Payout table",
};

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

function optionField(option, value, choices) {
  const label = OPTION_LABELS[option] || option.replace(/_/g, " ");
  if (typeof value === "boolean") {
    return el("label", { class: "check" },
      el("input", { type: "checkbox", "data-option": option, checked: value }), ` ${label}`);
  }
  if (choices) {
    return el("label", {}, label, el("select", { "data-option": option },
      choices.map((choice) => el("option", { value: JSON.stringify(choice),
        selected: choice === value }, String(choice)))));
  }
  return el("label", {}, label, el("input", { type: "number", "data-option": option,
    value, min: 0 }));
}

function showOptions() {
  const chosen = rules.find((r) => r.name === $("rules").value);
  $("options").replaceChildren(...Object.entries(chosen.options).map(([option, value]) =>
    optionField(option, value, chosen.choices && chosen.choices[option])));
}

function readOptions() {
  const options = {};
  for (const field of $("options").querySelectorAll("[data-option]")) {
    const option = field.dataset.option;
    options[option] = field.type === "checkbox" ? field.checked :
      field.tagName === "SELECT" ? JSON.parse(field.value) : Number(field.value);
  }
  return options;
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
    $("create-button").disabled = true;
    const { table } = await postJSON("/api/tables", {
      rules: $("rules").value,
      options: readOptions(),
      claim_seconds: Number($("claim-seconds").value),
    });
    const seat = await sitDown(table.id);
    if ($("with-bots").checked) {
      await postJSON(`/api/tables/${encodeURIComponent(table.id)}/bots`, { bot: $("bot").value });
    }
    location.href = seat.url;
  } catch (error) {
    showError(error);
  } finally {
    $("create-button").disabled = false;
  }
}

// --- the lists --------------------------------------------------------------------------------

function playersLine(table) {
  return [0, 1, 2, 3].map((position) => {
    const player = table.players.find((p) => p.position === position);
    if (!player) return `${position + 1}: empty`;
    return `${position + 1}: ${player.name}${player.bot ? " (bot)" : ""}`;
  }).join(" · ");
}

function optionsLine(table) {
  return Object.entries(table.options).map(([option, value]) =>
    `${OPTION_LABELS[option] || option} ${value}`).join(", ") +
    `, claim ${table.claim_seconds} s`;
}

function tableItem(table) {
  const url = `/table/${encodeURIComponent(table.id)}`;
  const full = table.players.length >= 4;
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
  if (!full) {
    buttons.push(
      el("button", { type: "button", "aria-label": `Sit down at ${table.title} table ${table.id}`,
        onclick: act(async () => { location.href = (await sitDown(table.id)).url; }) },
      "Sit down"),
      el("button", { type: "button", onclick: act(async () => {
        await postJSON(`/api/tables/${encodeURIComponent(table.id)}/bots`, { bot: "greedy" });
        refresh();
      }) }, "Fill empty seats with bots"),
      el("button", { type: "button", onclick: act(async (event) => {
        await navigator.clipboard.writeText(`${location.origin}${url}`);
        event.target.textContent = "Link copied";
      }) }, "Copy the invitation link"),
      el("a", { href: url }, "Invitation link"));
  }
  return el("li", {},
    el("div", {}, el("strong", {}, table.title), ` · ${table.status}`,
      table.status === "playing" ? ` · hand ${table.hand_number + 1}` : ""),
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
      el("a", { href: `/replay/${encodeURIComponent(game.id)}` }, "Replay")));
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
    showList("tables", tables, tableItem, "No open tables: create one above.");
    showList("games", games, gameItem, "No finished games yet.");
  } catch (error) {
    showError(error);
  }
}

async function start() {
  $("name").value = playerName.get();
  $("hero-tiles").append(tileRow(["1z", "2z", "3z", "4z"]));
  $("create").addEventListener("submit", create);
  $("rules").addEventListener("change", showOptions);
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
