// The Quixo board in SVG: cubes with X / O faces (4 players: a dot marked with the seat letter
// of the partner who may take the cube next), the cubes you may take highlighted, the push
// arrows after a cube is selected, the last move (animated once) and the winning lines.
//
// Interaction (mouse, touch or keyboard): a cube you may take selects it, then an arrow pushes
// it back in. Any other cube says why it cannot be taken (centre cube, the other side's cube),
// without asking the server. The keyboard moves over cubes and arrows with the arrow keys
// (keynav.js); Enter / Space act; Escape puts the selected cube back.

import { s, h } from "./dom.js";
import { t, has } from "./i18n.js";
import { roving, nearest, moveFocus } from "./keynav.js";
import { boardOf } from "./games.js";

const FILES = "abcdefg";
const C = 100; // cell size
const M = 80; // margin for the arrows (their touch area is a full cell wide and M deep: 44 px or more on a phone)
import { SEAT_CODES as SEATS } from "./quixo-codes.js";

export { SEATS };

// the side a Quixo cube is pushed in from: the destination is an end of the cube's row or column
export function pushSide(from, to, n) {
  if (from[0] === to[0]) return parseInt(to.slice(1), 10) === n ? "top" : "bottom";
  return to[0] === "a" ? "left" : to[0] === FILES[n - 1] ? "right" : "left";
}

// "took b1, pushed it in from the top" (4 players: "... the dot for N")
export function quixoMoveWords(text, n) {
  if (!text || text === "pass") return t("web_move_pass");
  const [mv, dot] = String(text).split(":");
  const from = mv.slice(0, 2);
  const to = mv.slice(2, 4);
  const words = t(`web_move_push_${pushSide(from, to, n)}`, { square: from });
  return dot ? `${words} ${t("web_move_dot", { seat: dot })}` : words;
}

export function squareOf(f, rankIdx) {
  return FILES[f] + (rankIdx + 1);
}

function parseSq(sq) {
  return [FILES.indexOf(sq[0]), parseInt(sq.slice(1), 10) - 1];
}

// squares where the cube taken at `sq` may be pushed back in (the ends of its row and column)
export function destinations(sq, n) {
  const [f, r] = parseSq(sq);
  const out = [];
  const add = (ff, rr, axis) => {
    const d = squareOf(ff, rr);
    if (d !== sq && !out.some((o) => o.sq === d)) out.push({ sq: d, axis });
  };
  add(0, r, "rank");
  add(n - 1, r, "rank");
  add(f, 0, "file");
  add(f, n - 1, "file");
  return out;
}

export function isBorder(sq, n) {
  const [f, r] = parseSq(sq);
  return f === 0 || r === 0 || f === n - 1 || r === n - 1;
}

function cellXY(sq, n) {
  const [f, r] = parseSq(sq);
  return [M + f * C, M + (n - 1 - r) * C];
}

function centre(sq, n) {
  const [x, y] = cellXY(sq, n);
  return [x + C / 2, y + C / 2];
}

const SYMBOL = { x: "x", N: "x", S: "x", o: "o", E: "o", W: "o" };
const ARROW_KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function dotMark(seat, x, y) {
  const cx = x + C / 2;
  const cy = y + C / 2;
  const pos = { N: [cx, y + 17, 0], E: [x + C - 17, cy, 90], S: [cx, y + C - 17, 180], W: [x + 17, cy, 270] }[seat];
  const tri = { N: [cx, y + 2], E: [x + C - 2, cy], S: [cx, y + C - 2], W: [x + 2, cy] }[seat];
  return [
    s("g", { class: `dot dot-${seat}`, transform: `translate(${pos[0]} ${pos[1]})` },
      s("circle", { r: 12, class: "dot-disc" }),
      s("text", { class: "dot-letter", "text-anchor": "middle", "dominant-baseline": "central", y: 1 }, t(`quixo_seat_mark_${seat}`))),
    s("path", { class: "dot-arrow", transform: `translate(${tri[0]} ${tri[1]}) rotate(${pos[2]})`, d: "M0 -1 L-6 6 L6 6 Z" }),
  ];
}

function face(ch, x, y, players) {
  const cx = x + C / 2;
  const cy = y + C / 2;
  const out = [];
  const sym = SYMBOL[ch] || null;
  if (sym === "x") {
    const d = 24;
    out.push(s("path", { class: "sym sym-x", d: `M${cx - d} ${cy - d}L${cx + d} ${cy + d}M${cx + d} ${cy - d}L${cx - d} ${cy + d}` }));
  } else if (sym === "o") {
    out.push(s("circle", { class: "sym sym-o", cx, cy, r: 25 }));
  }
  if (players === 4 && sym) out.push(...dotMark(ch, x, y));
  return out;
}

