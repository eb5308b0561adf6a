// Qwixx's renderer (games.js): the dice and the sheets (yours first), the roll control (or the
// dice typed in at a real table), the choice among several options of one cell, every option
// as a button, the final score table, moves in words, the rules page of each edition (the
// edition list from GET /api/editions), the lobby's own settings (score pad, automatic roll),
// the first-game guide. The generic modules reach Qwixx only through this registration.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { registerGame, boardOf } from "./games.js";
import { seatName } from "./words.js";
import { diceView, sheetView, sheetLegend, diceEntry, optionLabel, scoreTable, qwixxMoveWords, num } from "./qwixx.js";

const NAME = "qwixx";

function isPlayer(view) {
  return view.you !== null && view.you !== undefined;
}

function marker(view, q, seat) {
  if (q.phase === "action1" && (view.decided || []).includes(seat)) return h("span", { class: "marker decided" }, `✓ ${t("web_decided")}`);
  if ((view.to_act || []).includes(seat)) return h("span", { class: "marker deciding" }, `… ${t("web_deciding")}`);
  if (q.active === seat && !view.is_over) return h("span", { class: "marker active", title: t("web_rolls_this_turn") }, `⚀ ${t("web_rolls_this_turn")}`);
  return null;
}

function board(view, ui, handlers, extra, q) {
  const interactive = !!handlers && !view.is_over && isPlayer(view);
  const sheets = [...(q.sheets || [])];
  sheets.sort((a, b) => (b.seat === view.you) - (a.seat === view.you)); // my sheet first
  const ctx = { interactive, nameOf: (p) => seatName(view, p), marker: (s) => marker(view, q, s),
    hint: ui.hintOption || null, fresh: ui.fresh || null, legend: !isPlayer(view),
    suggest: ui.suggest || null, // an analysis's better decision {seat, move}: its cells marked
    onCell: (row, i, cell, options) => handlers.cell(row, i, cell, options) };
  return h("div", { class: "board-wrap qwixx-wrap", tabindex: "-1" },
    h("div", { class: "dice-bar" }, diceView(q),
      q.phase === "action1" && q.dice ? h("p", { class: "phase" }, t("web_action1", { sum: (q.dice.w1 || 0) + (q.dice.w2 || 0) })) : null,
      q.phase === "action2" ? h("p", { class: "phase" }, t("web_action2", { name: seatName(view, q.active) })) : null),
    extra,
    h("div", { class: "sheets" }, sheets.map((sh) => sheetView(view, sh, ctx))));
}

function rollControl(view, ui, act) {
  const you = view.you;
  const q = boardOf(view) || {};
  const rollerSeat = (view.seats || []).find((s) => s.seat === view.roller) || {};
  const pad = view.scorepad || q.scorepad;
  // score pad: whoever holds a person seat types the dice of a bot's turn too
  if (!view.needs_roll || !(view.roller === you || (pad && rollerSeat.kind === "bot"))) return null;
  if (pad) return diceEntry(q, ui.dice, (dice) => act.rollDice(dice), (text) => act.showError({ text }));
  return h("button", { type: "button", class: "btn primary big", id: "roll", onclick: () => act.roll() }, `⚀ ${t("web_roll")}`);
}

function chooser(ui, act) {
  if (!ui.chooser) return null;
  return h("div", { class: "chooser", role: "group", "aria-label": t("web_choose_among") }, h("p", {}, t("web_choose_among")),
    ui.chooser.options.map((o) => h("button", { type: "button", class: "btn", dataset: { option: o }, onclick: () => act.choose(o) }, optionLabel(o))),
    h("button", { type: "button", class: "btn", id: "chooser-cancel", onclick: () => act.cancel() }, t("web_quixo_cancel")));
}

function allOptions(view, act) {
  const opts = view.options || [];
  if (opts.length <= 1) return null;
  // every option as a button too (and options without a cell)
  return h("details", { class: "all-options" }, h("summary", {}, t("web_other_options")),
    h("div", { class: "opt-list" }, opts.map((o) => h("button", { type: "button", class: "btn small", dataset: { option: o }, onclick: () => act.choose(o) }, optionLabel(o)))));
}

