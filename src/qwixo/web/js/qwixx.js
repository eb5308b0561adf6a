// Qwixx: the dice and the score sheets, drawn like the real pads. Rows carry their colour
// *and* their letter (R/Y/G/B); Mixx A cells show their own colour letter; Bonus A bonus cells a
// star and the bonus bar below the rows; Bonus B cells their symbol; Longo sheets their lucky
// numbers. Crosses are big ✕ marks, skipped cells are faded, locked rows struck through.
//
// Clicking a cell of your own sheet chooses the option that crosses it (highlighted cells);
// any other cell is sent too, so the server explains why it cannot be crossed.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export const ROWS = ["r", "y", "g", "b"];
export const DICE = ["w1", "w2", "r", "y", "g", "b"];
const LETTER = { r: "R", y: "Y", g: "G", b: "B", w: "W", w1: "W", w2: "W" };
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
  if (base.startsWith("L:")) out = `☘ ${LETTER[base[2]] || base[2]} (${t("web_lucky")})`;
  else if (/^[rygb]\d+$/.test(base)) out = `${LETTER[base[0]]} ${base.slice(1)}`;
  else out = base;
  if (reward) out += ` + ${LETTER[reward] || reward} ${REWARD_SYMBOL["two-crosses"]}`;
  return out;
}

// a number with a real minus sign (−5, not -5), as printed pads do
export function num(n) {
  return typeof n === "number" && n < 0 ? `−${-n}` : String(n ?? 0);
}

export function colourName(c) {
  return t(`web_row_${c}`);
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
      const name = d === "w1" ? t("web_die_w1") : d === "w2" ? t("web_die_w2") : colourName(d);
      const val = dice && dice[d] !== undefined && dice[d] !== null ? dice[d] : "–";
      return h("div", { class: `die die-${colour} ${gone ? "removed" : ""}`, dataset: { die: d },
        title: gone ? t("web_die_removed", { colour: name }) : name },
      h("span", { class: "die-val" }, gone ? "✕" : String(val)),
      h("span", { class: "die-letter" }, LETTER[d]));
    }));
}

