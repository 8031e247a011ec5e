// One rule-set option as a form field, in words: the lobby's and the calculator's forms both
// draw their options here, from what /api/rules and /api/score/rules give (RuleSet.option_form).
import { el } from "./board.js";

/** A choice among the option's values, each said in words, with its line of help below.
 * ``chosen`` is a rule set's listing; ``value`` the value to show as chosen. */
export function optionField(chosen, option, value = chosen.options[option]) {
  const help = el("span", { class: "option-help", id: `help-${option}` }, chosen.help[option]);
  return el("label", {}, chosen.labels[option],
    el("select", { "data-option": option, "aria-describedby": `help-${option}` },
      chosen.choices[option].map((choice, i) => el("option", { value: JSON.stringify(choice),
        selected: choice === value }, chosen.words[option][i]))), help);
}

/** The options a form holds now, by name. */
export function readOptions(form) {
  const options = {};
  for (const field of form.querySelectorAll("[data-option]")) {
    options[field.dataset.option] = JSON.parse(field.value);
  }
  return options;
}
