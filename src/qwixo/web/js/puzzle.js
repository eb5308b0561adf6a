// The puzzle page: /?puzzle=GAME (the puzzle of the day), /?puzzle=GAME&id=ID (one puzzle).
// The position is drawn by the game's own renderer (board.js); the player makes moves on it,
// the server judges each (POST /api/puzzles/{game}/{id}/move) and answers with the defender's
// reply, until the win; after a wrong move a sentence, "Try again" (the same puzzle from its
// position) and the solution played on the board move by move (the answer's solution_views).
// "Next puzzle" asks for one near the player's puzzle rating, skipping the ones already seen, of
// the theme chosen (a length: "Win in 2 moves"); before a try it is only "Skip". A streak counts
// the puzzles solved in a row without a wrong move (in this browser). The rating (Elo) of a signed-in player
// is kept on the server (moves sent with "rated": true and the session's CSRF token; GET
// /api/puzzles/{game}/rating), else in this browser (localStorage). Knows no game: everything
// comes from the API and the game's renderer.

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { errorText } from "./ui.js";
import { navClick } from "./nav.js";
import { moveWords, seatName } from "./words.js";
import { boardArea } from "./board.js";

const K = 32;

function store(game) {
  const key = `qwixo.puzzles.${game}`;
  let data;
  try {
    data = JSON.parse(localStorage.getItem(key) || "{}");
  } catch (e) {
    data = {};
  }
  data.rating = typeof data.rating === "number" ? data.rating : 1500;
  data.seen = Array.isArray(data.seen) ? data.seen : [];
  data.streak = typeof data.streak === "number" ? data.streak : 0;
  data.best = typeof data.best === "number" ? data.best : 0;
  return { data, save: () => localStorage.setItem(key, JSON.stringify(data)) };
}

// the new puzzle rating after an attempt (Elo, as qwixo.quixo.puzzles.rate)
export function rate(rating, puzzleRating, solved) {
  const expected = 1 / (1 + 10 ** ((puzzleRating - rating) / 400));
  return rating + K * ((solved ? 1 : 0) - expected);
}

class PuzzlePage {
  constructor(root, game, id) {
    this.root = root;
    this.game = game;
    this.id = id;
    this.puzzle = null;
    this.view = null;
    this.played = [];
    this.ui = { sel: null, dot: "me" };
    this.message = null;
    this.state = "loading"; // "play", "solved", "failed"
    this.error = null;
    this.disposed = false;
    this.account = null; // {csrf, rating} when signed in: the rating kept on the server
    this.missed = false; // a wrong move (or the solution shown) in this puzzle: no streak
    this.solution = null; // {views, moves, k}: the solution played on the board, at move k
    this.lengths = []; // the themes: [{plies, count}]
    this.plies = null; // the theme chosen (a length in plies; null: any)
  }

  // who is signed in, and their puzzle rating on the server (signed out: null, the browser's)
  async signedIn() {
    try {
      const who = await api("GET", "/api/session");
      if (!who.signed_in) return;
      const mine = await api("GET", `/api/puzzles/${encodeURIComponent(this.game)}/rating`);
      this.account = { csrf: who.csrf, rating: mine.rating };
    } catch (e) {
      this.account = null;
    }
  }

  rating() {
    return this.account ? this.account.rating : store(this.game).data.rating;
  }

  // a move judged by the server; a signed-in player's attempt counts for their rating there
  async send(move) {
    const p = this.puzzle;
    const path = `/api/puzzles/${encodeURIComponent(this.game)}/${encodeURIComponent(p.id)}/move`;
    const body = { played: this.played, move };
    if (!this.account) return api("POST", path, body);
    const r = await api("POST", path, { ...body, rated: true }, { "X-CSRF-Token": this.account.csrf });
    if (r.rating) this.account.rating = r.rating.after;
    return r;
  }

  async start(path) {
    try {
      this.puzzle = await api("GET", path);
      this.view = this.puzzle.view;
      this.played = [];
      this.state = "play";
      this.message = null;
      this.ui = { sel: null, dot: "me" };
      this.missed = false;
      this.solution = null;
      const s = store(this.game);
      if (!s.data.seen.includes(this.puzzle.id)) {
        s.data.seen.push(this.puzzle.id);
        s.data.seen = s.data.seen.slice(-150);
        s.save();
      }
      history.replaceState(null, "", `/?puzzle=${encodeURIComponent(this.game)}&id=${encodeURIComponent(this.puzzle.id)}`);
    } catch (e) {
      this.error = e;
    }
    this.render();
    const board = this.root.querySelector(".board-wrap");
    if (board) board.focus();
  }

