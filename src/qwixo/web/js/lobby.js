// The lobby: create a game (Quixo or Qwixx, seats: me / invited person / free seat / bot),
// the invite links of the new game, the lists of open, running and finished games, joining by
// invite link, and the seats this browser holds.

import { h, clear } from "./dom.js";
import { t, lang } from "./i18n.js";
import { api } from "./api.js";
import { errorText, toast } from "./ui.js";
import { go, navClick } from "./nav.js";
import { rememberSeat, rememberInvites, mySeats, forgetGame } from "./seats.js";
import { gameTitle, seatLabel, sortBots, botName, botLine } from "./words.js";
import { inviteRow } from "./invite.js";

const EDITIONS = ["classic", "longo", "mixx-a", "mixx-b", "bonus-a", "bonus-b"];
const DRAW_PLIES = 200;
const FALLBACK_BOTS = { quixo: ["random"], qwixx: ["random"] };

// bot names per game from /api/meta, whatever its exact shape
function botsFrom(meta, game) {
  if (!meta) return FALLBACK_BOTS[game];
  const g = meta.games && meta.games[game];
  const cands = [g && g.bots, meta.bots && meta.bots[game]];
  for (const c of cands) {
    if (Array.isArray(c) && c.length) return sortBots(game, c.map((b) => (typeof b === "string" ? b : b.name)));
  }
  return FALLBACK_BOTS[game];
}

// links to the rules pages (rules.js), one per game and Qwixx edition
function rulesLinks() {
  const link = (q, label) => h("a", { href: `/?rules=${q}`, class: "btn small", onclick: navClick }, label);
  return h("section", { class: "card rules-links", "aria-labelledby": "rules-h" },
    h("h2", { id: "rules-h" }, t("web_rules")),
    h("div", { class: "actions" }, link("quixo", t("web_quixo")),
      EDITIONS.map((e) => link(`qwixx&edition=${e}`, `${t("web_qwixx")} · ${t(`web_edition_${e}`)}`))),
    h("p", {}, h("a", { href: "/?pad=classic", id: "pad-link", onclick: navClick }, t("web_pad_title")), " — ", t("web_pad_intro")));
}

class LobbyPage {
  constructor(root) {
    this.root = root;
    this.meta = null;
    this.form = { game: "quixo", size: 5, qplayers: 2, draw: false, undo: false, autoRoll: false, edition: "classic", xplayers: 2, scorepad: false, clock: 0, seats: [] };
    this.lists = { open: null, running: null, finished: null };
    this.timer = null;
    this.disposed = false;
    this.created = null; // reply of POST /api/games
    this.LIST_TITLES = { open: "web_open_games", running: "web_running_games", finished: "web_finished_games" };
  }

  nPlayers() {
    return this.form.game === "quixo" ? this.form.qplayers : this.form.xplayers;
  }

