// The score calculator page (/calculator/): a hand played with real tiles, tapped in or typed
// in the notation, scored by the server's calculator (POST /api/score and /api/settle: the same
// code as `fourwinds score` and `settle`), and the evening's running sheet kept in the browser.
// What a family shows its own way (the palette's modes, the sheet, the payments' reasons) is in
// families/calculator-*.js, chosen by the rule set's `family`. docs/calculator.md.

import { WINDS, el } from "./board.js";
import { optionField, readOptions } from "./options.js";
import { tileElement, tileLabel, tileRow } from "./tiles.js";
import { readHand, tap } from "./calculator-hand.js";
import * as evening from "./calculator-evening.js";
import * as classicalStyle from "./families/calculator-classical-style.js";
import * as american from "./families/calculator-american.js";

const FAMILIES = { "classical-style": classicalStyle, american };
const DRAFT = "fourwinds.calculator.draft";
const OFFLINE = "The server cannot be reached: scoring needs it. Your hand and the evening " +
  "are kept on this device.";
const $ = (id) => document.getElementById(id);

let rulesList = [];
let draft = { rules: "classical", options: {}, cardMode: "sample", cardText: "", notation: "",
  seat: 0, prevailing: 0, source: "1", flags: {}, others: {}, mode: "tile" };
let sheet = null;
let current = null;
let undoStack = [];
let extending = false;
let evaluation = 0;
let timer = null;

const chosenRules = () => rulesList.find((r) => r.name === draft.rules) || rulesList[0];
const family = () => FAMILIES[chosenRules().family] || classicalStyle;
const players = () => Number(draft.options.players || chosenRules().options.players || 4);
const cardOf = () => (draft.cardMode === "own" && chosenRules().by_card ? draft.cardText : null);

function saveDraft() {
  localStorage.setItem(DRAFT, JSON.stringify(draft));
}

function loadDraft() {
  try {
    const kept = JSON.parse(localStorage.getItem(DRAFT) || "null");
    if (kept && typeof kept === "object") draft = { ...draft, ...kept };
  } catch {
    localStorage.removeItem(DRAFT);
  }
}

/** An answer of the scoring API; an Error with the server's message (and column) otherwise. */
async function post(url, body) {
  let response;
  try {
    response = await fetch(url, { method: "POST", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json" } });
  } catch {
    $("link-status").textContent = "offline";
    const error = new Error(OFFLINE);
    error.offline = true;
    throw error;
  }
  $("link-status").textContent = "";
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.error || `${url}: ${response.status}`);
    error.column = data.column;
    throw error;
  }
  return data;
}

const base = () => ({ rules: draft.rules, options: draft.options, card: cardOf() });

// ---- the rules, their options and the card

function showRules() {
  const rules = chosenRules();
  $("rules").replaceChildren(...rulesList.map((r) =>
    el("option", { value: r.name, selected: r.name === rules.name }, r.title)));
  const values = { ...rules.options, ...draft.options };
  $("options").replaceChildren(...Object.entries(rules.options).map(([option]) =>
    optionField(rules, option, values[option])));
  $("card-choice").hidden = !rules.by_card;
  document.querySelector(`input[name=card][value=${draft.cardMode}]`).checked = true;
  $("own-card").hidden = draft.cardMode !== "own";
  $("card-text").value = draft.cardText;
  showModes();
  showPalette();
  showHow();
  showPlayers();
}

// ---- the hand: palette, modes, notation

function showModes() {
  const modes = family().modes;
  if (!modes.some((m) => m.id === draft.mode)) draft.mode = "tile";
  $("modes").replaceChildren(...modes.map((mode) => el("button", { type: "button",
    class: "mode", "data-mode": mode.id, "aria-pressed": String(mode.id === draft.mode),
    onclick: () => {
      draft.mode = mode.id;
      extending = false;
      saveDraft();
      showModes();
    } }, mode.label)));
  $("next-group").hidden = !modes.some((m) => m.id === "exposure");
}

