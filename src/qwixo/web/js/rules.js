// The rules pages, in the page's language, illustrated with the same board and sheet the game
// page draws. Each game's renderer (games.js) lists its pages (Qwixx: one per edition of GET
// /api/editions) and draws their content; this module draws the page and the list of pages of
// every game the server offers (GET /api/meta).

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { navClick } from "./nav.js";
import { rendererFor, registeredGames } from "./games.js";

let games = null; // the games the server offers

async function gameNames() {
  if (!games) {
    try {
      games = Object.keys((await api("GET", "/api/meta")).games || {});
    } catch (e) {
      games = registeredGames(); // offline: the games this page can draw
    }
  }
  return games;
}

// every rules page: [{game, query, label}], game by game
export async function rulesPages() {
  const out = [];
  for (const g of await gameNames()) {
    let pages = [];
    try {
      pages = await rendererFor(g).rulesPages(g);
    } catch (e) {
      pages = [];
    }
    for (const p of pages) out.push({ game: g, ...p });
  }
  return out;
}

export function rulesLink(p, on = false) {
  return h("a", { href: `/?rules=${p.query}`, class: `btn small ${on ? "primary" : ""}`, onclick: navClick,
    "aria-current": on ? "page" : null }, p.label);
}

export function rulesView(root, game, params) {
  const r = rendererFor(game);
  let pages = null;
  let disposed = false;
  const here = new URLSearchParams(params);
  here.set("rules", game);

  function isHere(p) {
    const q = new URLSearchParams(`rules=${p.query}`);
    return [...q.entries()].every(([k, v]) => here.get(k) === v);
  }

  function render() {
    if (disposed) return;
    clear(root);
    const name = r.rulesTitle(here, game);
    document.title = `${t("web_rules_title", { game: name })} — qwixo`;
    const content = r.rulesContent(here, render);
    root.append(h("article", { class: "rules-page card" },
      h("a", { href: "/", class: "back", onclick: navClick }, t("web_back_to_lobby")),
      h("h1", {}, t("web_rules_title", { game: name })),
      pages ? h("nav", { class: "actions rules-nav", "aria-label": t("web_rules") }, pages.map((p) => rulesLink(p, isHere(p)))) : null,
      content || h("p", { class: "muted" }, t("web_rules_none"))));
  }

  render();
  rulesPages().then((p) => { pages = p; render(); });
  return { dispose() { disposed = true; }, rerender: render };
}
