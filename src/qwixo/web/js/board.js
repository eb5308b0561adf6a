// The board area of a game page and of a replay: the Quixo board with its legend, or the
// Qwixx dice and sheets (yours first); and the result line of a finished game.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./words.js";
import { quixoBoard, quixoLegend, dotChoice, SEATS } from "./quixo.js";
import { diceView, sheetView } from "./qwixx.js";

// the banner shown when the game is over
export function resultText(view) {
  const w = view.winners || [];
  const why = view.game === "quixo" && view.quixo && view.quixo.end_reason;
  if (why === "ply_limit" || why === "repetition") return t(`web_end_${why}`);
  if (why === "opponent_line") return `${t("web_end_opponent_line")} ${resultText({ ...view, quixo: null, game: "" })}`;
  if (!w.length) return t("web_draw");
  if (view.you !== null && view.you !== undefined) {
    if (w.includes(view.you)) return t("web_you_win");
  }
  const names = w.map((s) => seatName(view, s)).join(" + ");
  const lost = view.you !== null && view.you !== undefined ? `${t("web_you_lose")} ` : "";
  return lost + t("web_wins", { name: names });
}

function isPlayer(view) {
  return view.you !== null && view.you !== undefined;
}

function quixoArea(view, ui, handlers, extra) {
  const mySeat = view.you;
  const players = view.quixo.players || 2;
  const four = players === 4 && isPlayer(view);
  const dotSeat = four ? SEATS[ui.dot === "partner" ? (mySeat + 2) % 4 : mySeat] : null;
  const interactive = !!handlers && !view.is_over && isPlayer(view);
  const myTurn = interactive && (view.to_act || []).includes(mySeat);
  return h("div", { class: "board-wrap quixo-wrap" },
    four && myTurn && (view.quixo.takeable || []).length ? dotChoice(view, ui, (v) => handlers.dot(v)) : null,
    quixoBoard(view, {
      interactive, sel: ui.sel, dotSeat, hint: ui.hintOption || null, animate: ui.animate,
      onSelect: (sq) => handlers.select(sq),
      onMove: (text) => handlers.choose(text),
      onRefuse: (why) => handlers.refuse(why),
    }),
    quixoLegend(view, (p) => seatName(view, p)), extra);
}

function qwixxMarker(view, seat) {
  const q = view.qwixx;
  if (q.phase === "action1" && (view.decided || []).includes(seat)) return h("span", { class: "marker decided" }, `✓ ${t("web_decided")}`);
  if ((view.to_act || []).includes(seat)) return h("span", { class: "marker deciding" }, `… ${t("web_deciding")}`);
  if (q.active === seat && !view.is_over) return h("span", { class: "marker active", title: t("web_rolls_this_turn") }, `⚀ ${t("web_rolls_this_turn")}`);
  return null;
}

function qwixxArea(view, ui, handlers, extra) {
  const q = view.qwixx;
  const interactive = !!handlers && !view.is_over && isPlayer(view);
  const sheets = [...(q.sheets || [])];
  sheets.sort((a, b) => (b.seat === view.you) - (a.seat === view.you)); // my sheet first
  const ctx = { interactive, nameOf: (p) => seatName(view, p), marker: (s) => qwixxMarker(view, s),
    hint: ui.hintOption || null, fresh: ui.fresh || null, legend: !isPlayer(view),
    onCell: (row, i, cell, options) => handlers.cell(row, i, cell, options) };
  return h("div", { class: "board-wrap qwixx-wrap" },
    h("div", { class: "dice-bar" }, diceView(q),
      q.phase === "action1" && q.dice ? h("p", { class: "phase" }, t("web_action1", { sum: (q.dice.w1 || 0) + (q.dice.w2 || 0) })) : null,
      q.phase === "action2" ? h("p", { class: "phase" }, t("web_action2", { name: seatName(view, q.active) })) : null),
    extra,
    h("div", { class: "sheets" }, sheets.map((sh) => sheetView(view, sh, ctx))));
}

// `extra` (the controls) goes under the Quixo board, or between the dice and the Qwixx sheets.
// `handlers` is null where nothing can be played (replays, spectators).
export function boardArea(view, ui, handlers, extra = null) {
  return view.game === "quixo" ? quixoArea(view, ui, handlers, extra) : qwixxArea(view, ui, handlers, extra);
}
