// The controls of the game page under the board: the game's own (its renderer's: roll, the
// choice among several options of one cell, ...), pass, cancel, hint, undo. `act` holds the
// page's actions.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { rendererFor } from "./games.js";

function buttonRow(view, ui, act, r) {
  const you = view.you;
  const opts = view.options || [];
  const row = [];
  if (opts.includes("pass")) {
    row.push(r.passNote(view));
    const pass = r.passWords(view);
    row.push(h("button", { type: "button", class: `btn ${ui.hintOption === "pass" ? "hinted" : ""} ${pass.costly ? "costly" : ""}`, id: "pass", onclick: () => act.choose("pass") },
      pass.text));
  }
  if (r.cancelable(ui) && !ui.chooser) {
    row.push(h("button", { type: "button", class: "btn", id: "cancel", onclick: () => act.cancel() }, r.cancelText()));
  }
  if (view.hint_available !== false && (view.to_act || []).includes(you)) {
    row.push(h("button", { type: "button", class: "btn", id: "hint", disabled: ui.hintBusy, onclick: () => act.hint() }, `? ${t("web_hint")}`));
  }
  if (view.undo) {
    row.push(h("button", { type: "button", class: "btn", id: "undo", onclick: () => act.undo() }, `↶ ${t("web_undo")}`));
  }
  const shown = row.filter(Boolean);
  return shown.length ? h("div", { class: "row-buttons" }, shown) : null;
}

// the hint next to the button that asked for it (nothing far away appears or scrolls): in
// words, the engine's own lines folded away
function hintBox(ui) {
  if (ui.hintBusy) return h("p", { class: "hint muted", role: "status" }, t("web_hint_wait"));
  if (!ui.hint) return null;
  const lines = ui.hint.map((l) => h("div", { class: "hint-line" }, l));
  return h("div", { class: "hint", id: "hint-box", role: "status" }, h("b", {}, t("web_hint")),
    ui.hintWords ? h("p", { class: "hint-words" }, ui.hintWords) : null,
    ui.hintWords ? h("details", { class: "hint-details" }, h("summary", {}, t("web_hint_details")), lines) : lines);
}

export function controls(view, ui, act) {
  if (view.you === null || view.you === undefined || view.is_over) return [];
  const r = rendererFor(view.game);
  return [...r.controls(view, ui, act), buttonRow(view, ui, act, r), hintBox(ui), r.moreControls(view, ui, act)].filter(Boolean);
}
