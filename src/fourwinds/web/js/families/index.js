// The families the pages know, by the view's `family` field. A family's module is the one
// place that draws what its game has of its own; the pages ask this registry, never which
// family they show.
//
// A family gives:
//   byCard                    hands are won by a line of the card: the table shows the card
//   roundText(view)           the round line of the centre ("East round", the card's title)
//   headerRound(view)         the round in the page's header and summary (or null)
//   seatMarks(view, seat)     tags beside a seat's name beyond the common ones (a dead hand)
//   exposed(seatView)         a seat's exposed tiles: melds or exposures, bonus tiles, discards
//   actionWords(action, nameOf)  an action string in words
//   status(view, nameOf)      the centre's status when the family has its own (else null)
//   choices(view, {act, nameOf, render})  the elements of "Your choices"
//   hintText(hint, nameOf)    a `hint` message in words
//   howText(end, nameOf), endElement(end, nameOf, lineText)  the end of a hand
//   eventWords(event, {who, nameOf, view, me})  what an event of the family's own says
//   callOf(event, view)       a call to show at the caller's seat ({words, claim, sound, seat?})
//   startWords(view, nameOf)  what a new hand says beyond the seat and the turn
//   summaryWords(view, nameOf)  (optional) the stage of the hand when it has one of its own
//   update(view), selecting(view), isSelected(i), toggle(view, i)  choosing tiles in the hand

import classicalStyle from "./classical-style.js";
import american from "./american.js";

export const families = { "classical-style": classicalStyle, american };

/** The family a view is of (a family the pages do not know is drawn as Classical-style). */
export const familyOf = (view) => families[view.family] || classicalStyle;
