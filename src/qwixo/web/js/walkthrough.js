// The first-game walkthrough: the first Quixo move and the first Qwixx turn explained step by
// step on the live table, in a box above the board; skippable at any step. Shown to players
// (not spectators) until finished or skipped once per game kind (localStorage
// "qwixo.guide.quixo" / "qwixo.guide.qwixx" = "done").

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { rendererFor } from "./games.js";

const KEY = (game) => `qwixo.guide.${game}`;

export function guideDone(game) {
  return localStorage.getItem(KEY(game)) === "done";
}

// the step (1-based) the guide shows for this view, and how many steps there are
export function guideStep(view, ui, acted) {
  return rendererFor(view.game).guideStep(view, ui, acted);
}

export function walkthrough(page) {
  let acted = false;
  let closed = false;
  let lastVersion = null;
  let shown = false; // shown in this game (stays to its end even once marked done)

  function finish() {
    localStorage.setItem(KEY(page.view.game), "done");
    closed = true;
    const box = page.root.querySelector("#guide");
    if (box) box.remove();
  }

  function box(view, step, total) {
    const last = step === total;
    return h("aside", { class: "guide", id: "guide", "aria-labelledby": "guide-title" },
      h("h2", { id: "guide-title" }, `${t("web_guide_title")} · ${t("web_guide_step", { n: step, total })}`),
      h("p", { id: "guide-text" }, rendererFor(view.game).guideText(step, view)),
      h("div", { class: "actions" },
        last ? h("button", { type: "button", class: "btn primary", id: "guide-done", onclick: finish }, t("web_guide_done"))
          : h("button", { type: "button", class: "btn small", id: "guide-skip", onclick: finish }, t("web_guide_skip"))));
  }

  return {
    update(view, ui) {
      if (closed || view.you === null || view.you === undefined || view.is_over || (guideDone(view.game) && !shown)) return;
      shown = true;
      // the player has acted once their own decision (or roll) came back in a new version
      if (lastVersion !== null && view.version > lastVersion && view.last && view.last.seat === view.you) acted = true;
      lastVersion = view.version;
      const st = guideStep(view, ui, acted);
      const main = page.root.querySelector(".main-col");
      if (!st || !main) return;
      // seen to its last step: it does not come back in the next game (this one keeps it
      // until "Done")
      if (st[0] === st[1]) localStorage.setItem(KEY(view.game), "done");
      // beside the board on a wide screen (the board stays whole above the fold), under it
      // on a phone
      const side = page.root.querySelector(".side");
      if (side && matchMedia("(min-width: 821px)").matches) side.prepend(box(view, st[0], st[1]));
      else main.append(box(view, st[0], st[1]));
    },
    close() {
      closed = true;
    },
  };
}
