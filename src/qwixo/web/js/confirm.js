// A confirmation dialog (the native <dialog>, modal: focus stays inside, Escape cancels) for
// actions that cost points. Resolves true when the player confirms.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function confirmDialog({ title, text, ok, cancel }) {
  return new Promise((resolve) => {
    const okBtn = h("button", { type: "button", class: "btn danger", id: "confirm-ok" }, ok);
    const noBtn = h("button", { type: "button", class: "btn primary", id: "confirm-cancel" }, cancel || t("web_go_back"));
    const dlg = h("dialog", { class: "confirm", id: "confirm", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-text" },
      h("h2", { id: "confirm-title" }, title),
      h("p", { id: "confirm-text" }, text),
      h("div", { class: "actions" }, noBtn, okBtn));
    let answer = false;
    okBtn.addEventListener("click", () => { answer = true; dlg.close(); });
    noBtn.addEventListener("click", () => dlg.close());
    dlg.addEventListener("close", () => { dlg.remove(); resolve(answer); });
    document.body.append(dlg);
    dlg.showModal();
    noBtn.focus();
  });
}
