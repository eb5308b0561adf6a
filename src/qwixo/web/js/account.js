// The account, profile and leaderboard pages: one file, account.html, served under
// /account.html, /profile.html and /leaderboard.html; the address picks the view (VIEW):
// sign up / in / out, claiming this browser's seats, a profile with its rating graph (an SVG
// plot), the leaderboards. Protocol: docs/web-protocol.md section 6. Cookie-authenticated
// writes carry the session's CSRF token in the X-CSRF-Token header.

import { lang, number, pageLanguage, t, shownAs } from "./i18n.js";
import "./renderers.js"; // the shipped games' codes in words (rating classes, colours)
import { h, s, clear, $ } from "./dom.js";
import { turnsCard } from "./turns.js";
import { botName, gameTitle, gameVs, seatLabel } from "./words.js";
import { showSound, wireSound } from "./sound.js";

const SEATS_KEY = "qwixo.seats";
const VIEWS = ["account", "profile", "leaderboard"];
// the view of this address: /profile.html -> "profile" (anything else: the account view)
const VIEW = VIEWS.find((v) => location.pathname.endsWith(`/${v}.html`)) || "account";
let me = null; // {name, csrf} when signed in

async function call(method, path, body) {
  const opts = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  if (me && method !== "GET") opts.headers["X-CSRF-Token"] = me.csrf;
  const res = await fetch(`${path}${path.includes("?") ? "&" : "?"}lang=${lang()}`, opts);
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.text) || t("web_server_error", { status: res.status }));
    err.status = res.status;
    throw err;
  }
  return data;
}

function say(text, error = false) {
  const el = $("#status");
  el.className = "acct-status" + (error ? " acct-error" : "");
  el.textContent = text;
}

async function whoAmI() {
  try { me = await call("GET", "/api/account"); } catch (e) { me = null; }
}

// -- the account page --------------------------------------------------------------------
function browserSeats() {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}") || {}; } catch (e) { all = {}; }
  const out = [];
  for (const [game, g] of Object.entries(all)) {
    for (const [seat, token] of Object.entries((g && g.seats) || {})) {
      if (typeof token === "string") out.push({ game, token, name: (g && g.game) || "", seat, settings: (g && g.settings) || {}, saved: g && g.saved });
    }
  }
  return out.slice(0, 100);
}

// seats the person was asked about (linked or left out): asked again only for other seats
const DECLINED_KEY = "qwixo.claim.asked";
function declined() {
  try { return new Set(JSON.parse(localStorage.getItem(DECLINED_KEY) || "[]")); } catch (e) { return new Set(); }
}

async function claimSeats(seats = browserSeats()) {
  if (!seats.length) return 0;
  const r = await call("POST", "/api/account/seats", { seats: seats.map(({ game, token }) => ({ game, token })) });
  return r.seats.filter((x) => x.claimed).length;
}