function showPalette() {
  $("palette").replaceChildren(...chosenRules().tiles.map((tile) => {
    const button = tileElement(tile, { button: true, label: `Add ${tileLabel(tile)}` });
    button.addEventListener("click", () => tapTile(tile));
    return button;
  }));
}

function tapTile(tile) {
  let text;
  try {
    text = tap($("notation").value, draft.mode, tile, extending);
  } catch (error) {
    showNotationError(error.message, null);
    return;
  }
  undoStack.push($("notation").value);
  extending = draft.mode === "exposure";
  setNotation(text);
}

function setNotation(text) {
  $("notation").value = text;
  draft.notation = text;
  saveDraft();
  showPreview();
  schedule(0);
}

const GROUP_WORDS = { exposed: "exposed", kong: "concealed kong", plain: "concealed",
  win: "winning tile" };

function showPreview() {
  const groups = readHand($("notation").value);
  if (!groups || !groups.length) {
    $("preview").replaceChildren(el("p", { class: "muted small" },
      groups ? "Tap tiles below, or type the hand." : ""));
    return;
  }
  $("preview").replaceChildren(...groups.map((group) => {
    const row = tileRow(group.tiles, GROUP_WORDS[group.kind]);
    row.classList.add("group", group.kind);
    return row;
  }));
}

function showNotationError(message, column) {
  const input = $("notation");
  input.setAttribute("aria-invalid", message ? "true" : "false");
  if (!message) {
    $("notation-error").replaceChildren();
    return;
  }
  const parts = [el("span", {}, message)];
  if (column) {
    parts.push(el("pre", { class: "caret", "aria-hidden": "true" },
      `${input.value}\n${" ".repeat(column - 1)}^`));
  }
  $("notation-error").replaceChildren(...parts);
}

// ---- how it was won

function seatName(seat) {
  const now = sheet ? evening.seatings(sheet, chosenRules()).pop() : { east: 0 };
  const name = sheet && seat < sheet.players.length ?
    sheet.players[evening.playerAt(seat, now.east, sheet.players.length)] : "";
  return name ? `${WINDS[seat]} (${name})` : WINDS[seat];
}

function showHow() {
  const seats = [...Array(players()).keys()];
  if (draft.seat >= players()) draft.seat = 0;
  $("seat-wind").replaceChildren(...seats.map((seat) =>
    el("option", { value: seat, selected: seat === draft.seat }, seatName(seat))));
  $("prevailing-label").hidden = !family().prevailingWind;
  $("prevailing-wind").replaceChildren(...WINDS.map((wind, seat) =>
    el("option", { value: seat, selected: seat === draft.prevailing }, wind)));
  const sources = [["wall", "the wall (self-drawn)"], ...seats.filter((s) => s !== draft.seat)
    .map((s) => [String(s), `${seatName(s)}'s discard`])];
  if (!sources.some(([value]) => value === draft.source)) draft.source = sources[1][0];
  $("source").replaceChildren(...sources.map(([value, words]) =>
    el("option", { value, selected: value === draft.source }, words)));
  $("flags").replaceChildren(...family().flags.map((flag) => el("label", { class: "check" },
    el("input", { type: "checkbox", "data-flag": flag.name, checked: !!draft.flags[flag.name],
      onchange: (event) => {
        draft.flags[flag.name] = event.target.checked;
        if (flag.drawn && event.target.checked) draft.source = "wall";
        showHow();
        schedule(0);
      } }), ` ${flag.label}`)));
  showOthers();
}

function showOthers() {
  const rules = chosenRules();
  $("others-panel").hidden = !rules.losers_settle;
  if (!rules.losers_settle) return;
  const seats = [...Array(players()).keys()].filter((s) => s !== draft.seat);
  $("others").replaceChildren(...seats.map((seat) => el("div", { class: "other" },
    el("label", { class: "stack" }, `${seatName(seat)}: value or hand`,
      el("input", { type: "text", "data-seat": seat, value: draft.others[seat] || "",
        maxlength: "200", autocomplete: "off", spellcheck: "false", placeholder: "0",
        oninput: (event) => {
          draft.others[seat] = event.target.value;
          saveDraft();
          schedule();
        } })),
    el("div", { class: "other-sheet", "data-seat-sheet": seat }))));
}

