// Qwixx: the dice and the score sheets, drawn like the real pads. Rows carry their colour
// *and* their letter (R/Y/G/B); Mixx A cells show their own colour letter; Bonus A bonus cells a
// star and the bonus bar below the rows; Bonus B cells their symbol; Longo sheets their lucky
// numbers. Crosses are big ✕ marks, skipped cells are faded, locked rows struck through.
//
// Clicking a cell of your own sheet chooses the option that crosses it (highlighted cells);
// any other cell is sent too, so the server explains why it cannot be crossed.

import { h } from "./dom.js";
import { t, shownAs } from "./i18n.js";
import { roving } from "./keynav.js";
import { boardOf } from "./games.js";
import "./qwixx-codes.js";

// the editions the offline score pad offers (online, GET /api/editions lists them)
export const EDITIONS = ["classic", "longo", "mixx-a", "mixx-b", "bonus-a", "bonus-b"];
export const ROWS = ["r", "y", "g", "b"];
export const DICE = ["w1", "w2", "r", "y", "g", "b"];
// a colour's abbreviation in the page's language (docs/glossary.md): R, Y, G, B, W in English
const abbr = (c) => t(`qwixx_abbr_${String(c)[0]}`);
export const REWARD_SYMBOL = {
  "two-crosses": "2✕",
  "each-row": "≡",
  double: "×2",
  "plus-13": "+13",
  "no-penalty": "⊘",
};

// a readable label for an option text: "r7" → "R 7", "L:g" → "☘ G", "g9+y" → "G 9 + Y 2✕"
export function optionLabel(text) {
  if (text === "pass" || text === undefined || text === null) return t("web_pass");
  const [base, reward] = String(text).split("+");
  let out;
  if (base.startsWith("L:")) out = `☘ ${/[rygb]/.test(base[2]) ? abbr(base[2]) : base[2]} (${t("web_lucky")})`;
  else if (/^[rygb]\d+$/.test(base)) out = `${abbr(base[0])} ${base.slice(1)}`;
  else out = base;
  if (reward) out += ` + ${/^[rygb]$/.test(reward) ? abbr(reward) : reward} ${REWARD_SYMBOL["two-crosses"]}`;
  return out;
}

// a number with a real minus sign (−5, not -5), as printed pads do
export function num(n) {
  return typeof n === "number" && n < 0 ? `−${-n}` : String(n ?? 0);
}

export function colourName(c) {
  return t(`web_row_${c}`);
}

// "crossed red 7", "lucky number in green", "... and crossed a yellow box (reward)"
export function qwixxMoveWords(text) {
  if (!text || text === "pass") return t("web_move_pass");
  const [base, reward] = String(text).split("+");
  let out;
  if (base.startsWith("L:")) out = t("web_move_lucky", { row: base[2] });
  else if (/^[rygb]\d+$/.test(base)) out = t("web_move_cross", { cell: base });
  else out = base;
  if (reward) out += ` ${t("web_move_reward_row", { row: reward })}`;
  return out;
}

function lockIcon() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("class", "lock-icon");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = '<path d="M6 9V6.5a4 4 0 0 1 8 0V9" fill="none" stroke="currentColor" stroke-width="2"/>' +
    '<rect x="4" y="9" width="12" height="9" rx="2" fill="currentColor"/>';
  return svg;
}

// -- dice ---------------------------------------------------------------------------------
export function diceView(q) {
  const removed = new Set(q.removed || []);
  const dice = q.dice || null;
  return h("div", { class: "dice", role: "group", "aria-label": t("web_dice") },
    DICE.map((d) => {
      const colour = d.startsWith("w") ? "w" : d;
      const gone = removed.has(d);
      const name = d === "w1" ? t("web_die_w1") : d === "w2" ? t("web_die_w2") : t("web_die_colour", { die: d });
      const val = dice && dice[d] !== undefined && dice[d] !== null ? dice[d] : "–";
      const label = gone ? t("web_die_removed", { die: colour }) : `${name}: ${val}`;
      return h("div", { class: `die die-${colour} ${gone ? "removed" : ""}`, dataset: { die: d },
        title: label, role: "img", "aria-label": label },
      h("span", { class: "die-val", "aria-hidden": "true" }, gone ? "✕" : String(val)),
      h("span", { class: "die-letter", "aria-hidden": "true" }, abbr(d)));
    }));
}

