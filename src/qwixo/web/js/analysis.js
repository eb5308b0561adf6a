// The analysis of a finished game on the replay page, read the way a game review reads:
// "Analyse" asks the server (GET /api/games/{id}/analysis, docs/api.md "Analysis") and, while it
// works, asks how far it has gone (GET /api/games/{id}/analysis/progress): a percentage, and the
// graph and the worst decisions so far, as they come. Then: how it was made (exact values or
// estimates), a wide graph of each player's value over the game (an SVG drawn here, with axes;
// each player's line in its own dash pattern and named in the legend, so colour is not the only
// cue; a click on the graph takes the replay to that move), each player's accuracy where the
// values are exact, and the decisions that cost the most: each a button that takes the replay to
// the position before it, with the move played and the better one drawn on the board by the
// game's renderer (ui.suggest = {seat, move, played}) and put in words: what was played, what was
// better (the renderer's playedWords / betterWords) and what it cost ("This lost a won
// position."). Knows no game: the analysis has the same shape for every game.

import { h, s } from "./dom.js";
import { t, number, percent } from "./i18n.js";
import { api } from "./api.js";
import { errorText } from "./ui.js";
import { seatName } from "./words.js";
import { rendererFor } from "./games.js";

const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2"];
// how often the page asks how far the analysis has gone (ms)
const POLL_MS = 600;

// a value with one decimal, as the reader's language writes it ("35,7")
const one = (x) => number(x, 1);

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
  if (metric === "win_chance") return t("an_win_chance", { percent: percent(v) });
  return t("an_expected", { points: one(v) });
}

// what a decision cost, in a player's words: "This lost a won position.", "This cost 12 points
// of win chance (41 % → 29 %)."
export function costText(metric, p, pv, bv) {
  if (metric === "outcome") {
    const [b, a] = [(bv || {}).value, (pv || {}).value];
    if (b === "win" && a === "draw") return t("an_cost_win_draw");
    if (b === "win" && a === "loss") return t("an_cost_win_loss");
    if (b === "draw" && a === "loss") return t("an_cost_draw_loss");
    return t("an_cost_estimate", { before: valueText(metric, bv), after: valueText(metric, pv) });
  }
  if (metric === "win_chance") {
    return t("an_cost_chance", { points: one(100 * (p.loss || 0)), before: percent(bv || 0, 0), after: percent(pv || 0, 0) });
  }
  return t("an_cost_points", { points: one(p.loss || 0), before: one(bv || 0), after: one(pv || 0) });
}

function howText(a) {
  if (a.exact) return t("an_exact");
  const b = a.budget || {};
  if (b.playouts) return t("an_estimate_playouts", { playouts: b.playouts });
  return t("an_estimate_seconds", { seconds: number(b.seconds || 0, null) });
}

// (played, its value, best, its value) of a point, for either kind of metric
function pointValues(metric, p) {
  if (metric === "outcome") return [p.move, p.after, (p.best && p.best[0]) || p.move, p.before];
  return [p.chosen, p.chosen_value, p.best, p.best_value];
}

// a key moment as whole sentences: what was played, what was better, what it cost
export function momentText(view, metric, p) {
  const r = rendererFor(view.game);
  const [played, pv, best, bv] = pointValues(metric, p);
  return t("an_moment", { step: p.index + 1,
    played: r.playedWords(view, seatName(view, p.player), played, valueText(metric, pv)),
    better: r.betterWords(view, best, valueText(metric, bv)),
    cost: costText(metric, p, pv, bv) });
}

// the point each row of the graph stands for: row k is after the k-th decision, or, when the
// points carry `roll` (a game whose graph has a row per roll), after roll k+1: its last point
function rowPoints(points, rows) {
  if (!points.length || points[0].roll === undefined) return points.slice(0, rows);
  const out = [];
  for (let k = 0; k < rows; k++) {
    const mine = points.filter((p) => p.roll === k + 1);
    out.push(mine.length ? mine[mine.length - 1] : null);
  }
  return out;
}

