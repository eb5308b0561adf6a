// Quixo's renderer (games.js): the board with its legend and the dot choice, seat letters,
// moves in words, the rules page, the lobby's own settings (the draw rule, conferring), the
// first-game guide. The generic modules reach Quixo only through this registration.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { touchScreen } from "./ui.js";
import { registerGame, boardOf } from "./games.js";
import { seatName } from "./words.js";
import { quixoBoard, quixoLegend, dotChoice, quixoMoveWords, pushSide, SEATS } from "./quixo.js";

// a move text ("e5a5", "e5a5:N") in parts: the square taken, the side it is pushed in from,
// the dot's direction in words (4 players), or null for another text
function moveParts(view, text) {
  const m = /^([a-g][1-7])([a-g][1-7])(?::(\w+))?$/.exec(String(text || ""));
  if (!m) return null;
  const q = boardOf(view);
  const n = (q && q.size) || (view.settings && view.settings.size) || 5;
  return { square: m[1], side: pushSide(m[1], m[2], n), dot: m[3] ? ` ${t("web_move_dot", { seat: m[3] })}` : "" };
}

const NAME = "quixo";
const DRAW_PLIES = 200;

// the draw rule as the form shows it: as chosen, else on when a bot is seated (the server's
// default for a game with a bot), off between people (offered)
function drawRule(form) {
  if (form.draw !== undefined && form.draw !== null) return !!form.draw;
  return (form.seats || []).some((x) => String(x.kind || "").startsWith("bot:"));
}

function isPlayer(view) {
  return view.you !== null && view.you !== undefined;
}

function board(view, ui, handlers, extra, q) {
  const mySeat = view.you;
  const four = (q.players || 2) === 4 && isPlayer(view);
  const dotSeat = four ? SEATS[ui.dot === "partner" ? (mySeat + 2) % 4 : mySeat] : null;
  const interactive = !!handlers && !view.is_over && isPlayer(view);
  const myTurn = interactive && (view.to_act || []).includes(mySeat);
  return h("div", { class: "board-wrap quixo-wrap", tabindex: "-1" },
    four && myTurn && (q.takeable || []).length ? dotChoice(view, ui, (v) => handlers.own({ dot: v })) : null,
    quixoBoard(view, {
      interactive, sel: ui.sel, dotSeat, hint: ui.hintOption || null, animate: ui.animate,
      suggest: ui.suggest ? ui.suggest.move : null, // an analysis's better move: an arrow
      played: ui.suggest ? ui.suggest.played : null, // and the move played: a dashed one
      onSelect: (sq) => handlers.select(sq),
      onMove: (text) => handlers.choose(text),
      onRefuse: (why) => handlers.refuse(why),
    }),
    quixoLegend(view, (p) => seatName(view, p)), extra);
}

// an example position: X has just pushed a1 back in from the right
function example(players) {
  const rows = players === 4 ? [".N...", ".E.W.", "..S..", ".....", "N..EW"] : ["x....", ".o...", "..x..", ".o...", "o.xxx"];
  return {
    game: NAME, settings: { size: 5, players }, you: null, seats: [],
    board: { size: 5, players, rows, takeable: [], moves: [], lines: [],
      last_move: players === 4 ? null : { from: "a1", to: "e1", text: "a1e1" } },
  };
}

// the messages of the sentences naming a seat: [4 players, 2 players] (words.js seatSentence)
const SEAT_SENTENCES = {
  web_you_are_seat: ["web_you_are_seat_compass", "web_you_are_seat_symbol"],
  web_join: ["web_join_compass", "web_join_symbol"],
};

const paras = (keys) => keys.map((k) => h("p", {}, t(k)));

function touchFirst() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