// the cells crossed in `now` but not in `before` ("seat:row:index"), for the cross animation
function fresh(before, now) {
  const a = boardOf(before);
  const b = boardOf(now);
  if (!a || !b || before.game !== now.game || !a.sheets || !b.sheets) return null;
  const had = new Set();
  for (const sh of a.sheets) for (const r of sh.rows) r.cells.forEach((c, i) => { if (c.crossed) had.add(`${sh.seat}:${r.row}:${i}`); });
  const out = new Set();
  for (const sh of b.sheets) for (const r of sh.rows) r.cells.forEach((c, i) => { const k = `${sh.seat}:${r.row}:${i}`; if (c.crossed && !had.has(k)) out.add(k); });
  return out.size ? out : null;
}

// the edition's sheet with a few example marks: crosses, a skipped box, a penalty
export function exampleSheet(layout) {
  const rows = layout.rows.map((r, ri) => {
    const crossed = new Set(ri === 0 ? [0, 2, 3] : ri === 1 ? [1] : []);
    const cells = r.cells.map((c, i) => ({ n: c.number, color: c.colour, crossed: crossed.has(i), lock: c.lock,
      bonus: c.bonus ? true : c.reward || null }));
    const n = crossed.size;
    return { row: r.colour, color: r.colour, cells, lock: { color: r.cells[r.cells.length - 1].colour, crossed: false },
      closed: false, crosses: n, points: layout.score_table ? layout.score_table[n] : (n * (n + 1)) / 2 };
  });
  const bar = (layout.bar || []).map((c, i) => ({ color: c, state: i === 0 ? "crossed" : "free" }));
  const total = rows.reduce((a, r) => a + r.points, 0) - (layout.penalty_points || 5);
  return { seat: 0, rows, penalties: 1, lucky: layout.lucky ? [6, 11] : [], bar, rewards: [], total };
}

function example(edition, layout) {
  const view = { game: NAME, you: null, seats: [], scores: [],
    board: { edition, layout, sheets: [], option_cells: {}, phase: "action1" } };
  return sheetView(view, exampleSheet(layout), { interactive: false, nameOf: () => t("web_rules_example"), legend: true });
}

function scoring(layout) {
  const table = (layout.score_table || []).slice(1, (layout.rows[0].cells.length || 11) + 2);
  return h("table", { class: "score-table rules-scoring" }, h("caption", {}, t("web_rules_scoring")),
    h("tbody", {},
      h("tr", {}, h("th", { scope: "row" }, t("web_rules_crosses")), table.map((_, i) => h("td", {}, String(i + 1)))),
      h("tr", {}, h("th", { scope: "row" }, t("web_points")), table.map((p) => h("td", {}, String(p))))));
}

const paras = (keys) => keys.map((k) => h("p", {}, t(k)));
const layouts = new Map(); // edition -> its layout (GET /api/editions/{name})
let editions = null; // GET /api/editions

const edLabel = (e) => `${t("web_qwixx")} · ${t(`web_edition_${e}`)}`;

