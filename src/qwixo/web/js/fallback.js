// The generic renderer: draws any game's view with no knowledge of the game — the board as
// a grid (a list of equal rows) and labelled values, every option as a button in the
// server's words — and says everything else (seat labels, titles, move words, settings) in
// the generic way. games.js fills each renderer's missing members from this one, so a game
// needs only the members it draws its own way; a game with no renderer at all (a game added
// by an entry point, docs/api.md "Adding a game") plays through this one.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";

function isGrid(v) {
  return Array.isArray(v) && v.length > 0 &&
    (v.every((r) => typeof r === "string" && r.length === v[0].length) ||
     v.every((r) => Array.isArray(r) && r.length === v[0].length && r.every((c) => c === null || typeof c !== "object")));
}

function grid(name, rows) {
  return h("table", { class: "fb-grid", "aria-label": name },
    h("tbody", {}, rows.map((r) => h("tr", {}, [...r].map((c) => h("td", {}, c === null ? "" : String(c)))))));
}

function valueText(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

// the board part of a view: grids for lists of equal rows, a list of the other values
export function boardPicture(board) {
  if (board === null || board === undefined) return null;
  if (typeof board !== "object" || Array.isArray(board)) return isGrid(board) ? grid("", board) : h("p", {}, valueText(board));
  const grids = [];
  const items = [];
  for (const [k, v] of Object.entries(board)) {
    if (isGrid(v)) grids.push(h("figure", { class: "fb-figure" }, h("figcaption", {}, k), grid(k, v)));
    else items.push(h("div", { class: "fb-item" }, h("dt", {}, k), h("dd", {}, valueText(v))));
  }
  return [grids, items.length ? h("dl", { class: "fb-values" }, items) : null];
}

let titleOf = () => null;

// where the game's title comes from when the catalogue has none (games.js: /api/meta's)
export function setTitles(fn) {
  titleOf = fn;
}

function gameName(name) {
  return has(`web_${name}`) ? t(`web_${name}`) : titleOf(name) || name;
}

export const fallback = {
  // "Tic-tac-toe · 2 players" (the catalogue's name of the game when it has one)
  title(settings, name) {
    const p = settings && settings.players;
    return p ? `${gameName(name)} · ${t("web_players_n", { n: p })}` : gameName(name);
  },
  seatLabel(settings, seat) {
    return String(seat + 1);
  },
  // the message and {seat} of a sentence naming a seat (words.js seatSentence): its number
  seatSentence(key, settings, seat) {
    return [key, seat + 1];
  },
  // the seat's name as the pages show it (a renderer may add its seat label)
  seatName(view, seat, base) {
    return base;
  },
  // several bots of one level are told apart by their seat number
  numberTwinBots: true,
  moveWords(view, text) {
    return !text || text === "pass" ? t("web_move_pass") : String(text);
  },
  // an analysis's key moment, as whole sentences: what `name` played (an option text) and the
  // better decision, each with its value in words
  playedWords(view, name, text, value) {
    return t("an_played_move", { name, move: String(text), value });
  },
  betterWords(view, text, value) {
    return t("an_better_move", { move: String(text), value });
  },
  // a hint's best decision, as a whole sentence ("Best: …")
  bestWords(view, text) {
    return t("web_hint_best", { move: this.moveWords(view, text) });
  },
  // the end reason's words before the winner (null: the winners say it all)
  endReason() {
    return null;
  },
  // what the player is asked to do now (after "Your turn.")
  asked() {
    return t("web_choose_move");
  },
  // the board area of the game page and the replay; `handlers` null where nothing is played
  board(view, ui, handlers, extra, board) {
    const mine = handlers && !view.is_over && (view.to_act || []).includes(view.you);
    const opts = mine ? (view.options || []).filter((o) => o !== "pass") : [];
    return h("div", { class: "board-wrap fallback-wrap", tabindex: "-1" },
      h("div", { class: "fb-board", role: "group", "aria-label": t("web_board") }, boardPicture(board)),
      opts.length ? h("div", { class: "fb-options", role: "group", "aria-label": t("web_choose_move") },
        opts.map((o) => h("button", { type: "button", class: `btn option ${ui.hintOption === o ? "hinted" : ""}`,
          dataset: { option: o, key: `opt:${o}` }, onclick: () => handlers.choose(o) }, this.moveWords(view, o)))) : null,
      extra);
  },
  // more controls of the game page (before pass / hint / undo)
  controls() {
    return [];
  },
  // a note above the pass button
  passNote() {
    return null;
  },
  // a cancel button while a choice is half made
  cancelable() {
    return false;
  },
  cancelText() {
    return t("web_go_back");
  },
  // controls after pass / hint / undo (every option as a button, ...)
  moreControls() {
    return null;
  },
  // the points of each seat beside its name (games that score in points)
  showsScores(view) {
    return (view.scores || []).some((s) => s !== 0 && s !== 1 && s !== -1);
  },
  // a finished game's result card part (a score table), or null
  afterBoard() {
    return null;
  },
  // what changed from one view to the next, for the board's animation
  fresh() {
    return null;
  },
  moveSound: "move",
  // the query of the game's rules page
  rulesQuery(view) {
    return `rules=${encodeURIComponent(view.game)}`;
  },
  // the settings of a rematch
  rematchSettings(view) {
    return { ...(view.settings || {}) };
  },
  // the first-game walkthrough's step for this view, [step, total], or null (no guide)
  guideStep() {
    return null;
  },
  guideText(step, view) {
    return t(`web_guide_${view.game}_${step}`);
  },
  // a finished game's score of one seat in a list ("3", or win/loss words)
  scoreWord(score) {
    return String(score);
  },
  // the penalty a pass costs now, or null
  passPenalty() {
    return null;
  },
  // the pass button's words, and whether passing now costs something (drawn as costly)
  passWords() {
    return { text: t("web_pass"), costly: false };
  },
  // what choosing `text` now costs, as the confirmation asked first ({title, text, ok}: the
  // dialog's title, question and confirming button), or null
  choiceCost(view, text) {
    return null;
  },
  // the game's own part of the game page's state, fresh (the page's `own(patch)` changes it)
  uiState() {
    return {};
  },
  // the rules pages this game has: [{query, label}], and the page's content for one of them
  rulesPages(name) {
    return [];
  },
  rulesTitle(params, name) {
    return gameName(name);
  },
  rulesContent() {
    return null;
  },
  // the lobby: settings drawn by the game itself instead of from the schema, keyed by the
  // setting's name (a function (form, set) -> element), and the game's extra create-body keys
  settingFields: {},
  settingLabels: {},
  // settings the game's own fields add to the schema's (e.g. a draw rule's two settings)
  formSettings() {
    return {};
  },
  // more choices of the game in the form (each an element; `set(key, value)` keeps them)
  formExtras() {
    return [];
  },
  createExtras() {
    return {};
  },
  // every seat a person at one table (a score pad): no bots, no clock, not rated
  allPeople() {
    return false;
  },
  // the rating class query of /api/bot-ratings for these settings
  ratingQuery(settings, name) {
    const q = new URLSearchParams({ game: name, players: String(settings.players || 2) });
    for (const [k, v] of Object.entries(settings)) if (k !== "players" && (typeof v === "string" || typeof v === "number")) q.set(k, String(v));
    return q;
  },
};