function howWon() {
  const how = { seat_wind: draft.seat, prevailing_wind: family().prevailingWind ?
    draft.prevailing : 0, self_drawn: draft.source === "wall" };
  for (const flag of family().flags) if (draft.flags[flag.name]) how[flag.name] = true;
  return how;
}

// ---- scoring: the sheet and the payments

/** Score again after ``delay`` ms; until then and while it runs the result is aria-busy. */
function schedule(delay = 250) {
  clearTimeout(timer);
  $("result").setAttribute("aria-busy", "true");
  $("add-hand").disabled = true;
  current = null;
  timer = setTimeout(() => {
    timer = null;
    const running = evaluate();
    const mine = evaluation;
    running.finally(() => {
      if (timer === null && mine === evaluation) $("result").setAttribute("aria-busy", "false");
    });
  }, delay);
}

/** On a phone the score sits below the palette: a bar at the foot of the screen gives the
 * verdict and total of the sheet just drawn and leads to it, while the sheet is out of sight. */
function showScoreBar() {
  const verdict = $("result").querySelector(".verdict");
  const total = $("result").querySelector(".total");
  const bar = $("score-bar");
  bar.textContent = verdict ? `${verdict.textContent}${total ? `: ${total.textContent}` : ""}` +
    " — the score sheet ↓" : "";
  bar.hidden = !verdict;
}

function showResultError(message) {
  $("result-error").textContent = message || "";
}

/** Each loser's value: a number as given, or their hand scored by the server. */
async function losersValues(seen) {
  const values = {};
  for (const [seat, raw] of Object.entries(draft.others)) {
    const text = (raw || "").trim();
    const seatNumber = Number(seat);
    if (seatNumber === draft.seat || seatNumber >= players()) continue;
    const box = document.querySelector(`[data-seat-sheet="${seat}"]`);
    if (box) box.replaceChildren();
    if (!text) continue;
    if (/^\d+$/.test(text)) {
      values[seat] = Number(text);
      continue;
    }
    let scored;
    try {
      scored = await post("/api/score", { ...base(), hand: text,
        how: { seat_wind: seatNumber, prevailing_wind: draft.prevailing } });
    } catch (error) {
      throw new Error(`${WINDS[seatNumber]}'s hand: ${error.message}`);
    }
    if (seen !== evaluation) return null;
    values[seat] = scored.data.total;
    if (box) {
      box.replaceChildren(el("details", {}, el("summary", {},
        `${WINDS[seatNumber]}'s hand: ${scored.data.total}`),
      family().sheetElement(scored, { ...chosenRules().options, ...draft.options })));
    }
  }
  return values;
}

async function evaluate() {
  const seen = ++evaluation;
  current = null;
  $("add-hand").disabled = true;
  showResultError("");
  $("card-error").textContent = "";
  const text = $("notation").value;
  if (!text.trim()) {
    showNotationError("", null);
    $("result").replaceChildren(el("p", { class: "muted" }, "Enter a hand to see its score."));
    showScoreBar();
    return;
  }
  let scored;
  try {
    scored = await post("/api/score", { ...base(), hand: text, how: howWon() });
  } catch (error) {
    if (seen !== evaluation) return;
    $("result").replaceChildren();
    showScoreBar();
    if (error.offline) showResultError(error.message);
    else if (error.message.startsWith("card")) $("card-error").textContent = error.message;
    else showNotationError(error.message, error.column);
    return;
  }
  if (seen !== evaluation) return;
  showNotationError("", null);
  const options = { ...chosenRules().options, ...draft.options };
  const parts = [family().sheetElement(scored, options)];
  $("result").replaceChildren(...parts);
  showScoreBar();
  if (!scored.stands || !scored.data.won) return;
  try {
    const losers = chosenRules().losers_settle ? await losersValues(seen) : {};
    if (losers === null || seen !== evaluation) return;
    const request = family().settleBody(scored, draft.seat, losers);
    const selfDrawn = draft.source === "wall";
    const settled = await post("/api/settle", { ...base(), ...request.body, winner: draft.seat,
      discarder: selfDrawn ? null : Number(draft.source), self_drawn: selfDrawn,
      prevailing_wind: draft.prevailing });
    if (seen !== evaluation) return;
    const payments = settled.payments;  // each with its reason, in the rule set's words
    current = { hand: text, how: howWon(), discarder: selfDrawn ? null : Number(draft.source),
      values: request.values, payments, net: settled.net };
    $("result").append(paymentsElement(payments, settled.net));
    $("add-hand").disabled = false;
  } catch (error) {
    if (seen === evaluation) showResultError(error.message);
  }
}