// the form to type in the dice rolled at a real table (score-pad mode)
export function diceEntry(q, values, onSubmit, onError) {
  const removed = new Set(q.removed || []);
  const faces = q.faces || 6;
  const inputs = DICE.map((d, i) => {
    const colour = d.startsWith("w") ? "w" : d;
    const name = d === "w1" ? t("web_die_w1") : d === "w2" ? t("web_die_w2") : colourName(d);
    return h("label", { class: `die-input die-${colour}` },
      h("span", { class: "die-letter" }, LETTER[d]),
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
  const cells = (view.qwixx && view.qwixx.option_cells) || {};
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

// ctx: {interactive, onCell(row, index, cell, options[])}
export function sheetView(view, sheet, ctx) {
  const q = view.qwixx;
  const seat = sheet.seat;
  const mine = view.you === seat;
  const opts = optionMap(view, seat);
  const edition = q.edition;
  const pending = mine ? decisionCell(sheet, view.my_pending) : null;
  const hintCells = mine && ctx.hint && q.option_cells ? q.option_cells[ctx.hint] || [] : [];
  const hinted = hintCells.length ? hintCells[0] : null;
  const rows = sheet.rows.map((row) => {
    const rc = row.row || row.color;
    let lastCrossed = -1;
    row.cells.forEach((c, i) => { if (c.crossed) lastCrossed = i; });
    const cells = row.cells.map((c, i) => {
      const colour = c.color || rc;
      const key = `${rc}:${i}`;
      const options = opts.get(key) || [];
      const cls = ["qcell", `c-${colour}`];
      if (c.crossed) cls.push("crossed");
      else if (i < lastCrossed || row.closed) cls.push("skipped");
      if (options.length) cls.push("option");
      const isPending = pending && pending[0] === rc && pending[1] === i;
      if (isPending) cls.push("pending");
      if (hinted && hinted[0] === rc && hinted[1] === i) cls.push("hinted");
      if (c.bonus === true) cls.push("bonus");
      if (typeof c.bonus === "string") cls.push("symbol");
      if (c.lock || c.is_lock) cls.push("lockcell");
      const label = `${colourName(colour)} ${c.n}${c.crossed ? " ✕" : ""}`;
      const parts = [h("span", { class: "num" }, String(c.n))];
      if (edition === "mixx-a" || colour !== rc) parts.push(h("span", { class: "cell-letter" }, LETTER[colour]));
      if (c.bonus === true) parts.push(h("span", { class: "bonus-star", title: t("web_bonus_bar") }, "★"));
      if (typeof c.bonus === "string") {
        parts.push(h("span", { class: "symbol-mark", title: t(`web_bonus_${c.bonus}`) }, REWARD_SYMBOL[c.bonus] || "◆"));
      }
      if (c.crossed || isPending) parts.push(h("span", { class: "mark", "aria-hidden": "true" }, "✕"));
      const el = h(ctx.interactive && mine ? "button" : "span", {
        class: cls.join(" "), dataset: { row: rc, index: i, n: c.n, cell: `${rc}${c.n}` },
        type: ctx.interactive && mine ? "button" : null, title: label, "aria-label": label,
      }, parts);
      if (ctx.interactive && mine) el.addEventListener("click", () => ctx.onCell(rc, i, c, options));
      return el;
    });
    const lock = row.lock || {};
    const lockEl = h("span", { class: `qlock c-${lock.color || rc} ${lock.crossed ? "crossed" : ""}`,
      title: `${t("web_lock")} ${colourName(lock.color || rc)}` }, lockIcon(),
    lock.crossed ? h("span", { class: "mark" }, "✕") : null);
    return h("div", { class: `qrow row-${rc} ${row.closed ? "closed" : ""}`, dataset: { row: rc },
      style: `--cells:${row.cells.length}` },
    h("span", { class: `row-letter c-${rc}`, title: colourName(rc) }, LETTER[rc]),
    cells, lockEl,
    h("span", { class: "row-points", title: t("web_points") },
      row.closed ? h("span", { class: "locked-tag" }, t("web_locked")) : null, String(rowPoints(row))));
  });

  const pen = sheet.penalties || 0;
  const penBoxes = [0, 1, 2, 3].map((i) => h("span", { class: `pbox ${i < pen ? "crossed" : ""}` }, i < pen ? "✕" : ""));
  const extras = [];
  if (Array.isArray(sheet.lucky) && sheet.lucky.length) {
    extras.push(h("div", { class: "lucky", title: t("web_lucky") }, h("span", { class: "extra-label" }, `☘ ${t("web_lucky")}:`),
      sheet.lucky.map((n) => h("span", { class: "lucky-n" }, String(n)))));
  }
  if (Array.isArray(sheet.bar) && sheet.bar.length) {
    extras.push(h("div", { class: "bar" }, h("span", { class: "extra-label" }, `${t("web_bonus_bar")}:`),
      sheet.bar.map((b) => h("span", { class: `barbox c-${b.color} ${b.state}`, title: `${colourName(b.color)} (${b.state})` },
        LETTER[b.color], b.state === "crossed" ? h("span", { class: "mark" }, "✕") : null))));
  }
  if (edition === "bonus-b" && (mine || (sheet.rewards || []).length)) {
    // my sheet: the five rewards (earned ones marked); the others: only what they earned
    const earned = new Set(sheet.rewards || []);
    extras.push(h("div", { class: "rewards" }, h("span", { class: "extra-label" }, `${t("web_bonus_rewards")}:`),
      Object.keys(REWARD_SYMBOL).filter((k) => mine || earned.has(k)).map((k) => h("span", { class: `reward ${earned.has(k) ? "earned" : ""}`,
        title: t(`web_bonus_${k}`) + (earned.has(k) ? ` (${t("web_earned")})` : "") },
      h("b", {}, REWARD_SYMBOL[k]), " ", t(`web_bonus_${k}`), earned.has(k) ? " ✓" : ""))));
  }
  const total = typeof sheet.total === "number" ? sheet.total : (view.scores || [])[seat];
  return h("div", { class: `sheet ${mine ? "mine" : ""} ed-${edition}`, dataset: { seat } },
    h("div", { class: "sheet-head" },
      h("span", { class: "sheet-name" }, ctx.nameOf(seat), mine ? ` (${t("web_you")})` : ""),
      ctx.marker ? ctx.marker(seat) : null,
      mine && view.my_pending ? h("span", { class: "my-pending", id: "my-pending" },
        t("web_my_pending", { choice: optionLabel(view.my_pending) })) : null,
      h("span", { class: "sheet-total" }, `${t("web_total")}: `, h("b", {}, num(total)))),
    h("div", { class: "sheet-rows" }, rows),
    h("div", { class: "sheet-foot" },
      h("div", { class: "penalties" }, h("span", { class: "extra-label" }, `${t("web_penalties")}:`), penBoxes),
      extras));
}

// -- the final score table ----------------------------------------------------------------
export function scoreTable(view, nameOf) {
  const q = view.qwixx;
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
      ROWS.map((r) => h("th", { class: `c-${r}`, title: colourName(r) }, LETTER[r])),
      h("th", {}, t("web_penalties")), hasExtra ? h("th", {}, "±") : null, h("th", {}, t("web_total")))),
    h("tbody", {}, lines.map((l) => h("tr", { class: winners.has(l.seat) ? "winner" : "" },
      h("td", {}, String(l.rank)),
      h("td", {}, nameOf(l.seat), winners.has(l.seat) ? ` ★ ${t("web_winner")}` : ""),
      ROWS.map((r) => h("td", { class: `c-${r}` }, String(l.pts[r] || 0))),
      h("td", {}, l.pen ? `−${5 * l.pen}` : "0"),
      hasExtra ? h("td", {}, l.extra > 0 ? `+${l.extra}` : num(l.extra)) : null,
      h("td", {}, h("b", {}, num(l.total)))))));
}