  attempt(solved) {
    if (this.account) return; // counted by the server (send)
    const s = store(this.game);
    if (s.data.last === this.puzzle.id) return; // one attempt counts per puzzle
    s.data.rating = rate(s.data.rating, this.puzzle.rating, solved);
    s.data.last = this.puzzle.id;
    s.save();
  }

  // the streak of puzzles solved in a row without a wrong move (kept in this browser)
  streak(solved) {
    const s = store(this.game);
    s.data.streak = solved ? s.data.streak + 1 : 0;
    s.data.best = Math.max(s.data.best, s.data.streak);
    s.save();
  }

  async choose(text) {
    if (this.state !== "play") return;
    try {
      const r = await this.send(text);
      this.view = r.view;
      this.ui.sel = null;
      if (!r.correct) {
        this.state = "failed";
        this.message = t("web_puzzle_wrong", { move: moveWords(this.view, text) });
        this.keepSolution(r);
        this.attempt(false);
        if (!this.missed) this.streak(false);
        this.missed = true;
      } else {
        this.played.push(text);
        if (r.reply) this.played.push(r.reply);
        if (r.solved) {
          this.state = "solved";
          this.message = t("web_puzzle_solved");
          this.attempt(true);
          if (!this.missed) this.streak(true);
        } else {
          this.message = t("web_puzzle_right", { move: moveWords(this.view, r.reply) });
        }
      }
    } catch (e) {
      this.message = errorText(e);
    }
    this.render();
    const focus = this.root.querySelector(this.state === "play" ? ".board-wrap" : this.state === "failed" ? "#pz-retry" : "#pz-next");
    if (focus) focus.focus();
  }

  // the solution of an answer that has it, to be played on the board
  keepSolution(r) {
    this.answer = { moves: r.solution || [], views: r.solution_views || [] };
  }

  // the same puzzle again from its position (the attempt that counts is the first)
  retry() {
    this.view = this.puzzle.view;
    this.played = [];
    this.state = "play";
    this.message = null;
    this.solution = null;
    this.ui = { sel: null, dot: "me" };
    this.render();
    const board = this.root.querySelector(".board-wrap");
    if (board) board.focus();
  }

  // the solution on the board, move k of it: the position before it with the move drawn
  playSolution(k) {
    const a = this.answer || { moves: [], views: [] };
    const n = Math.min(a.moves.length, a.views.length);
    this.solution = { k: Math.max(0, Math.min(n, k)), n };
    this.render();
  }

  next() {
    const s = store(this.game);
    const q = new URLSearchParams({ rating: String(Math.round(this.rating())), exclude: s.data.seen.join(",") });
    if (this.plies) q.set("plies", String(this.plies));
    this.start(`/api/puzzles/${encodeURIComponent(this.game)}/next?${q}`);
  }

  // the themes (lengths) of this game's puzzles, and the one chosen (the URL's, else the last)
  async themes() {
    try {
      const found = (await api("GET", "/api/puzzles")).games.find((g) => g.game === this.game);
      this.lengths = (found && found.lengths) || [];
    } catch (e) {
      this.lengths = [];
    }
    const want = parseInt(new URLSearchParams(location.search).get("plies") || store(this.game).data.plies || "", 10);
    this.plies = this.lengths.some((l) => l.plies === want) ? want : null;
  }

  chooseTheme(value) {
    const s = store(this.game);
    this.plies = value ? parseInt(value, 10) : null;
    s.data.plies = this.plies;
    s.save();
    this.next();
  }

  themePicker() {
    if (this.lengths.length < 2) return null;
    return h("p", { class: "pz-theme" }, h("label", { for: "pz-theme" }, t("web_puzzle_theme_label"), " "),
      h("select", { id: "pz-theme", onchange: (e) => this.chooseTheme(e.target.value) },
        h("option", { value: "", selected: !this.plies }, t("web_puzzle_theme_any")),
        this.lengths.map((l) => h("option", { value: l.plies, selected: this.plies === l.plies },
          t("web_puzzle_theme", { moves: (l.plies + 1) / 2 })))));
  }

  handlers() {
    return {
      select: (sq) => { this.ui.sel = sq; this.render(); },
      own: (patch) => { Object.assign(this.ui, patch); this.render(); },
      choose: (text) => this.choose(text),
      refuse: (why) => { this.message = why; this.render(); },
      cancel: () => { this.ui.sel = null; this.render(); },
      showError: (e) => { this.message = errorText(e); this.render(); },
    };
  }

