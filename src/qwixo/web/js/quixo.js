// The Quixo board in SVG: cubes with X / O faces (4 players: a dot marked with the seat letter
// of the partner who may take the cube next), the cubes you may take highlighted, the push
// arrows after a cube is selected, the last move and the winning lines.
//
// Interaction: click a border cube (selects it), then an arrow (where it is pushed back in).
// Every arrow that geometry allows is clickable; the illegal ones are drawn faint and, when
// clicked anyway, the server refuses the move with its translated reason.

import { s, h } from "./dom.js";
import { t } from "./i18n.js";

const FILES = "abcdefg";
const C = 100; // cell size
const M = 70; // margin for the arrows
export const SEATS = ["N", "E", "S", "W"];

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

function face(ch, x, y, players) {
  const cx = x + C / 2;
  const cy = y + C / 2;
  const out = [];
  let sym = null;
  if (ch === "x" || ch === "N" || ch === "S") sym = "x";
  if (ch === "o" || ch === "E" || ch === "W") sym = "o";
  if (sym === "x") {
    const d = 24;
    out.push(s("path", { class: "sym sym-x", d: `M${cx - d} ${cy - d}L${cx + d} ${cy + d}M${cx + d} ${cy - d}L${cx - d} ${cy + d}` }));
  } else if (sym === "o") {
    out.push(s("circle", { class: "sym sym-o", cx, cy, r: 25 }));
  }
  if (players === 4 && sym) {
    // the dot: a small arrow at the edge facing the seat it points at, with that seat's letter
    const seat = ch;
    const pos = { N: [cx, y + 17, 0], E: [x + C - 17, cy, 90], S: [cx, y + C - 17, 180], W: [x + 17, cy, 270] }[seat];
    out.push(s("g", { class: `dot dot-${seat}`, transform: `translate(${pos[0]} ${pos[1]})` },
      s("circle", { r: 12, class: "dot-disc" }),
      s("text", { class: "dot-letter", "text-anchor": "middle", "dominant-baseline": "central", y: 1 }, seat)));
    const tri = { N: [cx, y + 2], E: [x + C - 2, cy], S: [cx, y + C - 2], W: [x + 2, cy] }[seat];
    out.push(s("path", { class: "dot-arrow", transform: `translate(${tri[0]} ${tri[1]}) rotate(${pos[2]})`, d: "M0 -1 L-6 6 L6 6 Z" }));
  }
  return out;
}

// an arrow outside the board next to `dst`, pointing into the board
function arrowShape(dst, axis, n) {
  const [f, r] = parseSq(dst);
  const [x, y] = cellXY(dst, n);
  let side;
  if (axis === "rank") side = f === 0 ? "W" : "E";
  else side = r === 0 ? "S" : "N";
  const cx = { W: M - 34, E: M + n * C + 34, N: x + C / 2, S: x + C / 2 }[side];
  const cy = { W: y + C / 2, E: y + C / 2, N: M - 34, S: M + n * C + 34 }[side];
  const rot = { W: 90, E: 270, N: 180, S: 0 }[side]; // base shape points up (towards -y)
  return { cx, cy, rot, side };
}

