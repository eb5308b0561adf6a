// The lobby: one click to play — "Play" (against bots, with the last settings) and "Play with
// friends" (the room opens at once with its invite links, QR codes and share button) — and
// the full form to create a game: the games and their settings come from GET /api/meta (each
// game's settings schema; the game's renderer, games.js, may draw a setting its own way and
// add its own choices), seats (me / invited person / free seat / bot, each bot level with its
// measured rating), a time per move in seconds, or hours/days for a game played over days,
// rated when signed in. Then the invite links of the new game, the lists of open, running and
// finished games, joining by invite link, the seats this browser holds, and for a signed-in
// person the games where it is their turn (turns.js, with opt-in notifications).

import { h, clear, onToggle, openNow } from "./dom.js";
import { t, lang, number } from "./i18n.js";
import { api } from "./api.js";
import { errorText, toast } from "./ui.js";
import { go, navClick } from "./nav.js";
import { rememberSeat, rememberInvites, mySeats, forgetGame } from "./seats.js";
import { gameTitle, seatLabel, seatSentence, sortBots, botName, botLine } from "./words.js";
import { when } from "./result.js";
import { Pairing } from "./pairing.js";
import { Friends } from "./friends.js";
import { turnsCard } from "./turns.js";
import { loadGameFiles, rendererFor, useMeta } from "./games.js";
import { rulesPages, rulesLink } from "./rules.js";
import { settingsFields, defaultSettings, formSchema } from "./settings-form.js";

const LAST = "qwixo.last"; // the last game's form (localStorage): what "Play" plays again
// time per move: seconds (the live clock, 5..3600 s) or hours/days (turn_hours, 1..336 h)
const CLOCK_UNITS = {
  seconds: { min: 5, max: 3600, step: 5 },
  hours: { min: 1, max: 336, step: 1 },
  days: { min: 1, max: 14, step: 1 },
};

// "≈1650 ± 140": a rating with two deviations (as the leaderboard shows it)
export function ratingText(r) {
  return `≈${number(Math.round(r.rating))} ± ${number(Math.round(2 * r.deviation))}`;
}

// bot names per game from /api/meta, whatever its exact shape
function botsFrom(meta, game) {
  const g = meta && meta.games && meta.games[game];
  const cands = [g && g.bots, meta && meta.bots && meta.bots[game]];
  for (const c of cands) {
    if (Array.isArray(c) && c.length) return sortBots(game, c.map((b) => (typeof b === "string" ? b : b.name)));
  }
  return ["random"];
}

function gameLabel(game, meta) {
  const key = `web_${game}`;
  const text = t(key);
  const info = meta && meta.games && meta.games[game] && meta.games[game].info;
  return text !== key ? text : (info && info.title) || game;
}

// links to the rules pages (rules.js): every page of every game (Qwixx: one per edition)
function rulesLinks(pages) {
  return h("section", { class: "card rules-links", "aria-labelledby": "rules-h" },
    h("h2", { id: "rules-h" }, t("web_rules")),
    h("div", { class: "actions" }, (pages || []).map((p) => rulesLink(p))),
    h("p", {}, h("a", { href: "/?pad=classic", id: "pad-link", onclick: navClick }, t("web_pad_title")), " — ", t("web_pad_intro")));
}

function loadLast() {
  try {
    return JSON.parse(localStorage.getItem(LAST) || "null");
  } catch (e) {
    return null;
  }
}

class LobbyPage {
  constructor(root) {
    this.root = root;
    this.meta = null;
    // the form: the game, its settings (one dict per game, kept when switching), the game's
    // own choices (its renderer's, e.g. draw / confer / autoRoll) and the table's
    this.form = { game: null, settings: {}, byGame: {}, undo: false, clock: 0, clockUnit: "seconds", rated: false, seats: [] };
    this.rulesPages = null;
    this.me = null; // {name, csrf} when signed in (GET /api/account)
    this.pairing = new Pairing(); // "Play someone" (its own card, kept across renders)
    this.myRatings = {}; // rating class -> the person's rating (their profile)
    this.botRatings = {}; // "game|size|edition|players" -> reply of GET /api/bot-ratings
    this.turns = null; // the "your turn" card (turns.js) while signed in
    this.lists = { open: null, running: null, finished: null };
    this.timer = null;
    this.disposed = false;
    this.moreOpen = false; // "More settings" unfolded
    this.LIST_TITLES = { open: "web_open_games", running: "web_running_games", finished: "web_finished_games" };
  }

