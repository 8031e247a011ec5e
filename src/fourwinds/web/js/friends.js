// Friends at a table (docs/web.md, Friends): the invitation link at every moment, leaving and
// ending the table, the countdown to the next hand with who is ready, the seats a friend may
// take over and watching. The table page calls these on every state and when it offers seats;
// nothing here draws the board.

import { forgetSeat, postJSON } from "./api.js";
import { el } from "./board.js";

const $ = (id) => document.getElementById(id);
let ticker = null;
let linkShownUntil = 0;  // the countdown leaves a link shown to copy by hand this long

export const inviteLink = (tableId) => `${location.origin}/table/${encodeURIComponent(tableId)}`;
export const watchLink = (tableId) => `/watch/${encodeURIComponent(tableId)}`;

const tablePath = (tableId, what) => `/api/tables/${encodeURIComponent(tableId)}/${what}`;

/** A seat as the invitation offers it: free, held by a bot (a friend takes it over once the
 * game is on), or held by a person. */
export function seatChoice(table, position) {
  const player = table.players.find((p) => p.position === position);
  if (!player) return { free: true, text: `Seat ${position + 1}` };
  if (player.bot && table.status === "playing") {
    return { free: true, text: `Seat ${position + 1}: take over from ${player.name}` };
  }
  return { free: false, text: `Seat ${position + 1}: ${player.name}${player.bot ? " (bot)" : ""}` };
}

/** Under the seats offered: watching instead. */
export function watchChoice(tableId) {
  $("watch-choice")?.remove();
  return el("p", { id: "watch-choice", class: "watch-choice" }, "Or ",
    el("a", { href: watchLink(tableId) }, "watch this table"),
    " as a spectator: you see what is on the table, never a concealed tile.");
}

/** Copy ``link`` to the clipboard; the words that say so, or that show the link to copy by
 * hand where the page has no clipboard (an address over plain http other than localhost, as a
 * phone on the house's network opens it) or the browser refused. */
export async function copyLink(link) {
  try {
    await navigator.clipboard.writeText(link);
    return "Invitation link copied.";
  } catch {
    return `Invitation link: ${link}`;
  }
}

function say(text) {
  $("friends-status").textContent = text;
}

/** The bar of the table page's header, made once: the link, Copy, Leave, End. */
function bar(tableId, seat) {
  const made = $("friends");
  if (made) return made;
  const invite = el("input", { id: "friends-invite", readonly: true, value: inviteLink(tableId),
    "aria-label": "Invitation link" });
  const copy = el("button", { type: "button", id: "friends-copy", title: invite.value,
    onclick: async () => {
      invite.select();
      const words = await copyLink(invite.value);
      linkShownUntil = words.endsWith(invite.value) ? Date.now() + 30_000 : 0;
      say(words);
    } }, "Copy invitation");
  const leave = el("button", { type: "button", id: "leave-button", onclick: async () => {
    try {
      await postJSON(tablePath(tableId, "leave"), seat);
      forgetSeat(tableId);
      location.href = "/";
    } catch (error) {
      say(error.message);
    }
  } }, "Leave the table");
  const end = el("button", { type: "button", id: "end-button", hidden: true,
    onclick: async () => {
      if (end.dataset.confirm !== "yes") {
        end.dataset.confirm = "yes";
        end.textContent = "Yes, end it for everyone";
        say("Ending the table finishes the game now; its finished hands are saved.");
        return;
      }
      try {
        await postJSON(tablePath(tableId, "end"), seat);
      } catch (error) {
        say(error.message);
      }
    } }, "End the table");
  const node = el("div", { id: "friends", class: "friends", role: "group",
    "aria-label": "Friends at this table" },
  el("span", { class: "friends-label" }, "Invite:"), invite, copy,
  el("span", { id: "friends-watchers", class: "friends-watchers" }), leave, end,
  el("span", { id: "friends-status", class: "friends-status", role: "status" }));
  document.querySelector("header.bar").append(node);
  return node;
}

/** Who is ready for the next hand, and when it starts by itself. */
function nextWords(table, nameAt) {
  const left = Math.max(0, Math.ceil(table.next_deadline - Date.now() / 1000));
  const waiting = table.players.filter((p) => !p.bot && !p.away && p.connected &&
    !table.ready.includes(p.position)).map((p) => nameAt(p.position));
  return `Next hand in ${left} s${waiting.length ? `: waiting for ${waiting.join(", ")}` : ""}.`;
}

function showCountdown(table, nameAt) {
  clearInterval(ticker);
  let line = $("next-countdown");
  if (!table.next_deadline || table.status !== "playing") {
    line?.remove();
    return;
  }
  if (!line) {
    line = el("span", { id: "next-countdown", class: "next-countdown" });
    $("next-button").after(line);
  }
  const tick = () => {
    line.textContent = nextWords(table, nameAt);
    if (Date.now() >= linkShownUntil) say(line.textContent);
  };
  tick();
  ticker = setInterval(tick, 500);
}

/** Bring the bar and the countdown up to date with a state. */
export function showFriends(state, tableId, seat) {
  bar(tableId, seat);
  const table = state.table;
  const nameAt = (position) => (position === seat.position ? "you" :
    table.players.find((p) => p.position === position)?.name || `seat ${position + 1}`);
  const finished = table.status === "finished";
  $("leave-button").hidden = finished;
  $("end-button").hidden = finished || table.host !== seat.position;
  $("friends-watchers").textContent = table.watchers ?
    `${table.watchers} watching` : "";
  if (finished) {
    clearInterval(ticker);
    $("next-countdown")?.remove();
    say(state.standings ? "The game is over." : "This table was ended.");
    return;
  }
  showCountdown(table, nameAt);
  if (!table.next_deadline && $("friends-status").textContent.startsWith("Next hand")) say("");
}
