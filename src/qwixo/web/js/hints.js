// Hints in words: the server's hint (docs/web-protocol.md, `hint`) brings the engine's lines
// ("a1a3    win in 7 plies", "1. pass   win 60.2% ...", in the page's language) and the
// ranked moves as data (`moves`: move, outcome, plies, chance, score); the page says the best
// of them as sentences in its own language ("Best: took a1, pushed it in from the right. This
// wins in 4 of your moves.") and marks its move on the board.

import { number, percent, t } from "./i18n.js";
import { moveWords } from "./words.js";

// the option of `options` a move of the hint names: itself, or the Quixo 4-player move with
// the dot (":N") when the hint names the move without it
function optionOf(move, options) {
  if (options.includes(move)) return move;
  return (move.length >= 4 && options.find((o) => o.startsWith(`${move}:`))) || null;
}

// the first of `options` the hint ranks (its moves, best first), or null
export function hintOption(moves, options) {
  for (const m of moves || []) {
    const option = optionOf(String(m.move), options);
    if (option) return option;
  }
  return null;
}

// what the hint says of `option`: its ranked move, or null
function rankedMove(moves, option) {
  const base = option.split(":")[0];
  return (moves || []).find((m) => m.move === option || m.move === base) || null;
}

// one or two sentences for the best option of a hint, or null when the hint names none
export function hintWords(view, moves, option) {
  if (!option) return null;
  const out = [t("web_hint_best", { move: moveWords(view, option) })];
  const m = rankedMove(moves, option) || {};
  const yours = (plies) => Math.ceil(plies / 2); // the plies to the end, as moves of yours
  if (m.outcome === "win" && m.plies != null) out.push(t("web_hint_win_in", { n: yours(m.plies) }));
  else if (m.outcome === "loss" && m.plies != null) out.push(t("web_hint_loss_in", { n: yours(m.plies) }));
  else if (m.outcome === "draw") out.push(t("web_hint_draw"));
  else if (m.chance != null) out.push(t("web_hint_chance", { pct: percent(m.chance, 0) }));
  else if (m.score != null) out.push(t("web_hint_expected", { score: number(m.score, 1) }));
  return out.join(" ");
}
