// The result card of a finished game: why it ended (a resignation, a draw, the game's own end
// rule in words: its renderer's endReason), the podium (each seat's place from the view's
// `places`: a resigner last), points where the game counts points, the game's own figures (its
// renderer's resultDetails: the winning line...) and, for a rated game, each seat's rating
// change ("+16 → 1,516"; a person's first rated games read "provisional" instead of a ± figure);
// for a game created rated that was not, why not (the view's `unrated`, as the table said
// before the game: unratedNote); and an "Analyse" button to the replay with its analysis.

import { h } from "./dom.js";
import { t, lang, number } from "./i18n.js";
import { seatName } from "./words.js";
import { rendererFor } from "./games.js";
import { endWhy } from "./board.js";
import { navClick } from "./nav.js";


// a moment (epoch seconds) in this reader's language and time zone
export function when(epoch) {
  return new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(epoch * 1000));
}

// "Not rated: Ada's account is new: its games count for ratings from 2 Dec 2026, 04:05." from
// the view's `unrated` ({key, params}: the API's reason), its time in local time
export function unratedText(why) {
  const params = { ...(why.params || {}) };
  if (params.from) params.at = when(params.from);
  return t("web_unrated", { why: t(why.key, params) });
}

// the table's line about rating: rated, or why not (null for a game created unrated)
export function unratedNote(view) {
  if (!view.rated) return null;
  return view.unrated
    ? h("p", { class: "unrated-note", id: "unrated-note", role: "note" }, unratedText(view.unrated))
    : h("p", { class: "rated-badge", id: "rated-note" }, `★ ${t("web_rated")}`);
}

// "+16 → 1,516" (a minus sign for a loss)
export function ratingChange(c) {
  const d = Math.round(c.after) - Math.round(c.before);
  const delta = d > 0 ? `+${number(d)}` : d < 0 ? `−${number(-d)}` : "±0";
  return t("web_rating_change", { delta, rating: number(c.after) });
}

// the result card; `id`: the game's id (its "Analyse" button opens the replay at the end, the
// analysis asked at once, where the game declares one)
export function resultCard(view, id = null) {
  if (!view.is_over) return null;
  const places = view.places && view.places.length ? view.places : (view.scores || []).map(() => 1);
  const order = places.map((p, seat) => seat).sort((a, b) => places[a] - places[b] || a - b);
  const points = view.utility !== "win_loss";
  const changes = new Map((view.rating_change || []).map((c) => [c.seat, c]));
  const resigned = view.resigned || [];
  const r = rendererFor(view.game);
  const why = endWhy(view);
  return h("section", { class: "card result-card", id: "result-card", "aria-labelledby": "result-card-title" },
    h("h2", { id: "result-card-title" }, t("web_result_title")),
    why ? h("p", { class: "result-why", id: "result-why" }, why.text) : null,
    h("ol", { class: "podium" }, order.map((seat) => {
      const c = changes.get(seat);
      return h("li", { class: `podium-place place-${places[seat]}${seat === view.you ? " me" : ""}`, dataset: { seat, place: places[seat] } },
        h("span", { class: "place" }, t("web_result_place", { place: places[seat] })), " ",
        h("b", { class: "who" }, seatName(view, seat)),
        points ? h("span", { class: "score" }, " · ", t("web_result_points", { score: (view.scores || [])[seat] })) : null,
        resigned.includes(seat) ? h("span", { class: "muted" }, " · ", t("web_result_resigned")) : null,
        c ? h("span", { class: "rating-change" }, " · ", ratingChange(c), c.provisional ? ` (${t("web_rating_provisional")})` : "") : null);
    })),
    view.rated && view.unrated ? h("p", { class: "unrated-note", id: "result-unrated" }, unratedText(view.unrated)) : null,
    r.resultDetails ? r.resultDetails(view) : null,
    id && view.analysis !== false ? h("p", { class: "result-actions" },
      h("a", { class: "btn primary", id: "result-analyse", onclick: navClick,
        href: `/?game=${encodeURIComponent(id)}&replay=${view.version || 0}&analyse=1` }, t("web_analyse"))) : null);
}