// ctx: {interactive, sel, dotSeat, onSelect(sq|null), onMove(text), onInterior()}
export function quixoBoard(view, ctx) {
  const q = view.quixo;
  const n = q.size;
  const W = n * C + 2 * M;
  const players = q.players || (view.settings && view.settings.players) || 2;
  const moves = q.moves || [];
  const takeable = new Set(ctx.interactive ? q.takeable || [] : []);
  const last = q.last_move || null;
  const svg = s("svg", { class: "quixo-board", viewBox: `0 0 ${W} ${W}`, role: "group",
    "aria-label": t("web_quixo_board", { n }) });
  svg.append(s("rect", { class: "board-base", x: M - 10, y: M - 10, width: n * C + 20, height: n * C + 20, rx: 18 }));
  for (let ri = 0; ri < n; ri++) {
    const rank = n - 1 - ri;
    const line = q.rows[ri] || "";
    for (let f = 0; f < n; f++) {
      const sq = squareOf(f, rank);
      const ch = line[f] || ".";
      const [x, y] = cellXY(sq, n);
      const border = isBorder(sq, n);
      const cls = ["cell", border ? "border" : "inner", ch === "." ? "blank" : `face-${ch}`];
      if (takeable.has(sq)) cls.push("takeable");
      if (ctx.sel === sq) cls.push("selected");
      if (ctx.hint && ctx.hint.slice(0, 2) === sq) cls.push("hinted");
      if (last && last.to === sq) cls.push("last-to");
      const g = s("g", { class: cls.join(" "), dataset: { square: sq, face: ch },
        tabindex: ctx.interactive && border ? 0 : null, role: ctx.interactive ? "button" : null,
        "aria-label": `${sq} ${ch === "." ? "" : ch}`.trim() },
      s("rect", { class: "cube", x: x + 6, y: y + 6, width: C - 12, height: C - 12, rx: 14 }),
      face(ch, x, y, players));
      if (f === 0) g.append(s("text", { class: "coord", x: x + 12, y: y + 24 }, String(rank + 1)));
      if (rank === 0) g.append(s("text", { class: "coord", x: x + C - 14, y: y + C - 12, "text-anchor": "end" }, FILES[f]));
      if (ctx.interactive) {
        const act = () => (border ? ctx.onSelect(ctx.sel === sq ? null : sq) : ctx.onInterior());
        g.addEventListener("click", act);
        g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } });
      }
      svg.append(g);
    }
  }
  // the last move: a line from where the cube was taken to where it went back in
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
  if (ctx.interactive && ctx.sel) {
    const [sx, sy] = cellXY(ctx.sel, n);
    svg.append(s("rect", { class: "sel-ring", x: sx + 2, y: sy + 2, width: C - 4, height: C - 4, rx: 16 }));
    for (const d of destinations(ctx.sel, n)) {
      const legal = moves.some((m) => m.from === ctx.sel && m.to === d.sq);
      const text = ctx.sel + d.sq + (players === 4 ? `:${ctx.dotSeat}` : "");
      const a = arrowShape(d.sq, d.axis, n);
      const hinted = ctx.hint && ctx.hint.slice(0, 4) === ctx.sel + d.sq;
      const g = s("g", { class: `arrow ${legal ? "legal" : "illegal"} ${hinted ? "hinted" : ""}`, dataset: { move: ctx.sel + d.sq, dest: d.sq },
        tabindex: 0, role: "button", "aria-label": `${ctx.sel} → ${d.sq}`,
        transform: `translate(${a.cx} ${a.cy}) rotate(${a.rot})` },
      s("rect", { class: "arrow-hit", x: -32, y: -32, width: 64, height: 64, rx: 12 }),
      s("path", { class: "arrow-head", d: "M0 -26 L22 4 L8 4 L8 24 L-8 24 L-8 4 L-22 4 Z" }));
      const act = () => ctx.onMove(text);
      g.addEventListener("click", act);
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } });
      svg.append(g);
    }
  }
  return svg;
}

// The little legend under the board: which symbol/seat each player has.
export function quixoLegend(view, nameOf) {
  const players = (view.quixo && view.quixo.players) || 2;
  if (players === 2) {
    return h("div", { class: "legend" },
      [0, 1].map((p) => h("span", { class: `legend-item sym-${p ? "o" : "x"}` },
        h("b", {}, p ? "O" : "X"), " ", nameOf(p))));
  }
  return h("div", { class: "legend" },
    h("span", { class: "legend-item" }, h("b", {}, "X "), t("web_team_x"), ": ", nameOf(0), " + ", nameOf(2)),
    h("span", { class: "legend-item" }, h("b", {}, "O "), t("web_team_o"), ": ", nameOf(1), " + ", nameOf(3)));
}
