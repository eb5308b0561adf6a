// The offline score pad (/?pad=EDITION): a paper Qwixx pad for a real table, drawn with the
// same sheets as the game page. It needs no server once the page has been opened (the service
// worker keeps the page, the translations and the edition tables); the pad lives in this
// browser only (localStorage "qwixo.pad") and is never sent anywhere. Like paper it does not
// check the rules: tap a box to cross it, tap again to take the cross back. Row points come
// from the edition's score table; Bonus A/B extras are not added (the online score pad does).
// Each player's name can be typed in. On a phone one sheet shows at a time, picked by name
// (each sheet a screen, not one long scroll), and the pad's settings fold away.

import { h, clear, onToggle, openNow } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { navClick, go } from "./nav.js";
import { sheetView, sheetLegend, EDITIONS } from "./qwixx.js";
import { confirmDialog } from "./confirm.js";

const KEY = "qwixo.pad";

function load(edition) {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || "null");
    if (s && s.edition === edition && Array.isArray(s.players)) return s;
  } catch (e) {
    // a damaged pad: start a new one
  }
  return { edition, players: [0, 1].map(() => ({ marks: {}, penalties: 0 })) };
}

function save(state) {
  localStorage.setItem(KEY, JSON.stringify(state));
}

// the player's sheet in the shape the game view uses
export function padSheet(layout, p, seat) {
  let total = 0;
  const rows = layout.rows.map((r) => {
    const cells = r.cells.map((c, i) => ({ n: c.number, color: c.colour, crossed: !!p.marks[`${r.colour}:${i}`], lock: c.lock,
      bonus: c.bonus ? true : c.reward || null }));
    const locked = cells[cells.length - 1].crossed;
    const crosses = cells.filter((c) => c.crossed).length + (locked ? 1 : 0);
    const points = layout.score_table[Math.min(crosses, layout.score_table.length - 1)];
    total += points;
    return { row: r.colour, color: r.colour, cells, lock: { color: r.cells[r.cells.length - 1].colour, crossed: locked },
      closed: false, crosses, points };
  });
  total -= p.penalties * (layout.penalty_points || 5);
  return { seat, rows, penalties: p.penalties, lucky: [], bar: [], rewards: [], total };
}

class PadPage {
  constructor(root, edition) {
    this.root = root;
    this.current = 0; // the sheet a phone shows
    this.edition = EDITIONS.includes(edition) ? edition : "classic";
    this.layout = null;
    this.failed = false;
    this.state = load(this.edition);
  }


  toggle(seat, row, i) {
    const marks = this.state.players[seat].marks;
    const k = `${row}:${i}`;
    if (marks[k]) delete marks[k];
    else marks[k] = true;
    save(this.state);
    this.render(`cell:${row}${i}`, seat);
  }

  penalty(seat, d) {
    const p = this.state.players[seat];
    p.penalties = Math.max(0, Math.min(this.layout.max_penalties || 4, p.penalties + d));
    save(this.state);
    this.render();
  }

  async reset() {
    const ok = await confirmDialog({ title: t("web_pad_clear"), text: t("web_pad_clear_confirm"), ok: t("web_pad_clear") });
    if (!ok) return;
    this.state.players = this.state.players.map(() => ({ marks: {}, penalties: 0 }));
    save(this.state);
    this.render();
  }

  players(d) {
    const n = Math.max(1, Math.min(5, this.state.players.length + d));
    while (this.state.players.length < n) this.state.players.push({ marks: {}, penalties: 0 });
    this.state.players.length = n;
    this.current = Math.min(this.current, n - 1);
    save(this.state);
    this.render();
  }

  nameOf(seat) {
    const p = this.state.players[seat];
    return (p && p.name) || t("web_player_name", { n: seat + 1 });
  }

  rename(seat, name) {
    name = name.trim().slice(0, 40);
    const p = this.state.players[seat];
    if ((p.name || "") === name) return;
    p.name = name;
    save(this.state);
    // (after the event: the input may be leaving the page, its blur sending "change" again)
    setTimeout(() => this.render(), 0);
  }

  // on a phone: which sheet shows (each name with its total)
  switcher() {
    return h("div", { class: "pad-switch segmented", role: "group", "aria-label": t("web_players") },
      this.state.players.map((p, s) => h("button", { type: "button", class: `seg ${s === this.current ? "on" : ""}`,
        id: `pad-show-${s}`, "aria-pressed": String(s === this.current), dataset: { key: `show:${s}` },
        onclick: () => { this.current = s; this.render(`show:${s}`); } },
      `${this.nameOf(s)} · ${padSheet(this.layout, p, s).total}`)));
  }