// what a screen reader says for a cube: "a1: X, dot towards N, can be taken"
function cellLabel(sq, ch, takeable) {
  const sym = SYMBOL[ch];
  let what = sym ? sym.toUpperCase() : t("web_face_blank");
  if (ch !== sym && sym) what = t("web_face_dot", { face: sym.toUpperCase(), seat: ch });
  return `${sq}: ${what}${takeable ? `, ${t("web_cell_takeable")}` : ""}`;
}

// why the cube at `sq` cannot be taken (the page says it at once, without asking the server)
export function whyNotTakeable(view, sq, ch) {
  const n = boardOf(view).size;
  if (!(view.to_act || []).includes(view.you)) return t("web_why_not_your_turn");
  if (!isBorder(sq, n)) return t("web_why_inner");
  if (!(boardOf(view).takeable || []).length) return t("web_quixo_must_pass");
  if (ch !== "." && has("quixo_opponent_cube")) return t("quixo_opponent_cube", { square: sq });
  return t("web_why_not_takeable");
}

// an arrow outside the board next to `dst`, pointing into the board
function arrowShape(dst, axis, n) {
  const [f, r] = parseSq(dst);
  const [x, y] = cellXY(dst, n);
  let side;
  if (axis === "rank") side = f === 0 ? "W" : "E";
  else side = r === 0 ? "S" : "N";
  const off = M / 2 + 4;
  const cx = { W: M - off, E: M + n * C + off, N: x + C / 2, S: x + C / 2 }[side];
  const cy = { W: y + C / 2, E: y + C / 2, N: M - off, S: M + n * C + off }[side];
  const rot = { W: 90, E: 270, N: 180, S: 0 }[side]; // base shape points up (towards -y)
  // keyboard position: the arrow sits just outside the cell it pushes into
  const kx = { W: -1, E: n, N: f, S: f }[side];
  const ky = { W: n - 1 - r, E: n - 1 - r, N: -1, S: n }[side];
  return { cx, cy, rot, side, kx, ky };
}

function cellGroup(view, ctx, sq, f, ri, ch) {
  const q = boardOf(view);
  const n = q.size;
  const players = q.players || 2;
  const [x, y] = cellXY(sq, n);
  const border = isBorder(sq, n);
  const takeable = ctx.takeable.has(sq);
  const cls = ["cell", border ? "border" : "inner", ch === "." ? "blank" : `face-${ch}`];
  if (takeable) cls.push("takeable");
  if (ctx.sel === sq) cls.push("selected");
  if (ctx.hint && ctx.hint.slice(0, 2) === sq) cls.push("hinted");
  if (q.last_move && q.last_move.to === sq) cls.push("last-to");
  const label = cellLabel(sq, ch, takeable);
  const g = s("g", { class: cls.join(" "), dataset: { square: sq, face: ch, key: `sq:${sq}`, kx: f, ky: ri },
    role: ctx.interactive ? "button" : "img", "aria-label": label,
    "aria-disabled": ctx.interactive && !takeable ? "true" : null,
    "aria-pressed": ctx.interactive && takeable ? String(ctx.sel === sq) : null },
  s("rect", { class: "cube", x: x + 6, y: y + 6, width: C - 12, height: C - 12, rx: 14 }),
  s("g", { "aria-hidden": "true" }, face(ch, x, y, players)),
  s("rect", { class: "focus-ring", x: x + 1, y: y + 1, width: C - 2, height: C - 2, rx: 17 }));
  if (ctx.interactive) {
    const act = () => (takeable ? ctx.onSelect(ctx.sel === sq ? null : sq) : ctx.onRefuse(whyNotTakeable(view, sq, ch)));
    g.addEventListener("click", act);
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } });
  }
  if (ctx.pushed && ctx.pushed.has(sq)) {
    g.classList.add("pushed");
    g.style.setProperty("--dx", `${ctx.pushed.get(sq)[0]}px`);
    g.style.setProperty("--dy", `${ctx.pushed.get(sq)[1]}px`);
  }
  return g;
}