// After signing up or in: the seats this browser holds are listed, and linked to the account
// only if the person says so (each can be left out; "Not now" links none and is remembered)
function claimCard() {
  const no = declined();
  const seats = browserSeats().filter((x) => !no.has(x.token));
  if (!me || !seats.length) return null;
  const boxes = seats.map((x, i) => h("input", { type: "checkbox", id: `claim-${i}`, checked: true }));
  // "Quixo 5×5 · 2 players — seat O, 2 Dec 2026, 09:12": the game and the seat in words
  const title = (x) => {
    const seat = /^\d+$/.test(x.seat) ? seatLabel(x.name, x.settings, Number(x.seat)) : "?";
    const when = x.saved ? new Date(x.saved * 1000).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" }) : "";
    return `${x.name ? gameTitle(x.name, x.settings) : ""} — ${t(when ? "acct_claim_seat" : "acct_claim_seat_only", { seat, when })}`;
  };
  const btn = (id, text, fn, cls = "btn") => h("button", { class: cls, type: "button", id, text, onclick: async () => {
    try { await fn(); } catch (e) { say(e.message, true); }
  } });
  return h("section", { class: "card", id: "claim-card", "aria-labelledby": "claim-title" },
    h("h2", { id: "claim-title", text: t("acct_claim_title") }),
    h("p", { text: t("acct_claim_ask", { n: seats.length }) }),
    h("ul", { class: "acct-claim-list" }, seats.map((x, i) => h("li", {},
      h("label", { for: `claim-${i}` }, boxes[i], " ", title(x))))),
    h("div", { class: "acct-row" },
      btn("claim-chosen", t("acct_claim_chosen"), async () => {
        const chosen = seats.filter((_, i) => boxes[i].checked);
        const n = await claimSeats(chosen);
        localStorage.setItem(DECLINED_KEY, JSON.stringify([...no, ...seats.map((x) => x.token)]));
        say(t("acct_claimed", { n }));
        render();
      }, "btn primary"),
      btn("claim-decline", t("acct_claim_decline"), async () => {
        localStorage.setItem(DECLINED_KEY, JSON.stringify([...no, ...seats.map((x) => x.token)]));
        say(t("acct_claim_declined"));
        render();
      })));
}

function field(id, label, type, autocomplete) {
  return h("label", { for: id }, h("span", { text: label }),
    h("input", { id, name: id, type, autocomplete, required: true, maxlength: type === "password" ? 256 : 40 }));
}

function credentialsForm(kind) {
  const id = (x) => `${kind}-${x}`;
  const form = h("form", { class: "acct-form card", "aria-labelledby": id("title") },
    h("h2", { id: id("title"), text: t(kind === "signup" ? "acct_sign_up" : "acct_sign_in") }),
    field(id("name"), t("acct_name"), "text", "username"),
    field(id("password"), t("acct_password"), "password",
      kind === "signup" ? "new-password" : "current-password"),
    h("button", { class: "btn primary", type: "submit",
      text: t(kind === "signup" ? "acct_sign_up" : "acct_sign_in") }));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      me = await call("POST", `/api/account/${kind}`, {
        name: $(`#${id("name")}`).value, password: $(`#${id("password")}`).value });
      say(t("acct_signed_in_as", { name: me.name })); // seats: asked on the page (claimCard)
      render();
    } catch (e) {
      say(e.message, true);
    }
  });
  return form;
}

function accountPage(main) {
  if (!me) {
    main.append(h("h1", { text: t("acct_title") }), h("p", { class: "muted", text: t("acct_optional") }),
      credentialsForm("signin"), credentialsForm("signup"));
    return;
  }
  const act = (label, fn, cls = "btn") => h("button", { class: cls, type: "button", text: label, onclick: async () => {
    try { await fn(); } catch (e) { say(e.message, true); }
  } });
  const pw = h("input", { id: "delete-password", type: "password", autocomplete: "current-password", maxlength: 256 });
  // (h() leaves out a null child: the claim card when this browser holds no seat)
  main.append(h("div", { class: "acct-page" },
    h("h1", { text: t("acct_signed_in_as", { name: me.name }) }),
    claimCard(),
    h("div", { class: "card acct-row" },
      h("a", { class: "btn", href: `/profile.html?name=${encodeURIComponent(me.name)}`, text: t("acct_profile") }),
      h("a", { class: "btn", href: "/api/account/export", download: "qwixo-games.json", text: t("acct_export") }),
      act(t("acct_claim"), async () => say(t("acct_claimed", { n: await claimSeats() }))),
      act(t("acct_sign_out"), async () => { await call("POST", "/api/account/signout", {}); me = null; say(t("acct_signed_out")); render(); }),
      act(t("acct_sign_out_all"), async () => { await call("POST", "/api/account/signout-all", {}); me = null; say(t("acct_signed_out")); render(); })),
    turnsSection(),
    tokensCard(),
    botCard(),
    h("div", { class: "card acct-form" },
      h("h2", { text: t("acct_delete") }), h("p", { class: "muted", text: t("acct_delete_note") }),
      h("label", { for: "delete-password" }, h("span", { text: t("acct_password") }), pw),
      act(t("acct_delete"), async () => {
        if (!window.confirm(t("acct_delete_confirm"))) return;
        await call("POST", "/api/account/delete", { password: pw.value });
        me = null; say(t("acct_deleted")); render();
      }, "btn"))));
}