function paymentsElement(payments, net) {
  const name = (seat) => seatName(seat);
  return el("div", { class: "settlement" },
    el("h3", {}, "Payments"),
    payments.length ? el("ul", { class: "payments" }, payments.map((p) => el("li", {},
      el("strong", {}, `${name(p.from)} pays ${name(p.to)} ${p.amount}`),
      el("span", { class: "reason" }, ` — ${p.reason}`)))) :
      el("p", {}, "No payments."),
    el("table", { class: "net" },
      el("caption", {}, "Each player's change"),
      el("tbody", {}, net.slice(0, players()).map((change, seat) => el("tr", {},
        el("th", { scope: "row" }, name(seat)),
        el("td", { class: "value" }, change > 0 ? `+${change}` : String(change)))))));
}

// ---- the evening

function startEvening() {
  const names = [...Array(players()).keys()].map((i) => `Player ${i + 1}`);
  sheet = evening.newEvening(chosenRules(), { ...chosenRules().options, ...draft.options },
    draft.cardMode === "own" ? draft.cardText : "sample", names);
  evening.save(sheet);
}

/** An evening with no hands yet follows the rules chosen (their players, starting points and
 * rounds), keeping the names given. */
function followRules() {
  if (sheet.hands.length || sameRules()) return;
  const names = sheet.players;
  startEvening();
  sheet.players = sheet.players.map((name, i) => names[i] || name);
  evening.save(sheet);
  showSheet();
}

function sameRules() {
  const options = { ...chosenRules().options, ...draft.options };
  const card = draft.cardMode === "own" ? draft.cardText : "sample";
  return sheet.rules === draft.rules && sheet.card === card &&
    JSON.stringify(sheet.options) === JSON.stringify(options);
}

function showPlayers() {
  if (!sheet) return;
  $("players").replaceChildren(...sheet.players.map((name, i) => el("label", {},
    i === 0 ? "East at the first hand" : `then ${WINDS[i]}`,
    el("input", { type: "text", value: name, maxlength: "40", "data-player": i,
      autocomplete: "off", oninput: (event) => {
        sheet.players[i] = event.target.value.replace(/[\u0000-\u001f\u007f]/g, "");
        evening.save(sheet);
        showSheet();
        showHow();
      } }))));
}

