// A call seen: the call-out ("Pung!") shown at the caller's seat, and the claimed tile moving
// from the centre of the table to the caller's new meld. With prefers-reduced-motion the tile
// does not move and the call-out appears without its pop (the style sheet says so).

import { el } from "./board.js";
import { tileElement } from "./tiles.js";

const SHOWN_MS = 1800;
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const MARGIN = 4;  // px between a call-out and the edge of the screen
const POP = 1.15;  // the largest scale of the call-out's pop (fourwinds.css, callout-pop)

/** Show ``text`` over a seat's section for a moment. It is laid over the page, not put in the
 * section, which the next state redraws. The live region already says it in words, so the
 * call-out itself is hidden from screen readers. Centred over the seat, but never past the
 * screen's edge: on a phone a seat at the side would widen the page while it shows. */
export function callOut(section, text, kind = "") {
  if (!section || !text) return;
  const at = section.getBoundingClientRect();
  const bubble = el("div", { class: `callout ${kind}`, "aria-hidden": "true",
    "data-seat": section.id }, text);
  Object.assign(bubble.style, { left: "0px", top: `${at.top + window.scrollY + 6}px`,
    visibility: "hidden" });
  document.body.append(bubble);
  const half = (bubble.offsetWidth * POP) / 2;
  const screen = document.documentElement.clientWidth;
  const centre = Math.max(half + MARGIN, Math.min(screen - half - MARGIN, at.left + at.width / 2));
  bubble.style.left = `${centre + window.scrollX}px`;
  bubble.style.visibility = "";
  setTimeout(() => bubble.remove(), SHOWN_MS);
}

/** Move a picture of ``tile`` from the rectangle ``from`` (where it was on the table) to the
 * element ``to`` (the caller's new meld). */
export function flyTile(tile, from, to) {
  if (!from || !to || reducedMotion() || !Element.prototype.animate) return;
  const target = to.getBoundingClientRect();
  const flying = tileElement(tile);
  flying.classList.add("flying");
  flying.setAttribute("aria-hidden", "true");
  Object.assign(flying.style, { left: `${from.left}px`, top: `${from.top}px`,
    width: `${from.width}px` });
  document.body.append(flying);
  const dx = target.left + target.width / 2 - (from.left + from.width / 2);
  const dy = target.top + target.height / 2 - (from.top + from.height / 2);
  const scale = Math.max(0.4, Math.min(1, target.height / Math.max(1, from.height)));
  flying.animate([{ transform: "translate(0, 0) scale(1)", opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.9 }],
  { duration: 450, easing: "cubic-bezier(.2,.7,.3,1)" }).finished
    .finally(() => flying.remove());
}