// -- API tokens (programs that play as this account: docs/web-protocol.md section 7) --------
const SCOPE_KEYS = { "bot:play": "acct_scope_bot_play", "board:play": "acct_scope_board_play",
  "challenge:read": "acct_scope_challenge_read", "challenge:write": "acct_scope_challenge_write" };

function tokensCard() {
  const card = h("section", { class: "card acct-form", id: "tokens-card", "aria-labelledby": "tokens-title" });
  const list = h("ul", { class: "acct-token-list", id: "token-list" });
  const shown = h("div", { id: "token-shown", role: "status" });
  const desc = h("input", { id: "token-description", type: "text", maxlength: 80, required: true });
  const boxes = Object.keys(SCOPE_KEYS).map((scope) => h("input", { type: "checkbox", value: scope,
    id: `scope-${scope.replace(":", "-")}`, checked: scope === "bot:play" }));
  const refresh = async () => {
    const r = await call("GET", "/api/account/tokens");
    clear(list);
    if (!r.tokens.length) list.append(h("li", { class: "muted", text: t("acct_tokens_none") }));
    for (const tok of r.tokens) {
      list.append(h("li", {}, h("b", { text: tok.description }), " · ",
        tok.scopes.join(", "), " · ",
        t("acct_token_created", { date: day(tok.created) }),
        tok.last_used ? ` · ${t("acct_token_last_used", { date: day(tok.last_used) })}` : "", " ",
        h("button", { class: "btn", type: "button", text: t("acct_token_revoke"), onclick: async () => {
          try {
            await call("POST", `/api/account/tokens/${encodeURIComponent(tok.id)}/revoke`, {});
            say(t("acct_token_revoked", { name: tok.description }));
            await refresh();
          } catch (e) { say(e.message, true); }
        } })));
    }
  };
  const form = h("form", {},
    h("label", { for: "token-description" }, h("span", { text: t("acct_token_description") }), desc),
    h("fieldset", {}, h("legend", { text: t("acct_token_scopes") }),
      boxes.map((b) => h("label", { for: b.id }, b, " ", h("code", { text: b.value }), " ", t(SCOPE_KEYS[b.value])))),
    h("button", { class: "btn primary", type: "submit", text: t("acct_token_create") }));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const made = await call("POST", "/api/account/tokens", { description: desc.value,
        scopes: boxes.filter((b) => b.checked).map((b) => b.value) });
      clear(shown).append(h("p", { text: t("acct_token_shown_once") }),
        h("input", { id: "token-value", type: "text", readonly: true, value: made.token, "aria-label": t("acct_token_value") }));
      desc.value = "";
      await refresh();
    } catch (e) { say(e.message, true); }
  });
  card.append(h("h2", { id: "tokens-title", text: t("acct_tokens") }),
    h("p", { class: "muted", text: t("acct_tokens_note") }), shown, list, form);
  refresh().catch((e) => say(e.message, true));
  return card;
}

function botCard() {
  if (me.bot) {
    return h("section", { class: "card", id: "bot-card" }, h("h2", { text: t("acct_bot_account") }),
      h("p", { text: t("acct_bot_account_is") }));
  }
  return h("section", { class: "card", id: "bot-card" }, h("h2", { text: t("acct_bot_account") }),
    h("p", { class: "muted", text: t("acct_bot_upgrade_note") }),
    h("button", { class: "btn", type: "button", id: "bot-upgrade", text: t("acct_bot_upgrade"), onclick: async () => {
      if (!window.confirm(t("acct_bot_upgrade_confirm"))) return;
      try {
        await call("POST", "/api/bot/account/upgrade", {});
        me.bot = true;
        say(t("acct_bot_account_is"));
        render();
      } catch (e) { say(e.message, true); }
    } }));
}

