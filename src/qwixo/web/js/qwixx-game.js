// Qwixx's renderer (games.js): the dice and the sheets (yours first), the roll control (or the
// dice typed in at a real table), the choice among several options of one cell, every option
// as a button, the final score table, moves in words, the rules page of each edition (the
// edition list from GET /api/editions), the lobby's own settings (score pad, automatic roll),
// the first-game guide. The generic modules reach Qwixx only through this registration.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { touchScreen } from "./ui.js";
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

// an option text in parts: pass, a lucky cross into a row, a cross of a cell (with the row a
// Bonus B reward goes to, in words)
function decisionParts(text) {
  const [base, reward] = String(text || "pass").split("+");
  const rewardWords = reward ? ` ${t("web_move_reward_row", { row: reward })}` : "";
  if (base === "pass") return { kind: "pass" };
  if (base.startsWith("L:")) return { kind: "lucky", row: base[2] };
  if (/^[rygb]\d+$/.test(base)) return { kind: "cross", cell: base, reward: rewardWords };
  return { kind: "other" };
}

// one event of a roll in words: a whole sentence per kind (no pieces glued together)
function eventWords(view, e) {
  const name = seatName(view, e.player);
  if (e.type === "cross" && e.how === "lucky") return t("web_round_lucky", { name, row: e.row });
  if (e.type === "cross") return t("web_round_cross", { name, cell: `${e.row}${e.number}` });
  if (e.type === "pass") return t("web_round_pass", { name });
  if (e.type === "penalty") return t("announce_penalty", { name, count: e.count });
  if (e.type === "lock") return t("announce_row_locked", { name, row: e.row });
  return null;
}

// what happened in this roll (and the one before), action by action, in words: everyone's
// decisions once they are public, who is still deciding, penalties and locks
function rollView(view, q, events, current) {
  const roll = events[0];
  const by = { 1: [], 2: [] };
  let action = 1; // a penalty or a lock belongs to the action of the decision before it
  for (const e of events.slice(1)) {
    action = e.action || action;
    const words = eventWords(view, e);
    if (words) by[action].push(words);
  }
  if (current && q.phase === "action1") {
    for (const s of view.decided || []) by[1].push(t("web_round_decided", { name: seatName(view, s) }));
    for (const s of view.to_act || []) by[1].push(t("web_round_deciding", { name: seatName(view, s) }));
  }
  if (current && q.phase === "action2") for (const s of view.to_act || []) by[2].push(t("web_round_deciding", { name: seatName(view, s) }));
  const part = (n) => (by[n].length ? h("li", {}, h("b", {}, t(n === 1 ? "web_round_action1" : "web_round_action2")), " ", by[n].join(" ")) : null);
  return h("section", { class: `round-summary ${current ? "current" : "before"}`, "aria-label": t(current ? "web_round_title" : "web_round_before", { name: seatName(view, roll.player) }) },
    h("h3", {}, t(current ? "web_round_title" : "web_round_before", { name: seatName(view, roll.player) })),
    h("ul", {}, part(1), part(2)));
}

function rounds(view, q) {
  const rolls = q.rolls || [];
  if (!rolls.length) return null;
  const now = rolls[rolls.length - 1];
  const before = rolls.length > 1 ? rolls[rolls.length - 2] : null;
  return h("div", { class: "rounds", "aria-live": "polite" }, rollView(view, q, now, true),
    before ? h("details", { class: "round-before" }, h("summary", {}, t("web_round_before", { name: seatName(view, before[0].player) })),
      rollView(view, q, before, false)) : null);
}

// the cells crossed since the last roll ("seat:row:index"): marked on the sheets until the next
function thisRoll(q) {
  const rolls = q.rolls || [];
  const out = new Set();
  if (!rolls.length) return out;
  for (const e of rolls[rolls.length - 1]) {
    if (e.type !== "cross") continue;
    const sheet = (q.sheets || []).find((sh) => sh.seat === e.player);
    const row = sheet && (sheet.rows || []).find((r) => (r.row || r.color) === e.row);
    const i = row ? (row.cells || []).findIndex((c) => c.n === e.number) : -1;
    if (i >= 0) out.add(`${e.player}:${e.row}:${i}`);
  }
  return out;
}

