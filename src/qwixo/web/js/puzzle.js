// The puzzle page: /?puzzle=GAME (the puzzle of the day), /?puzzle=GAME&id=ID (one puzzle).
// The position is drawn by the game's own renderer (board.js); the player makes moves on it,
// the server judges each (POST /api/puzzles/{game}/{id}/move) and answers with the defender's
// reply, until the win, or the solution after a wrong move. "Next puzzle" asks for one near the
// player's puzzle rating, skipping the ones already seen. The rating (Elo) of a signed-in player
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

  async choose(text) {
    if (this.state !== "play") return;
    try {
      const r = await this.send(text);
      this.view = r.view;
      this.ui.sel = null;
      if (!r.correct) {
        this.state = "failed";
        this.message = t("web_puzzle_wrong", { move: moveWords(this.view, text), moves: r.solution.map((m) => moveWords(this.view, m)).join(", ") });
        this.attempt(false);
      } else {
        this.played.push(text);
        if (r.reply) this.played.push(r.reply);
        if (r.solved) {
          this.state = "solved";
          this.message = t("web_puzzle_solved");
          this.attempt(true);
        } else {
          this.message = t("web_puzzle_right", { move: moveWords(this.view, r.reply) });
        }
      }
    } catch (e) {
      this.message = errorText(e);
    }
    this.render();
    const focus = this.root.querySelector(this.state === "play" ? ".board-wrap" : "#pz-next");
    if (focus) focus.focus();
  }

  next() {
    const s = store(this.game);
    const q = new URLSearchParams({ rating: String(Math.round(this.rating())), exclude: s.data.seen.join(",") });
    this.start(`/api/puzzles/${encodeURIComponent(this.game)}/next?${q}`);
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
    const v = this.view;
    const mover = p.view.you;
    const playing = this.state === "play";
    const controls = h("div", { class: "controls" },
      h("button", { class: "btn primary", id: "pz-next", type: "button", onclick: () => this.next() }, t("web_puzzle_next")),
      playing ? h("button", { class: "btn", id: "pz-show", type: "button", onclick: () => this.showSolution(), }, t("web_puzzle_show")) : null);
    this.root.append(h("div", { class: `game-page puzzle game-${p.game}`, dataset: { state: this.state } },
      head,
      h("p", { class: "status", id: "pz-task" }, t("web_puzzle_task", { side: seatName(p.view, mover), plies: p.plies })),
      h("p", { id: "pz-message", role: "status", "aria-live": "polite" }, this.message || ""),
      h("div", { class: "game-body" }, h("div", { class: "main-col" },
        boardArea(v, this.ui, playing ? this.handlers() : null, controls))),
      h("p", { id: "pz-rating", dataset: { kept: this.account ? "server" : "browser" } },
        t("web_puzzle_rating", { rating: Math.round(this.rating()), puzzle: p.rating }))));
  }

  // "Show the solution": a move that is no move is judged wrong, and the answer has the line
  async showSolution() {
    try {
      const r = await this.send("-");
      this.state = "failed";
      this.attempt(false);
      this.message = t("puzzle_solution", { moves: (r.solution || []).map((m) => moveWords(this.view, m)).join(", ") });
    } catch (e) {
      this.message = errorText(e);
    }
    this.render();
    const next = this.root.querySelector("#pz-next");
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