  render() {
    if (this.disposed) return;
    clear(this.root);
    const back = h("a", { href: "/", class: "back", onclick: navClick }, t("web_back_to_lobby"));
    const title = this.daily && this.puzzle && this.puzzle.id === this.daily ? t("web_puzzle_daily") : t("web_puzzle_title");
    const head = h("div", { class: "game-head" }, back, h("h1", {}, title));
    if (!this.puzzle) {
      this.root.append(h("div", { class: "game-page puzzle" }, head,
        this.error ? h("p", { class: "error-box", role: "alert" }, errorText(this.error)) : h("p", { class: "loading" }, t("web_loading"))));
      return;
    }
    const p = this.puzzle;
    const mover = p.view.you;
    const playing = this.state === "play";
    const sol = this.solution;
    const answer = this.answer || { moves: [], views: [] };
    let v = this.view;
    let ui = this.ui;
    let solLine = null;
    if (sol) { // the solution on the board: the position before move k, that move drawn
      v = sol.k === 0 ? p.view : answer.views[sol.k - 1];
      ui = { sel: null, dot: "me", suggest: sol.k < sol.n ? { seat: mover, move: answer.moves[sol.k] } : null };
      solLine = h("div", { class: "pz-solution" },
        h("p", { id: "pz-sol-step", role: "status" }, sol.k < sol.n
          ? t("web_puzzle_solution_step", { n: sol.k + 1, total: sol.n, move: moveWords(p.view, answer.moves[sol.k]) })
          : t("puzzle_solution", { moves: answer.moves.map((m) => moveWords(p.view, m)).join(", ") })),
        h("div", { class: "controls" },
          h("button", { class: "btn", id: "pz-sol-prev", type: "button", disabled: sol.k === 0, onclick: () => this.playSolution(sol.k - 1) }, t("web_prev")),
          h("button", { class: "btn", id: "pz-sol-next", type: "button", disabled: sol.k >= sol.n, onclick: () => this.playSolution(sol.k + 1) }, t("web_next"))));
    }
    const btn = (id, label, onclick, main) => h("button", { class: main ? "btn primary" : "btn", id, type: "button", onclick }, label);
    const controls = h("div", { class: "controls" },
      this.state === "failed" ? btn("pz-retry", t("web_puzzle_retry"), () => this.retry(), true) : null,
      (playing || this.state === "failed") && !sol ? btn("pz-show", t("web_puzzle_show"), () => (this.answer && this.state === "failed" ? this.playSolution(0) : this.showSolution()), false) : null,
      btn("pz-next", playing ? t("web_puzzle_skip") : t("web_puzzle_next"), () => this.next(), this.state === "solved"));
    const st = store(this.game).data;
    this.root.append(h("div", { class: `game-page puzzle game-${p.game}`, dataset: { state: this.state } },
      head,
      this.themePicker(),
      h("p", { class: "status", id: "pz-task" }, t("web_puzzle_task", { side: seatName(p.view, mover), plies: p.plies })),
      h("p", { id: "pz-message", role: "status", "aria-live": "polite", class: this.state === "failed" ? "pz-wrong" : this.state === "solved" ? "pz-right" : "" }, this.message || ""),
      h("div", { class: "game-body" }, h("div", { class: "main-col" },
        boardArea(v, ui, playing && !sol ? this.handlers() : null, h("div", {}, solLine, controls)))),
      h("p", { id: "pz-rating", dataset: { kept: this.account ? "server" : "browser" } },
        t("web_puzzle_rating", { rating: Math.round(this.rating()), puzzle: p.rating })),
      h("p", { id: "pz-streak", dataset: { streak: st.streak, best: st.best } }, t("web_puzzle_streak", { streak: st.streak, best: st.best }))));
  }

  // "Show the solution": a move that is no move is judged wrong, and the answer has the line
  async showSolution() {
    try {
      const r = await this.send("-");
      this.state = "failed";
      this.attempt(false);
      if (!this.missed) this.streak(false);
      this.missed = true;
      this.keepSolution(r);
      this.message = t("web_puzzle_shown");
      this.playSolution(0);
    } catch (e) {
      this.message = errorText(e);
      this.render();
    }
    const next = this.root.querySelector("#pz-sol-next");
    if (next) next.focus();
  }
}

export function puzzleView(root, game, id) {
  const self = new PuzzlePage(root, game, id);
  self.render();
  const begin = async () => {
    if (!game) { // the first game that has puzzles
      try {
        const found = (await api("GET", "/api/puzzles")).games;
        self.game = game = found.length ? found[0].game : "";
      } catch (e) {
        self.error = e;
        self.render();
        return;
      }
    }
    await self.signedIn();
    await self.themes();
    if (id) {
      self.start(`/api/puzzles/${encodeURIComponent(game)}/${encodeURIComponent(id)}`);
    } else {
      await self.start(`/api/puzzles/${encodeURIComponent(game)}/daily`);
      self.daily = self.puzzle ? self.puzzle.id : null; // the day's puzzle: so titled
      self.render();
    }
  };
  begin();
  return {
    dispose() { self.disposed = true; },
    rerender: () => self.render(),
  };
}
