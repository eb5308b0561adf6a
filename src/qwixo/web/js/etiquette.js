// Table etiquette on the game page (docs/web-protocol.md, "Resign, draw, hand a seat to a
// bot"): resign, offer / accept / decline a draw (games whose view says `draws`), hand an
// idle, absent seat to a bot (in a rated game: end it as that seat's forfeit), next to the
// status line that names the seat waited for, with a countdown until it may. Every action
// asks first (the native <dialog> of confirm.js: keyboard and screen reader alike). Nothing
// here knows which game it shows: the view says what the table allows.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { toast } from "./ui.js";
import { seatName } from "./words.js";
import { confirmDialog } from "./confirm.js";
import { duration } from "./duration.js";

// the messages of this module (true when `msg` was one of them)
export function etiquetteMessage(page, msg) {
  const ui = page.ui;
  if (msg.type === "draw_offer") {
    ui.drawOffer = msg;
    if ((msg.waiting || []).includes(page.view && page.view.you)) toast(t("web_draw_offered", { name: seatName(page.view, msg.by) }), "announce", 4000);
  } else if (msg.type === "draw_cancelled") {
    ui.drawOffer = null;
    if (msg.reason === "declined" && msg.seat !== null) toast(t("web_draw_declined", { name: seatName(page.view, msg.seat) }), "info", 4000);
    else toast(t("web_draw_withdrawn"), "info", 3000);
  } else return false;
  page.render();
  return true;
}

function seated(view) {
  return view.you !== null && view.you !== undefined;
}

// the seats the others may hand to a bot now, and (ms) when the next one may become so
function idleSeats(view, now) {
  const ho = view.hand_over;
  if (!ho || view.is_over) return { seats: [], later: null };
  // each seat from its own time (`at`: away for `after` seconds, and in a rated game its
  // clock run out); a server without `at` counts from the last change
  const all = ho.seats || [];
  const at = all.map((s, i) => (ho.at ? ho.at[i] : ho.since + ho.after));
  const seats = all.filter((s, i) => s !== view.you && at[i] <= now);
  const waits = all.map((s, i) => at[i] - now).filter((w, i) => all[i] !== view.you && w > 0);
  return { seats, later: waits.length ? Math.min(...waits) * 1000 : null };
}

function serverNow(page) {
  return page.live ? page.live.serverNow() : Date.now() / 1000;
}

// next to "Waiting for: …": for each absent seat the game waits on, "Let a bot play for …" once
// it may be handed over (in a rated game: end the game as its forfeit), before that a
// countdown to that moment (null when there is none)
export function handOverLine(view, page) {
  clearTimeout(page.handTimer);
  if (!seated(view) || view.is_over || view.scorepad) return null;
  const ho = view.hand_over;
  const now = serverNow(page);
  const idle = idleSeats(view, now);
  if (idle.later !== null) page.handTimer = setTimeout(() => page.render(), idle.later + 250);
  const rated = !!view.rated;
  const items = [];
  (ho && ho.seats ? ho.seats : []).forEach((seat, i) => {
    if (seat === view.you) return;
    const name = seatName(view, seat);
    if (idle.seats.includes(seat)) {
      items.push(h("button", { type: "button", class: "btn small", id: `hand-${seat}`,
        onclick: async () => {
          const ok = rated
            ? await ask(t("web_forfeit", { name }), t("web_forfeit_confirm", { name }), t("web_forfeit", { name }))
            : await ask(t("web_hand_to_bot", { name }), t("web_hand_confirm", { name }), t("web_hand_to_bot", { name }));
          if (ok) send(page, { type: "hand_to_bot", seat });
        } }, rated ? t("web_forfeit", { name }) : t("web_hand_to_bot", { name })));
    } else {
      const at = ho.at ? ho.at[i] : ho.since + ho.after;
      items.push(h("span", { class: "hand-countdown muted", id: `hand-wait-${seat}`, dataset: { at, seat } },
        countdownText(view, seat, at - now)));
    }
  });
  return items.length ? h("div", { class: "hand-over", id: "hand-over" }, items) : null;
}

function countdownText(view, seat, left) {
  const name = seatName(view, seat);
  return t(view.rated ? "web_forfeit_in" : "web_hand_to_bot_in", { name, time: duration(Math.max(0, left)) });
}

// the countdowns of handOverLine, each second (the game page's clock tick)
export function tickHandOver(root, page) {
  const now = serverNow(page);
  for (const el of root.querySelectorAll(".hand-countdown")) {
    el.textContent = countdownText(page.view, Number(el.dataset.seat), Number(el.dataset.at) - now);
  }
}

async function ask(title, text, ok) {
  return confirmDialog({ title, text, ok });
}

function send(page, msg) {
  page.send(msg).catch(() => {});
}

// the etiquette controls of the game page (null when there is nothing to offer)
export function tablePanel(view, page) {
  if (!seated(view) || view.is_over || view.scorepad) {
    clearTimeout(page.handTimer);
    return null;
  }
  const ui = page.ui;
  // a reconnecting page learns a pending offer from its view
  const offer = ui.drawOffer !== undefined ? ui.drawOffer : view.draw_offer;
  const items = [];
  const asked = offer && (offer.waiting || []).includes(view.you);
  if (asked) {
    items.push(h("p", { class: "draw-offer", role: "status" }, t("web_draw_offered", { name: seatName(view, offer.by) })),
      h("button", { type: "button", class: "btn primary", id: "draw-accept", onclick: () => send(page, { type: "draw" }) }, t("web_draw_accept")),
      h("button", { type: "button", class: "btn", id: "draw-decline", onclick: () => send(page, { type: "draw", accept: false }) }, t("web_draw_decline")));
  } else if (offer) {
    items.push(h("p", { class: "draw-offer", role: "status" }, t("web_draw_waiting")));
  } else if (view.draws) {
    items.push(h("button", { type: "button", class: "btn", id: "offer-draw",
      onclick: async () => { if (await ask(t("web_offer_draw"), t("web_offer_draw_confirm"), t("web_offer_draw"))) send(page, { type: "draw" }); } },
    `½ ${t("web_offer_draw")}`));
  }
  // only a game that declares resigning offers it (the view's "resign": GameInfo.resign)
  if (view.resign !== false) {
    items.push(h("button", { type: "button", class: "btn", id: "resign",
      onclick: async () => { if (await ask(t("web_resign"), t("web_resign_confirm"), t("web_resign"))) send(page, { type: "resign" }); } },
    `⚑ ${t("web_resign")}`));
  }
  return items.length ? h("div", { class: "table-etiquette row-buttons" }, items) : null;
}