registerGame(NAME, {
  // whose dot a 4-player move carries: "me" or "partner"
  uiState() {
    return { dot: "me" };
  },
  strength: ["random", "greedy", "easy", "linecount2", "mcts", "medium", "strong", "perfect"],
  title(settings) {
    const n = settings.size || 5;
    return `${t("web_quixo")} ${n}×${n} · ${t("web_players_n", { n: settings.players || 2 })}`;
  },
  seatLabel(settings, seat) {
    if (settings.players === 4) return t(`quixo_seat_mark_${SEATS[seat]}`);
    return seat === 0 ? "X" : "O";
  },
  seatName(view, seat, base) {
    return `${base} (${this.seatLabel(view.settings || {}, seat)})`;
  },
  // a seat in a sentence: a compass seat (4 players, {seat} N/E/S/W in words) or a symbol
  seatSentence(key, settings, seat) {
    const [compass, symbol] = SEAT_SENTENCES[key] || [key, key];
    if (settings.players === 4) return [compass, SEATS[seat]];
    return [symbol, seat === 0 ? "X" : "O"];
  },
  numberTwinBots: false, // the seat letter tells them apart
  moveWords(view, text) {
    const q = boardOf(view);
    return quixoMoveWords(text, (q && q.size) || (view.settings && view.settings.size) || 5);
  },
  // an analysis's key moment: a whole sentence for the push, from its side
  playedWords(view, name, text, value) {
    const m = moveParts(view, text);
    return m ? t(`an_played_push_${m.side}`, { name, square: m.square, dot: m.dot, value })
      : t("an_played_move", { name, move: String(text), value });
  },
  betterWords(view, text, value) {
    const m = moveParts(view, text);
    return m ? t(`an_better_push_${m.side}`, { square: m.square, dot: m.dot, value })
      : t("an_better_move", { move: String(text), value });
  },
  // a hint's best move: the same whole sentence, as the best one
  bestWords(view, text) {
    const m = moveParts(view, text);
    return m ? t(`an_best_push_${m.side}`, { square: m.square, dot: m.dot })
      : t("web_hint_best", { move: this.moveWords(view, text) });
  },
  // the result card: the line that ended the game, from its first square to its last
  resultDetails(view) {
    const lines = (boardOf(view) || {}).lines || [];
    return lines.length ? h("p", { class: "result-line" },
      lines.map((l) => t("web_result_line", { squares: `${l[0]}–${l[l.length - 1]}` })).join(" ")) : null;
  },
  endReason(view) {
    const why = view.end_reason || (boardOf(view) || {}).end_reason;
    if (why === "ply_limit" || why === "repetition") return { text: t(`web_end_${why}`), final: true };
    if (why === "opponent_line") return { text: t("web_end_opponent_line"), final: false };
    return null;
  },
  asked(view, ui) {
    return ui.sel ? t(touchScreen() ? "web_quixo_pick_dest_tap" : "web_quixo_pick_dest", { square: ui.sel }) : t("web_quixo_pick_cube");
  },
  board,
  passNote() {
    return h("p", { class: "muted" }, t("web_quixo_must_pass"));
  },
  cancelText() {
    return t("web_quixo_cancel");
  },
  cancelable(ui) {
    return !!ui.sel || !!ui.chooser;
  },
  showsScores() {
    return false;
  },
  moveSound: "move",
  rematchSettings(view) {
    const s = view.settings || {};
    const settings = { size: s.size, players: s.players, ...(s.ply_limit ? { ply_limit: s.ply_limit } : {}), ...(s.repetition ? { repetition: s.repetition } : {}) };
    // the other side starts: whoever did not start the last game
    const first = (s.first || "x").toLowerCase();
    if ((s.players || 2) === 2) settings.first = first === "o" ? "x" : "o";
    return settings;
  },
  guideStep(view, ui, acted) {
    const mine = (view.to_act || []).includes(view.you);
    if (mine && !acted) return [ui.sel ? 2 : 1, 3];
    return acted ? [3, 3] : null;
  },
  // on a touch screen the guide says nothing of keys
  guideText(step) {
    return t(touchFirst() && step <= 2 ? `web_guide_quixo_${step}_touch` : `web_guide_quixo_${step}`);
  },
  scoreWord(score) {
    return t(score > 0 ? "win" : score < 0 ? "loss" : "draw");
  },
  rulesPages() {
    return [{ query: NAME, label: t("web_quixo") }];
  },
  rulesTitle() {
    return t("web_quixo");
  },
  rulesContent() {
    return [
      paras(["web_rules_quixo_goal", "web_rules_quixo_move"]),
      h("figure", { class: "rules-figure" }, quixoBoard(example(2), { interactive: false }),
        h("figcaption", {}, t("web_rules_example_push", { square: "a1" }))),
      paras(["web_rules_quixo_end", "web_rules_quixo_four"]),
      h("figure", { class: "rules-figure" }, quixoBoard(example(4), { interactive: false }),
        h("figcaption", {}, t("web_rules_quixo_four_caption"))),
    ];
  },
  // the lobby: sizes as "5×5", the draw rule as one choice (ply limit and repetition together)
  settingLabels: { size: (n) => `${n}×${n}` },
  settingFields: {
    ply_limit: (form, set) => h("label", { class: "field check" },
      h("input", { type: "checkbox", name: "draw", checked: drawRule(form), onchange: (e) => set("draw", e.target.checked) }),
      h("span", {}, t("web_draw_rule", { plies: DRAW_PLIES }))),
    repetition: () => null,
  },
  // untouched, the rule is the server's default (on with a bot seated: QuixoGame.bot_settings);
  // a person who turns it off sends that (null) too
  formSettings(form) {
    if (form.draw === undefined || form.draw === null) return {};
    return form.draw ? { ply_limit: DRAW_PLIES, repetition: 3 } : { ply_limit: null, repetition: null };
  },
  formExtras(form, set) {
    if (form.settings.players !== 4) return [];
    return [h("label", { class: "field check" },
      h("input", { type: "checkbox", name: "confer", checked: !!form.confer, onchange: (e) => set("confer", e.target.checked) }),
      h("span", {}, t("web_confer")))];
  },
  createExtras(form) {
    return { confer: form.settings.players === 4 && !!form.confer };
  },
  ratingQuery(settings) {
    return new URLSearchParams({ game: NAME, players: String(settings.players || 2), size: String(settings.size || 5) });
  },
});