// the form to type in the dice rolled at a real table (score-pad mode)
export function diceEntry(q, values, onSubmit, onError) {
  const removed = new Set(q.removed || []);
  const faces = q.faces || 6;
  const inputs = DICE.map((d, i) => {
    const colour = d.startsWith("w") ? "w" : d;
    const name = d === "w1" ? t("web_die_w1") : d === "w2" ? t("web_die_w2") : t("web_die_colour", { die: d });
    return h("label", { class: `die-input die-${colour}` },
      h("span", { class: "die-letter" }, abbr(d)),
      h("input", { type: "number", min: 1, max: faces, inputmode: "numeric", name: `die-${d}`,
        "aria-label": name, value: removed.has(d) ? "" : values[i] || "", disabled: removed.has(d),
        oninput: (e) => { values[i] = e.target.value; } }));
  });
  const submit = (e) => {
    e.preventDefault();
    const dice = DICE.map((d, i) => (removed.has(d) ? 0 : parseInt(values[i], 10)));
    const bad = DICE.some((d, i) => !removed.has(d) && !(dice[i] >= 1 && dice[i] <= faces));
    if (bad) onError(t("web_bad_dice", { faces }));
    else onSubmit(dice);
  };
  return h("form", { class: "dice-entry", novalidate: true, onsubmit: submit },
    h("p", {}, t("web_enter_dice")),
    h("div", { class: "dice" }, inputs),
    h("button", { type: "submit", class: "btn primary", id: "enter-dice" }, t("web_enter_dice_ok")));
}

// -- sheets -------------------------------------------------------------------------------
function optionMap(view, seat) {
  // first cell "row:index" -> [option texts]
  const map = new Map();
  if (view.you !== seat) return map;
  const cells = (boardOf(view) && boardOf(view).option_cells) || {};
  for (const opt of view.options || []) {
    const list = cells[opt];
    if (!list || !list.length) continue;
    const [row, idx] = list[0];
    const key = `${row}:${idx}`;
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(opt);
  }
  return map;
}

// the cell (row letter, index) a decision text crosses first on `sheet`, or null
export function decisionCell(sheet, text) {
  if (!text || text === "pass") return null;
  const base = String(text).split("+")[0];
  const rowOf = (r) => sheet.rows.find((x) => (x.row || x.color) === r);
  if (base.startsWith("L:")) {
    const row = rowOf(base.slice(2));
    if (!row) return null;
    let last = -1;
    row.cells.forEach((c, i) => { if (c.crossed) last = i; });
    return [base.slice(2), last + 1];
  }
  const row = rowOf(base[0]);
  if (!row) return null;
  const i = row.cells.findIndex((c) => String(c.n) === base.slice(1));
  return i >= 0 ? [base[0], i] : null;
}

function rowPoints(row) {
  if (typeof row.points === "number") return row.points;
  const n = row.crosses || 0;
  return (n * (n + 1)) / 2;
}

function cellClasses(c, i, rc, colour, st) {
  const cls = ["qcell", `c-${colour}`];
  if (c.crossed) cls.push("crossed");
  else if (i < st.lastCrossed || st.closed) cls.push("skipped");
  if (st.options.length) cls.push("option");
  if (st.isPending) cls.push("pending");
  if (st.hinted) cls.push("hinted");
  if (st.suggested) cls.push("suggested");
  if (st.played) cls.push("played");
  if (st.fresh) cls.push("just-crossed");
  if (st.thisRoll) cls.push("this-roll");
  if (colour !== rc || st.mixx) cls.push("mixed");
  if (c.bonus === true) cls.push("bonus");
  if (typeof c.bonus === "string") cls.push("symbol");
  if (c.lock || c.is_lock) cls.push("lockcell");
  return cls;
}

// what a screen reader says for a cell: "red 7, crossed"
function cellLabel(c, colour, st) {
  let state = "";
  if (c.crossed) state = t("web_cell_crossed");
  else if (st.isPending) state = t("web_cell_pending");
  else if (st.options.length) state = t("web_cell_option");
  else if (st.skipped) state = t("web_cell_skipped");
  if (st.thisRoll) state = t("web_cell_this_roll");
  const extra = c.bonus === true ? `, ${t("web_bonus_bar")}` : typeof c.bonus === "string" ? `, ${t(`web_bonus_${c.bonus}`)}` : "";
  return `${shownAs("cell", `${colour}${c.n}`)}${extra}${state ? `, ${state}` : ""}`;
}

