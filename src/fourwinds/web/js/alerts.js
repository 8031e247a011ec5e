// Telling a player in another tab that the table waits for them: the tab's title ("Your turn",
// "Claim open") and, once the player has asked for it and the browser allowed it, a
// notification while the tab is hidden. The choice is remembered in localStorage.

const KEY = "fourwinds.notify";

/** What this seat is asked to do now, in a few words, or null. */
export function waitingFor(view) {
  if (!view || !view.legal_actions.length || view.phase === "ended") return null;
  const claims = view.legal_actions.filter((a) => a !== "pass");
  if (view.discard && view.phase !== "turn" && view.phase !== "charleston") {
    return claims.length ? "Claim open" : null;
  }
  return view.legal_actions.some((a) => a.startsWith("discard ")) ? "Your turn" : "Your move";
}

/** The tab's title: what waits for the player first, then the table. */
export function setTitle(table, waiting) {
  document.title = waiting ? `(${waiting}) fourwinds: ${table}` : `fourwinds: ${table}`;
}

export const canNotify = () => "Notification" in window;
export const notifyWanted = () => canNotify() && localStorage.getItem(KEY) === "1" &&
  Notification.permission === "granted";

/** Ask the browser for notifications (only on the player's own click); true when allowed. */
export async function askToNotify(on) {
  if (!on || !canNotify()) {
    localStorage.setItem(KEY, "0");
    return false;
  }
  const permission = Notification.permission === "granted" ? "granted" :
    await Notification.requestPermission();
  localStorage.setItem(KEY, permission === "granted" ? "1" : "0");
  return permission === "granted";
}

/** A notification, only while the tab is hidden and the player asked for them. */
export function notify(text) {
  if (!document.hidden || !notifyWanted()) return;
  const note = new Notification("fourwinds", { body: text, tag: "fourwinds-table" });
  note.onclick = () => { window.focus(); note.close(); };
}