// the graph: each seat's value after every decision (or roll), with its axes; a click on a
// column takes the replay to the position after that move
function graph(a, page) {
  const view = page.view;
  // (a phone's graph is drawn narrower, so that its words stay as large as the page's)
  const W = window.innerWidth < 640 ? 400 : 720, H = 240, L = 52, R = 12, T = 12, B = 40;
  const rows = a.series || [];
  const perRoll = a.points.length > 0 && a.points[0].roll !== undefined;
  // (while the analysis runs, a graph of a row per decision is drawn to its full length)
  const total = perRoll ? rows.length : Math.max(rows.length, a.total || 0);
  const seats = rows.length ? rows[0].length : (view.seats || []).length;
  let lo = 0, hi = 1;
  if (a.metric === "expected_score") {
    const all = rows.flat().filter((x) => x !== null && x !== undefined);
    lo = Math.floor(Math.min(0, ...all) / 10) * 10;
    hi = Math.max(10, Math.ceil(Math.max(1, ...all) / 10) * 10);
  }
  const span = Math.max(1, total - 1);
  const x = (i) => L + (i * (W - L - R)) / span;
  const y = (v) => H - B - ((v - lo) * (H - T - B)) / (hi - lo || 1);
  const chart = s("svg", { class: "an-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("web_analysis_graph"), "aria-describedby": "an-graph-cap" });
  const axes = s("g", { class: "an-axes", "aria-hidden": "true" });
  // the value axis: three ticks (0, the middle, the top) and its name
  const yTicks = a.metric === "expected_score" ? [lo, (lo + hi) / 2, hi] : [0, 0.5, 1];
  for (const v of yTicks) {
    axes.append(s("line", { class: v === yTicks[1] && a.metric !== "expected_score" ? "an-mid" : "an-grid", x1: L, x2: W - R, y1: y(v), y2: y(v) }));
    axes.append(s("text", { class: "an-tick", x: L - 6, y: y(v) + 4, "text-anchor": "end" },
      a.metric === "expected_score" ? String(Math.round(v)) : percent(v)));
  }
  axes.append(s("text", { class: "an-axis-name", x: 14, y: (T + H - B) / 2, "text-anchor": "middle",
    transform: `rotate(-90 14 ${(T + H - B) / 2})` }, t(`web_analysis_axis_${a.metric}`)));
  // the moves' axis: about eight numbered ticks, and its name
  const every = Math.max(1, Math.ceil(total / 8));
  for (let i = 0; i < total; i += every) {
    axes.append(s("line", { class: "an-grid", x1: x(i), x2: x(i), y1: H - B, y2: H - B + 5 }));
    axes.append(s("text", { class: "an-tick", x: x(i), y: H - B + 18, "text-anchor": "middle" }, String(i + 1)));
  }
  axes.append(s("text", { class: "an-axis-name", x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle" },
    t(perRoll ? "web_analysis_axis_rolls" : "web_analysis_axis_moves")));
  axes.append(s("line", { class: "an-axis", x1: L, x2: L, y1: T, y2: H - B }));
  axes.append(s("line", { class: "an-axis", x1: L, x2: W - R, y1: H - B, y2: H - B }));
  chart.append(axes);
  for (let p = 0; p < seats; p++) {
    const pts = rows.map((r, i) => (r[p] === null || r[p] === undefined ? null : `${x(i).toFixed(1)},${y(r[p]).toFixed(1)}`)).filter((q) => q);
    chart.append(s("polyline", { points: pts.join(" "), fill: "none", class: `an-line an-seat-${p}`, "stroke-width": 2.5,
      "stroke-dasharray": DASHES[p % DASHES.length] || null, "aria-hidden": "true" }));
  }
  // the key moments marked, and the replay's position as a cursor
  const at = rowPoints(a.points, rows.length);
  const keys = new Set(a.key || []);
  const marks = s("g", { class: "an-marks", "aria-hidden": "true" });
  at.forEach((p, i) => {
    if (!p || !keys.has(p.index)) return;
    const v = rows[i][p.player];
    if (v !== null && v !== undefined) marks.append(s("circle", { class: "an-key-dot", cx: x(i), cy: y(v), r: 5 }));
  });
  const cur = at.findIndex((p) => p && p.step === page.step);
  if (cur >= 0) marks.append(s("line", { class: "an-cursor", x1: x(cur), x2: x(cur), y1: T, y2: H - B }));
  chart.append(marks);
  // a column per row, the whole height: a click goes to the position after that move
  const cols = s("g", { class: "an-cols", "aria-hidden": "true" });
  const half = (W - L - R) / span / 2;
  at.forEach((p, i) => {
    if (!p) return;
    cols.append(s("rect", { class: "an-col", x: Math.max(L - half, x(i) - half), y: T, width: 2 * half, height: H - T - B,
      dataset: { row: i, step: p.step }, onclick: () => page.show(p.step) }));
  });
  chart.append(cols);
  const legend = h("ul", { class: "an-legend" }, Array.from({ length: seats }, (_, p) =>
    h("li", {}, s("svg", { class: "an-swatch", width: 28, height: 8, viewBox: "0 0 28 8", "aria-hidden": "true" },
      s("line", { x1: 0, x2: 28, y1: 4, y2: 4, class: `an-line an-seat-${p}`, "stroke-width": 2.5, "stroke-dasharray": DASHES[p % DASHES.length] || null })),
    " ", seatName(view, p))));
  return h("figure", { class: "an-graph" }, chart,
    h("figcaption", { id: "an-graph-cap" }, t("web_analysis_graph_help")), legend);
}

// the key moments: the worst decisions (the analysis' `key`; while it runs, the worst so far)
function moments(a, page, keys) {
  const byIndex = new Map(a.points.map((p) => [p.index, p]));
  return h("ol", { class: "an-moments" }, keys.map((i) => {
    const p = byIndex.get(i);
    const text = momentText(page.view, a.metric, p);
    const [played, , best] = pointValues(a.metric, p);
    // the position in which the decision was made, the move played and the better one drawn
    const show = () => page.show(Math.max(0, p.step - 1), { seat: p.player, move: best, played, text,
      drawn: t("web_analysis_drawn") });
    return h("li", {}, h("button", { type: "button", class: "log-step an-moment", onclick: show }, text));
  }));
}

// redraw the panel alone (the replay's controls keep their focus while the analysis runs)
function refresh(page) {
  const old = document.getElementById("an-panel");
  const now = analysisPanel(page);
  if (old && now) old.replaceWith(now);
  else page.render();
}

// ask the server, and meanwhile how far it has gone
async function ask(page, st) {
  st.state = "loading";
  st.progress = null;
  st.error = null;
  refresh(page);
  const run = api("GET", `/api/games/${encodeURIComponent(page.id)}/analysis`);
  let finished = false;
  run.then(() => { finished = true; }, () => { finished = true; });
  const poll = async () => {
    while (!finished && !page.disposed) {
      await new Promise((ok) => setTimeout(ok, POLL_MS));
      if (finished || page.disposed) return;
      try {
        const p = await api("GET", `/api/games/${encodeURIComponent(page.id)}/analysis/progress`);
        if (!finished && p.state === "running") {
          st.progress = p;
          refresh(page);
        }
      } catch (e) {
        // (a progress report that fails changes nothing: the analysis itself answers)
      }
    }
  };
  poll();
  try {
    st.data = await run;
    st.state = "done";
  } catch (e) {
    st.error = e;
    st.state = "error";
  }
  refresh(page);
  const head = document.getElementById("an-h");
  if (head) head.focus();
}

// the panel; `page`: the replay page (id, view, step, show(step, suggest), render())
export function analysisPanel(page) {
  if (page.view && page.view.analysis === false) return null; // the game declares none
  const st = page.analysis || (page.analysis = { state: "idle" });
  const box = h("section", { class: "analysis card", id: "an-panel", "aria-labelledby": "an-h" },
    h("h2", { id: "an-h", tabindex: "-1" }, t("web_analysis_title")));
  if (st.state === "idle" || st.state === "error") {
    box.append(h("button", { class: "btn primary", id: "an-go", type: "button", onclick: () => ask(page, st) }, t("web_analyse")));
    if (st.state === "error") box.append(h("p", { class: "error-box", role: "alert" }, errorText(st.error)));
    return box;
  }
  if (st.state === "loading") {
    const p = st.progress;
    const pct = p && p.percent !== null && p.percent !== undefined ? p.percent : null;
    box.append(h("div", { class: "an-progress-box" },
      h("progress", { id: "an-progress", max: 100, value: pct === null ? null : pct, "aria-labelledby": "an-progress-text",
        dataset: { done: p ? p.done : 0 } }),
      h("p", { id: "an-progress-text", role: "status" }, pct === null ? t("web_analysis_loading")
        : t("web_analysis_progress", { percent: pct, done: p.done, total: p.total }))));
    if (p && p.series && p.series.length && p.metric) {
      // the first results: the graph so far, and the worst decisions so far
      const worst = p.points.filter((q) => q.loss > 0).sort((u, v) => v.loss - u.loss || u.index - v.index).slice(0, 5);
      const partial = { metric: p.metric, series: p.series, points: p.points, key: worst.map((q) => q.index), total: p.total };
      box.append(graph(partial, page));
      if (worst.length) box.append(h("h3", {}, t("web_analysis_so_far")), moments(partial, page, partial.key));
    }
    return box;
  }
  const a = st.data.analysis;
  const view = page.view;
  box.append(h("p", { id: "an-how" }, howText(a)), graph(a, page));
  const acc = (a.summary && a.summary.seats || []).filter((x) => x.accuracy !== null && x.accuracy !== undefined);
  if (acc.length) {
    box.append(h("ul", { class: "an-accuracy" }, acc.map((x) =>
      h("li", {}, t("web_analysis_accuracy", { name: seatName(view, x.seat), accuracy: percent(x.accuracy / 100) })))));
  }
  if (!a.key.length) box.append(h("p", { id: "an-none" }, t("an_no_mistakes")));
  else box.append(h("h3", {}, t("an_key_moments")), moments(a, page, a.key));
  return box;
}

// the replay page of a game with `autostart` (…&analyse=1: the result card's "Analyse"):
// the analysis asked at once
export function startAnalysis(page) {
  const st = page.analysis || (page.analysis = { state: "idle" });
  if (st.state === "idle" && !(page.view && page.view.analysis === false)) ask(page, st);
}