function cellView(ctx, sheetCtx, row, rc, ri, c, i) {
  const colour = c.color || rc;
  const st = {
    options: sheetCtx.opts.get(`${rc}:${i}`) || [],
    lastCrossed: row.lastCrossed, closed: row.closed,
    isPending: !!(sheetCtx.pending && sheetCtx.pending[0] === rc && sheetCtx.pending[1] === i),
    hinted: !!(sheetCtx.hinted && sheetCtx.hinted[0] === rc && sheetCtx.hinted[1] === i),
    suggested: !!(sheetCtx.suggested && sheetCtx.suggested[0] === rc && sheetCtx.suggested[1] === i),
    played: !!(sheetCtx.played && sheetCtx.played[0] === rc && sheetCtx.played[1] === i),
    fresh: !!(ctx.fresh && ctx.fresh.has(`${sheetCtx.seat}:${rc}:${i}`)),
    thisRoll: !!(ctx.thisRoll && ctx.thisRoll.has(`${sheetCtx.seat}:${rc}:${i}`)),
    mixx: sheetCtx.edition === "mixx-a",
  };
  st.skipped = !c.crossed && (i < row.lastCrossed || row.closed);
  const label = cellLabel(c, colour, st);
  const parts = [h("span", { class: "num", "aria-hidden": "true" }, String(c.n))];
  // drawn by CSS from data-t: the colour is in the cell's label already
  if (st.mixx || colour !== rc) parts.push(h("span", { class: "cell-letter", "aria-hidden": "true", dataset: { t: abbr(colour) } }));
  if (c.bonus === true) parts.push(h("span", { class: "bonus-star", "aria-hidden": "true" }, "★"));
  if (typeof c.bonus === "string") parts.push(h("span", { class: "symbol-mark", "aria-hidden": "true", dataset: { t: REWARD_SYMBOL[c.bonus] || "◆" } }));
  if (c.crossed || st.isPending) parts.push(h("span", { class: "mark", "aria-hidden": "true" }, "✕"));
  const active = sheetCtx.interactive;
  const el = h(active ? "button" : "span", {
    class: cellClasses(c, i, rc, colour, st).join(" "),
    dataset: { row: rc, index: i, n: c.n, cell: `${rc}${c.n}`, ...(active ? { key: `cell:${rc}${i}`, kx: i, ky: ri } : {}) },
    type: active ? "button" : null, title: label, "aria-label": label, role: active ? null : "img",
  }, parts);
  if (active) el.addEventListener("click", () => ctx.onCell(rc, i, c, st.options));
  return el;
}

function rowView(ctx, sheetCtx, row, ri) {
  const rc = row.row || row.color;
  let lastCrossed = -1;
  row.cells.forEach((c, i) => { if (c.crossed) lastCrossed = i; });
  const r = { lastCrossed, closed: row.closed };
  const cells = row.cells.map((c, i) => cellView(ctx, sheetCtx, r, rc, ri, c, i));
  const lock = row.lock || {};
  const lockLabel = `${t("web_lock_label", { row: lock.color || rc })}${lock.crossed ? `, ${t("web_lock_crossed")}` : ""}`;
  const lockEl = h("span", { class: `qlock c-${lock.color || rc} ${lock.crossed ? "crossed" : ""}`,
    title: lockLabel, role: "img", "aria-label": lockLabel }, lockIcon(),
  lock.crossed ? h("span", { class: "mark", "aria-hidden": "true" }, "✕") : null);
  const qrow = h("div", { class: `qrow row-${rc} ${row.closed ? "closed" : ""}`, dataset: { row: rc } },
    h("span", { class: `row-letter c-${rc}`, title: t("web_row_label", { row: rc }), "aria-label": t("web_row_label", { row: rc }), role: "img" }, abbr(rc)),
    cells, lockEl,
    h("span", { class: "row-points", title: t("web_points") },
      row.closed ? h("span", { class: "locked-tag" }, t("web_locked")) : null, String(rowPoints(row))));
  qrow.style.setProperty("--cells", row.cells.length);
  return qrow;
}

