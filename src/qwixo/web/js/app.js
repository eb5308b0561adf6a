// qwixo web front end: bootstrap, routing and the pieces every view shares.
//
//   /                          the lobby
//   /?game=ID                  watch a game (or resume the seat this browser holds in it)
//   /?game=ID&token=TOKEN      play the seat of that token (an invite link)
//   /?game=ID&watch=1          watch, even if this browser holds a seat
//   /?game=ID&replay=STEP      replay a finished game move by move

import { LANGS, loadLang, pickLang, t, lang, has } from "./i18n.js";
import { h, clear, $ } from "./dom.js";
import { lobbyView } from "./lobby.js";
import { gameView } from "./game.js";
import { replayView } from "./replay.js";

let current = null; // {dispose(), rerender()}

// -- messages -----------------------------------------------------------------------------
// A server error ({key, params, text}) in the page's language: the catalog when it knows the
// key, else the server's own text.
export function errorText(err) {
  if (!err) return "";
  if (err.key && has(err.key)) return t(err.key, err.params || {});
  if (err.text) return err.text;
  if (err.key) return t(err.key, err.params || {});
  return String(err.message || err);
}

export function toast(text, kind = "info", ms = 6000) {
  const box = $("#toasts");
  const el = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" },
    h("span", { class: "toast-text" }, text),
    h("button", { class: "toast-close", "aria-label": t("web_close"), onclick: () => el.remove() }, "×"));
  box.append(el);
  while (box.children.length > 3) box.firstChild.remove();
  if (ms) setTimeout(() => el.remove(), ms);
  return el;
}

export function setConn(state, seconds) {
  const el = $("#conn");
  el.className = `conn conn-${state || "none"}`;
  el.textContent =
    state === "connected" ? `● ${t("web_connected")}` :
    state === "connecting" ? `○ ${t("web_connecting")}` :
    state === "reconnecting" ? `◌ ${t("web_reconnecting", { seconds })}` :
    state === "failed" ? `✕ ${t("web_error")}` : "";
}

// -- seats this browser holds (localStorage) ----------------------------------------------
const SEATS_KEY = "qwixo.seats";

export function mySeats() {
  try {
    const v = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch (e) {
    return {};
  }
}

// remember {gameId: {game, seats: {seat: token}}}
export function rememberSeat(gameId, game, seat, token, settings = null) {
  const all = mySeats();
  const g = all[gameId] || { game, seats: {}, saved: Date.now() / 1000 };
  g.game = game || g.game;
  if (settings) g.settings = { players: settings.players, size: settings.size, edition: settings.edition };
  if (seat === null || seat === undefined) {
    // unknown seat: keep the token under a placeholder until the server says which seat
    seat = `?${token.slice(0, 6)}`;
  }
  for (const [k, v] of Object.entries(g.seats)) if (v === token && k !== String(seat)) delete g.seats[k];
  g.seats[String(seat)] = token;
  all[gameId] = g;
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

// invite links the creator made (tokens are shown only once by the server): {seat: url}
export function rememberInvites(gameId, invites) {
  const all = mySeats();
  const g = all[gameId] || { seats: {}, saved: Date.now() / 1000 };
  g.invites = { ...(g.invites || {}), ...invites };
  all[gameId] = g;
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export function invitesFor(gameId) {
  const g = mySeats()[gameId];
  return (g && g.invites) || {};
}

export function forgetGame(gameId) {
  const all = mySeats();
  delete all[gameId];
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export function tokensFor(gameId) {
  const g = mySeats()[gameId];
  return g ? g.seats : {};
}

// -- names ------------------------------------------------------------------------------
export function gameTitle(game, settings) {
  settings = settings || {};
  if (game === "quixo") {
    const n = settings.size || 5;
    const p = settings.players || 2;
    return `${t("web_quixo")} ${n}×${n} · ${t("web_players_n", { n: p })}`;
  }
  const ed = settings.edition || "classic";
  const pad = settings.scorepad ? " · ✎" : "";
  const edName = t(`web_edition_${ed}`).replace(/\s*\(.*\)\s*$/, "");
  return `${t("web_qwixx")} · ${edName} · ${t("web_players_n", { n: settings.players || 2 })}${pad}`;
}

export const QUIXO_SEATS = ["N", "E", "S", "W"];

export function seatLabel(game, settings, seat) {
  if (game === "quixo") {
    if ((settings && settings.players) === 4) return QUIXO_SEATS[seat];
    return seat === 0 ? "X" : "O";
  }
  return String(seat + 1);
}

export function seatName(view, seat) {
  const s = (view.seats || []).find((x) => x.seat === seat) || {};
  const base = s.name || (s.kind === "bot" && s.bot) || t("web_player_name", { n: seat + 1 });
  if (view.game === "quixo") return `${base} (${seatLabel("quixo", view.settings, seat)})`;
  return base;
}

// -- routing ----------------------------------------------------------------------------
export function go(url, replace = false) {
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  route();
}

function route() {
  if (current) current.dispose();
  current = null;
  setConn(null);
  clear($("#toasts"));
  const main = clear($("#main"));
  const q = new URLSearchParams(location.search);
  const id = q.get("game");
  if (!id) {
    current = lobbyView(main);
  } else if (q.has("replay")) {
    current = replayView(main, id, parseInt(q.get("replay"), 10) || 0);
  } else {
    let token = q.get("token");
    const watch = q.get("watch") === "1";
    if (!token && !watch) {
      const held = Object.values(tokensFor(id));
      if (held.length) token = held[0];
    }
    current = gameView(main, id, watch ? null : token);
  }
  document.title = `qwixo`;
}

function buildLangSelect() {
  const sel = $("#lang");
  clear(sel);
  for (const [code, name] of Object.entries(LANGS)) {
    sel.append(h("option", { value: code, selected: code === lang() }, name));
  }
  $("#lang-label").textContent = t("web_language");
  $("#brand").title = t("web_title");
}

async function main() {
  try {
    await loadLang(pickLang());
  } catch (e) {
    clear($("#main")).append(h("p", { class: "error" }, "The server cannot be reached."));
    return;
  }
  buildLangSelect();
  $("#lang").addEventListener("change", async (ev) => {
    await loadLang(ev.target.value);
    buildLangSelect();
    if (current && current.rerender) current.rerender();
    else route();
  });
  $("#brand").addEventListener("click", (ev) => {
    ev.preventDefault();
    go("/");
  });
  window.addEventListener("popstate", route);
  route();
}

main();