  defaultSeat(i) {
    if (i === 0) return { kind: "me", name: "" };
    if (this.form.game === "qwixx" && this.form.scorepad) return { kind: "me", name: "" };
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

  select(name, value, options, onchange, label = null) {
    return h("select", { name, "aria-label": label, onchange: (e) => onchange(e.target.value) },
      options.map(([v, label]) => h("option", { value: String(v), selected: String(v) === String(value) }, label)));
  }

  field(label, control, cls = "") {
    return h("label", { class: `field ${cls}` }, h("span", { class: "field-label" }, label), control);
  }

  renderForm() {
    this.fitSeats();
    const bots = botsFrom(this.meta, this.form.game);
    const gameChoice = h("div", { class: "segmented", role: "radiogroup", "aria-label": t("web_game") },
      ["quixo", "qwixx"].map((g) =>
        h("label", { class: `seg ${this.form.game === g ? "on" : ""}` },
          h("input", { type: "radio", name: "game", value: g, checked: this.form.game === g,
            onchange: () => { this.form.game = g; this.form.seats = []; this.render(); } }),
          t(`web_${g}`))));
    const settings = [];
    if (this.form.game === "quixo") {
      settings.push(this.field(t("web_players"), this.select("players", this.form.qplayers, [[2, "2"], [4, "4"]],
        (v) => { this.form.qplayers = +v; this.render(); })));
      settings.push(this.field(t("web_board_size"), this.select("size", this.form.size, [3, 4, 5, 6, 7].map((n) => [n, `${n}×${n}`]),
        (v) => { this.form.size = +v; })));
      settings.push(h("label", { class: "field check" },
        h("input", { type: "checkbox", name: "draw", checked: this.form.draw, onchange: (e) => { this.form.draw = e.target.checked; } }),
        h("span", {}, t("web_draw_rule", { plies: DRAW_PLIES }))));
    } else {
      settings.push(this.field(t("web_edition"), this.select("edition", this.form.edition, EDITIONS.map((e) => [e, t(`web_edition_${e}`)]),
        (v) => { this.form.edition = v; })));
      settings.push(this.field(t("web_players"), this.select("players", this.form.xplayers, [2, 3, 4, 5].map((n) => [n, String(n)]),
        (v) => { this.form.xplayers = +v; this.render(); })));
      settings.push(h("label", { class: "field check" },
        h("input", { type: "checkbox", name: "scorepad", checked: this.form.scorepad,
          onchange: (e) => { this.form.scorepad = e.target.checked; this.form.seats = []; this.render(); } }),
        h("span", {}, t("web_scorepad"))));
    }
    if (this.form.game === "qwixx" && !this.form.scorepad) {
      settings.push(h("label", { class: "field check" },
        h("input", { type: "checkbox", name: "auto_roll", checked: this.form.autoRoll, onchange: (e) => { this.form.autoRoll = e.target.checked; } }),
        h("span", {}, t("web_auto_roll"))));
    }
    if (this.form.game === "quixo" && this.form.qplayers === 4) {
      settings.push(h("label", { class: "field check" },
        h("input", { type: "checkbox", name: "confer", checked: this.form.confer, onchange: (e) => { this.form.confer = e.target.checked; } }),
        h("span", {}, t("web_confer"))));
    }
    settings.push(h("label", { class: "field check" },
      h("input", { type: "checkbox", name: "spectator_chat", checked: this.form.spectatorChat, onchange: (e) => { this.form.spectatorChat = e.target.checked; } }),
      h("span", {}, t("web_spectator_chat"))));
    settings.push(h("label", { class: "field check" },
      h("input", { type: "checkbox", name: "undo", checked: this.form.undo, onchange: (e) => { this.form.undo = e.target.checked; } }),
      h("span", {}, t("web_allow_undo"))));
    if (!(this.form.game === "qwixx" && this.form.scorepad)) {
      settings.push(this.field(t("web_turn_clock"), h("input", { type: "number", name: "clock", min: 0, max: 3600, step: 5,
        value: this.form.clock, onchange: (e) => {
          const v = parseInt(e.target.value, 10) || 0;
          this.form.clock = v <= 0 ? 0 : Math.min(3600, Math.max(5, v)); // the server allows 5..3600 s
          e.target.value = this.form.clock;
        } })));
    }
    const kinds = [["me", t("web_seat_you")], ["invite", t("web_seat_invite")], ["open", t("web_seat_open")]]
      .concat(bots.map((b) => ["bot:" + b, t("web_seat_bot", { level: botName(this.form.game, b) })]));
    const seats = this.form.seats.map((s, i) =>
      h("div", { class: "seat-row", dataset: { seat: i } },
        h("span", { class: "seat-badge", "aria-hidden": "true" },
          this.form.game === "quixo" ? seatLabel("quixo", { players: this.form.qplayers }, i) : String(i + 1)),
        this.select(`seat${i}`, s.kind, kinds, (v) => { s.kind = v; this.form.touched = true; this.render(); }, t("web_seat_n", { n: i + 1 })),
        h("input", { type: "text", name: `name${i}`, maxlength: 40, placeholder: t("web_seat_name"), value: s.name,
          "aria-label": `${t("web_seat_name")} (${t("web_seat_n", { n: i + 1 })})`, oninput: (e) => { s.name = e.target.value; this.form.touched = true; } }),
        s.kind.startsWith("bot:") ? h("p", { class: "bot-line muted" }, botLine(this.form.game, s.kind.slice(4))) : null));
    return h("form", { class: "card create", onsubmit: (e) => { e.preventDefault(); this.create(); } },
      h("h2", {}, t("web_new_game")),
      gameChoice,
      h("div", { class: "settings" }, settings),
      h("fieldset", { class: "seats" }, h("legend", {}, t("web_seats")), seats),
      h("button", { type: "submit", class: "btn primary", id: "create" }, t("web_create")));
  }

  async create() {
    const body = {
      game: this.form.game,
      settings: this.form.game === "quixo"
        ? { size: this.form.size, players: this.form.qplayers, ...(this.form.draw ? { ply_limit: DRAW_PLIES, repetition: 3 } : {}) }
        : { edition: this.form.edition, players: this.form.xplayers, ...(this.form.scorepad ? { scorepad: true } : {}) },
      seats: this.form.seats.map((s) => {
        const name = s.name.trim() || undefined;
        if (s.kind.startsWith("bot:")) return { kind: "bot", bot: s.kind.slice(4), ...(name ? { name } : {}) };
        if (s.kind === "open") return { kind: "open", ...(name ? { name } : {}) };
        return { kind: "human", ...(name ? { name } : {}) };
      }),
      clock: this.form.clock > 0 && !(this.form.game === "qwixx" && this.form.scorepad) ? this.form.clock : null,
      undo: this.form.undo,
      confer: this.form.game === "quixo" && this.form.qplayers === 4 && !!this.form.confer,
      spectator_chat: !!this.form.spectatorChat,
      auto_roll: this.form.game === "qwixx" && !this.form.scorepad && this.form.autoRoll,
      lang: lang(),
    };
    try {
      const reply = await api("POST", "/api/games", body);
      this.created = { reply, kinds: this.form.seats.map((s) => s.kind) };
      const invites = {};
      reply.seats.forEach((seat, i) => {
        if (seat.token && this.created.kinds[i] === "invite") invites[seat.seat] = seat.url;
      });
      if (Object.keys(invites).length) rememberInvites(reply.id, invites);
      reply.seats.forEach((seat, i) => {
        if (seat.token && this.created.kinds[i] === "me") rememberSeat(reply.id, reply.game, seat.seat, seat.token, reply.view && reply.view.settings);
      });
      this.render();
      this.refresh();
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  renderCreated() {
    const { reply, kinds } = this.created;
    const mine = reply.seats.filter((s, i) => s.token && kinds[i] === "me");
    const invites = reply.seats.filter((s, i) => s.token && kinds[i] === "invite");
    const label = (s) => `${t("web_seat_n", { n: s.seat + 1 })} (${seatLabel(reply.game, reply.view && reply.view.settings, s.seat)})${s.name ? " · " + s.name : ""}`;
    const target = mine.length ? mine[0].url : reply.url;
    return h("section", { class: "card created", id: "created" },
      h("h2", {}, gameTitle(reply.game, reply.view && reply.view.settings)),
      invites.length ? h("p", {}, t("web_invite_links")) : null,
      invites.map((s) => inviteRow(label(s), s.url)),
      inviteRow(t("web_spectate"), reply.url),
      h("div", { class: "actions" },
        h("button", { type: "button", class: "btn primary", id: "play-now", onclick: () => go(target) }, t("web_play_now")),
        h("button", { type: "button", class: "btn", onclick: () => { this.created = null; this.render(); } }, t("web_new_game"))));
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
      result = g.game === "quixo" ? ` · ${t(score > 0 ? "win" : score < 0 ? "loss" : "draw")}` : ` · ${score}`;
    }
    return h("span", { class: `chip ${s.kind === "open" && !s.claimed ? "free" : ""}` }, `${label}: ${who}${online}${result}`);
  }

  gameRow(g, status) {
    const freeSeats = (g.seats || []).filter((s) => s.kind === "open" && !s.claimed);
    const id = encodeURIComponent(g.id);
    return h("li", { class: "game-row", dataset: { id: g.id, status } },
      h("div", { class: "game-row-title" }, gameTitle(g.game, g.settings)),
      h("div", { class: "chips" }, (g.seats || []).map((s) => this.seatChip(g, s, status))),
      h("div", { class: "actions" },
        status === "open" ? freeSeats.map((s) =>
          h("button", { type: "button", class: "btn small primary join", onclick: () => this.takeSeat(g, s.seat) },
            t("web_join", { seat: seatLabel(g.game, g.settings, s.seat) }))) : null,
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

  render() {
    if (this.disposed) return;
    const focusedName = document.activeElement && document.activeElement.name;
    clear(this.root);
    this.root.append(h("div", { class: "lobby" },
      h("div", { class: "lobby-col" },
        this.created ? this.renderCreated() : this.renderForm(),
        h("section", { class: "card join-link" },
          h("label", { class: "field" }, h("span", { class: "field-label" }, t("web_join_by_link")),
            h("div", { class: "row" },
              h("input", { type: "url", id: "join-link", placeholder: "http://…/?game=…&token=…" }),
              h("button", { type: "button", class: "btn", onclick: (e) => this.joinByLink(e) }, t("web_open_link"))))),
        rulesLinks(),
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

  async refresh() {
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
  api("GET", "/api/meta").then((m) => {
    self.meta = m;
    if (!self.form.touched) self.form.seats = []; // the defaults depend on the bot list
    if (!self.created) self.render();
  }).catch(() => {});
  self.refresh();
  self.timer = setInterval(() => self.refresh(), 5000);
  return {
    dispose() { self.disposed = true; clearInterval(self.timer); },
    rerender: () => self.render(),
  };
}