function luckyView(sheet) {
  return h("div", { class: "lucky" }, h("span", { class: "extra-label" }, `☘ ${t("web_lucky")}:`),
    sheet.lucky.map((n) => h("span", { class: "lucky-n" }, String(n))));
}

function barView(sheet) {
  return h("div", { class: "bar" }, h("span", { class: "extra-label" }, `${t("web_bonus_bar")}:`),
    sheet.bar.map((b) => {
      const label = `${colourName(b.color)}: ${t(`web_bar_${b.state}`)}`;
      return h("span", { class: `barbox c-${b.color} ${b.state}`, title: label, role: "img", "aria-label": label },
        h("span", { "aria-hidden": "true" }, abbr(b.color)), b.state === "crossed" ? h("span", { class: "mark", "aria-hidden": "true" }, "✕") : null);
    }));
}

function rewardsView(sheet, mine) {
  // my sheet: the five rewards (earned ones marked); the others: only what they earned
  const earned = new Set(sheet.rewards || []);
  return h("div", { class: "rewards" }, h("span", { class: "extra-label" }, `${t("web_bonus_rewards")}:`),
    Object.keys(REWARD_SYMBOL).filter((k) => mine || earned.has(k)).map((k) => h("span", { class: `reward ${earned.has(k) ? "earned" : ""}` },
      h("b", {}, REWARD_SYMBOL[k]), " ", t(`web_bonus_${k}`), earned.has(k) ? ` ✓ ${t("web_earned")}` : "")));
}

// one line under a special sheet saying what its extra marks mean
export function sheetLegend(edition) {
  const key = { longo: "web_legend_longo", "bonus-a": "web_legend_bonus_a", "bonus-b": "web_legend_bonus_b",
    "mixx-a": "web_legend_mixx", "mixx-b": "web_legend_mixx_b" }[edition];
  return key ? h("p", { class: "sheet-legend" }, t(key)) : null;
}

function sheetFoot(view, sheet, mine) {
  const pen = sheet.penalties || 0;
  const layout = boardOf(view).layout || {};
  const most = layout.max_penalties || 4; // (the edition's; a sheet drawn without its layout: the rulebooks' 4)
  const penBoxes = Array.from({ length: most }, (_, i) => h("span", { class: `pbox ${i < pen ? "crossed" : ""}`, "aria-hidden": "true" }, i < pen ? "✕" : ""));
  const extras = [];
  if (Array.isArray(sheet.lucky) && sheet.lucky.length) extras.push(luckyView(sheet));
  if (Array.isArray(sheet.bar) && sheet.bar.length) extras.push(barView(sheet));
  if (boardOf(view).edition === "bonus-b" && (mine || (sheet.rewards || []).length)) extras.push(rewardsView(sheet, mine));
  return h("div", { class: "sheet-foot" },
    h("div", { class: "penalties", role: "img", "aria-label": `${t("web_penalties")}: ${pen} / ${most}` },
      h("span", { class: "extra-label", "aria-hidden": "true" }, `${t("web_penalties")}:`), penBoxes),
    extras);
}

// the cell a decision such as "r7" or "y10+g" crosses on `sheet`, as [row, index] (null: none,
// e.g. a pass): an analysis's better decision marked on the sheet
export function decisionCellOf(sheet, text) {
  const m = /^([a-z])(\d+)$/.exec(String(text || "").split("+")[0]);
  if (!m) return null;
  const [colour, n] = [m[1], parseInt(m[2], 10)];
  const rows = sheet.rows || [];
  for (const byRow of [true, false]) {
    for (const row of rows) {
      const rc = row.row || row.color;
      const i = (row.cells || []).findIndex((c) => !c.crossed && c.n === n && (byRow ? rc === colour : (c.color || rc) === colour));
      if (i >= 0) return [rc, i];
    }
  }
  return null;
}