function showSheet() {
  const rules = rulesList.find((r) => r.name === sheet.rules) || chosenRules();
  const seats = evening.seatings(sheet, rules);
  const totals = evening.runningTotals(sheet);
  const names = sheet.players;
  const now = seats[seats.length - 1];
  const rounds = Number(sheet.options.rounds || rules.options.rounds);
  const over = family().prevailingWind ? now.wind >= rounds :
    sheet.hands.length >= rounds * names.length;
  $("evening-now").textContent = over ? `The game of ${rounds} round(s) is over.` :
    `Hand ${sheet.hands.length + 1}: ${names[now.east]} is East` +
    (family().prevailingWind ? `, ${WINDS[now.wind]} round.` : ".");
  const head = el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Hand"),
    ...names.map((n) => el("th", { scope: "col" }, n))));
  const rows = sheet.hands.map((hand, i) => {
    const winner = hand.winner === null ? "wall game" :
      `${names[evening.playerAt(hand.winner, hand.east, names.length)]} won`;
    const changes = Array(names.length).fill(0);
    hand.net.forEach((c, seat) => {
      if (seat < names.length) changes[evening.playerAt(seat, hand.east, names.length)] += c;
    });
    return el("tr", {},
      el("th", { scope: "row" }, `${i + 1}`, el("span", { class: "small muted" },
        family().prevailingWind ? ` ${WINDS[hand.prevailing_wind][0]}` : ""),
      el("br"), el("span", { class: "small" }, winner)),
      ...names.map((_, p) => el("td", { class: "value" },
        el("span", { class: "seat-of small muted" },
          WINDS[(p - hand.east + names.length) % names.length][0]),
        el("span", { class: "change" }, changes[p] > 0 ? ` +${changes[p]}` : ` ${changes[p]}`),
        el("br"), el("span", { class: "running" }, String(totals[i + 1][p])))));
  });
  const foot = el("tfoot", {}, el("tr", {}, el("th", { scope: "row" }, "Total"),
    ...totals[totals.length - 1].map((t) => el("td", { class: "total value" }, String(t)))));
  $("evening").replaceChildren(el("caption", { class: "visually-hidden" },
    "The evening: each hand's changes and the running totals"), head, el("tbody", {}, rows),
  foot);
  if (family().prevailingWind && draft.prevailing !== now.wind && sameRules()) {
    draft.prevailing = now.wind;
    saveDraft();
  }
}

function addHand(entry) {
  $("evening-error").textContent = "";
  if (!sameRules()) {
    $("evening-error").textContent = `The evening is played under ${sheet.rules} with its ` +
      "own options and card: start a new evening to change them.";
    return false;
  }
  const now = evening.seatings(sheet, chosenRules()).pop();
  if (family().prevailingWind && entry.winner !== null && draft.prevailing !== now.wind) {
    $("evening-error").textContent = `The evening is in the ${WINDS[now.wind]} round; the ` +
      `hand was scored in the ${WINDS[draft.prevailing]} round.`;
    return false;
  }
  sheet.hands.push({ east: now.east, prevailing_wind: now.wind, ...entry });
  evening.save(sheet);
  showSheet();
  showHow();
  return true;
}

/** After a hand is added: an empty hand, no flags and no losers' values for the next one. */
function nextHand() {
  undoStack.push($("notation").value);
  draft.others = {};
  draft.flags = {};
  showHow();
  setNotation("");
}

async function wallGame() {
  const zero = { E: 0, S: 0, W: 0, N: 0 };
  try {
    const settled = await post("/api/settle", { ...base(), winner: null, scores: zero });
    addHand({ winner: null, discarder: null, self_drawn: false, hand: null, how: {},
      values: [0, 0, 0, 0], payments: settled.payments.map((p) => ({ ...p, reason: "" })),
      net: settled.net });
  } catch (error) {
    $("evening-error").textContent = error.message;
  }
}

function download(name, type, text) {
  const link = el("a", { href: URL.createObjectURL(new Blob([text], { type })),
    download: name });
  document.body.append(link);
  link.click();
  link.remove();
}

async function importRecord(file) {
  $("evening-error").textContent = "";
  try {
    const record = evening.checkRecord(JSON.parse(await file.text()));
    const rules = rulesList.find((r) => r.name === record.rules);
    if (!rules) throw new Error(`the record's rules ${record.rules} are not scored here`);
    evening.checkSeatings(record, rules);
    sheet = record;
    draft.rules = record.rules;
    draft.options = { ...record.options };
    draft.cardMode = record.card === "sample" ? "sample" : "own";
    draft.cardText = record.card === "sample" ? draft.cardText : record.card;
    evening.save(sheet);
    saveDraft();
    showRules();
    showSheet();
    schedule(0);
  } catch (error) {
    $("evening-error").textContent = error instanceof SyntaxError ?
      "not a record of scored hands: the file is not JSON" : error.message;
  }
}

// ---- wiring

