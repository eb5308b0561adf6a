// qwixo service worker: keeps the page itself (HTML, CSS, JS, icon), the translations and the
// Qwixx edition tables, so the page opens and the offline score pad (/?pad=EDITION) works with
// no server. Everything else — games, seats, tokens, hints, the WebSocket — is never cached
// and goes to the server as usual. Network first: an online page always gets the newest files.

const CACHE = "qwixo-v2";
const SHELL = [
  "/", "/index.html", "/account.html", "/tournaments.html", "/css/app.css", "/css/account.css", "/icon.svg", "/manifest.webmanifest",
  "/js/account.js", "/js/analysis.js", "/js/app.js", "/js/api.js", "/js/board.js", "/js/chat.js", "/js/confirm.js", "/js/dom.js", "/js/duration.js", "/js/etiquette.js", "/js/game.js",
  "/js/games.js", "/js/guest-name.js", "/js/pairing.js", "/js/friends.js", "/js/fallback.js", "/js/renderers.js", "/js/quixo-game.js", "/js/qwixx-game.js", "/js/settings-form.js",
  "/js/game-controls.js", "/js/game-panels.js", "/js/hints.js", "/js/i18n.js", "/js/invite.js",
  "/js/keynav.js", "/js/lobby.js", "/js/nav.js", "/js/pad.js", "/js/puzzle.js", "/js/quixo.js", "/js/qwixx.js", "/js/quixo-codes.js", "/js/qwixx-codes.js",
  "/js/replay.js", "/js/result.js", "/js/rules.js", "/js/seats.js", "/js/sound.js", "/js/together.js", "/js/turns.js",
  "/js/tournaments.js", "/js/ui.js", "/js/walkthrough.js", "/js/words.js",
];
const LANGS = ["en", "tr", "it", "pl"];
const EDITIONS = ["classic", "longo", "mixx-a", "mixx-b", "bonus-a", "bonus-b"];
// the account page's three addresses are one file (its script picks the view from the address)
const ACCOUNT_VIEWS = ["/account.html", "/profile.html", "/leaderboard.html"];
// pages of their own (any query: ?id=): kept under their own address, not as "/"
const OWN_PAGES = ["/tournaments.html"];
const DATA = [...LANGS.map((l) => `/api/i18n/${l}`), "/api/editions", ...EDITIONS.map((e) => `/api/editions/${e}`)];

// the only server answers kept: the page's files, translations, edition tables
function cacheable(url) {
  if (url.origin !== self.location.origin) return false;
  if (url.pathname.startsWith("/api/")) return DATA.includes(url.pathname);
  return !url.pathname.startsWith("/ws/") && !url.search.includes("token=");
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll([...SHELL, ...DATA])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (!cacheable(url)) return;
  // a page address (any query: ?pad=, ?rules=, ?game=) is the one page: its HTML is "/"; the
  // account page's addresses (any query: ?name=, ?class=) are its one file, "/account.html";
  // the tournaments page (any query) is its own file
  const account = ACCOUNT_VIEWS.includes(url.pathname);
  const own = OWN_PAGES.includes(url.pathname);
  const key = account ? "/account.html" : own ? url.pathname : req.mode === "navigate" ? "/" : url.pathname;
  event.respondWith(fetch(req).then((res) => {
    if (res.ok) {
      const copy = res.clone();
      caches.open(CACHE).then((c) => c.put(key, copy));
    }
    return res;
  }).catch(() => caches.match(key).then((hit) => hit || Response.error())));
});
