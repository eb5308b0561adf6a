// Names and sentences the pages show: game titles, seat names, bot levels in plain words
// (ordered by measured strength), moves and events in words ("took b1, pushed it in from the
// top"; "crossed red 7").

import { t } from "./i18n.js";

export const QUIXO_SEATS = ["N", "E", "S", "W"];

// Bots by measured strength, weakest first (docs/quixo-bots.md, docs/qwixx-bots.md: strong's
// win rate against each). Bots the server lists but not named here go last, as listed.
const STRENGTH = {
  quixo: ["random", "greedy", "easy", "linecount2", "mcts", "medium", "strong", "perfect"],
  qwixx: ["random", "race", "optimal", "gap", "strong"],
};

export function sortBots(game, bots) {
  const order = STRENGTH[game] || [];
  const rank = (b) => (order.includes(b) ? order.indexOf(b) : order.length + bots.indexOf(b));
  return [...bots].sort((a, b) => rank(a) - rank(b));
}

// "Strong" (the level's plain name), or the bot's own name when the catalog has none
export function botName(game, bot) {
  const key = `web_botname_${game}_${bot}`;
  const text = t(key);
  return text === key ? bot : text;
}

// one line on how the level plays
export function botLine(game, bot) {
  const key = `web_botline_${game}_${bot}`;
  const text = t(key);
  return text === key ? "" : text;
}

export function gameTitle(game, settings) {
  settings = settings || {};
  if (game === "quixo") {
    const n = settings.size || 5;
    const p = settings.players || 2;
    return `${t("web_quixo")} ${n}×${n} · ${t("web_players_n", { n: p })}`;
  }
  const ed = settings.edition || "classic";
  const pad = settings.scorepad ? " · ✎" : "";
  const edName = t(`web_edition_${ed}`).replace(/\s*\(.*\)\s*$/, "");
  return `${t("web_qwixx")} · ${edName} · ${t("web_players_n", { n: settings.players || 2 })}${pad}`;
}

export function seatLabel(game, settings, seat) {
  if (game === "quixo") {
    if ((settings && settings.players) === 4) return t(`quixo_seat_mark_${QUIXO_SEATS[seat]}`);
    return seat === 0 ? "X" : "O";
  }
  return String(seat + 1);
}

function baseName(view, s, seat) {
  if (s.kind === "bot" && (!s.name || s.name === s.bot)) {
    const level = botName(view.game, s.bot);
    const twins = (view.seats || []).filter((x) => x.kind === "bot" && x.bot === s.bot && (!x.name || x.name === x.bot));
    // several bots of one level: the seat tells them apart (Quixo adds its seat letter anyway)
    if (twins.length > 1 && view.game !== "quixo") return t("web_bot_named_n", { level, n: seat + 1 });
    return t("web_bot_named", { level });
  }
  return s.name || t("web_player_name", { n: seat + 1 });
}

export function seatName(view, seat) {
  const s = (view.seats || []).find((x) => x.seat === seat) || {};
  const base = baseName(view, s, seat);
  if (view.game === "quixo") return `${base} (${seatLabel("quixo", view.settings, seat)})`;
  return base;
}

// -- moves in words -----------------------------------------------------------------------
const FILES = "abcdefg";

// the side a Quixo cube is pushed in from: the destination is an end of the cube's row or column
export function pushSide(from, to, n) {
  if (from[0] === to[0]) return parseInt(to.slice(1), 10) === n ? "top" : "bottom";
  return to[0] === "a" ? "left" : to[0] === FILES[n - 1] ? "right" : "left";
}

export function colourName(c) {
  return t(`web_row_${c}`);
}

export function quixoMoveWords(text, n) {
  if (!text || text === "pass") return t("web_move_pass");
  const [mv, dot] = String(text).split(":");
  const from = mv.slice(0, 2);
  const to = mv.slice(2, 4);
  const words = t(`web_move_push_${pushSide(from, to, n)}`, { square: from });
  return dot ? `${words} ${t("web_move_dot", { seat: dot })}` : words;
}

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

export function moveWords(view, text) {
  if (view.game === "quixo") {
    const n = (view.quixo && view.quixo.size) || (view.settings && view.settings.size) || 5;
    return quixoMoveWords(text, n);
  }
  return qwixxMoveWords(text);
}

// text for one event of the log
export function eventText(view, ev) {
  if (!ev) return "";
  const who = ev.seat !== null && ev.seat !== undefined ? seatName(view, ev.seat) : "";
  let what;
  if (ev.kind === "roll") what = t("web_move_roll", { dice: (ev.dice || []).filter((d) => d).join(" ") });
  else if (ev.kind === "choose") what = ev.hidden ? t("web_move_hidden") : moveWords(view, ev.decision);
  else if (ev.kind === "undo") what = t("web_move_undo");
  else what = ev.kind;
  const auto = ev.auto ? ` (${t("web_auto")})` : "";
  return who ? `${who}: ${what}${auto}` : `${what}${auto}`;
}