function wire() {
  $("rules").addEventListener("change", () => {
    draft.rules = $("rules").value;
    draft.options = {};
    saveDraft();
    followRules();
    showRules();
    schedule(0);
  });
  $("options").addEventListener("change", () => {
    draft.options = readOptions($("options"));
    saveDraft();
    followRules();
    showPlayers();
    showHow();
    schedule(0);
  });
  for (const radio of document.querySelectorAll("input[name=card]")) {
    radio.addEventListener("change", () => {
      draft.cardMode = radio.value;
      $("own-card").hidden = draft.cardMode !== "own";
      saveDraft();
      followRules();
      schedule(0);
    });
  }
  $("card-text").addEventListener("input", () => {
    draft.cardText = $("card-text").value;
    saveDraft();
    followRules();
    schedule(600);
  });
  $("card-file").addEventListener("change", async () => {
    const file = $("card-file").files[0];
    if (!file) return;
    draft.cardText = await file.text();
    $("card-text").value = draft.cardText;
    saveDraft();
    followRules();
    schedule(0);
  });
  $("notation").addEventListener("input", () => {
    draft.notation = $("notation").value;
    extending = false;
    saveDraft();
    showPreview();
    schedule();
  });
  $("undo").addEventListener("click", () => {
    if (undoStack.length) setNotation(undoStack.pop());
  });
  $("clear").addEventListener("click", () => {
    undoStack.push($("notation").value);
    setNotation("");
  });
  $("next-group").addEventListener("click", () => {
    extending = false;
  });
  $("seat-wind").addEventListener("change", () => {
    draft.seat = Number($("seat-wind").value);
    showHow();
    schedule(0);
  });
  $("prevailing-wind").addEventListener("change", () => {
    draft.prevailing = Number($("prevailing-wind").value);
    saveDraft();
    schedule(0);
  });
  $("source").addEventListener("change", () => {
    draft.source = $("source").value;
    if (draft.source !== "wall") {
      for (const flag of family().flags) if (flag.drawn) draft.flags[flag.name] = false;
    }
    saveDraft();
    showHow();
    schedule(0);
  });
  $("add-hand").addEventListener("click", () => {
    if (!current) return;
    if (addHand({ winner: draft.seat, discarder: current.discarder,
      self_drawn: current.how.self_drawn, hand: current.hand, how: current.how,
      values: current.values, payments: current.payments, net: current.net })) {
      nextHand();
    }
  });
  $("wall-game").addEventListener("click", wallGame);
  new IntersectionObserver(([entry]) => $("score-bar").classList.toggle("near", entry.isIntersecting))
    .observe($("result"));
  $("undo-hand").addEventListener("click", () => {
    sheet.hands.pop();
    evening.save(sheet);
    showSheet();
    showHow();
  });
  $("export-csv").addEventListener("click", () =>
    download("fourwinds-evening.csv", "text/csv", evening.toCSV(sheet)));
  $("export-record").addEventListener("click", () =>
    download("fourwinds-evening.json", "application/json", JSON.stringify(sheet, null, 1)));
  $("import-record").addEventListener("change", () => {
    const file = $("import-record").files[0];
    if (file) importRecord(file);
    $("import-record").value = "";
  });
  $("new-evening").addEventListener("click", () => {
    if (sheet.hands.length && !confirm("Start a new evening? The sheet of this one is lost " +
      "unless you exported it.")) return;
    startEvening();
    showPlayers();
    showSheet();
    showHow();
  });
}

async function start() {
  loadDraft();
  try {
    const response = await fetch("/api/score/rules");
    rulesList = (await response.json()).rules;
  } catch {
    $("error").textContent = OFFLINE;
    return;
  }
  if (!rulesList.some((r) => r.name === draft.rules)) draft.rules = rulesList[0].name;
  sheet = evening.load();
  if (!sheet) startEvening();
  showRules();
  // a hand typed before this script ran (it waits for the rule sets) is kept
  if ($("notation").value) draft.notation = $("notation").value;
  else $("notation").value = draft.notation;
  showPreview();
  showSheet();
  showHow();
  wire();
  schedule(0);
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/calculator/sw.js", { scope: "/calculator/" })
      .catch(() => {});
  }
}

start();