// ctx: {interactive, nameOf, marker, hint, fresh, thisRoll (cells crossed since the roll), legend,
// suggest ({seat, move, played}: an analysis's better decision and the one played, to mark),
// onCell(row, index, cell, options[]),
// everyone (the score pad: every sheet is played from this device, none is "you")}
export function sheetView(view, sheet, ctx) {
  const q = boardOf(view);
  const seat = sheet.seat;
  const mine = view.you === seat;
  const hintCells = mine && ctx.hint && q.option_cells ? q.option_cells[ctx.hint] || [] : [];
  const sheetCtx = {
    seat, edition: q.edition, opts: optionMap(view, seat), interactive: !!(ctx.interactive && mine),
    pending: mine ? decisionCell(sheet, view.my_pending) : null,
    hinted: hintCells.length ? hintCells[0] : null,
    suggested: ctx.suggest && ctx.suggest.seat === seat ? decisionCellOf(sheet, ctx.suggest.move) : null,
    played: ctx.suggest && ctx.suggest.seat === seat && ctx.suggest.played ? decisionCellOf(sheet, ctx.suggest.played) : null,
  };
  const rows = h("div", { class: "sheet-rows", dataset: sheetCtx.interactive ? { roving: "1" } : {} },
    sheet.rows.map((row, ri) => rowView(ctx, sheetCtx, row, ri)));
  if (sheetCtx.interactive) roving(rows, "[data-kx]", rows.querySelector(".qcell.option") || rows.querySelector(".qcell:not(.crossed):not(.skipped)"));
  const total = typeof sheet.total === "number" ? sheet.total : (view.scores || [])[seat];
  return h("section", { class: `sheet ${mine ? "mine" : ""} ed-${q.edition}`, dataset: { seat }, "aria-label": ctx.nameOf(seat) },
    h("div", { class: "sheet-head" },
      h("span", { class: "sheet-name" }, ctx.nameOf(seat), mine && !ctx.everyone ? ` (${t("web_you")})` : ""),
      ctx.marker ? ctx.marker(seat) : null,
      mine && view.my_pending ? h("span", { class: "my-pending", id: "my-pending" },
        t("web_my_pending", { choice: optionLabel(view.my_pending) })) : null,
      h("span", { class: "sheet-total" }, `${t("web_total")}: `, h("b", {}, num(total)))),
    rows,
    sheetFoot(view, sheet, mine),
    mine || ctx.legend ? sheetLegend(q.edition) : null);
}

// -- the final score table ----------------------------------------------------------------
export function scoreTable(view, nameOf) {
  const q = boardOf(view);
  const winners = new Set(view.winners || []);
  const lines = q.sheets.map((sh) => {
    const pts = Object.fromEntries(sh.rows.map((r) => [r.row || r.color, rowPoints(r)]));
    const pen = sh.penalties || 0;
    const total = typeof sh.total === "number" ? sh.total : (view.scores || [])[sh.seat] || 0;
    const base = ROWS.reduce((a, r) => a + (pts[r] || 0), 0) - 5 * pen;
    return { seat: sh.seat, pts, pen, total, extra: total - base };
  }).sort((a, b) => b.total - a.total);
  const hasExtra = lines.some((l) => l.extra !== 0);
  let rank = 0;
  let prev = null;
  lines.forEach((l, i) => {
    if (l.total !== prev) rank = i + 1;
    prev = l.total;
    l.rank = rank;
  });
  return h("table", { class: "score-table", id: "score-table" },
    h("caption", {}, t("web_score_table")),
    h("thead", {}, h("tr", {},
      h("th", {}, t("web_rank")), h("th", {}, t("web_players")),
      ROWS.map((r) => h("th", { class: `c-${r}`, title: colourName(r) }, abbr(r))),
      h("th", {}, t("web_penalties")), hasExtra ? h("th", {}, "±") : null, h("th", {}, t("web_total")))),
    h("tbody", {}, lines.map((l) => h("tr", { class: winners.has(l.seat) ? "winner" : "" },
      h("td", {}, String(l.rank)),
      h("td", { class: "st-name" }, nameOf(l.seat), winners.has(l.seat) ? h("span", { class: "winner-mark" }, " ★ ", h("span", { class: "winner-word" }, t("web_winner"))) : ""),
      ROWS.map((r) => h("td", { class: `c-${r}` }, String(l.pts[r] || 0))),
      h("td", {}, l.pen ? `−${5 * l.pen}` : "0"),
      hasExtra ? h("td", {}, l.extra > 0 ? `+${l.extra}` : num(l.extra)) : null,
      h("td", {}, h("b", {}, num(l.total)))))));
}
