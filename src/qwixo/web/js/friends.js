// Friends (signed in): challenges — the challenges to and from this player, each with its
// answer (Accept, Decline; Cancel; Open once accepted), and a challenge by name with the
// lobby's game, settings and time control — and follows: the players followed, online first,
// with their current games to watch. GET /api/challenges and /api/follows every few seconds
// while the lobby is open (docs/web-protocol.md §6).

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { errorText, toast } from "./ui.js";
import { go } from "./nav.js";
import { rememberSeat } from "./seats.js";
import { gameTitle } from "./words.js";

const EVERY = 3000;

export class Friends {
  constructor(me, body) {
    this.me = me; // {name, csrf}
    this.body = body; // () => the lobby's game body (game, settings, clock / turn_hours)
    this.el = h("section", { class: "card friends-card", id: "friends", "aria-labelledby": "friends-h" });
    this.data = { incoming: [], outgoing: [], follows: [] };
    this.refresh();
    this.timer = setInterval(() => this.refresh(), EVERY);
  }

  stop() {
    clearInterval(this.timer);
  }

  post(path, body) {
    return api("POST", path, body, { "X-CSRF-Token": this.me.csrf });
  }

  async refresh() {
    try {
      const [c, f] = await Promise.all([api("GET", "/api/challenges"), api("GET", "/api/follows")]);
      this.data = { ...c, follows: f.follows };
    } catch (e) {
      return; // (signed out meanwhile, or offline: the next round)
    }
    this.show();
  }

  async act(promise) {
    try {
      const r = await promise;
      await this.refresh();
      return r;
    } catch (e) {
      toast(errorText(e), "error");
      return null;
    }
  }

  async challenge() {
    const inp = this.el.querySelector("#challenge-name");
    const name = inp && inp.value.trim();
    if (!name) return;
    const b = this.body();
    const req = { to: name, game: b.game, settings: b.settings || {} };
    if (b.clock) req.clock = b.clock;
    if (b.turn_hours) req.turn_hours = b.turn_hours;
    if (await this.act(this.post("/api/challenges", req))) toast(t("web_challenge_sent", { name }), "info");
  }

  async accept(c) {
    const r = await this.act(this.post(`/api/challenges/${encodeURIComponent(c.id)}/accept`, {}));
    if (r && r.token) {
      rememberSeat(r.game_id, c.game, r.seat, r.token, null);
      go(r.url);
    }
  }

  open(c) {
    const token = c.url && c.url.split("token=")[1];
    if (token) rememberSeat(c.game_id, c.game, c.seat, token, null);
    go(c.url);
  }

  async follow() {
    const inp = this.el.querySelector("#follow-name");
    const name = inp && inp.value.trim();
    if (name) await this.act(this.post("/api/follows", { name }));
  }

  line(c, incoming) {
    const what = `${gameTitle(c.game, c.settings)}`;
    const who = incoming ? t("web_challenge_from", { name: c.from, game: what }) : t("web_challenge_to", { name: c.to, game: what });
    const acts = [];
    if (c.status === "pending" && incoming) {
      acts.push(h("button", { type: "button", class: "btn small primary challenge-accept", onclick: () => this.accept(c) }, t("web_challenge_accept")));
      acts.push(h("button", { type: "button", class: "btn small challenge-decline", onclick: () => this.act(this.post(`/api/challenges/${encodeURIComponent(c.id)}/decline`, {})) }, t("web_challenge_decline")));
    } else if (c.status === "pending") {
      acts.push(h("button", { type: "button", class: "btn small challenge-cancel", onclick: () => this.act(this.post(`/api/challenges/${encodeURIComponent(c.id)}/cancel`, {})) }, t("web_challenge_cancel")));
    } else if (c.status === "accepted" && c.url) {
      acts.push(h("button", { type: "button", class: "btn small primary challenge-open", onclick: () => this.open(c) }, t("web_challenge_open")));
    }
    return h("li", { class: `challenge ${c.status}`, dataset: { id: c.id, status: c.status } },
      h("span", {}, who, " · ", h("span", { class: "challenge-status" }, t(`web_challenge_${c.status}`))), " ", acts);
  }

  show() {
    const d = this.data;
    const active = document.activeElement && this.el.contains(document.activeElement) ? document.activeElement.id : null;
    const keep = Object.fromEntries([...this.el.querySelectorAll("input")].map((i) => [i.id, i.value]));
    clear(this.el);
    const list = [...d.incoming.map((c) => this.line(c, true)), ...d.outgoing.map((c) => this.line(c, false))];
    this.el.append(
      h("h2", { id: "friends-h" }, t("web_friends_title")),
      h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); this.challenge(); } },
        h("input", { type: "text", id: "challenge-name", maxlength: 40, placeholder: t("web_player_name_placeholder"), "aria-label": t("web_challenge_who"), value: keep["challenge-name"] || "" }),
        h("button", { type: "submit", class: "btn", id: "challenge-send" }, t("web_challenge_send"))),
      list.length ? h("ul", { class: "challenges", id: "challenges" }, list) : null,
      h("h3", {}, t("web_follows_title")),
      h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); this.follow(); } },
        h("input", { type: "text", id: "follow-name", maxlength: 40, placeholder: t("web_player_name_placeholder"), "aria-label": t("web_follow_who"), value: keep["follow-name"] || "" }),
        h("button", { type: "submit", class: "btn", id: "follow-send" }, t("web_follow"))),
      d.follows.length ? h("ul", { class: "follows", id: "follows" }, d.follows.map((f) =>
        h("li", { class: `follow ${f.online ? "online" : ""}`, dataset: { name: f.name } },
          h("b", {}, f.name), " · ", h("span", { class: "follow-state" }, t(f.online ? "web_follow_online" : "web_follow_offline")),
          f.games.map((g) => [" · ", h("a", { href: g.url, class: "follow-game" }, gameTitle(g.game, g.settings))]),
          " ", h("button", { type: "button", class: "btn small", onclick: () => this.act(this.post(`/api/follows/${encodeURIComponent(f.name)}/unfollow`, {})) }, t("web_unfollow"))))) : null);
    if (active) {
      const el = this.el.querySelector(`#${active}`);
      if (el) el.focus();
    }
  }
}