function arrowGroup(ctx, d, n, players, moves) {
  const legal = moves.some((m) => m.from === ctx.sel && m.to === d.sq);
  const text = ctx.sel + d.sq + (players === 4 ? `:${ctx.dotSeat}` : "");
  const a = arrowShape(d.sq, d.axis, n);
  const side = pushSide(ctx.sel, d.sq, n);
  const hinted = ctx.hint && ctx.hint.slice(0, 4) === ctx.sel + d.sq;
  const g = s("g", { class: `arrow ${legal ? "legal" : "illegal"} ${hinted ? "hinted" : ""}`,
    dataset: { move: ctx.sel + d.sq, dest: d.sq, key: `arrow:${ctx.sel}${d.sq}`, kx: a.kx, ky: a.ky },
    role: "button", "aria-label": t(`web_push_${side}`, { square: ctx.sel }),
    transform: `translate(${a.cx} ${a.cy}) rotate(${a.rot})` },
  s("rect", { class: "arrow-hit", x: -C / 2, y: -M / 2, width: C, height: M, rx: 12 }),
  s("path", { class: "arrow-head", d: "M0 -26 L22 4 L8 4 L8 24 L-8 24 L-8 4 L-22 4 Z" }),
  s("rect", { class: "focus-ring", x: -C / 2 + 3, y: -M / 2 + 3, width: C - 6, height: M - 6, rx: 12 }));
  const act = () => ctx.onMove(text);
  g.addEventListener("click", act);
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); return; }
    // from an arrow the arrow keys go to the other arrows at once (one key press to either of
    // them), not across the cubes
    const dir = ARROW_KEYS[e.key];
    if (!dir) return;
    e.preventDefault();
    e.stopPropagation();
    const svg = g.ownerSVGElement;
    const arrows = [...svg.querySelectorAll(".arrow")];
    const next = nearest(arrows, g, dir) || arrows[(arrows.indexOf(g) + 1) % arrows.length];
    if (next && next !== g) moveFocus([...svg.querySelectorAll("[data-kx]")], next);
  });
  return g;
}

// the cells moved by the last push and where each came from (for the slide animation):
// square -> [dx, dy] in board units
export function pushedCells(last, n) {
  if (!last || !last.from || !last.to) return null;
  const [f1, r1] = parseSq(last.from);
  const [f2, r2] = parseSq(last.to);
  const df = Math.sign(f1 - f2);
  const dr = Math.sign(r1 - r2);
  const out = new Map();
  let [f, r] = [f2, r2];
  for (let k = 0; k <= n; k++) {
    // each cube slid one cell towards `from`: it came from one cell towards `to`
    out.set(squareOf(f, r), [-df * C, dr * C]);
    if (f === f1 && r === r1) break;
    f += df;
    r += dr;
  }
  return out;
}

// the better move of an analysis (ui.suggest): an arrow from the cube taken to the square it is
// pushed into, and a ring round the cube (the words are on the page beside the board); `kind`
// "played": the move played instead, a dashed arrow of its own colour
function suggestArrow(svg, text, n, kind = "suggest") {
  const from = String(text).slice(0, 2);
  const to = String(text).slice(2, 4);
  if (!/^[a-g]\d$/.test(from) || !/^[a-g]\d$/.test(to)) return;
  const [x1, y1] = centre(from, n);
  const [x2, y2] = centre(to, n);
  const g = s("g", { class: kind === "played" ? "suggest played" : "suggest", "aria-hidden": "true",
    dataset: kind === "played" ? { played: `${from}${to}` } : { suggest: `${from}${to}` } });
  const [cx, cy] = cellXY(from, n);
  g.append(s("rect", { class: "suggest-ring", x: cx + 3, y: cy + 3, width: C - 6, height: C - 6, rx: 16 }));
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len > 0) {
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    const [bx, by] = [x2 - ux * 26, y2 - uy * 26]; // the head's base
    g.append(s("line", { class: "suggest-line", x1, y1, x2: bx, y2: by }));
    g.append(s("path", { class: "suggest-head", d: `M${x2} ${y2} L${bx - uy * 18} ${by + ux * 18} L${bx + uy * 18} ${by - ux * 18} Z` }));
  }
  svg.append(g);
}

function overlays(svg, q, n) {
  const last = q.last_move || null;
  if (last && last.from && last.to) {
    const [x1, y1] = centre(last.from, n);
    const [x2, y2] = centre(last.to, n);
    svg.append(s("line", { class: "last-line", x1, y1, x2, y2 }));
    svg.append(s("circle", { class: "last-dot", cx: x2, cy: y2, r: 7 }));
  }
  for (const ln of q.lines || []) {
    if (!ln.length) continue;
    const [x1, y1] = centre(ln[0], n);
    const [x2, y2] = centre(ln[ln.length - 1], n);
    svg.append(s("line", { class: "win-line", x1, y1, x2, y2 }));
  }
}

