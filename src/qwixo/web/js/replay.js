// Replay of a finished game, move by move: start / back / slider / next / end (and the arrow
// keys). Each step's view comes from the server (/api/games/{id}/replay/{step}); the event log
// comes from /api/games/{id}/history.

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { errorText } from "./ui.js";
import { navClick } from "./nav.js";
import { gameTitle, seatName, eventText } from "./words.js";
import { boardArea, resultText } from "./board.js";
import { scoreTable } from "./qwixx.js";

export function replayView(root, id, startStep) {
  let history = null;
  let view = null;
  let step = startStep;
  let error = null;
  let disposed = false;
  let loading = 0;
  const cache = new Map();

  async function load(k) {
    if (cache.has(k)) return cache.get(k);
    const v = await api("GET", `/api/games/${encodeURIComponent(id)}/replay/${k}`);
    cache.set(k, v);
    return v;
  }

  async function show(k) {
    const total = history ? history.events.length : 0;
    step = Math.max(0, Math.min(total, k));
    const my = ++loading;
    try {
      const v = await load(step);
      if (my !== loading || disposed) return;
      view = v;
      error = null;
      history_replace();
    } catch (e) {
      error = e;
    }
    render();
    // prefetch the neighbours
    for (const n of [step + 1, step - 1]) if (n >= 0 && n <= total && !cache.has(n)) load(n).catch(() => {});
  }

  function history_replace() {
    const url = `/?game=${encodeURIComponent(id)}&replay=${step}`;
    if (location.search !== url.slice(1)) history_api().replaceState(null, "", url);
  }

  function history_api() {
    return window.history;
  }

  function onKey(e) {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
    if (e.key === "ArrowLeft") show(step - 1);
    else if (e.key === "ArrowRight") show(step + 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(history ? history.events.length : 0);
  }

  function render() {
    if (disposed) return;
    clear(root);
    const back = h("a", { href: "/", class: "back", onclick: navClick }, t("web_back_to_lobby"));
    if (!history || !view) {
      root.append(h("div", { class: "game-page" }, h("div", { class: "game-head" }, back, h("h1", {}, t("web_replay_title"))),
        error ? h("p", { class: "error-box", role: "alert" }, errorText(error)) : h("p", { class: "loading" }, t("web_loading"))));
      return;
    }
    const total = history.events.length;
    const ev = step > 0 ? history.events[step - 1] : null;
    const controls = h("div", { class: "replay-controls" },
      h("button", { class: "btn", id: "rp-first", disabled: step === 0, onclick: () => show(0) }, t("web_first")),
      h("button", { class: "btn", id: "rp-prev", disabled: step === 0, onclick: () => show(step - 1) }, t("web_prev")),
      h("input", { type: "range", id: "rp-slider", min: 0, max: total, value: step, "aria-label": t("web_step_of", { n: step, total }),
        oninput: (e) => show(parseInt(e.target.value, 10)) }),
      h("button", { class: "btn", id: "rp-next", disabled: step >= total, onclick: () => show(step + 1) }, t("web_next")),
      h("button", { class: "btn", id: "rp-last", disabled: step >= total, onclick: () => show(total) }, t("web_last")));
    const log = h("ol", { class: "event-log" }, history.events.map((e, i) =>
      h("li", { class: i === step - 1 ? "current" : "" }, h("button", { type: "button", class: "log-step",
        "aria-current": i === step - 1 ? "step" : null, onclick: () => show(i + 1) }, eventText(view, e)))));
    root.append(h("div", { class: `game-page replay game-${view.game}` },
      h("div", { class: "game-head" }, back, h("h1", {}, `${t("web_replay_title")} · ${gameTitle(view.game, view.settings)}`)),
      controls,
      h("p", { class: "status", id: "rp-step" }, t("web_step_of", { n: step, total }), " · ",
        ev ? eventText(view, ev) : t("web_replay_start")),
      view.is_over ? h("div", { class: "result", id: "result" }, h("b", {}, t("web_game_over")), " ", resultText(view)) : null,
      error ? h("p", { class: "error-box", role: "alert" }, errorText(error)) : null,
      h("div", { class: "game-body" },
        h("div", { class: "main-col" }, boardArea(view, { sel: null, dot: "me" }, null),
          view.is_over && view.game === "qwixx" ? scoreTable(view, (p) => seatName(view, p)) : null),
        h("aside", { class: "side", "aria-labelledby": "log-h" }, h("h2", { id: "log-h" }, t("web_log")), log))));
    const cur = root.querySelector(".event-log .current");
    const box = root.querySelector(".event-log");
    if (cur && box) box.scrollTop = Math.max(0, cur.offsetTop - box.clientHeight / 2);
  }

  async function start() {
    try {
      history = await api("GET", `/api/games/${encodeURIComponent(id)}/history`);
      await show(step || 0);
    } catch (e) {
      error = e;
      render();
    }
  }

  document.addEventListener("keydown", onKey);
  render();
  start();
  return {
    dispose() {
      disposed = true;
      document.removeEventListener("keydown", onKey);
    },
    rerender: render,
  };
}