  games() {
    return this.meta && this.meta.games ? Object.keys(this.meta.games) : [];
  }

  schema(game = this.form.game) {
    return formSchema(this.meta && this.meta.games && this.meta.games[game]);
  }

  // pick a game: its last settings (or the schema's defaults)
  setGame(game) {
    const f = this.form;
    if (f.game) f.byGame[f.game] = f.settings;
    f.game = game;
    f.settings = f.byGame[game] || defaultSettings(this.schema(game));
    f.seats = [];
  }

  renderer() {
    return rendererFor(this.form.game);
  }

  allPeople() {
    return !!this.renderer().allPeople(this.form.settings);
  }

  nPlayers() {
    const p = parseInt(this.form.settings.players, 10);
    return p > 0 ? p : 2;
  }

  defaultSeat(i) {
    if (i === 0) return { kind: "me", name: "" };
    if (this.allPeople()) return { kind: "me", name: "" };
    const bots = botsFrom(this.meta, this.form.game);
    return { kind: "bot:" + bots[Math.floor((bots.length - 1) / 2)], name: "" };
  }

  fitSeats() {
    const n = this.nPlayers();
    while (this.form.seats.length < n) this.form.seats.push(this.defaultSeat(this.form.seats.length));
    this.form.seats.length = n;
    const bots = botsFrom(this.meta, this.form.game);
    for (const s of this.form.seats) {
      if (s.kind.startsWith("bot:") && !bots.includes(s.kind.slice(4))) s.kind = "bot:" + bots[0];
    }
  }

  ratingKey() {
    return this.renderer().ratingQuery(this.form.settings, this.form.game).toString();
  }

  // the bot levels' ratings in the class of the chosen game, size/edition and players
  classRatings() {
    const key = this.ratingKey();
    if (!(key in this.botRatings)) {
      this.botRatings[key] = null; // asked once
      api("GET", `/api/bot-ratings?${key}`).then((r) => {
        this.botRatings[key] = r;
        if (this.ratingKey() === key) this.render();
      }).catch(() => {});
    }
    return this.botRatings[key];
  }

  ratable() {
    return !this.allPeople();
  }

  select(name, value, options, onchange, label = null) {
    return h("select", { name, "aria-label": label, onchange: (e) => onchange(e.target.value) },
      options.map(([v, label]) => h("option", { value: String(v), selected: String(v) === String(value) }, label)));
  }

  field(label, control, cls = "") {
    return h("label", { class: `field ${cls}` }, h("span", { class: "field-label" }, label), control);
  }

  // time per move: a number and its unit; hours and days make a turn-based game
  clockField() {
    const unit = this.form.clockUnit;
    const lim = CLOCK_UNITS[unit];
    const fit = (v) => (v <= 0 ? 0 : Math.min(lim.max, Math.max(lim.min, v)));
    return h("div", { class: "field clock-field", role: "group", "aria-labelledby": "clock-label" },
      h("span", { class: "field-label", id: "clock-label" }, t("web_time_per_move")),
      h("div", { class: "row" },
        h("input", { type: "number", name: "clock", min: 0, max: lim.max, step: lim.step, value: this.form.clock,
          "aria-labelledby": "clock-label", "aria-describedby": "clock-hint",
          onchange: (e) => {
            this.form.clock = fit(parseInt(e.target.value, 10) || 0); // the server's limits
            e.target.value = this.form.clock;
          } }),
        this.select("clock_unit", unit, Object.keys(CLOCK_UNITS).map((u) => [u, t(`web_unit_${u}`)]),
          (v) => {
            this.form.clockUnit = v;
            const l = CLOCK_UNITS[v];
            if (this.form.clock > 0) this.form.clock = Math.min(l.max, Math.max(l.min, this.form.clock));
            this.render();
          }, t("web_time_unit"))),
      h("p", { class: "muted field-note", id: "clock-hint" }, t(unit === "seconds" ? "web_turn_clock" : "web_turn_days_hint")));
  }

