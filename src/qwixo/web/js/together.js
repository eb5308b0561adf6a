// At the end of a game: a rematch (same seats and bots, the other side starts) when this
// browser holds every person seat (a hot-seat game or a game against bots), and a new game.

import { h } from "./dom.js";
import { t, lang } from "./i18n.js";
import { api } from "./api.js";
import { errorText, toast } from "./ui.js";
import { go } from "./nav.js";
import { rememberSeat, heldSeats } from "./seats.js";
import { seatName } from "./words.js";
import { rendererFor } from "./games.js";

// the body of POST /api/games for a rematch of `view`, or null when this browser cannot seat
// everyone again by itself
export function rematchBody(view, held) {
  const s = view.settings || {};
  const seats = view.seats || [];
  if (seats.some((x) => x.kind !== "bot" && !held.includes(x.seat))) return null;
  // a rated game's rematch goes through the server, which rates it too (the same accounts)
  if (view.rated) return null;
  const settings = rendererFor(view.game).rematchSettings(view);
  // the next player starts: the game's sides swap by its `first` setting, or the seats turn
  // (as the server's rematch does: view.rematch_first sits first)
  const first = "first" in settings ? 0 : (view.rematch_first || 0);
  const order = seats.map((_, k) => seats[(first + k) % seats.length]);
  return {
    game: view.game, settings,
    seats: order.map((x) => (x.kind === "bot" ? { kind: "bot", bot: x.bot, ...(x.name && x.name !== x.bot ? { name: x.name } : {}) }
      : { kind: "human", ...(x.name ? { name: x.name } : {}) })),
    clock: view.clock && view.clock.limit ? view.clock.limit : null,
    undo: !!view.undo, auto_roll: !!view.auto_roll, lang: lang(),
  };
}

async function rematch(view, body) {
  try {
    const reply = await api("POST", "/api/games", body);
    let target = reply.url;
    reply.seats.forEach((seat) => {
      if (seat.token) {
        rememberSeat(reply.id, reply.game, seat.seat, seat.token, reply.view && reply.view.settings);
        if (target === reply.url) target = seat.url;
      }
    });
    go(target);
  } catch (e) {
    toast(errorText(e), "error");
  }
}

// a rematch with people on other devices goes through the server (docs/web-protocol.md:
// rematch, rematch_offer, rematch_ready): offer, or accept / decline the pending offer
function answer(page, accept) {
  page.live.send({ type: "rematch", accept }).catch((e) => toast(errorText(e), "error"));
}

// "Rematch (Bo starts)": who starts the rematch, in words
function rematchText(view) {
  const first = typeof view.rematch_first === "number" ? view.rematch_first : null;
  return first === null ? t("web_rematch") : t("web_rematch_first", { name: seatName(view, first) });
}

export function endActions(view, page) {
  const seated = view.you !== null && view.you !== undefined;
  const body = seated ? rematchBody(view, heldSeats(page.id)) : null;
  const offer = page.ui && page.ui.rematch;
  const asked = offer && (offer.waiting || []).includes(view.you);
  return h("div", { class: "end-actions actions" },
    offer ? h("p", { class: "rematch-offer", role: "status" }, t("web_rematch_offered", { name: seatName(view, offer.by) })) : null,
    body ? h("button", { type: "button", class: "btn primary", id: "rematch", onclick: () => rematch(view, body) }, rematchText(view)) : null,
    !body && seated && (!offer || asked) ? h("button", { type: "button", class: "btn primary", id: "rematch", onclick: () => answer(page, true) }, rematchText(view)) : null,
    !body && seated && asked ? h("button", { type: "button", class: "btn", id: "rematch-decline", onclick: () => answer(page, false) }, t("web_rematch_decline")) : null,
    h("button", { type: "button", class: "btn", id: "new-game", onclick: () => go("/") }, t("web_new_game")));
}
