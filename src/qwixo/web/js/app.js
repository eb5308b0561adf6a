// qwixo web front end: bootstrap and routing. Every view module draws one page; they share
// ui.js (messages), nav.js (go), seats.js (tokens held), words.js (names) — never this module,
// so no module imports another that imports it back.
//
//   /                          the lobby
//   /?game=ID                  watch a game (or resume the seat this browser holds in it)
//   /?game=ID&token=TOKEN      play the seat of that token (an invite link)
//   /?game=ID&watch=1          watch, even if this browser holds a seat
//   /?game=ID&replay=STEP      replay a finished game move by move (&analyse=1: with its analysis)
//   /?pad=classic              the offline score pad (no server needed once opened)
//   /?puzzle=GAME[&id=ID]      a puzzle (the day's, or that one); /?puzzle: the first game's
//   /?rules=quixo              the rules of Quixo; /?rules=qwixx&edition=longo those of an edition

import { LANGS, loadLang, pickLang, t, lang } from "./i18n.js";
import { h, clear, $ } from "./dom.js";
import { setConn } from "./ui.js";
import { setRouter, go } from "./nav.js";
import { tokensFor } from "./seats.js";
import { showSound, wireSound } from "./sound.js";
import { lobbyView } from "./lobby.js";
import { gameView } from "./game.js";
import { replayView } from "./replay.js";
import { rulesView } from "./rules.js";
import { padView } from "./pad.js";
import { puzzleView } from "./puzzle.js";
import { api } from "./api.js";
import { loadGameFiles, useMeta } from "./games.js";
import "./renderers.js";

let current = null; // {dispose(), rerender()}

function viewFor(main, q) {
  const id = q.get("game");
  if (q.has("rules")) return rulesView(main, q.get("rules"), q);
  if (q.has("pad")) return padView(main, q.get("pad"));
  if (q.has("puzzle")) return puzzleView(main, q.get("puzzle"), q.get("id"));
  if (!id) return lobbyView(main);
  if (q.has("replay")) return replayView(main, id, parseInt(q.get("replay"), 10) || 0, q.get("analyse") === "1");
  let token = q.get("token");
  const watch = q.get("watch") === "1";
  if (!token && !watch) {
    const held = Object.values(tokensFor(id));
    if (held.length) token = held[0];
  }
  return gameView(main, id, watch ? null : token);
}

function route() {
  if (current) current.dispose();
  current = null;
  setConn(null);
  clear($("#toasts"));
  const main = clear($("#main"));
  document.title = "qwixo";
  current = viewFor(main, new URLSearchParams(location.search));
}

function buildTopbar() {
  const sel = $("#lang");
  clear(sel);
  for (const [code, name] of Object.entries(LANGS)) {
    sel.append(h("option", { value: code, selected: code === lang() }, name));
  }
  $("#lang-label").textContent = t("web_language");
  $("#brand").title = t("web_title");
  $("#skip").textContent = t("web_skip_to_main");
  $("#nav-account").textContent = t("acct_account");
  $("#nav-leaderboard").textContent = t("acct_leaderboard");
  $("#nav-puzzles").textContent = t("web_puzzles");
  showSound($("#sound"));
}

async function main() {
  // the games' own renderers (a game's package may ship one), fetched while the words load;
  // not for the offline score pad, which asks the server nothing
  const offline = new URLSearchParams(location.search).has("pad");
  const gameFiles = offline ? null : api("GET", `/api/meta?lang=${pickLang()}`)
    .then((meta) => { useMeta(meta); return loadGameFiles(meta); }).catch(() => null);
  try {
    await loadLang(pickLang());
  } catch (e) {
    // no catalogue: the page's own copy of the text, in the language the server wrote it in
    const text = document.getElementById("network-error").textContent;
    clear($("#main")).append(h("p", { class: "error" }, text));
    return;
  }
  await gameFiles;
  buildTopbar();
  $("#lang").addEventListener("change", async (ev) => {
    await loadLang(ev.target.value);
    buildTopbar();
    if (current && current.rerender) current.rerender();
    else route();
  });
  $("#brand").addEventListener("click", (ev) => {
    ev.preventDefault();
    go("/");
  });
  wireSound($("#sound"));
  setRouter(route);
  window.addEventListener("popstate", route);
  route();
  watchWarming();
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  }
}

// While a fresh server still compiles its bots (GET /api/health's "ready" is false) a line
// under the top bar says so in words; the game can start meanwhile. Asked again every 3 s.
async function watchWarming() {
  const note = $("#warming");
  if (!note) return;
  let ready = true;
  try {
    const res = await fetch("/api/health");
    ready = res.ok ? (await res.json()).ready !== false : true;
  } catch (e) {
    ready = true; // offline: nothing to say here
  }
  note.hidden = ready;
  note.textContent = ready ? "" : t("web_bots_warming");
  if (!ready) setTimeout(watchWarming, 3000);
}

main();
