// Pieces of the game page around the board: the status line, the players, the invite links,
// the seat switch (hot seat), the side column (hint, last move, announcements, replay).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatName, seatLabel, botName, botLine, eventText, gameTitle } from "./words.js";
import { invitesFor, heldSeats } from "./seats.js";
import { navClick } from "./nav.js";
import { rendererFor } from "./games.js";
import { inviteRow, inviteCard, reachNote } from "./invite.js";
import { unratedNote } from "./result.js";

function isPlayer(view) {
  return view.you !== null && view.you !== undefined;
}

export function statusLine(view, ui) {
  if (view.is_over) return null;
  const you = view.you;
  if (view.needs_roll) {
    if (isPlayer(view) && view.roller === you) return h("p", { class: "status mine", role: "status" }, h("b", {}, t("web_your_turn")), " ", t("web_roll_now"));
    return h("p", { class: "status", role: "status" }, t("web_roll_wait", { name: seatName(view, view.roller) }));
  }
  const toAct = view.to_act || [];
  if (isPlayer(view) && toAct.includes(you)) {
    const extra = rendererFor(view.game).asked(view, ui);
    return h("p", { class: "status mine", role: "status" }, h("b", {}, t("web_your_turn")), " ", extra);
  }
  if (!toAct.length) return h("p", { class: "status", role: "status" }, t("web_waiting_seats"));
  return h("p", { class: "status", role: "status" }, t("web_waiting_for", { names: toAct.map((s) => seatName(view, s)).join(", ") }));
}

function playerRow(view, s, toAct) {
  const acting = toAct.has(s.seat) || (view.needs_roll && view.roller === s.seat);
  const r = rendererFor(view.game);
  const score = r.showsScores(view) ? (view.scores || [])[s.seat] : null;
  const kind = s.kind === "bot"
    ? h("span", { class: "pkind", title: `${botName(view.game, s.bot)}: ${botLine(view.game, s.bot)}` }, t("web_bot"))
    : h("span", { class: `pkind ${s.online ? "online" : ""}` }, s.online ? `● ${t("web_online")}` : `○ ${t("web_offline")}`);
  return h("li", { class: `player ${acting ? "acting" : ""} ${s.seat === view.you ? "me" : ""}`, dataset: { seat: s.seat } },
    h("span", { class: "seat-badge", "aria-hidden": "true" }, seatLabel(view.game, view.settings, s.seat)),
    h("span", { class: "pname" }, seatName(view, s.seat), s.seat === view.you ? ` (${t("web_you")})` : ""),
    kind,
    acting && !view.is_over ? h("span", { class: "acting-mark", role: "img", "aria-label": t("web_to_act") }, "◀") : null,
    score !== null && score !== undefined ? h("span", { class: "pscore" }, r.scoreWord(score)) : null);
}

export function playersPanel(view) {
  const toAct = new Set(view.to_act || []);
  return h("ul", { class: "players", "aria-label": t("web_players") }, (view.seats || []).map((s) => playerRow(view, s, toAct)));
}

// the invite links this browser made for seats whose player has not come yet: each with Copy,
// Share and its QR code; the panel shrinks as the seats fill in (the view says who came)
export function invitesPanel(view, id) {
  const inv = invitesFor(id);
  const waiting = (view.seats || []).filter((s) => inv[s.seat] && !s.claimed && !view.is_over);
  if (!waiting.length) return null;
  const title = t("web_share_text", { game: gameTitle(view.game, view.settings) });
  return h("section", { class: "invites card", id: "invite-panel", "aria-labelledby": "invite-h" },
    h("h2", { id: "invite-h" }, t("web_invite_title")),
    h("p", { class: "muted" }, t("web_invite_note")),
    reachNote(),
    waiting.map((s) => inviteCard(seatName(view, s.seat), inv[s.seat], title)));
}

export function seatSwitcher(view, id, onSwitch) {
  const seats = heldSeats(id);
  if (seats.length < 2 || !view) return null;
  return h("div", { class: "seat-switch", role: "group", "aria-label": t("web_switch_seat") },
    seats.map((s) => h("button", { type: "button", class: `btn small ${s === view.you ? "primary" : ""}`, "aria-pressed": String(s === view.you), onclick: () => onSwitch(s) },
      seatName(view, s))));
}

// the last move in words; on a phone (where the side column comes under the board, the guide
// and the players) a copy right under the board shows it where the eyes are (CSS shows one)
export function lastMoveLine(view, here = false) {
  const last = view.last ? eventText(view, view.last) : "";
  if (!last) return null;
  return h("p", { class: here ? "last last-here" : "last", id: here ? "last-move-here" : "last-move" }, t("web_last_move", { move: last }));
}

export function sideColumn(view, ui, id, extra) {
  const replay = `/?game=${encodeURIComponent(id)}&replay=0`;
  return h("aside", { class: "side", "aria-label": t("web_game_info") },
    view.is_over ? null : unratedNote(view),
    playersPanel(view),
    lastMoveLine(view),
    ui.news.length ? h("section", { class: "news", "aria-label": t("web_announcements") }, h("h2", {}, t("web_announcements")),
      h("ul", {}, ui.news.slice(0, 8).map((n) => h("li", {}, n.text)))) : null,
    view.is_over ? h("a", { class: "btn", id: "to-replay", href: replay, onclick: navClick }, t("web_replay")) : null,
    extra,
    h("details", { class: "share" }, h("summary", {}, t("web_spectate")), inviteRow(t("web_spectate"), `/?game=${encodeURIComponent(id)}&watch=1`)));
}
