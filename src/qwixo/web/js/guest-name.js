// A guest's name: asked at the table when they take a seat still called as the server called
// it ("Player 2"), kept in this browser (localStorage) for the next games, changeable at any
// time ({"type": "rename"} over the WebSocket; docs/web-protocol.md). A seat linked to an
// account goes by the account's name: no form there.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "qwixo.name";

export function savedName() {
  try {
    return localStorage.getItem(KEY) || "";
  } catch (e) {
    return "";
  }
}

export function saveName(name) {
  try {
    localStorage.setItem(KEY, name);
  } catch (e) {
    // private mode: the name holds for this game only
  }
}

function mySeat(view) {
  if (view.you === null || view.you === undefined || view.is_over) return null;
  const s = (view.seats || []).find((x) => x.seat === view.you);
  return s && s.kind !== "bot" && !s.linked ? s : null;
}

// the seat still has the name the server gave it
export function unnamed(view) {
  const s = mySeat(view);
  return !!s && (!!s.default_name || s.name === t("seat_default_name", { n: s.seat + 1 }));
}

// on entering: a seat still unnamed takes the name this browser keeps (when it has one)
export function nameOnWelcome(page) {
  const name = savedName();
  if (name && unnamed(page.view)) page.rename(name, true);
}

// the form: open while the seat is unnamed or the person asked to change it, else a button
export function namePanel(page) {
  const view = page.view;
  const s = mySeat(view);
  if (!s) return null;
  const ui = page.ui;
  const open = unnamed(view) || ui.naming;
  if (!open) {
    return h("p", { class: "name-change" },
      h("button", { type: "button", class: "btn small", id: "name-change", onclick: () => { ui.naming = true; page.render(); } }, t("web_name_change")));
  }
  const value = ui.nameDraft !== undefined && ui.nameDraft !== null ? ui.nameDraft : unnamed(view) ? savedName() : s.name;
  return h("form", { class: "name-form card", id: "name-form", onsubmit: (e) => {
    e.preventDefault();
    const name = (ui.nameDraft !== undefined && ui.nameDraft !== null ? ui.nameDraft : value).trim();
    if (name) page.rename(name);
  } },
  h("label", { for: "name-input" }, unnamed(view) ? t("web_name_ask") : t("web_name_label")),
  h("input", { type: "text", id: "name-input", maxlength: 40, autocomplete: "nickname", value,
    oninput: (e) => { ui.nameDraft = e.target.value; } }),
  h("button", { type: "submit", class: "btn primary", id: "name-save" }, t("web_name_save")),
  h("p", { class: "muted field-note" }, t("web_name_kept")));
}
