// Table etiquette on the game page (docs/web-protocol.md, "Resign, draw, hand a seat to a
// bot"): resign, offer / accept / decline a draw (games whose view says `draws`), hand an
// idle, absent seat to a bot (in a rated game: end it as that seat's forfeit). Every action
// asks first (the native <dialog> of confirm.js: keyboard and screen reader alike). Nothing
// here knows which game it shows: the view says what the table allows.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { toast } from "./ui.js";
import { seatName } from "./words.js";
import { confirmDialog } from "./confirm.js";

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
  const idle = idleSeats(view, page.live ? page.live.serverNow() : Date.now() / 1000);
  clearTimeout(page.handTimer);
  if (idle.later !== null) page.handTimer = setTimeout(() => page.render(), idle.later + 250);
  for (const seat of idle.seats) {
    const name = seatName(view, seat);
    const rated = !!view.rated;
    items.push(h("button", { type: "button", class: "btn", id: `hand-${seat}`,
      onclick: async () => {
        const ok = rated
          ? await ask(t("web_forfeit", { name }), t("web_forfeit_confirm", { name }), t("web_forfeit", { name }))
          : await ask(t("web_hand_to_bot", { name }), t("web_hand_confirm", { name }), t("web_hand_to_bot", { name }));
        if (ok) send(page, { type: "hand_to_bot", seat });
      } }, rated ? t("web_forfeit", { name }) : t("web_hand_to_bot", { name })));
  }
  // only a game that declares resigning offers it (the view's "resign": GameInfo.resign)
  if (view.resign !== false) {
    items.push(h("button", { type: "button", class: "btn", id: "resign",
      onclick: async () => { if (await ask(t("web_resign"), t("web_resign_confirm"), t("web_resign"))) send(page, { type: "resign" }); } },
    `⚑ ${t("web_resign")}`));
  }
  return items.length ? h("div", { class: "table-etiquette row-buttons" }, items) : null;
}
