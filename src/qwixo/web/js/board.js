// The board area of a game page and of a replay, drawn by the game's renderer (games.js), and
// the result line of a finished game.

import { t } from "./i18n.js";
import { seatName } from "./words.js";
import { rendererFor, boardOf } from "./games.js";

// the ends every game may have (the contract's): a resignation, a draw by agreement
function etiquetteEnd(view) {
  if (view.end_reason === "resign") return { text: t("web_end_resign", { name: (view.resigned || []).map((s) => seatName(view, s)).join(", ") }) };
  if (view.end_reason === "agreed_draw") return { text: t("web_end_agreed_draw"), final: true };
  return null;
}

// why the game ended, in words ({text, final}), or null when the winners say it all
export function endWhy(view) {
  return etiquetteEnd(view) || rendererFor(view.game).endReason(view);
}

// the banner shown when the game is over
export function resultText(view) {
  const why = endWhy(view);
  if (why && why.final) return why.text;
  const w = view.winners || [];
  let out;
  if (!w.length) out = t("web_draw");
  else if (view.you !== null && view.you !== undefined && w.includes(view.you)) out = t("web_you_win");
  else {
    const names = w.map((s) => seatName(view, s)).join(" + ");
    const lost = view.you !== null && view.you !== undefined ? `${t("web_you_lose")} ` : "";
    out = lost + t("web_wins", { name: names });
  }
  return why ? `${why.text} ${out}` : out;
}

// `extra` (the controls) goes where the game puts it (under the board, or between the dice and
// the sheets). `handlers` is null where nothing can be played (replays, spectators).
export function boardArea(view, ui, handlers, extra = null) {
  return rendererFor(view.game).board(view, ui, handlers, extra, boardOf(view) || {});
}

// what a finished game shows under its board (a score table), or null
export function afterBoard(view) {
  return view.is_over ? rendererFor(view.game).afterBoard(view) : null;
}
