// Messages every page shows: server errors in the page's language, toasts, the connection line.

import { h, $ } from "./dom.js";
import { t, has } from "./i18n.js";

// A server error ({key, params, text}) in the page's language: the catalog when it knows the
// key, else the server's own text.
export function errorText(err) {
  if (!err) return "";
  if (err.key && has(err.key)) return t(err.key, err.params || {});
  if (err.text) return err.text;
  if (err.key) return t(err.key, err.params || {});
  return String(err.message || err);
}

// a touch screen (no hover, a coarse pointer): the page says "Tap", not "Click"
export function touchScreen() {
  return typeof matchMedia === "function" && matchMedia("(hover: none) and (pointer: coarse)").matches;
}

export function toast(text, kind = "info", ms = 6000) {
  const box = $("#toasts");
  const el = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" },
    h("span", { class: "toast-text" }, text),
    h("button", { class: "toast-close", type: "button", "aria-label": t("web_close"), onclick: () => el.remove() }, "×"));
  box.append(el);
  while (box.children.length > 3) box.firstChild.remove();
  if (ms) setTimeout(() => el.remove(), ms);
  return el;
}

export function setConn(state, seconds) {
  const el = $("#conn");
  el.className = `conn conn-${state || "none"}`;
  el.textContent =
    state === "connected" ? `● ${t("web_connected")}` :
    state === "connecting" ? `○ ${t("web_connecting")}` :
    state === "reconnecting" ? `◌ ${t("web_reconnecting", { seconds })}` :
    state === "failed" ? `✕ ${t("web_error")}` : "";
}
