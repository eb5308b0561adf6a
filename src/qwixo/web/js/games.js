// The renderer registry. Each game's own module (its board, its move words, its rules
// drawing, its lobby settings) registers a renderer under the game's name; the generic modules
// (board.js, game.js, lobby.js, replay.js, rules.js, words.js, ...) ask here and never name a
// game. A game with no renderer of its own is drawn by the generic fallback (fallback.js) from
// its view alone, so a new game plays in the browser before anyone writes its drawing.
// renderers.js lists the renderers this build ships; a game's package may ship its own (its
// GameInfo.web: /api/meta's info.web names a module the server serves under /games/NAME/, which
// calls registerGame, and its style sheets), loaded by loadGameFiles before a page is drawn.
// docs/web.md "Renderers" lists the members.

import { fallback, setTitles } from "./fallback.js";

const RENDERERS = new Map();
setTitles((name) => metaTitle(name));
const MERGED = new Map();

export function registerGame(name, renderer) {
  RENDERERS.set(name, renderer);
  MERGED.delete(name);
}

const NAMED = new Map(); // game -> the renderer GET /api/meta names for it (info.renderer)

// the renderer of `name`: its own members, the fallback's for the rest
export function rendererFor(name) {
  if (!MERGED.has(name)) {
    const own = RENDERERS.get(NAMED.has(name) ? NAMED.get(name) : name);
    MERGED.set(name, { ...fallback, ...(own || {}), name, own: !!own });
  }
  return MERGED.get(name);
}

const TITLES = "qwixo.titles"; // localStorage: each game's title in /api/meta (for pages that do not ask it)

// the renderer names of GET /api/meta (games.NAME.info.renderer; null: the fallback) and the
// games' titles
export function useMeta(meta) {
  const titles = {};
  useRendererNames(meta);
  for (const [name, g] of Object.entries((meta && meta.games) || {})) {
    if (g && g.info && g.info.title) titles[name] = g.info.title;
  }
  try {
    localStorage.setItem(TITLES, JSON.stringify(titles));
  } catch (e) {
    // private mode: the pages say the game's name
  }
}

function useRendererNames(meta) {
  for (const [name, g] of Object.entries((meta && meta.games) || {})) {
    if (g && g.info && "renderer" in g.info) {
      NAMED.set(name, g.info.renderer);
      MERGED.delete(name);
    }
  }
}

const LOADED = new Set(); // games whose own files this page has loaded

// the games' own browser files that /api/meta names (info.web: {module, styles}, served under
// /games/NAME/): each style sheet linked, each module imported (it registers its renderer);
// resolves once every module has loaded or failed (a failed one leaves the fallback)
export function loadGameFiles(meta) {
  useRendererNames(meta);
  const jobs = [];
  for (const [name, g] of Object.entries((meta && meta.games) || {})) {
    const web = g && g.info && g.info.web;
    if (!web || !web.module || LOADED.has(name)) continue;
    LOADED.add(name);
    const base = `/games/${encodeURIComponent(name)}/`;
    for (const sheet of web.styles || []) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = base + encodeURIComponent(sheet);
      document.head.append(link);
    }
    jobs.push(import(base + encodeURIComponent(web.module)).catch(() => null));
  }
  return Promise.all(jobs);
}

// a game's title as /api/meta last gave it (in the language of that page), or null
export function metaTitle(name) {
  try {
    return JSON.parse(localStorage.getItem(TITLES) || "{}")[name] || null;
  } catch (e) {
    return null;
  }
}

export function registeredGames() {
  return [...RENDERERS.keys()];
}

// the game-specific part of a view: under the generic key "board", or (older servers) under
// the game's name
export function boardOf(view) {
  if (!view) return null;
  if (view.board !== undefined && view.board !== null) return view.board;
  return view[view.game] || null;
}
