// Hints in words: the server's hint lines (docs/quixo-bots.md, docs/qwixx-bots.md) name moves
// and figures ("a1a3    win in 7 plies", "1. pass   win 60.2% ..."); the page says them as
// sentences ("Best: took a1, pushed it in from the right. This wins in 4 of your moves.").

import { percent, t } from "./i18n.js";
import { moveWords } from "./words.js";

// the first of `options` a hint names (its lines list moves best first), or null
export function hintOption(lines, options) {
  const set = new Set(options);
  for (const line of lines) {
    for (const word of String(line).split(/[\s,;()]+/)) {
      if (set.has(word)) return word;
      // Quixo 4-player moves carry the dot (":N"); a hint may name the move without it
      const withDot = options.find((o) => o.startsWith(`${word}:`));
      if (word.length >= 4 && withDot) return withDot;
    }
  }
  return null;
}

function lineOf(lines, option) {
  const base = option.split(":")[0];
  return lines.find((l) => String(l).split(/[\s,;()]+/).includes(base)) || "";
}

// one or two sentences for the best option of a hint, or null when the hint names none
export function hintWords(view, lines, option) {
  if (!option) return null;
  const out = [t("web_hint_best", { move: moveWords(view, option) })];
  const line = lineOf(lines, option);
  let m;
  if ((m = /win in (\d+) pl/.exec(line))) out.push(t("web_hint_win_in", { n: Math.ceil(parseInt(m[1], 10) / 2) }));
  else if ((m = /loss in (\d+) pl/.exec(line))) out.push(t("web_hint_loss_in", { n: Math.ceil(parseInt(m[1], 10) / 2) }));
  else if (/\bdraw\b/.test(line)) out.push(t("web_hint_draw"));
  else if ((m = /win\s+([\d.]+)\s*%/.exec(line))) out.push(t("web_hint_chance", { pct: percent(parseFloat(m[1]) / 100, 0) }));
  return out.join(" ");
}