function board(view, ui, handlers, extra, q) {
  const interactive = !!handlers && !view.is_over && isPlayer(view);
  const sheets = [...(q.sheets || [])];
  sheets.sort((a, b) => (b.seat === view.you) - (a.seat === view.you)); // my sheet first
  const ctx = { interactive, nameOf: (p) => seatName(view, p), marker: (s) => marker(view, q, s),
    hint: ui.hintOption || null, fresh: ui.fresh || null, legend: !isPlayer(view), thisRoll: thisRoll(q),
    suggest: ui.suggest || null, // an analysis's better decision {seat, move}: its cells marked
    onCell: (row, i, cell, options) => handlers.cell(row, i, cell, options) };
  return h("div", { class: "board-wrap qwixx-wrap", tabindex: "-1" },
    h("div", { class: "dice-bar" }, diceView(q),
      q.phase === "action1" && q.dice ? h("p", { class: "phase" }, t("web_action1", { sum: (q.dice.w1 || 0) + (q.dice.w2 || 0) })) : null,
      q.phase === "action2" ? h("p", { class: "phase" }, t("web_action2", { name: seatName(view, q.active) })) : null),
    extra,
    view.is_over ? null : rounds(view, q),
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
  // an analysis's key moment: a whole sentence per kind of decision
  playedWords(view, name, text, value) {
    const d = decisionParts(text);
    if (d.kind === "pass") return t("an_played_pass", { name, value });
    if (d.kind === "lucky") return t("an_played_lucky", { name, row: d.row, value });
    if (d.kind === "cross") return t("an_played_cross", { name, cell: d.cell, reward: d.reward, value });
    return t("an_played_move", { name, move: String(text), value });
  },
  betterWords(view, text, value) {
    const d = decisionParts(text);
    if (d.kind === "pass") return t("an_better_pass", { value });
    if (d.kind === "lucky") return t("an_better_lucky", { row: d.row, value });
    if (d.kind === "cross") return t("an_better_cross", { cell: d.cell, reward: d.reward, value });
    return t("an_better_move", { move: String(text), value });
  },
  // a hint's best decision: a whole sentence per kind, as the best one
  bestWords(view, text) {
    const d = decisionParts(text);
    if (d.kind === "pass") return t("an_best_pass");
    if (d.kind === "lucky") return t("an_best_lucky", { row: d.row });
    if (d.kind === "cross") return t("an_best_cross", { cell: d.cell, reward: d.reward });
    return t("web_hint_best", { move: this.moveWords(view, text) });
  },
  asked() {
    return t(touchScreen() ? "web_choose_cell_tap" : "web_choose_cell");
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
  // why the game ended, in words, before the winners (the banner and the result card)
  endReason(view) {
    const q = boardOf(view) || {};
    if (view.end_reason === "locks") return { text: t("web_end_locks", { rows: (q.closed || []).join(",") }) };
    if (view.end_reason === "penalties") {
      const max = (q.layout && q.layout.max_penalties) || 4;
      const who = (q.sheets || []).filter((sh) => (sh.penalties || 0) >= max).map((sh) => seatName(view, sh.seat));
      return { text: t("web_end_penalties", { name: who.join(", "), count: max }) };
    }
    return null;
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
  // passing may cost a penalty (passPenalty): confirmed first
  choiceCost(view, text) {
    const pen = text === "pass" ? this.passPenalty(view) : null;
    return pen && {
      title: t("web_penalty_title"),
      text: t("web_penalty_text", { points: pen.points, count: pen.count, max: pen.max }),
      ok: t("web_pass_penalty", { points: pen.points }),
    };
  },
  passWords(view) {
    const pen = this.passPenalty(view);
    return pen ? { text: t("web_pass_penalty", { points: pen.points }), costly: true } : { text: t("web_pass"), costly: false };
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
    if (!layout) return [paras(["web_rules_qwixx_goal"])];
    // every sentence that depends on the edition comes with its numbers from the edition's data
    // (Edition.rules: the sheet's lock rule, penalties, the action-2 rule)
    const said = (part) => (layout.rules[part] || []).map(([key, params]) => h("p", {}, t(key, params)));
    return [
      said("intro"),
      h("figure", { class: "rules-figure" }, example(edition, layout)),
      said("play"),
      scoring(layout),
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