  playerSheet(seat) {
    const view = { game: "qwixx", you: seat, seats: [], scores: [], options: [],
      qwixx: { edition: this.edition, layout: this.layout, sheets: [], option_cells: {}, phase: "action1" } };
    const sheet = sheetView(view, padSheet(this.layout, this.state.players[seat], seat), {
      interactive: true, nameOf: (s) => this.nameOf(s), legend: false, everyone: true,
      onCell: (row, i) => this.toggle(seat, row, i) });
    sheet.querySelector(".sheet-foot").append(h("div", { class: "actions" },
      h("button", { type: "button", class: "btn small", onclick: () => this.penalty(seat, 1) }, `+ ${t("web_penalties")}`),
      h("button", { type: "button", class: "btn small", onclick: () => this.penalty(seat, -1) }, `− ${t("web_penalties")}`)));
    const p = this.state.players[seat];
    const name = h("label", { class: "pad-name" }, h("span", {}, t("web_pad_name", { n: seat + 1 })),
      h("input", { type: "text", name: `pad-name-${seat}`, maxlength: 40, autocomplete: "off", value: p.name || "",
        placeholder: t("web_player_name", { n: seat + 1 }), dataset: { key: `name:${seat}` },
        onchange: (e) => this.rename(seat, e.target.value) }));
    return h("div", { class: `pad-player ${seat === this.current ? "current" : ""}`, dataset: { seat } }, name, sheet);
  }

  head() {
    // the pad's settings: open on a wide screen, folded on a phone (the sheet comes first)
    if (this.toolsOpen === undefined) this.toolsOpen = !matchMedia("(max-width: 520px)").matches;
    return [
      h("a", { href: "/", class: "back", onclick: navClick }, t("web_back_to_lobby")),
      h("h1", {}, `${t("web_pad_title")} · ${t(`web_edition_${this.edition}`)}`),
      h("details", { class: "pad-tools", id: "pad-tools", open: this.toolsOpen, ontoggle: onToggle((open) => { this.toolsOpen = open; }) },
        h("summary", {}, t("web_pad_settings")),
        h("p", { class: "muted" }, t("web_pad_intro")),
        h("div", { class: "actions" },
        h("label", { class: "field" }, h("span", { class: "field-label" }, t("web_edition")),
          h("select", { name: "pad-edition", onchange: (e) => go(`/?pad=${e.target.value}`) },
            EDITIONS.map((e) => h("option", { value: e, selected: e === this.edition }, t(`web_edition_${e}`))))),
        h("button", { type: "button", class: "btn", id: "pad-add", onclick: () => this.players(1) }, `+ ${t("web_players")}`),
        h("button", { type: "button", class: "btn", id: "pad-remove", onclick: () => this.players(-1) }, `− ${t("web_players")}`),
        h("button", { type: "button", class: "btn", id: "pad-clear", onclick: (e) => this.reset(e) }, t("web_pad_clear")))),
    ];
  }

  render(focusKey = null, focusSeat = null) {
    this.toolsOpen = openNow(this.root, "#pad-tools", this.toolsOpen);
    clear(this.root);
    const page = h("div", { class: "pad-page game-page game-qwixx", dataset: { pending: "0" } }, this.head());
    if (!this.layout) page.append(h("p", { class: this.failed ? "error-box" : "loading", role: this.failed ? "alert" : null }, t(this.failed ? "web_network_error" : "web_loading")));
    else {
      if (this.state.players.length > 1) page.append(this.switcher());
      page.append(h("div", { class: "sheets" }, this.state.players.map((_, s) => this.playerSheet(s))));
      const legend = sheetLegend(this.edition);
      if (legend) page.append(legend);
      page.append(h("p", { class: "muted" }, t("web_pad_note")));
    }
    this.root.append(page);
    if (focusKey !== null && focusSeat === null) {
      const el = this.root.querySelector(`[data-key="${focusKey}"]`);
      if (el) el.focus();
    } else if (focusKey !== null) {
      const el = this.root.querySelector(`.sheet[data-seat="${focusSeat}"] [data-key="${focusKey}"]`);
      if (el) {
        for (const x of el.closest("[data-roving]").querySelectorAll("[data-kx]")) x.setAttribute("tabindex", x === el ? "0" : "-1");
        el.focus();
      }
    }
  }

}

export function padView(root, edition) {
  const self = new PadPage(root, edition);
  self.render();
  api("GET", `/api/editions/${encodeURIComponent(self.edition)}`).then((l) => { self.layout = l; self.render(); })
    .catch(() => { self.failed = true; self.render(); });
  return { dispose() {}, rerender: () => self.render() };
}