// -- your turn (turn-based games), with opt-in browser notifications: turns.js -------------
let turns = null;

function turnsSection() {
  if (turns) turns.stop();
  turns = turnsCard(() => call("GET", "/api/account/turns"));
  return turns.el;
}

// -- the profile page ----------------------------------------------------------------------
function day(time) {
  return time ? new Date(time * 1000).toLocaleDateString(lang()) : "";
}

function ratingGraph(cls, points) {
  // rating after each rated game, with the band rating ± 2 deviations
  const W = 640, H = 220, P = 36;
  const all = [{ rating: points[0].previous, deviation: points[0].previous_deviation }, ...points];
  const lo = Math.min(...all.map((p) => p.rating - 2 * p.deviation));
  const hi = Math.max(...all.map((p) => p.rating + 2 * p.deviation));
  const x = (i) => P + (i * (W - 2 * P)) / Math.max(1, all.length - 1);
  const y = (v) => H - P - ((v - lo) * (H - 2 * P)) / Math.max(1, hi - lo);
  const line = all.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const up = all.map((p, i) => `${x(i).toFixed(1)},${y(p.rating + 2 * p.deviation).toFixed(1)}`);
  const down = all.map((p, i) => `${x(i).toFixed(1)},${y(p.rating - 2 * p.deviation).toFixed(1)}`).reverse();
  const last = all[all.length - 1];
  return s("svg", { class: "rating-graph", viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": t("acct_graph_label", { cls, n: points.length, rating: number(Math.round(last.rating)) }) },
  s("title", { text: t("acct_graph_label", { cls, n: points.length, rating: number(Math.round(last.rating)) }) }),
  s("polygon", { class: "band", points: [...up, ...down].join(" ") }),
  s("line", { class: "axis", x1: P, y1: H - P, x2: W - P, y2: H - P }),
  s("line", { class: "axis", x1: P, y1: P, x2: P, y2: H - P }),
  s("text", { x: 2, y: y(hi) + 4, text: number(Math.round(hi)) }),
  s("text", { x: 2, y: y(lo) + 4, text: number(Math.round(lo)) }),
  s("text", { x: W - P, y: H - P + 16, "text-anchor": "end", text: `${t("acct_games_n", { n: points.length })} · ${day(points[points.length - 1].time)}` }),
  s("text", { x: P, y: H - P + 16, text: day(points[0].time) }),
  s("path", { class: "line", d: line }),
  all.map((p, i) => s("circle", { cx: x(i), cy: y(p.rating), r: 3, fill: "currentColor" })));
}

// the figures every class has (the table above, the wins by seat below)
const SHARED_FIGURES = new Set(["games", "wins", "draws", "utility", "by_seat", "mean_score", "best_score", "mean_length"]);

// each game's own figures' labels, by figure (GET /api/meta's info.stats: {out, label})
function statLabels(meta) {
  const out = {};
  for (const g of Object.values((meta && meta.games) || {})) {
    for (const s of (g.info && g.info.stats) || []) out[s.out] = s.label;
  }
  return out;
}

// a figure of the statistics as the reader's language writes it ("42,35"); anything else as it is
const figure = (v) => (typeof v === "number" ? number(v, null) : v);

function extras(cls, st, labels) {
  // the game's own figures (its metadata's stats, in their order) under their labels; a
  // figure by key (a count per colour, ...) with each key in words (shownAs(NAME, key))
  const items = [];
  const item = (label, value) => items.push(h("dt", { text: label }), h("dd", { text: value }));
  const add = (key, value) => item(t(key), value);
  for (const [k, v] of Object.entries(st)) {
    if (SHARED_FIGURES.has(k) || v === undefined || v === null) continue;
    item(labels[k] || k, typeof v === "object" ? Object.entries(v).map(([c, n]) => `${shownAs(k, c)}: ${figure(n)}`).join(", ") : figure(v));
  }
  add("acct_by_seat", Object.entries(st.by_seat || {}).map(([seat, x]) => t("acct_by_seat_line", { seat: Number(seat) + 1, wins: x.wins, games: x.games })).join("; "));
  return h("section", { "aria-label": shownAs("cls", cls) }, h("h3", { text: shownAs("cls", cls) }), h("dl", { class: "acct-extras" }, items));
}

// a rating in words: "1,516", or for a player's first rated games "1,516 (provisional)" (the
// deviation of a new rating, "± 671", tells a person nothing)
const PROVISIONAL_GAMES = 5;
function ratingText(r) {
  const n = number(Math.round(r.rating));
  return (r.games || 0) < PROVISIONAL_GAMES ? `${n} (${t("web_rating_provisional")})` : `${n} ± ${number(Math.round(2 * r.deviation))}`;
}

// "won", "lost", "draw" (a game whose scores are points: with the score, "won, 56 points")
function resultWords(g) {
  if (g.score === undefined) return t("acct_running");
  const word = t(`acct_result_${g.result || (g.won ? "won" : "lost")}`);
  return g.utility === "win_loss" ? word : t("acct_result_points", { result: word, score: g.score });
}

// the page of a game of the history: its replay once it is over, else the game
function gameLink(g) {
  return g.score !== undefined ? `/?game=${encodeURIComponent(g.id)}&replay=0` : g.url;
}

async function profilePage(main) {
  const name = new URLSearchParams(location.search).get("name") || (me && me.name);
  if (!name) { main.append(h("p", {}, h("a", { href: "/account.html", text: t("acct_sign_in") }))); return; }
  const p = await call("GET", `/api/players/${encodeURIComponent(name)}`);
  main.append(h("h1", { text: t("acct_profile_of", { name: p.bot ? t("web_bot_account_named", { name: p.name }) : p.name }) }));
  if (p.bot) main.append(h("p", { class: "muted", id: "profile-bot", text: t("acct_bot_account_profile") }));
  for (const [cls, r] of Object.entries(p.ratings)) {
    main.append(h("section", { class: "card", "aria-label": shownAs("cls", cls) },
      h("h2", { text: `${shownAs("cls", cls)}: ${ratingText(r)}` }),
      r.history.length ? ratingGraph(cls, r.history) : null));
  }
  const stats = Object.entries(p.statistics);
  const labels = stats.length ? statLabels(await call("GET", "/api/meta").catch(() => null)) : {};
  if (stats.length) {
    main.append(h("section", { class: "card" }, h("h2", { text: t("acct_statistics") }),
      h("table", { class: "acct-table" },
        h("thead", {}, h("tr", {}, ["acct_class", "acct_games", "acct_wins", "acct_draws", "acct_mean_score", "acct_best_score", "acct_mean_length"]
          .map((k) => h("th", { scope: "col", text: t(k) })))),
        // a win-or-loss game's score is its result (1, 0, −1): no mean or best score
        h("tbody", {}, stats.map(([cls, st]) => h("tr", {}, h("th", { scope: "row", text: shownAs("cls", cls) }),
          [st.games, st.wins, st.draws ?? "", ...(st.utility === "win_loss" ? [null, null] : [st.mean_score, st.best_score]), st.mean_length]
            .map((v) => (v === null ? h("td", { "aria-label": t("acct_not_applicable") }, "—") : h("td", { text: figure(v) }))))))),
      stats.map(([cls, st]) => extras(cls, st, labels))));
  }
  main.append(h("section", { class: "card" }, h("h2", { text: t("acct_history") }),
    h("ul", { class: "acct-history" }, p.games.map((g) => h("li", {},
      h("a", { href: gameLink(g), text: gameVs(g.game, g.settings, g.opponents) }),
      ` — ${resultWords(g)}${g.rated ? ` (${t("acct_rated")})` : ""} · `,
      h("span", { class: "muted", text: new Date(g.updated * 1000).toLocaleString(lang()) }))))));
}

// -- the leaderboard page ------------------------------------------------------------------
async function leaderboardPage(main) {
  const { classes } = await call("GET", "/api/leaderboard");
  const wanted = new URLSearchParams(location.search).get("class");
  const list = [...(classes || [])]; // the server lists them (with the games' shipped bot ratings)
  const cls = list.includes(wanted) ? wanted : list[0];
  const sel = h("select", { id: "class" }, list.map((c) => h("option", { value: c, text: shownAs("cls", c), selected: c === cls })));
  sel.addEventListener("change", () => { location.search = `?class=${encodeURIComponent(sel.value)}`; });
  main.append(h("h1", { text: t("acct_leaderboard") }),
    h("label", { for: "class", class: "acct-row" }, h("span", { text: t("acct_class") }), sel));
  const b = await call("GET", `/api/leaderboard/${encodeURIComponent(cls)}`);
  const table = (rows, first) => h("table", { class: "acct-table" },
    h("thead", {}, h("tr", {}, [first, "acct_rating", "acct_games"].map((k) => h("th", { scope: "col", text: t(k) })))),
    h("tbody", {}, rows));
  main.append(h("section", { class: "card" }, h("h2", { text: t("acct_players") }),
    b.players.length ? table(b.players.map((p) => h("tr", {},
      h("th", { scope: "row" }, `${p.rank}. `, h("a", { href: `/profile.html?name=${encodeURIComponent(p.name)}`, text: p.name })),
      h("td", { text: `${number(Math.round(p.rating))} ± ${number(Math.round(2 * p.deviation))}` }), h("td", { text: p.games }))), "acct_name")
      : h("p", { class: "muted", text: t("acct_nobody") })),
  h("section", { class: "card", id: "bot-accounts" }, h("h2", { text: t("acct_bot_accounts") }),
    h("p", { class: "muted", text: t("acct_bot_accounts_note") }),
    (b.bot_accounts || []).length ? table(b.bot_accounts.map((p) => h("tr", {},
      h("th", { scope: "row" }, `${p.rank}. `, h("a", { href: `/profile.html?name=${encodeURIComponent(p.name)}`, text: t("web_bot_account_named", { name: p.name }) })),
      h("td", { text: `${Math.round(p.rating)} ± ${Math.round(2 * p.deviation)}` }), h("td", { text: p.games }))), "acct_name")
      : h("p", { class: "muted", text: t("acct_nobody") })),
  h("section", { class: "card" }, h("h2", { text: t("acct_bots") }),
    table(Object.entries(b.bots).map(([bot, r]) => h("tr", {}, h("th", { scope: "row", text: botName(cls.split("-")[0], bot) }),
      h("td", { text: `${number(Math.round(r.rating))} ± ${number(Math.round(2 * r.deviation))}` }), h("td", { text: r.games }))), "acct_bot")));
}

// -- frame ---------------------------------------------------------------------------------
async function render() {
  if (turns) { turns.stop(); turns = null; }
  const main = clear($("#main"));
  document.title = `qwixo — ${t("acct_" + VIEW)}`;
  $("#nav-account").textContent = me ? me.name : t("acct_account");
  $("#nav-leaderboard").textContent = t("acct_leaderboard");
  $("#nav-puzzles").textContent = t("web_puzzles");
  showSound($("#sound"));
  $("#lang-label").textContent = t("web_language");
  try {
    if (VIEW === "account") accountPage(main);
    else if (VIEW === "profile") await profilePage(main);
    else await leaderboardPage(main);
  } catch (e) {
    main.append(h("p", { class: "acct-error", text: e.message }));
  }
}

async function start() {
  await pageLanguage($("#lang"), render);
  wireSound($("#sound"));
  await whoAmI();
  await render();
}

start();
