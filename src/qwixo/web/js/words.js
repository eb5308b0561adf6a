// Names and sentences the pages show: game titles, seat names, bot levels in plain words
// (ordered by measured strength), moves and events in words ("took b1, pushed it in from the
// top"; "crossed red 7"). What depends on the game comes from its renderer (games.js).

import { t } from "./i18n.js";
import { rendererFor } from "./games.js";
// Bots by measured strength, weakest first: by their ratings in the chosen class where
// `ratings` ({bot: {rating}}, GET /api/bot-ratings) has them, else by each renderer's
// `strength` (docs/quixo-bots.md, docs/qwixx-bots.md: strong's win rate against each); bots
// the server lists but not named there go last, as listed.
export function sortBots(game, bots, ratings = null) {
  const order = rendererFor(game).strength || [];
  const rank = (b) => (order.includes(b) ? order.indexOf(b) : order.length + bots.indexOf(b));
  const rated = (b) => ratings && ratings[b] && typeof ratings[b].rating === "number";
  return [...bots].sort((a, b) => {
    if (rated(a) && rated(b)) return ratings[a].rating - ratings[b].rating || rank(a) - rank(b);
    if (rated(a) !== rated(b)) return rated(a) ? -1 : 1;
    return rank(a) - rank(b);
  });
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
  return rendererFor(game).title(settings || {}, game);
}

// a game and who else sits at it, in words: "Quixo 5×5 · 2 players vs Ada, Strong"
// (`opponents`: [{seat, kind, bot, name}], a bot by its id)
export function gameVs(game, settings, opponents) {
  const title = gameTitle(game, settings);
  const names = (opponents || []).map((o) => (o.kind === "bot" ? botName(game, o.bot) : o.name || t("web_player_name", { n: o.seat + 1 })));
  return names.length ? t("acct_game_vs", { game: title, names: names.join(", ") }) : title;
}

export function seatLabel(game, settings, seat) {
  return rendererFor(game).seatLabel(settings || {}, seat);
}

// a sentence naming a seat ("web_you_are_seat", "web_join"), whole in every language: the
// renderer picks the message for its kind of seat (a number: "2. koltuğa oturun"; a compass
// seat or a symbol: messages of their own) and what {seat} holds
export function seatSentence(key, game, settings, seat, params = {}) {
  const [k, value] = rendererFor(game).seatSentence(key, settings || {}, seat);
  return t(k, { ...params, seat: value });
}

function baseName(view, s, seat) {
  // a bot whose name the server gave it ("gap", "gap 2": default_name) reads as its level
  const given = (x) => x.kind === "bot" && (!x.name || x.name === x.bot || x.default_name);
  if (given(s)) {
    const level = botName(view.game, s.bot);
    const twins = (view.seats || []).filter((x) => given(x) && x.bot === s.bot);
    // several bots of one level: the seat tells them apart (Quixo adds its seat letter anyway)
    if (twins.length > 1 && rendererFor(view.game).numberTwinBots) return t("web_bot_named_n", { level, n: seat + 1 });
    return t("web_bot_named", { level });
  }
  // a person's seat still named as the server named it ("Player 1" in the creator's language)
  // reads in the reader's language
  const name = (s.kind !== "bot" && s.default_name) || !s.name ? t("web_player_name", { n: seat + 1 }) : s.name;
  // a bot account (a program with an account): marked wherever the seat is named
  return s.bot_account ? t("web_bot_account_named", { name }) : name;
}

export function seatName(view, seat) {
  const s = (view.seats || []).find((x) => x.seat === seat) || {};
  const base = baseName(view, s, seat);
  return rendererFor(view.game).seatName(view, seat, base);
}

// -- moves in words -----------------------------------------------------------------------
export function moveWords(view, text) {
  return rendererFor(view.game).moveWords(view, text);
}

// text for one event of the log
export function eventText(view, ev) {
  if (!ev) return "";
  // (a roll the server made for a bot names the seat that rolled: its `roller`)
  const seat = ev.seat !== null && ev.seat !== undefined ? ev.seat : ev.roller;
  const who = seat !== null && seat !== undefined ? seatName(view, seat) : "";
  let what;
  if (ev.kind === "roll") what = t("web_move_roll", { dice: (ev.dice || []).filter((d) => d).join(" ") });
  else if (ev.kind === "choose") what = ev.hidden ? t("web_move_hidden") : moveWords(view, ev.decision);
  else if (ev.kind === "undo") what = t("web_move_undo");
  else if (ev.kind === "resign") what = t(ev.forfeit ? "web_move_forfeit" : "web_move_resign");
  else if (ev.kind === "draw") what = t("web_move_draw");
  else if (ev.kind === "seat") what = t("web_move_handed");
  else what = ev.kind;
  const auto = ev.auto ? ` (${t("web_auto")})` : "";
  return who ? `${who}: ${what}${auto}` : `${what}${auto}`;
}
