// The chat of a game and quick reactions (docs/web-protocol.md: chat, react). Team messages
// (4-player Quixo, when the game lets partners confer) are marked and go to the team only;
// spectators read, and write only when the game allows it.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./words.js";

export const REACTIONS = ["✓", "★", "♥", "☺", "!", "?"];

function line(view, m) {
  const who = m.seat !== null && m.seat !== undefined ? seatName(view, m.seat) : t("web_spectator");
  return h("li", { class: `chat-msg ${m.to === "team" ? "team" : ""}` },
    m.to === "team" ? h("span", { class: "chat-tag" }, `${t("web_chat_team_tag")} `) : null,
    h("b", {}, `${who}: `), m.reaction ? h("span", { class: "chat-reaction" }, m.reaction) : m.text);
}

function reactions(page) {
  return h("div", { class: "reactions", role: "group", "aria-label": t("web_reactions") },
    REACTIONS.map((r) => h("button", { type: "button", class: "btn small react", "aria-label": `${t("web_reactions")}: ${r}`,
      onclick: () => page.react(r) }, r)));
}

function form(page, view) {
  const ui = page.ui;
  const opts = view.chat || {};
  const isPlayer = view.you !== null && view.you !== undefined;
  if (!isPlayer && !opts.spectators) return h("p", { class: "muted" }, t("web_chat_read_only"));
  const input = h("input", { type: "text", id: "chat-input", maxlength: 300, value: ui.chatDraft || "",
    "aria-label": t("web_chat_placeholder"), placeholder: t("web_chat_placeholder"),
    oninput: (e) => { ui.chatDraft = e.target.value; } });
  const to = isPlayer && opts.team ? h("select", { id: "chat-to", "aria-label": t("web_chat_to"),
    onchange: (e) => { ui.chatTo = e.target.value; } },
  h("option", { value: "all", selected: ui.chatTo !== "team" }, t("web_chat_to_all")),
  h("option", { value: "team", selected: ui.chatTo === "team" }, t("web_chat_to_team"))) : null;
  return h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); page.sendChat(); } },
    to, input, h("button", { type: "submit", class: "btn", id: "chat-send" }, t("web_chat_send")));
}

export function chatPanel(page) {
  const view = page.view;
  const msgs = page.ui.chat || [];
  const isPlayer = view.you !== null && view.you !== undefined;
  return h("section", { class: "chat card", id: "chat", "aria-labelledby": "chat-h" },
    h("h2", { id: "chat-h" }, t("web_chat")),
    msgs.length ? h("ol", { class: "chat-list", "aria-live": "polite" }, msgs.slice(-30).map((m) => line(view, m))) : null,
    isPlayer && !view.is_over ? reactions(page) : null,
    form(page, view));
}
