// The tournaments page (tournaments.html): without ?id= the list (upcoming, running,
// finished) and, signed in, the form to host one; with ?id= one tournament: its live
// standings, the pairings of each round with each game to watch or replay, the podium at the
// end, and the buttons of the entrant (join, withdraw, my game) and of the host (start,
// pause, resume). Protocol: docs/web-protocol.md, section "Tournaments". What depends on the
// game comes from GET /api/meta (its title, bots, players); nothing here names a game.

import { lang, pageLanguage, t } from "./i18n.js";
import { h, clear, $ } from "./dom.js";
import { api } from "./api.js";
import { botName } from "./words.js";

const ID = new URLSearchParams(location.search).get("id");
const FORMATS = {
  swiss: "web_tour_format_swiss",
  "round-robin": "web_tour_format_round_robin",
  arena: "web_tour_format_arena",
  tables: "web_tour_format_tables",
};
const STATUS = {
  upcoming: "web_tour_upcoming",
  running: "web_tour_running",
  finished: "web_tour_finished",
  cancelled: "web_tour_cancelled",
};
let me = null; // {name, csrf} when signed in
let meta = null;
let timer = null;

// a request of this page: the page's language, and the session's CSRF token on a write;
// a refusal's text (the server's, in that language) as the error's message
async function call(method, path, body) {
  const headers = me && method !== "GET" ? { "X-CSRF-Token": me.csrf } : {};
  try {
    return await api(method, `${path}${path.includes("?") ? "&" : "?"}lang=${lang()}`, body, headers);
  } catch (e) {
    throw new Error(e.text || t(e.key || "web_server_error", e.params || {}));
  }
}

function say(text, error = false) {
  $("#status").className = error ? "acct-status acct-error" : "acct-status";
  $("#status").textContent = text;
}

function gameTitle(game) {
  const info = meta && meta.games[game] && meta.games[game].info;
  return (info && info.title) || game;
}

function when(epoch) {
  return epoch ? new Date(epoch * 1000).toLocaleString(lang()) : "";
}