  // the "rated" choice: only for a signed-in person, never with undo or a score pad
  ratedField() {
    const can = !!this.me && this.ratable();
    if (!can) this.form.rated = false;
    const young = this.me && this.me.rated_from && this.me.rated_from * 1000 > Date.now();
    const why = !this.me ? t("web_rated_signed_out")
      : !this.ratable() ? t("web_rated_no_scorepad")
      : young ? t("web_rated_from", { at: when(this.me.rated_from) }) : t("web_rated_note");
    return h("div", { class: "field check rated-field" },
      h("label", {},
        h("input", { type: "checkbox", name: "rated", checked: this.form.rated, disabled: !can,
          "aria-describedby": "rated-why",
          onchange: (e) => { this.form.rated = e.target.checked; if (this.form.rated) this.form.undo = false; this.render(); } }),
        h("span", {}, t("web_rated"))),
      h("p", { class: "muted field-note", id: "rated-why" }, why),
      this.me ? null : h("a", { href: "/account.html", id: "rated-sign-in", class: "btn small" }, t("web_rated_sign_in_link")));
  }

  // under a bot seat: its rating in this class (and the person's own, to compare)
  ratingLine(bot, cls) {
    if (!cls || !cls.class) return null;
    const r = cls.bots && cls.bots[bot];
    return h("p", { class: "bot-rating muted" },
      r ? t("web_bot_rating", { rating: ratingText(r), cls: cls.class, games: r.games, deviation: Math.round(r.deviation) })
        : t("web_bot_unrated", { cls: cls.class }));
  }

  myRatingLine(cls) {
    if (!this.me || !cls || !cls.class) return null;
    const r = this.myRatings[cls.class];
    return h("p", { class: "my-rating", id: "my-rating" }, r
      ? t("web_your_rating", { cls: cls.class, rating: ratingText(r), games: r.games })
      : t("web_your_rating_none", { cls: cls.class }));
  }

  // the form of the last game this browser made (its game and settings, the seats' kinds), or
  // the first game's defaults
  restore() {
    const last = loadLast();
    const games = this.games();
    const f = this.form;
    if (last && games.includes(last.game)) {
      Object.assign(f, { byGame: last.byGame || {}, draw: last.draw ?? null, confer: !!last.confer, autoRoll: !!last.autoRoll,
        clock: last.clock || 0, clockUnit: last.clockUnit || "seconds", undo: !!last.undo });
      f.game = null;
      this.setGame(last.game);
      const defaults = defaultSettings(this.schema());
      f.settings = { ...defaults, ...(last.settings || {}) };
      const bots = botsFrom(this.meta, f.game);
      f.seats = (last.seats || []).map((k) => ({ kind: k.startsWith("bot:") && !bots.includes(k.slice(4)) ? "bot:" + bots[0] : k, name: "" }));
    } else if (games.length && !f.game) {
      this.setGame(games[0]);
    }
  }

  remember() {
    const f = this.form;
    const byGame = { ...f.byGame, [f.game]: f.settings };
    try {
      localStorage.setItem(LAST, JSON.stringify({ game: f.game, settings: f.settings, byGame, draw: f.draw ?? null, confer: !!f.confer,
        autoRoll: !!f.autoRoll, clock: f.clock, clockUnit: f.clockUnit, undo: !!f.undo, seats: f.seats.map((s) => s.kind) }));
    } catch (e) {
      // private mode: nothing kept
    }
  }

  // one click: "Play" seats me and the form's bots (a bot in every other seat), "Play with
  // friends" me and an invite link per other seat; either opens the game at once
  async quick(friends) {
    this.fitSeats();
    const bots = botsFrom(this.meta, this.form.game);
    const mid = "bot:" + bots[Math.floor((bots.length - 1) / 2)];
    const kinds = this.form.seats.map((s, i) => {
      if (i === 0) return "me";
      if (friends) return "invite";
      return s.kind.startsWith("bot:") ? s.kind : this.allPeople() ? "me" : mid;
    });
    const body = this.body(kinds.map((k) => (k === "me" || k === "invite" ? "human" : k)));
    if (!friends && !this.allPeople()) this.form.seats = kinds.map((kind) => ({ kind, name: "" }));
    await this.start(body, kinds);
  }

