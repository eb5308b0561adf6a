// The controls of the game page under the board / dice: roll (or the dice typed in at a real
// table), the choice among several options of one cell, pass, cancel, hint, undo, and every
// Qwixx option as a button. `act` holds the page's actions.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { diceEntry, optionLabel } from "./qwixx.js";

function rollControl(view, ui, act) {
  const you = view.you;
  const rollerSeat = (view.seats || []).find((s) => s.seat === view.roller) || {};
  const pad = view.scorepad || (view.qwixx && view.qwixx.scorepad);
  // score pad: whoever holds a person seat types the dice of a bot's turn too
  if (view.game !== "qwixx" || !view.needs_roll || !(view.roller === you || (pad && rollerSeat.kind === "bot"))) return null;
  if (pad) return diceEntry(view.qwixx, ui.dice, (dice) => act.rollDice(dice), (text) => act.showError({ text }));
  return h("button", { type: "button", class: "btn primary big", id: "roll", onclick: () => act.roll() }, `⚀ ${t("web_roll")}`);
}

function chooser(ui, act) {
  if (!ui.chooser) return null;
  return h("div", { class: "chooser", role: "group", "aria-label": t("web_choose_among") }, h("p", {}, t("web_choose_among")),
    ui.chooser.options.map((o) => h("button", { type: "button", class: "btn", dataset: { option: o }, onclick: () => act.choose(o) }, optionLabel(o))),
    h("button", { type: "button", class: "btn", id: "chooser-cancel", onclick: () => act.cancel() }, t("web_quixo_cancel")));
}

function buttonRow(view, ui, act) {
  const you = view.you;
  const opts = view.options || [];
  const row = [];
  if (opts.includes("pass")) {
    if (view.game === "quixo") row.push(h("p", { class: "muted" }, t("web_quixo_must_pass")));
    const pen = act.passPenalty();
    row.push(h("button", { type: "button", class: `btn ${ui.hintOption === "pass" ? "hinted" : ""} ${pen ? "costly" : ""}`, id: "pass", onclick: () => act.choose("pass") },
      pen ? t("web_pass_penalty", { points: pen.points }) : t("web_pass")));
  }
  if (view.game === "quixo" && ui.sel) {
    row.push(h("button", { type: "button", class: "btn", id: "cancel", onclick: () => act.cancel() }, t("web_quixo_cancel")));
  }
  if (view.hint_available !== false && (view.to_act || []).includes(you)) {
    row.push(h("button", { type: "button", class: "btn", id: "hint", disabled: ui.hintBusy, onclick: () => act.hint() }, `? ${t("web_hint")}`));
  }
  if (view.undo) {
    row.push(h("button", { type: "button", class: "btn", id: "undo", onclick: () => act.undo() }, `↶ ${t("web_undo")}`));
  }
  return row.length ? h("div", { class: "row-buttons" }, row) : null;
}

function allOptions(view, act) {
  const opts = view.options || [];
  if (view.game !== "qwixx" || opts.length <= 1) return null;
  // every option as a button too (and options without a cell)
  return h("details", { class: "all-options" }, h("summary", {}, t("web_other_options")),
    h("div", { class: "opt-list" }, opts.map((o) => h("button", { type: "button", class: "btn small", dataset: { option: o }, onclick: () => act.choose(o) }, optionLabel(o)))));
}

export function controls(view, ui, act) {
  if (view.you === null || view.you === undefined || view.is_over) return [];
  return [rollControl(view, ui, act), chooser(ui, act), buttonRow(view, ui, act), allOptions(view, act)].filter(Boolean);
}