// ctx: {interactive, sel, dotSeat, hint, animate, suggest (a move drawn as an arrow), played (an
// analysis's move played, a dashed arrow), onSelect(sq|null),
// onMove(text), onRefuse(why)}
export function quixoBoard(view, ctx) {
  const q = boardOf(view);
  const n = q.size;
  const W = n * C + 2 * M;
  const players = q.players || (view.settings && view.settings.players) || 2;
  const c = { ...ctx, takeable: new Set(ctx.interactive ? q.takeable || [] : []),
    pushed: ctx.animate ? pushedCells(q.last_move, n) : null };
  const svg = s("svg", { class: "quixo-board", viewBox: `0 0 ${W} ${W}`, role: "group",
    "aria-label": t("web_quixo_board", { n }), dataset: { roving: "1" } });
  svg.append(s("rect", { class: "board-base", x: M - 10, y: M - 10, width: n * C + 20, height: n * C + 20, rx: 18 }));
  for (let ri = 0; ri < n; ri++) {
    const line = q.rows[ri] || "";
    for (let f = 0; f < n; f++) svg.append(cellGroup(view, c, squareOf(f, n - 1 - ri), f, ri, line[f] || "."));
  }
  // the coordinates (a..e, 1..5) outside the buttons, so a cube's name is its label alone
  const coords = s("g", { "aria-hidden": "true", class: "coords" });
  for (let i = 0; i < n; i++) {
    const [x, y] = cellXY(squareOf(0, n - 1 - i), n);
    coords.append(s("text", { class: "coord", x: x + 12, y: y + 24 }, String(n - i)));
    const [bx, by] = cellXY(squareOf(i, 0), n);
    coords.append(s("text", { class: "coord", x: bx + C - 14, y: by + C - 12, "text-anchor": "end" }, FILES[i]));
  }
  svg.append(coords);
  overlays(svg, q, n);
  if (c.played && String(c.played).slice(0, 4) !== String(c.suggest || "").slice(0, 4)) suggestArrow(svg, c.played, n, "played");
  if (c.suggest) suggestArrow(svg, c.suggest, n);
  if (c.interactive && c.sel) {
    const [sx, sy] = cellXY(c.sel, n);
    svg.append(s("rect", { class: "sel-ring", x: sx + 2, y: sy + 2, width: C - 4, height: C - 4, rx: 16 }));
    for (const d of destinations(c.sel, n)) svg.append(arrowGroup(c, d, n, players, q.moves || []));
  }
  if (c.interactive) {
    const start = svg.querySelector(c.sel ? ".arrow.legal" : ".cell.takeable");
    roving(svg, "[data-kx]", start);
  }
  return svg;
}

// The little legend under the board: which symbol/seat each player has.
export function quixoLegend(view, nameOf) {
  const players = (boardOf(view) && boardOf(view).players) || 2;
  if (players === 2) {
    return h("div", { class: "legend" },
      [0, 1].map((p) => h("span", { class: `legend-item sym-${p ? "o" : "x"}` },
        h("b", {}, p ? "O" : "X"), " ", nameOf(p))));
  }
  return h("div", { class: "legend" },
    h("span", { class: "legend-item" }, h("b", {}, "X "), t("web_team_x"), ": ", nameOf(0), " + ", nameOf(2)),
    h("span", { class: "legend-item" }, h("b", {}, "O "), t("web_team_o"), ": ", nameOf(1), " + ", nameOf(3)));
}

// the 4-player choice of the dot, shown above the board while a cube is selected: whom the
// dot of the cube put back points at (who of the team may take it next), with the reason
export function dotChoice(view, ui, onChange) {
  const you = view.you;
  const mk = (v, label) => h("label", { class: `seg ${ui.dot === v ? "on" : ""}` },
    h("input", { type: "radio", name: "dot", value: v, checked: ui.dot === v, onchange: () => onChange(v) }), label);
  return h("div", { class: "dot-choice", role: "radiogroup", "aria-labelledby": "dot-why" },
    h("p", { id: "dot-why", class: "dot-why" }, t("web_quixo_dot_why")),
    h("div", { class: "segmented" },
      mk("me", t("web_quixo_dot_me", { seat: SEATS[you] })),
      mk("partner", t("web_quixo_dot_partner", { seat: SEATS[(you + 2) % 4] }))));
}