  // POST /api/games, keep the seats' tokens and invite links, and go to the game
  async start(body, kinds) {
    try {
      const reply = await api("POST", "/api/games", body);
      const invites = {};
      reply.seats.forEach((seat, i) => {
        if (seat.token && kinds[i] === "invite") invites[seat.seat] = seat.url;
      });
      if (Object.keys(invites).length) rememberInvites(reply.id, invites);
      reply.seats.forEach((seat, i) => {
        if (seat.token && kinds[i] === "me") rememberSeat(reply.id, reply.game, seat.seat, seat.token, reply.view && reply.view.settings);
      });
      const mine = reply.seats.filter((seat, i) => seat.token && kinds[i] === "me");
      if (this.me && mine.length) await this.claim(reply.id, mine[0].token);
      this.remember();
      go(mine.length ? mine[0].url : reply.url);
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  // the top of the lobby: the game, "Play" and "Play with friends" (above the fold)
  renderPlay() {
    const head = h("h1", { class: "lobby-title" }, t("web_lobby_title"));
    if (this.offline) {
      return h("section", { class: "card play-card", id: "play-card" }, head,
        h("p", { class: "error-box", role: "alert", id: "lobby-offline" }, t("web_lobby_offline")),
        h("p", {}, h("a", { href: "/?pad=classic", class: "btn primary", onclick: navClick }, t("web_pad_title"))));
    }
    if (!this.meta || !this.form.game) {
      return h("section", { class: "card play-card", id: "play-card" }, head, h("p", { class: "loading" }, t("web_loading")));
    }
    this.fitSeats();
    const opponents = this.form.seats.slice(1).filter((s) => s.kind.startsWith("bot:")).map((s) => botName(this.form.game, s.kind.slice(4)));
    return h("section", { class: "card play-card", id: "play-card" }, head,
      this.gameChoice(),
      h("div", { class: "settings play-settings" }, this.gameSettings()),
      h("p", { class: "play-what muted", id: "play-what" }, gameTitle(this.form.game, this.form.settings),
        opponents.length ? ` · ${t("web_play_against", { names: opponents.join(", ") })}` : ""),
      h("div", { class: "actions play-actions" },
        h("button", { type: "button", class: "btn primary big", id: "play", onclick: () => this.quick(false) }, `▶ ${t("web_play")}`),
        h("button", { type: "button", class: "btn big", id: "play-friends", onclick: () => this.quick(true) }, t("web_play_friends")),
        h("button", { type: "button", class: "btn big", id: "play-someone", onclick: () => this.playSomeone() }, t("web_play_someone"))));
  }

  // quick pairing with the form's game, settings and time control (pairing.js)
  playSomeone() {
    this.fitSeats();
    const body = this.body(this.form.seats.map(() => "human"));
    this.pairing.start(body, this.me);
  }

  // the game choice: every game /api/meta lists
  gameChoice() {
    return h("div", { class: "segmented", role: "radiogroup", "aria-label": t("web_game") },
      this.games().map((g) =>
        h("label", { class: `seg ${this.form.game === g ? "on" : ""}` },
          h("input", { type: "radio", name: "game", value: g, checked: this.form.game === g,
            onchange: () => { this.setGame(g); this.render(); } }),
          gameLabel(g, this.meta))));
  }

  // the game's own settings (its metadata's lobby settings: size, players, edition…), on the
  // play card: what "Play" plays
  gameSettings() {
    const set = (k, v, redraw = true) => { this.form[k] = v; if (redraw) this.render(); };
    const setSetting = (k, v) => {
      this.form.settings = { ...this.form.settings, [k]: v };
      if (k === "players" || this.allPeople() !== this.form.allPeople) this.form.seats = [];
      this.form.allPeople = this.allPeople();
      this.render();
    };
    return settingsFields(this.schema(), this.form, this.renderer(), setSetting, set);
  }

  // the rest of the form, folded under "More settings" (open once opened, for this page)
  renderForm() {
    this.fitSeats();
    const bots = botsFrom(this.meta, this.form.game);
    const r = this.renderer();
    const set = (k, v, redraw = true) => { this.form[k] = v; if (redraw) this.render(); };
    const settings = r.formExtras(this.form, (k, v) => set(k, v, false));
    settings.push(h("label", { class: "field check" },
      h("input", { type: "checkbox", name: "spectator_chat", checked: this.form.spectatorChat, onchange: (e) => { this.form.spectatorChat = e.target.checked; } }),
      h("span", {}, t("web_spectator_chat"))));
    settings.push(this.ratedField());
    settings.push(h("label", { class: "field check" },
      h("input", { type: "checkbox", name: "undo", checked: this.form.undo && !this.form.rated, disabled: this.form.rated,
        "aria-describedby": this.form.rated ? "undo-why" : null,
        onchange: (e) => { this.form.undo = e.target.checked; } }),
      h("span", {}, t("web_allow_undo")),
      this.form.rated ? h("span", { class: "muted field-note", id: "undo-why" }, ` (${t("web_undo_not_rated")})`) : null));
    if (!this.allPeople()) settings.push(this.clockField());
    const cls = this.classRatings();
    const levelText = (b) => {
      const r = cls && cls.bots && cls.bots[b];
      const level = botName(this.form.game, b);
      return r ? t("web_seat_bot_rated", { level, rating: ratingText(r) }) : t("web_seat_bot", { level });
    };
    const kinds = [["me", t("web_seat_you")], ["invite", t("web_seat_invite")], ["open", t("web_seat_open")]]
      .concat(sortBots(this.form.game, bots, cls && cls.bots).map((b) => ["bot:" + b, levelText(b)]));
    const seats = this.form.seats.map((s, i) =>
      h("div", { class: "seat-row", dataset: { seat: i } },
        h("span", { class: "seat-badge", "aria-hidden": "true" }, seatLabel(this.form.game, this.form.settings, i)),
        this.select(`seat${i}`, s.kind, kinds, (v) => { s.kind = v; this.form.touched = true; this.render(); }, t("web_seat_n", { n: i + 1 })),
        h("input", { type: "text", name: `name${i}`, maxlength: 40, placeholder: t("web_seat_name"), value: s.name,
          "aria-label": `${t("web_seat_name")} (${t("web_seat_n", { n: i + 1 })})`, oninput: (e) => { s.name = e.target.value; this.form.touched = true; } }),
        s.kind.startsWith("bot:") ? h("p", { class: "bot-line muted" }, botLine(this.form.game, s.kind.slice(4))) : null,
        s.kind.startsWith("bot:") ? this.ratingLine(s.kind.slice(4), cls) : null));
    return h("details", { class: "card create-card", id: "more-settings", open: this.moreOpen,
      ontoggle: onToggle((open) => { this.moreOpen = open; }) },
    h("summary", { id: "more-settings-toggle" }, h("h2", {}, t("web_more_settings"))),
    h("form", { class: "create", onsubmit: (e) => { e.preventDefault(); this.create(); } },
      h("div", { class: "settings" }, settings),
      h("fieldset", { class: "seats" }, h("legend", {}, t("web_seats")), this.myRatingLine(cls), seats),
      h("button", { type: "submit", class: "btn primary", id: "create" }, t("web_create"))));
  }

  // the body of POST /api/games for the form, with `kinds` for the seats (default: the form's)
  body(kinds = null) {
    const r = this.renderer();
    // only the settings the server's schema has now (an older browser's saved form may hold more)
    const schema = this.schema();
    const known = Object.entries(this.form.settings).filter(([k]) => k in schema);
    const settings = { ...Object.fromEntries(known), ...r.formSettings(this.form) };
    const seats = kinds ? kinds.map((kind) => ({ kind, name: "" })) : this.form.seats;
    return {
      game: this.form.game,
      settings,
      seats: seats.map((s) => {
        const name = s.name.trim() || undefined;
        if (s.kind.startsWith("bot:")) return { kind: "bot", bot: s.kind.slice(4), ...(name ? { name } : {}) };
        if (s.kind === "open") return { kind: "open", ...(name ? { name } : {}) };
        return { kind: "human", ...(name ? { name } : {}) };
      }),
      clock: this.form.clock > 0 && this.ratable() && this.form.clockUnit === "seconds" ? this.form.clock : null,
      ...(this.form.clock > 0 && this.ratable() && this.form.clockUnit !== "seconds"
        ? { turn_hours: this.form.clock * (this.form.clockUnit === "days" ? 24 : 1) } : {}),
      undo: this.form.undo && !this.form.rated,
      ...(this.form.rated && this.me ? { rated: true } : {}),
      spectator_chat: !!this.form.spectatorChat,
      ...r.createExtras(this.form),
      lang: lang(),
    };
  }

  async create() {
    const body = this.body();
    if (body.rated && this.form.seats.filter((s) => s.kind === "me").length > 1) {
      toast(t("web_rated_one_me"), "error"); // one account holds one seat of a rated game
      return;
    }
    const kinds = this.form.seats.map((s) => s.kind);
    await this.start(body, kinds); // to the game, as "Play" (its invite panel has the links)
  }

  // link a seat of this browser to the signed-in account (rated games count it; the profile
  // and the "your turn" list show it)
  async claim(gameId, token) {
    try {
      const r = await api("POST", "/api/account/seats", { seats: [{ game: gameId, token }] }, { "X-CSRF-Token": this.me.csrf });
      const res = r.seats && r.seats[0];
      if (res && !res.claimed && res.error) toast(errorText({ key: res.error }), "error");
      if (this.turns) this.turns.refresh();
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  joinByLink() {
    const inp = this.root.querySelector("#join-link");
    let url;
    try {
      url = new URL(inp.value.trim(), location.origin);
    } catch (e) {
      url = null;
    }
    if (!url || !url.searchParams.get("game")) {
      toast(t("web_bad_link"), "error");
      return;
    }
    go(`/?${url.searchParams.toString()}`);
  }

  async takeSeat(g, seat) {
    try {
      const r = await api("POST", `/api/games/${encodeURIComponent(g.id)}/join`, { seat });
      rememberSeat(g.id, g.game, r.seat, r.token, g.settings);
      if (this.me) await this.claim(g.id, r.token);
      go(r.url || `/?game=${encodeURIComponent(g.id)}&token=${encodeURIComponent(r.token)}`);
    } catch (e) {
      toast(errorText(e), "error");
      this.refresh();
    }
  }

  seatChip(g, s, status) {
    const label = seatLabel(g.game, g.settings, s.seat);
    const who = s.kind === "bot" ? `${t("web_bot")}: ${botName(g.game, s.bot) || s.name}` :
      s.kind === "open" && !s.claimed ? t("web_free") : (s.name || t("web_human"));
    const online = status !== "finished" && s.kind !== "bot" && s.claimed ? (s.online ? " ●" : " ○") : "";
    let result = "";
    const score = (g.scores || [])[s.seat];
    if (status === "finished" && score !== undefined && score !== null) {
      result = ` · ${rendererFor(g.game).scoreWord(score)}`;
    }
    return h("span", { class: `chip ${s.kind === "open" && !s.claimed ? "free" : ""}` }, `${label}: ${who}${online}${result}`);
  }

  gameRow(g, status) {
    const freeSeats = (g.seats || []).filter((s) => s.kind === "open" && !s.claimed);
    const id = encodeURIComponent(g.id);
    return h("li", { class: "game-row", dataset: { id: g.id, status } },
      h("div", { class: "game-row-title" }, gameTitle(g.game, g.settings)),
      h("div", { class: "chips" }, (g.seats || []).map((s) => this.seatChip(g, s, status)),
        g.rated ? h("span", { class: "chip rated-chip" }, `★ ${t("web_rated")}`) : null,
        g.turn_hours ? h("span", { class: "chip" }, t("web_turn_hours_chip", { hours: g.turn_hours })) : null),
      h("div", { class: "actions" },
        status === "open" ? freeSeats.map((s) =>
          h("button", { type: "button", class: "btn small primary join", onclick: () => this.takeSeat(g, s.seat) },
            seatSentence("web_join", g.game, g.settings, s.seat))) : null,
        status !== "finished" ? h("a", { class: "btn small", href: `/?game=${id}&watch=1`, onclick: navClick }, t("web_spectate")) : null,
        status === "finished" ? h("a", { class: "btn small", href: `/?game=${id}&replay=0`, onclick: navClick }, t("web_replay")) : null));
  }

  renderList(status, titleKey) {
    const games = this.lists[status];
    return h("section", { class: "card list", id: `list-${status}` },
      h("h2", {}, t(titleKey)),
      games === null ? h("p", { class: "muted" }, t("web_loading")) :
      games.length === 0 ? h("p", { class: "muted" }, t("web_no_games")) :
      h("ul", { class: "games" }, games.map((g) => this.gameRow(g, status))));
  }

  renderMine() {
    const all = mySeats();
    const ids = Object.keys(all);
    if (!ids.length) return null;
    return h("section", { class: "card list", id: "mine" },
      h("h2", {}, t("web_my_games")),
      h("ul", { class: "games" }, ids.slice(-10).reverse().map((id) => {
        const g = all[id];
        return h("li", { class: "game-row" },
          h("div", { class: "game-row-title" }, g.settings ? gameTitle(g.game, g.settings) : t(`web_${g.game}`), h("span", { class: "muted" }, ` · ${id}`)),
          h("div", { class: "actions" },
            Object.entries(g.seats).map(([seat, token]) =>
              h("a", { class: "btn small primary", onclick: navClick,
                href: `/?game=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}` },
              `${t("web_resume")} (${/^\d+$/.test(seat) ? seatLabel(g.game, g.settings, +seat) : "?"})`)),
            h("button", { type: "button", class: "btn small", onclick: () => { forgetGame(id); this.render(); } }, t("web_forget"))));
      })));
  }

  // who is signed in (accounts are optional): links to the account, profile, leaderboard
  renderAccount() {
    const next = this.nextTour && this.nextTour.game;
    return h("section", { class: "card account-card", id: "account-card", "aria-label": t("acct_account") },
      this.me
        ? [h("p", {}, t("acct_signed_in_as", { name: this.me.name })),
          next ? h("a", { class: "btn primary", id: "next-tournament-game", onclick: navClick, href: next.url },
            t("web_tour_next_game", { name: this.nextTour.tournament.name, n: next.round })) : null,
          h("div", { class: "actions" },
            h("a", { class: "btn small", href: "/tournaments.html", id: "tournaments-link" }, t("web_tour_tournaments")),
            h("a", { class: "btn small", href: `/profile.html?name=${encodeURIComponent(this.me.name)}` }, t("acct_profile")),
            h("a", { class: "btn small", href: "/leaderboard.html" }, t("acct_leaderboard")))]
        : [h("p", { class: "muted" }, t("acct_optional")),
          h("div", { class: "actions" },
            h("a", { class: "btn small", href: "/account.html", id: "account-link" }, `${t("acct_sign_in")} / ${t("acct_sign_up")}`),
            h("a", { class: "btn small", href: "/tournaments.html", id: "tournaments-link" }, t("web_tour_tournaments")),
            h("a", { class: "btn small", href: "/leaderboard.html" }, t("acct_leaderboard")))]);
  }

  async whoAmI() {
    try {
      const s = await api("GET", "/api/session"); // 200 signed in or out: no failed request logged
      this.me = s && s.signed_in ? { name: s.name, csrf: s.csrf, rated_from: s.rated_from } : null;
    } catch (e) {
      this.me = null;
    }
    if (!this.me) return;
    try {
      const p = await api("GET", `/api/players/${encodeURIComponent(this.me.name)}`);
      this.myRatings = p.ratings || {};
    } catch (e) {
      this.myRatings = {};
    }
    if (!this.turns && !this.disposed) this.turns = this.newTurns();
    if (!this.friends && !this.disposed) this.friends = new Friends(this.me, () => this.body(this.form.seats.map(() => "human")));
  }

  newTurns() {
    return turnsCard(() => api("GET", "/api/account/turns"));
  }

  render() {
    if (this.disposed) return;
    const focusedName = document.activeElement && document.activeElement.name;
    this.moreOpen = openNow(this.root, "#more-settings", this.moreOpen);
    clear(this.root);
    this.root.append(h("div", { class: "lobby" },
      h("div", { class: "lobby-col" },
        this.renderPlay(),
        this.pairing.el,
        this.turns ? this.turns.el : null,
        this.friends ? this.friends.el : null,
        this.meta ? this.renderForm() : null,
        this.renderAccount(),
        h("section", { class: "card join-link" },
          h("label", { class: "field" }, h("span", { class: "field-label" }, t("web_join_by_link")),
            h("div", { class: "row" },
              h("input", { type: "url", id: "join-link", placeholder: "http://…/?game=…&token=…" }),
              h("button", { type: "button", class: "btn", onclick: (e) => this.joinByLink(e) }, t("web_open_link"))))),
        rulesLinks(this.rulesPages),
        this.renderMine()),
      h("div", { class: "lobby-col" },
        h("div", { class: "list-head" }, h("button", { type: "button", class: "btn small", onclick: (e) => this.refresh(e) }, `↻ ${t("web_refresh")}`)),
        this.renderList("open", "web_open_games"),
        this.renderList("running", "web_running_games"),
        this.renderList("finished", "web_finished_games"))));
    if (focusedName) {
      const el = this.root.querySelector(`[name="${focusedName}"]`);
      if (el) el.focus();
    }
  }

  // the signed-in player's next tournament game (GET /api/tournaments/next): one click away
  async nextTournament() {
    if (!this.me) return;
    const before = JSON.stringify(this.nextTour || null);
    try { this.nextTour = await api("GET", "/api/tournaments/next"); } catch (e) { this.nextTour = null; }
    if (JSON.stringify(this.nextTour || null) !== before && !this.created) this.render();
  }

  async refresh(manual) {
    if (this.turns && manual) this.turns.refresh(); // by itself every 30 s (turns.js)
    this.nextTournament();
    try {
      const [o, r, f] = await Promise.all(["open", "running", "finished"].map((s) =>
        api("GET", `/api/games?status=${s}&limit=${s === "finished" ? 12 : 30}`)));
      this.lists = { open: o.games || [], running: r.games || [], finished: f.games || [] };
      // a running game with free seats is listed as open only
      const openIds = new Set(this.lists.open.map((g) => g.id));
      this.lists.running = this.lists.running.filter((g) => !openIds.has(g.id));
    } catch (e) {
      this.lists = { open: this.lists.open || [], running: this.lists.running || [], finished: this.lists.finished || [] };
    }
    this.replaceLists();
  }

  replaceLists() {
    if (this.disposed) return;
    for (const s of ["open", "running", "finished"]) {
      const old = this.root.querySelector(`#list-${s}`);
      if (old) old.replaceWith(this.renderList(s, this.LIST_TITLES[s]));
    }
  }

}

export function lobbyView(root) {
  const self = new LobbyPage(root);
  self.render();
  api("GET", `/api/meta?lang=${lang()}`).then((m) => {
    self.meta = m;
    useMeta(m);
    loadGameFiles(m); // (already loaded unless the page began as the offline score pad)
    self.restore();
    self.render();
  }).catch((e) => {
    self.offline = e; // the page says so at once, not on "Create"
    self.render();
  });
  rulesPages().then((p) => { self.rulesPages = p; self.render(); });
  self.whoAmI().then(() => { if (self.me) { self.render(); self.nextTournament(); } });
  self.refresh();
  self.timer = setInterval(() => self.refresh(), 5000);
  return {
    dispose() { self.disposed = true; clearInterval(self.timer); if (self.turns) self.turns.stop(); if (self.friends) self.friends.stop(); self.pairing.dispose(); },
    rerender: () => { // a new language: the "your turn" card is made again in it
      if (self.turns) { self.turns.stop(); self.turns = self.newTurns(); }
      if (self.friends) self.friends.show();
      self.render();
    },
  };
}
