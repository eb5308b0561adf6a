// At the end of a game: a rematch (same seats and bots, the other side starts) when this
// browser holds every person seat (a hot-seat game or a game against bots), and a new game.

import { h } from "./dom.js";
import { t, lang } from "./i18n.js";
import { api } from "./api.js";
import { errorText, toast } from "./ui.js";
import { go } from "./nav.js";
import { rememberSeat, heldSeats } from "./seats.js";

// the body of POST /api/games for a rematch of `view`, or null when this browser cannot seat
// everyone again by itself
export function rematchBody(view, held) {
  const s = view.settings || {};
  const seats = view.seats || [];
  if (seats.some((x) => x.kind !== "bot" && !held.includes(x.seat))) return null;
  const settings = view.game === "quixo"
    ? { size: s.size, players: s.players, ...(s.ply_limit ? { ply_limit: s.ply_limit } : {}), ...(s.repetition ? { repetition: s.repetition } : {}) }
    : { edition: s.edition, players: s.players, ...(s.scorepad ? { scorepad: true } : {}) };
  if (view.game === "quixo") {
    // the other side starts: whoever did not start the last game
    const first = (s.first || "x").toLowerCase();
    if ((s.players || 2) === 2) settings.first = first === "o" ? "x" : "o";
  }
  return {
    game: view.game, settings,
    seats: seats.map((x) => (x.kind === "bot" ? { kind: "bot", bot: x.bot, ...(x.name && x.name !== x.bot ? { name: x.name } : {}) }
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

export function endActions(view, page) {
  const body = view.you !== null && view.you !== undefined ? rematchBody(view, heldSeats(page.id)) : null;
  return h("div", { class: "end-actions actions" },
    body ? h("button", { type: "button", class: "btn primary", id: "rematch", onclick: () => rematch(view, body) }, t("web_rematch")) : null,
    h("button", { type: "button", class: "btn", id: "new-game", onclick: () => go("/") }, t("web_new_game")));
}
