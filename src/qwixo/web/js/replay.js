// Replay of a finished game, move by move: start / back / slider / next / end (and the arrow
// keys). Each step's view comes from the server (/api/games/{id}/replay/{step}); the event log
// comes from /api/games/{id}/history. Below, the game's analysis (analysis.js, the whole width):
// a key moment shows the position before that decision with the move played and the better one
// drawn by the game's renderer (ui.suggest = {seat, move, played}) and put in words beside the
// board; a click on its graph goes to that move.

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { errorText } from "./ui.js";
import { navClick } from "./nav.js";
import { gameTitle, eventText } from "./words.js";
import { boardArea, resultText, afterBoard } from "./board.js";
import { rendererFor } from "./games.js";
import { analysisPanel, startAnalysis } from "./analysis.js";

class ReplayPage {
  constructor(root, id, startStep) {
    this.root = root;
    this.id = id;
    this.startStep = startStep;
    this.history = null;
    this.view = null;
    this.step = startStep;
    this.error = null;
    this.disposed = false;
    this.loading = 0;
    this.cache = new Map();
    this.suggest = null; // {seat, move, played, text}: an analysis's decisions at this step
  }


  async load(k) {
    if (this.cache.has(k)) return this.cache.get(k);
    const v = await api("GET", `/api/games/${encodeURIComponent(this.id)}/replay/${k}`);
    this.cache.set(k, v);
    return v;
  }

  async show(k, suggest = null) {
    const total = this.history ? this.history.events.length : 0;
    this.step = Math.max(0, Math.min(total, k));
    this.suggest = suggest;
    const my = ++this.loading;
    try {
      const v = await this.load(this.step);
      if (my !== this.loading || this.disposed) return;
      this.view = v;
      this.error = null;
      this.history_replace();
    } catch (e) {
      this.error = e;
    }
    this.render();
    // prefetch the neighbours
    for (const n of [this.step + 1, this.step - 1]) if (n >= 0 && n <= total && !this.cache.has(n)) this.load(n).catch(() => {});
  }

  history_replace() {
    const url = `/?game=${encodeURIComponent(this.id)}&replay=${this.step}`;
    if (location.search !== url.slice(1)) this.history_api().replaceState(null, "", url);
  }

  history_api() {
    return window.history;
  }

  onKey(e) {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
    if (e.key === "ArrowLeft") this.show(this.step - 1);
    else if (e.key === "ArrowRight") this.show(this.step + 1);
    else if (e.key === "Home") this.show(0);
    else if (e.key === "End") this.show(this.history ? this.history.events.length : 0);
  }

  render() {
    if (this.disposed) return;
    clear(this.root);
    const back = h("a", { href: "/", class: "back", onclick: navClick }, t("web_back_to_lobby"));
    if (!this.history || !this.view) {
      this.root.append(h("div", { class: "game-page" }, h("div", { class: "game-head" }, back, h("h1", {}, t("web_replay_title"))),
        this.error ? h("p", { class: "error-box", role: "alert" }, errorText(this.error)) : h("p", { class: "loading" }, t("web_loading"))));
      return;
    }
    const total = this.history.events.length;
    const ev = this.step > 0 ? this.history.events[this.step - 1] : null;
    const controls = h("div", { class: "replay-controls" },
      h("button", { class: "btn", id: "rp-first", disabled: this.step === 0, onclick: () => this.show(0) }, t("web_first")),
      h("button", { class: "btn", id: "rp-prev", disabled: this.step === 0, onclick: () => this.show(this.step - 1) }, t("web_prev")),
      h("input", { type: "range", id: "rp-slider", min: 0, max: total, value: this.step, "aria-label": t("web_step_of", { n: this.step, total }),
        oninput: (e) => this.show(parseInt(e.target.value, 10)) }),
      h("button", { class: "btn", id: "rp-next", disabled: this.step >= total, onclick: () => this.show(this.step + 1) }, t("web_next")),
      h("button", { class: "btn", id: "rp-last", disabled: this.step >= total, onclick: () => this.show(total) }, t("web_last")));
    const log = h("ol", { class: "event-log" }, this.history.events.map((e, i) =>
      h("li", { class: i === this.step - 1 ? "current" : "" }, h("button", { type: "button", class: "log-step",
        "aria-current": i === this.step - 1 ? "step" : null, onclick: () => this.show(i + 1) }, eventText(this.view, e)))));
    this.root.append(h("div", { class: `game-page replay game-${this.view.game}` },
      h("div", { class: "game-head" }, back, h("h1", {}, `${t("web_replay_title")} · ${gameTitle(this.view.game, this.view.settings)}`)),
      controls,
      h("p", { class: "status", id: "rp-step" }, t("web_step_of", { n: this.step, total }), " · ",
        ev ? eventText(this.view, ev) : t("web_replay_start")),
      this.suggest ? h("p", { class: "suggest-text", id: "rp-suggest", role: "status" }, this.suggest.text) : null,
      this.suggest && this.suggest.drawn ? h("p", { class: "muted", id: "rp-drawn" }, this.suggest.drawn) : null,
      this.view.is_over ? h("div", { class: "result", id: "result" }, h("b", {}, t("web_game_over")), " ", resultText(this.view)) : null,
      this.error ? h("p", { class: "error-box", role: "alert" }, errorText(this.error)) : null,
      h("div", { class: "game-body" },
        h("div", { class: "main-col" }, boardArea(this.view, { sel: null, ...rendererFor(this.view.game).uiState(), suggest: this.suggest }, null),
          afterBoard(this.view)),
        h("aside", { class: "side", "aria-labelledby": "log-h" }, h("h2", { id: "log-h" }, t("web_log")), log)),
      analysisPanel(this)));
    const cur = this.root.querySelector(".event-log .current");
    const box = this.root.querySelector(".event-log");
    if (cur && box) box.scrollTop = Math.max(0, cur.offsetTop - box.clientHeight / 2);
  }

  async start() {
    try {
      this.history = await api("GET", `/api/games/${encodeURIComponent(this.id)}/history`);
      await this.show(this.step || 0);
      if (this.analyse) startAnalysis(this);
    } catch (e) {
      this.error = e;
      this.render();
    }
  }

}

// `analyse`: ask for the game's analysis at once (the result card's "Analyse")
export function replayView(root, id, startStep, analyse = false) {
  const self = new ReplayPage(root, id, startStep);
  self.analyse = analyse;
  const onKey = (e) => self.onKey(e);
  document.addEventListener("keydown", onKey);
  self.render();
  self.start();
  return {
    dispose() {
      self.disposed = true;
      document.removeEventListener("keydown", onKey);
    },
    rerender: () => self.render(),
  };
}