function points(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

function summaryLine(x) {
  const parts = [gameTitle(x.game), t(FORMATS[x.format] || x.format)];
  if (x.rounds) parts.push(t("web_tour_rounds_n", { n: x.rounds }));
  if (x.minutes) parts.push(t("web_tour_minutes_n", { n: x.minutes }));
  if (x.turn_days) parts.push(t("web_tour_turn_days_n", { n: x.turn_days }));
  else if (x.clock) parts.push(t("web_tour_clock_n", { n: x.clock }));
  if (x.rated) parts.push(t("web_tour_rated"));
  return parts.join(" · ");
}

// -- the list ------------------------------------------------------------------------------
async function listPage(main) {
  const all = await call("GET", "/api/tournaments");
  clear(main);
  main.append(h("h1", {}, t("web_tour_tournaments")));
  if (me) main.append(createForm());
  else main.append(h("p", { class: "muted" }, t("web_tour_sign_in_to_host"), " ",
    h("a", { href: "/account.html" }, t("acct_sign_in"))));
  for (const status of ["running", "upcoming", "finished"]) {
    const rows = all[status] || [];
    main.append(h("section", { class: "card", id: `tour-${status}` },
      h("h2", {}, t(STATUS[status])),
      rows.length
        ? h("ul", { class: "tour-list" }, rows.map((x) => h("li", {},
          h("a", { href: `/tournaments.html?id=${encodeURIComponent(x.id)}` }, x.name),
          h("span", { class: "muted" }, ` · ${summaryLine(x)}`,
            status === "upcoming" && x.starts_at ? ` · ${t("web_tour_starts_at", { time: when(x.starts_at) })}` : ""))))
        : h("p", { class: "muted" }, t("web_tour_none"))));
  }
}

function createForm() {
  const games = Object.keys(meta.games);
  const form = { game: games[0], format: "swiss", bots: {} };
  const box = h("section", { class: "card", id: "tour-create" });
  const field = (label, input) => h("label", { class: "field" }, h("span", { class: "field-label" }, label), input);
  const render = () => {
    const info = meta.games[form.game].info || {};
    const players = (info.players || [2]).filter((p) => p > 1);
    const bots = meta.games[form.game].bots || [];
    clear(box);
    box.append(h("h2", {}, t("web_tour_host")),
      field(t("web_tour_name"), h("input", { name: "name", maxlength: 60, required: true, value: form.name || "", oninput: (e) => { form.name = e.target.value; } })),
      field(t("web_tour_game"), h("select", { name: "game", onchange: (e) => { form.game = e.target.value; form.bots = {}; render(); } },
        games.map((g) => h("option", { value: g, selected: g === form.game }, gameTitle(g))))),
      field(t("web_players"), h("select", { name: "players", onchange: (e) => { form.players = +e.target.value; } },
        players.map((p) => h("option", { value: p, selected: p === (form.players || players[0]) }, String(p))))),
      field(t("web_tour_format"), h("select", { name: "format", onchange: (e) => { form.format = e.target.value; render(); } },
        Object.entries(FORMATS).map(([f, key]) => h("option", { value: f, selected: f === form.format }, t(key))))),
      form.format === "arena"
        ? field(t("web_tour_minutes"), h("input", { type: "number", name: "minutes", min: 1, max: 1440, value: form.minutes || 30, onchange: (e) => { form.minutes = +e.target.value; } }))
        : field(t("web_tour_rounds"), h("input", { type: "number", name: "rounds", min: 1, max: 50, value: form.rounds || "", placeholder: t("web_tour_rounds_auto"), onchange: (e) => { form.rounds = +e.target.value || null; } })),
      field(t("web_tour_time_control"), h("select", { name: "control", onchange: (e) => { form.control = e.target.value; render(); } },
        ["live", "days"].map((c) => h("option", { value: c, selected: c === (form.control || "live") }, t(c === "live" ? "web_tour_live" : "web_tour_turn_based"))))),
      (form.control || "live") === "live"
        ? field(t("web_tour_clock"), h("input", { type: "number", name: "clock", min: 5, max: 3600, value: form.clock || 60, onchange: (e) => { form.clock = +e.target.value; } }))
        : field(t("web_tour_turn_days"), h("input", { type: "number", name: "turn_days", min: 1, max: 14, value: form.turn_days || 1, onchange: (e) => { form.turn_days = +e.target.value; } })),
      field(t("web_tour_max_entrants"), h("input", { type: "number", name: "max_entrants", min: 2, max: 1000, value: form.max_entrants || 64, onchange: (e) => { form.max_entrants = +e.target.value; } })),
      field(t("web_tour_starts"), h("input", { type: "datetime-local", name: "starts_at", value: form.starts || "", onchange: (e) => { form.starts = e.target.value; } })),
      h("p", { class: "muted field-note" }, t("web_tour_starts_note")),
      h("label", { class: "field check" }, h("input", { type: "checkbox", name: "rated", checked: !!form.rated, onchange: (e) => { form.rated = e.target.checked; } }), h("span", {}, t("web_tour_rated"))),
      h("label", { class: "field check" }, h("input", { type: "checkbox", name: "join", checked: form.join !== false, onchange: (e) => { form.join = e.target.checked; } }), h("span", {}, t("web_tour_join_myself"))),
      h("fieldset", { class: "tour-bots" }, h("legend", {}, t("web_tour_bots")),
        bots.map((b) => field(botName(form.game, b), h("input", { type: "number", name: `bot-${b}`, min: 0, max: 16, value: form.bots[b] || 0, onchange: (e) => { form.bots[b] = +e.target.value || 0; } })))),
      h("div", { class: "actions" }, h("button", { type: "button", class: "btn primary", id: "tour-create-btn", onclick: () => submit(form) }, t("web_tour_create"))));
  };
  render();
  return box;
}

async function submit(form) {
  const info = meta.games[form.game].info || {};
  const players = form.players || (info.players || [2]).filter((p) => p > 1)[0];
  const body = { name: (form.name || "").trim(), game: form.game, format: form.format, settings: { players },
    rated: !!form.rated, join: form.join !== false, max_entrants: form.max_entrants || 64,
    bots: Object.entries(form.bots).flatMap(([bot, n]) => Array.from({ length: n }, () => ({ bot }))) };
  if (form.format === "arena") body.minutes = form.minutes || 30;
  else if (form.rounds) body.rounds = form.rounds;
  if ((form.control || "live") === "live") body.clock = form.clock || 60;
  else body.turn_days = form.turn_days || 1;
  if (form.starts) body.starts_at = new Date(form.starts).getTime() / 1000;
  try {
    const x = await call("POST", "/api/tournaments", body);
    location.href = `/tournaments.html?id=${encodeURIComponent(x.id)}`;
  } catch (e) {
    say(e.message, true);
  }
}

// -- one tournament ------------------------------------------------------------------------
async function act(what) {
  try {
    await call("POST", `/api/tournaments/${encodeURIComponent(ID)}/${what}`, {});
    say("");
    await tournamentPage($("#main"));
  } catch (e) {
    say(e.message, true);
  }
}

function standingsTable(x) {
  const cols = [["place", "tournament_col_place"], ["name", "web_tour_entrant"], ["points", "tournament_col_points"],
    ["direct", "tournament_col_direct"], ["buchholz", "tournament_col_buchholz"],
    ["sonneborn_berger", "tournament_col_sonneborn_berger"], ["wdl", "tournament_col_wdl"], ["byes", "tournament_col_byes"]];
  const cell = (r, c) => (c === "wdl" ? `${r.won}/${r.drawn}/${r.lost}` : typeof r[c] === "number" && c !== "place" && c !== "byes" ? points(r[c]) : r[c]);
  return h("table", { class: "acct-table", id: "tour-standings" },
    h("thead", {}, h("tr", {}, cols.map(([, key]) => h("th", { scope: "col" }, t(key))))),
    h("tbody", {}, x.standings.map((r) => h("tr", {}, cols.map(([c]) => h("td", {}, c === "name" ? shown(r.name) : String(cell(r, c))))))));
}

function roundCard(rnd) {
  return h("section", { class: "card tour-round", id: `tour-round-${rnd.round}` },
    h("h3", {}, t("web_tour_round_n", { n: rnd.round }), rnd.finished ? "" : h("span", { class: "muted" }, ` · ${t("web_tour_playing")}`)),
    h("ol", {}, rnd.boards.map((b) => h("li", {},
      b.bye !== undefined
        ? t("web_tour_bye", { name: shown(b.players[0]), points: points(b.bye ?? 0) })
        : [b.players.map((p, i) => (b.points ? `${shown(p)} (${points(b.points[i])})` : shown(p))).join(" — "), " ",
          b.game_id ? h("a", { class: "btn small", href: b.places ? b.replay : b.url }, t(b.places ? "web_tour_replay" : "web_tour_watch")) : ""]))));
}

// an entrant's name as the page shows it: a bot's level in words ("greedy 2": its level's
// plain name and its number)
let shown = (name) => name;

async function tournamentPage(main) {
  const x = await call("GET", `/api/tournaments/${encodeURIComponent(ID)}`);
  const bots = Object.fromEntries(x.entrant_list.filter((e) => e.bot).map((e) => [e.name, e.bot]));
  shown = (name) => (bots[name] ? botName(x.game, bots[name]) + name.slice(bots[name].length) : name);
  clear(main);
  document.title = `qwixo — ${x.name}`;
  const host = me && me.name === x.host;
  const you = x.you;
  const buttons = [];
  if (me && x.status === "upcoming" && !you) buttons.push(h("button", { type: "button", class: "btn primary", id: "tour-join", onclick: () => act("join") }, t("web_tour_join")));
  if (you && you.game) buttons.push(h("a", { class: "btn primary", id: "tour-my-game", href: you.game.url }, t("web_tour_my_game", { n: you.game.round })));
  if (you && !you.withdrawn && (x.status === "upcoming" || x.status === "running")) buttons.push(h("button", { type: "button", class: "btn", id: "tour-withdraw", onclick: () => act("withdraw") }, t("web_tour_withdraw")));
  if (host && x.status === "upcoming") buttons.push(h("button", { type: "button", class: "btn", id: "tour-start", onclick: () => act("start") }, t("web_tour_start")));
  if (host && x.status === "running") buttons.push(h("button", { type: "button", class: "btn", id: "tour-pause", onclick: () => act(x.paused ? "resume" : "pause") }, t(x.paused ? "web_tour_resume" : "web_tour_pause")));
  main.append(h("h1", {}, x.name),
    h("p", { class: "muted" }, summaryLine(x), " · ", t("web_tour_hosted_by", { name: x.host })),
    h("p", { id: "tour-status" }, t(STATUS[x.status] || x.status), x.paused ? ` · ${t("web_tour_paused")}` : "",
      x.status === "upcoming" && x.starts_at ? ` · ${t("web_tour_starts_at", { time: when(x.starts_at) })}` : "",
      x.status === "running" ? ` · ${t("web_tour_round_of", { n: x.round, total: x.rounds || "∞" })}` : "",
      ` · ${t("web_tour_entrants_n", { n: x.entrants, max: x.max_entrants })}`),
    h("p", { class: "muted" }, t("web_tour_rules_note", { minutes: Math.round(x.round_minutes), seconds: Math.round(x.no_show_seconds) })),
    ...(buttons.length ? [h("div", { class: "actions" }, buttons)] : []));
  if (x.podium) {
    main.append(h("section", { class: "card tour-podium", id: "tour-podium" }, h("h2", {}, t("web_tour_podium")),
      h("ol", {}, x.podium.map((p) => h("li", { class: `place-${p.place}`, value: p.place }, `${shown(p.name)} — ${t("web_tour_points_n", { n: points(p.points) })}`)))));
  }
  main.append(h("section", { class: "card" }, h("h2", {}, t("web_tour_standings")),
    x.standings.length ? standingsTable(x) : h("ul", {}, x.entrant_list.map((e) => h("li", {}, shown(e.name))))));
  for (const rnd of [...x.round_list].reverse()) main.append(roundCard(rnd));
  clearTimeout(timer);
  if (x.status === "running" || x.status === "upcoming") timer = setTimeout(() => tournamentPage(main).catch((e) => say(e.message, true)), 3000);
}

async function render() {
  const main = $("#main");
  document.title = `qwixo — ${t("web_tour_tournaments")}`;
  $("#nav-tournaments").textContent = t("web_tour_tournaments");
  $("#nav-account").textContent = me ? me.name : t("acct_account");
  $("#nav-leaderboard").textContent = t("acct_leaderboard");
  $("#lang-label").textContent = t("web_language");
  try {
    if (ID) await tournamentPage(main);
    else await listPage(main);
  } catch (e) {
    clear(main);
    main.append(h("p", { class: "acct-error", text: e.message }));
  }
}

async function start() {
  await pageLanguage($("#lang"), render);
  try { me = await call("GET", "/api/account"); } catch (e) { me = null; }
  try { meta = await call("GET", "/api/meta"); } catch (e) { meta = { games: {} }; }
  await render();
}

start();