registerGame(NAME, {
  strength: ["random", "race", "optimal", "gap", "strong"],
  title(settings) {
    const ed = settings.edition || "classic";
    const pad = settings.scorepad ? " · ✎" : "";
    const edName = t(`web_edition_${ed}`).replace(/\s*\(.*\)\s*$/, "");
    return `${t("web_qwixx")} · ${edName} · ${t("web_players_n", { n: settings.players || 2 })}${pad}`;
  },
  moveWords(view, text) {
    return qwixxMoveWords(text);
  },
  asked() {
    return t("web_choose_cell");
  },
  board,
  controls(view, ui, act) {
    return [rollControl(view, ui, act), chooser(ui, act)];
  },
  moreControls(view, ui, act) {
    return allOptions(view, act);
  },
  showsScores() {
    return true;
  },
  afterBoard(view) {
    return scoreTable(view, (p) => seatName(view, p));
  },
  fresh,
  moveSound: "cross",
  rulesQuery(view) {
    const q = boardOf(view) || {};
    return `rules=${NAME}&edition=${encodeURIComponent(q.edition || (view.settings || {}).edition || "classic")}`;
  },
  rematchSettings(view) {
    const s = view.settings || {};
    return { edition: s.edition, players: s.players, ...(s.scorepad ? { scorepad: true } : {}) };
  },
  guideStep(view, ui, acted) {
    const mine = (view.to_act || []).includes(view.you);
    const q = boardOf(view) || {};
    if (view.needs_roll && view.roller === view.you && !acted) return [1, 4];
    if (mine && q.phase === "action1") return [2, 4];
    if (mine && q.phase === "action2") return [3, 4];
    return acted ? [4, 4] : null;
  },
  scoreWord(score) {
    return num(score);
  },
  // passing may cost a penalty (passPenalty)
  choiceCost(view, text) {
    return text === "pass" ? this.passPenalty(view) : null;
  },
  // the dice typed in at a real table (score-pad mode), empty
  uiState() {
    return { dice: ["", "", "", "", "", ""] };
  },
  // the penalty a pass would cost now (the engine says so in the board's pass_penalty: action 2
  // after nothing crossed in action 1), or null
  passPenalty(view) {
    const q = boardOf(view);
    if (!q || !q.pass_penalty || !(view.options || []).includes("pass")) return null;
    const sheet = (q.sheets || []).find((s) => s.seat === view.you) || {};
    const points = (q.layout && q.layout.penalty_points) || 5;
    return { points, count: (sheet.penalties || 0) + 1, max: (q.layout && q.layout.max_penalties) || 4 };
  },
  // one rules page per edition, in the order GET /api/editions lists them
  async rulesPages() {
    if (!editions) editions = (await api("GET", "/api/editions")).editions || [];
    return editions.map((e) => ({ query: `${NAME}&edition=${encodeURIComponent(e)}`, label: edLabel(e), edition: e }));
  },
  rulesTitle(params) {
    return edLabel(params.get("edition") || "classic");
  },
  rulesContent(params, redraw) {
    const edition = params.get("edition") || "classic";
    const layout = layouts.get(edition);
    if (!layouts.has(edition)) {
      layouts.set(edition, null);
      api("GET", `/api/editions/${encodeURIComponent(edition)}`).then((l) => { layouts.set(edition, l); redraw(); }).catch(() => {});
    }
    const legend = sheetLegend(edition);
    return [
      paras(["web_rules_qwixx_goal", `web_rules_ed_${edition}`, "web_rules_qwixx_rows"]),
      layout ? h("figure", { class: "rules-figure" }, example(edition, layout)) : null,
      paras(["web_rules_qwixx_action1", "web_rules_qwixx_action2", "web_rules_qwixx_penalty", "web_rules_qwixx_lock", "web_rules_qwixx_end"]),
      layout ? scoring(layout) : null,
      legend ? h("p", { class: "rules-special" }, legend.textContent) : null,
    ];
  },
  // the lobby: editions by their names; the score pad (every seat a person at one table, the
  // dice typed in) and the automatic roll
  settingLabels: { edition: (e) => t(`web_edition_${e}`) },
  settingFields: {
    seed: () => null,
    lucky: () => null,
  },
  formExtras(form, set) {
    if (form.settings.scorepad) return [];
    return [h("label", { class: "field check" },
      h("input", { type: "checkbox", name: "auto_roll", checked: !!form.autoRoll, onchange: (e) => set("autoRoll", e.target.checked) }),
      h("span", {}, t("web_auto_roll")))];
  },
  createExtras(form) {
    return { auto_roll: !form.settings.scorepad && !!form.autoRoll };
  },
  // a score pad game: every seat is the person at the table, no clock, not rated
  allPeople(settings) {
    return !!settings.scorepad;
  },
  ratingQuery(settings) {
    return new URLSearchParams({ game: NAME, players: String(settings.players || 2), edition: settings.edition || "classic" });
  },
});
