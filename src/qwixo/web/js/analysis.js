// The analysis of a finished game on the replay page: "Analyse" asks the server
// (GET /api/games/{id}/analysis, docs/api.md "Analysis"), then shows how it was made (exact
// values or estimates), a graph of each player's value over the game (an SVG drawn here, each
// player's line in its own dash pattern and named in the legend, so colour is not the only
// cue), each player's accuracy where the values are exact, and the decisions that cost the most:
// each a button that takes the replay to the position before it, with the better decision drawn
// on the board by the game's renderer (ui.suggest) and put in words. Knows no game: the analysis has
// the same shape for every game; decisions are put in words by the game's renderer
// (playedWords, betterWords: whole sentences).

import { h, s } from "./dom.js";
import { t, number, percent } from "./i18n.js";
import { api } from "./api.js";
import { errorText } from "./ui.js";
import { seatName } from "./words.js";
import { rendererFor } from "./games.js";

const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2"];

// one value of an analysis in words (the metric says what the values are)
export function valueText(metric, v) {
  if (metric === "outcome") {
    const o = v || {};
    if (o.value === "draw") return t("an_draw");
    if (o.value === "win") return t("an_win_in", { plies: o.plies || 0 });
    if (o.value === "loss") return t("an_loss_in", { plies: o.plies || 0 });
    const score = o.score === null || o.score === undefined ? "?" : (o.score > 0 ? `+${o.score}` : `${o.score}`);
    return t("an_score", { score });
  }
  if (v === null || v === undefined) return "?";
  const one = (x) => number(x, 1);
  if (metric === "win_chance") return t("an_win_chance", { percent: percent(v) });
  return t("an_expected", { points: one(v) });
}

// a key moment as whole sentences, each made by the game's renderer for its kind of decision
// ("Ada crossed red 7 (…). Better: cross red 8 (…).")
function momentText(view, step, p, played, pv, best, bv) {
  const r = rendererFor(view.game);
  return t("an_moment", { step, played: r.playedWords(view, seatName(view, p.player), played, pv),
    better: r.betterWords(view, best, bv) });
}

function howText(a) {
  if (a.exact) return t("an_exact");
  const b = a.budget || {};
  if (b.playouts) return t("an_estimate_playouts", { playouts: b.playouts });
  return t("an_estimate_seconds", { seconds: number(b.seconds || 0, null) });
}

// (played, its value, best, its value) of a point, for either kind of metric
function pointValues(a, p) {
  if (a.metric === "outcome") return [p.move, p.after, (p.best && p.best[0]) || p.move, p.before];
  return [p.chosen, p.chosen_value, p.best, p.best_value];
}

function graph(a, view) {
  const W = 320, H = 120, PAD = 6;
  const rows = a.series || [];
  const seats = rows.length ? rows[0].length : 0;
  let lo = 0, hi = 1;
  if (a.metric === "expected_score") {
    const all = rows.flat().filter((x) => x !== null && x !== undefined);
    lo = Math.min(0, ...all);
    hi = Math.max(1, ...all);
  }
  const x = (i) => PAD + (rows.length > 1 ? (i * (W - 2 * PAD)) / (rows.length - 1) : 0);
  const y = (v) => H - PAD - ((v - lo) * (H - 2 * PAD)) / (hi - lo || 1);
  const lines = [];
  for (let p = 0; p < seats; p++) {
    const pts = rows.map((r, i) => (r[p] === null || r[p] === undefined ? null : `${x(i).toFixed(1)},${y(r[p]).toFixed(1)}`)).filter((q) => q);
    lines.push(s("polyline", { points: pts.join(" "), fill: "none", class: `an-line an-seat-${p}`, "stroke-width": 2,
      "stroke-dasharray": DASHES[p % DASHES.length] || null }));
  }
  const mid = a.metric === "expected_score" ? null : s("line", { x1: PAD, x2: W - PAD, y1: y(0.5), y2: y(0.5), class: "an-mid" });
  const legend = h("ul", { class: "an-legend" }, Array.from({ length: seats }, (_, p) =>
    h("li", {}, s("svg", { width: 28, height: 8, "aria-hidden": "true" },
      s("line", { x1: 0, x2: 28, y1: 4, y2: 4, class: `an-line an-seat-${p}`, "stroke-width": 2, "stroke-dasharray": DASHES[p % DASHES.length] || null })),
    " ", seatName(view, p))));
  return h("figure", { class: "an-graph" },
    s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("web_analysis_graph") }, mid, lines),
    h("figcaption", {}, t("web_analysis_graph")), legend);
}

// the panel; `page`: the replay page (id, view, show(step), render())
export function analysisPanel(page) {
  if (page.view && page.view.analysis === false) return null; // the game declares none
  const st = page.analysis || (page.analysis = { state: "idle" });
  const ask = async () => {
    st.state = "loading";
    page.render();
    try {
      st.data = await api("GET", `/api/games/${encodeURIComponent(page.id)}/analysis`);
      st.state = "done";
    } catch (e) {
      st.error = e;
      st.state = "error";
    }
    page.render();
    const head = document.getElementById("an-h");
    if (head) head.focus();
  };
  const box = h("section", { class: "analysis", "aria-labelledby": "an-h" },
    h("h2", { id: "an-h", tabindex: "-1" }, t("web_analysis_title")));
  if (st.state === "idle" || st.state === "error") {
    box.append(h("button", { class: "btn", id: "an-go", type: "button", onclick: ask }, t("web_analyse")));
    if (st.state === "error") box.append(h("p", { class: "error-box", role: "alert" }, errorText(st.error)));
    return box;
  }
  if (st.state === "loading") {
    box.append(h("p", { class: "loading", role: "status" }, t("web_analysis_loading")));
    return box;
  }
  const a = st.data.analysis;
  const view = page.view;
  box.append(h("p", { id: "an-how" }, howText(a)), graph(a, view));
  const acc = (a.summary && a.summary.seats || []).filter((x) => x.accuracy !== null && x.accuracy !== undefined);
  if (acc.length) {
    box.append(h("ul", { class: "an-accuracy" }, acc.map((x) =>
      h("li", {}, t("web_analysis_accuracy", { name: seatName(view, x.seat), accuracy: percent(x.accuracy / 100) })))));
  }
  const byIndex = new Map(a.points.map((p) => [p.index, p]));
  if (!a.key.length) {
    box.append(h("p", { id: "an-none" }, t("an_no_mistakes")));
  } else {
    box.append(h("h3", {}, t("an_key_moments")), h("ol", { class: "an-moments" }, a.key.map((i) => {
      const p = byIndex.get(i);
      const [played, pv, best, bv] = pointValues(a, p);
      const text = momentText(view, i + 1, p, played, valueText(a.metric, pv), best, valueText(a.metric, bv));
      // the position in which the decision was made, the better one drawn on it
      const show = () => page.show(Math.max(0, p.step - 1), { seat: p.player, move: best, text });
      return h("li", {}, h("button", { type: "button", class: "log-step an-moment", onclick: show }, text));
    })));
  }
  return box;
}
