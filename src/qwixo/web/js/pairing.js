// "Play someone": quick pairing with whoever asks for the same game, settings and time
// control (POST /api/pairing; docs/web-protocol.md). The card says how many others wait,
// asks again and again with a look that waits on the server (`?wait=20`: it answers the
// moment the game is made, or when the number waiting changes), and opens the game once paired.
// Its choices — bots after a wait (or never), and signed in a rating range — are kept in
// this browser for the next time.

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { errorText, toast } from "./ui.js";
import { go } from "./nav.js";
import { rememberSeat } from "./seats.js";
import { savedName } from "./guest-name.js";

const KEY = "qwixo.pairing";
const BOTS = [null, 30, 60, 300]; // seconds before bots fill the other seats (null: never)
const RANGES = [null, 100, 200, 400]; // ± rating points (null: anyone)

function choices() {
  try {
    return { bots: null, range: null, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch (e) {
    return { bots: null, range: null };
  }
}

function keep(c) {
  try {
    localStorage.setItem(KEY, JSON.stringify(c));
  } catch (e) {
    // private mode
  }
}

export class Pairing {
  constructor() {
    this.el = h("section", { class: "card pairing-card", id: "pairing", hidden: true, "aria-live": "polite" });
    this.seek = null;
    this.me = null;
  }

  // start looking: `body` is the lobby's game body (game, settings, clock / turn_hours)
  async start(body, me) {
    this.me = me;
    this.stop();
    const c = choices();
    const req = { game: body.game, settings: body.settings || {}, lang: body.lang };
    if (body.clock) req.clock = body.clock;
    if (body.turn_hours) req.turn_hours = body.turn_hours;
    const name = (me && me.name) || savedName();
    if (name) req.name = name;
    if (c.bots !== null) req.bots_after = c.bots;
    if (me && c.range !== null) req.rating_range = c.range;
    if (body.rated) req.rated = true;
    this.game = body.game;
    try {
      this.seek = await api("POST", "/api/pairing", req);
    } catch (e) {
      toast(errorText(e), "error");
      return;
    }
    const seek = this.seek;
    this.show(); // (paired at once: it opens the game)
    this.look(seek);
  }

  // looks at `seek` while it is the one shown and waiting: each look waits on the server
  async look(seek) {
    while (seek && this.seek === seek && seek.status === "waiting") {
      let next;
      try {
        next = await api("GET", `/api/pairing/${encodeURIComponent(seek.id)}?wait=20`);
      } catch (e) {
        if (this.seek !== seek) return;
        this.stop();
        toast(errorText(e), "error");
        this.show();
        return;
      }
      if (this.seek !== seek) return; // cancelled or started again meanwhile
      seek = this.seek = next;
      this.show();
    }
  }

  async cancel() {
    const seek = this.seek;
    this.stop();
    this.show();
    if (seek) await api("POST", `/api/pairing/${encodeURIComponent(seek.id)}/cancel`, {}).catch(() => {});
  }

  stop() {
    this.seek = null;
  }

  dispose() {
    if (this.seek) this.cancel();
  }

  select(id, label, values, current, word, onchange) {
    return h("label", { class: "field inline" }, h("span", { class: "field-label" }, label),
      h("select", { id, onchange: (e) => onchange(values[Number(e.target.value)]) },
        values.map((v, i) => h("option", { value: String(i), selected: v === current }, word(v)))));
  }

  show() {
    const s = this.seek;
    clear(this.el);
    if (!s) {
      this.el.hidden = true;
      return;
    }
    this.el.hidden = false;
    if (s.status === "paired") {
      this.el.append(h("p", { id: "pairing-status" }, t("web_pairing_found")));
      rememberSeat(s.game, this.game, s.seat, s.token, null);
      const url = s.url;
      this.stop();
      go(url);
      return;
    }
    const c = choices();
    const update = (k) => (v) => { keep({ ...choices(), [k]: v }); };
    this.el.append(
      h("h2", {}, t("web_pairing_title")),
      h("p", { id: "pairing-status", class: "pairing-status" },
        t("web_pairing_waiting"), " ", h("span", { id: "pairing-count" }, t("web_pairing_others", { count: s.waiting }))),
      h("div", { class: "row" },
        this.select("pairing-bots", t("web_pairing_bots"), BOTS, c.bots, (v) => (v === null ? t("web_pairing_bots_never") : t("web_pairing_bots_after", { seconds: v })), update("bots")),
        this.me ? this.select("pairing-range", t("web_pairing_range"), RANGES, c.range, (v) => (v === null ? t("web_pairing_range_any") : `± ${v}`), update("range")) : null),
      h("p", { class: "muted field-note" }, t("web_pairing_next_time")),
      h("button", { type: "button", class: "btn", id: "pairing-cancel", onclick: () => this.cancel() }, t("web_pairing_cancel")));
  }
}
