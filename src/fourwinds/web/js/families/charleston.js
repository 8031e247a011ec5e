// The Charleston of the American family on the table page (docs/rules/american.md): choosing
// the tiles to pass in the hand, blind passes, the vote for a second Charleston and the courtesy
// offer.
//
// The view's legal_actions may list hundreds of passes, so the page never shows them as
// buttons: the player selects tiles in the hand and the page sends the one canonical pass
// (tiles sorted, as the server writes them) only when legal_actions holds it.

import { el } from "../board.js";
import { formatTiles, parseTiles, sortTiles, tileLabel, tileRow } from "../tiles.js";

const DIRECTIONS = { right: 1, across: 2, left: 3 };

/** The seat a pass in ``direction`` ("right", "across", "left") goes to from ``seat``. */
export const passedTo = (seat, direction) => (seat + DIRECTIONS[direction]) % 4;

const STAGES = {
  "first-right": "First Charleston, first pass",
  "first-across": "First Charleston, second pass",
  "first-left": "First Charleston, last pass",
  vote: "Vote for a second Charleston",
  "second-left": "Second Charleston, first pass",
  "second-across": "Second Charleston, second pass",
  "second-right": "Second Charleston, last pass",
  "courtesy-offer": "Courtesy pass: the offer",
  courtesy: "Courtesy pass",
};

let selected = [];  // indices into the sorted hand
let blind = 0;      // received tiles to pass on unseen
let key = "";       // the stage and hand the selection belongs to

/** Call with every new view: a new stage or a changed hand clears the selection. */
export function update(view) {
  const now = view.phase === "charleston" ? `${view.charleston.stage}|${view.hand}` : "";
  if (now !== key) {
    selected = [];
    blind = 0;
    key = now;
  }
}

/** Whether this seat is choosing tiles to pass now. */
export const choosing = (view) => view.phase === "charleston" &&
  view.legal_actions.some((a) => a.startsWith("pass-tiles"));

/** Tiles still to be chosen from the hand. */
const wanted = (view) => view.charleston.count - blind;

export const isSelected = (index) => selected.includes(index);

/**
 * Select or unselect the tile at ``index`` of the hand. Jokers are never passed, and no more
 * tiles than the pass takes can be chosen; returns what to tell the player when refused.
 */
export function toggle(view, index) {
  const tile = parseTiles(view.hand)[index];
  if (tile === "J") return "A joker is never passed.";
  if (selected.includes(index)) {
    selected = selected.filter((i) => i !== index);
  } else if (selected.length < wanted(view)) {
    selected.push(index);
  } else {
    return `You have chosen ${wanted(view)} already: unselect one first.`;
  }
  return `${tileLabel(tile)} ${selected.includes(index) ? "selected" : "unselected"}; ${
    selected.length} of ${wanted(view)} chosen.`;
}

/** The pass the selection makes, in the server's canonical form ("pass-tiles 3m5p blind 1"). */
export function passAction(view) {
  const hand = parseTiles(view.hand);
  const tiles = formatTiles(sortTiles(selected.map((i) => hand[i])));
  return ["pass-tiles", tiles, blind ? `blind ${blind}` : ""].filter(Boolean).join(" ");
}

function names(seats, nameOf) {
  return seats.length ? seats.map((seat) => nameOf(seat)).join(", ") : "nobody";
}

function stageText(view, nameOf) {
  const c = view.charleston;
  const to = c.direction ? nameOf(passedTo(view.seat, c.direction)) : "";
  if (c.stage === "vote") {
    return "Play a second Charleston (left, across, right)? Only if every player votes yes.";
  }
  if (c.stage === "courtesy-offer") {
    return `Offer 0 to 3 tiles to ${to || nameOf((view.seat + 2) % 4)} across; the smaller ` +
      "offer of the two is exchanged.";
  }
  return `Pass ${c.count} tile${c.count === 1 ? "" : "s"} ${c.direction} to ${to}.`;
}

/** The stage in words: "First Charleston, first pass. Pass 3 tiles right to Bob." */
export function stageWords(view, nameOf) {
  const stage = view.charleston.stage;
  return `${STAGES[stage] || stage}. ${stageText(view, nameOf)}`;
}

function blindChooser(view, render) {
  const c = view.charleston;
  const choices = [...Array(c.count + 1).keys()].map((n) => el("label", { class: "check" },
    el("input", { type: "radio", name: "blind", value: n, checked: n === blind,
      onchange: () => {
        blind = n;
        selected = selected.slice(0, wanted(view));
        render();
      } }),
    n === 0 ? " none" : ` ${n}`));
  return el("fieldset", { class: "blind" },
    el("legend", {}, "Pass on blind (received tiles, unseen)"), choices);
}

/**
 * The Charleston part of "Your choices": the stage, who has chosen, the tiles received, and the
 * controls of this stage. ``act(action)`` sends an action, ``render()`` redraws the page.
 */
export function controls(view, { nameOf, act, render, button }) {
  const c = view.charleston;
  const legal = view.legal_actions;
  const parts = [
    el("div", { class: "charleston-stage" },
      el("strong", {}, `${STAGES[c.stage] || c.stage}. `), stageText(view, nameOf)),
    el("div", { class: "charleston-who" },
      `Chosen: ${names(c.chosen, nameOf)}. Still to choose: ${names(c.to_choose, nameOf)}.`),
  ];
  if (c.received) {
    parts.push(el("div", { class: "received" }, "You received ",
      tileRow(parseTiles(c.received), "Tiles received in the last pass")));
  }
  if (c.votes) {
    const votes = c.votes.map((vote, seat) => (vote === null ? null :
      `${nameOf(seat)} ${vote ? "yes" : "no"}`)).filter(Boolean);
    parts.push(el("div", {}, `Votes: ${votes.join(", ")}.`));
  }
  if (choosing(view)) {
    const action = passAction(view);
    const ok = legal.includes(action);
    parts.push(el("div", { class: "charleston-pass" },
      c.blind_allowed ? blindChooser(view, render) : null,
      el("span", { class: "count", "aria-live": "polite" },
        `Selected ${selected.length} of ${wanted(view)}`),
      el("button", { type: "button", class: "action pass-tiles", "data-key": "s",
        "aria-keyshortcuts": "s", disabled: !ok, "data-action": ok ? action : null,
        onclick: () => act(action) },
      `Pass ${c.count} ${c.direction || ""}`.trim(), el("kbd", { "aria-hidden": "true" }, "s"))));
  } else if (c.stage === "vote" && legal.includes("vote yes")) {
    parts.push(el("div", { class: "charleston-vote", role: "group",
      "aria-label": "Second Charleston" },
    button("vote yes", "Yes, a second Charleston"), button("vote no", "No second Charleston")));
  } else if (c.stage === "courtesy-offer" && legal.some((a) => a.startsWith("courtesy"))) {
    parts.push(el("div", { class: "charleston-offer", role: "group",
      "aria-label": "Tiles offered for the courtesy pass" },
    [0, 1, 2, 3].map((n) => button(`courtesy ${n}`, `Offer ${n}`))));
  } else if (c.to_choose.includes(view.seat)) {
    parts.push(el("div", {}, "Your turn to choose."));
  } else {
    parts.push(el("div", { class: "waiting" },
      c.chosen.includes(view.seat) ? "You have chosen: waiting for the others." :
        "Nothing for you to pass at this stage: waiting for the others."));
  }
  if (legal.includes("win")) parts.push(button("win", "Mah Jongg"));
  return parts;
}
