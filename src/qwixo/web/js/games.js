// The renderer registry. Each game's own module (its board, its move words, its rules
// drawing, its lobby settings) registers a renderer under the game's name; the generic modules
// (board.js, game.js, lobby.js, replay.js, rules.js, words.js, ...) ask here and never name a
// game. A game with no renderer of its own is drawn by the generic fallback (fallback.js) from
// its view alone, so a new game plays in the browser before anyone writes its drawing.
// renderers.js lists the renderers this build ships. docs/web.md "Renderers" lists the members.

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
  for (const [name, g] of Object.entries((meta && meta.games) || {})) {
    if (g && g.info && "renderer" in g.info) {
      NAMED.set(name, g.info.renderer);
      MERGED.delete(name);
    }
    if (g && g.info && g.info.title) titles[name] = g.info.title;
  }
  try {
    localStorage.setItem(TITLES, JSON.stringify(titles));
  } catch (e) {
    // private mode: the pages say the game's name
  }
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
