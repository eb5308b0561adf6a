// The offline score pad (/?pad=EDITION): a paper Qwixx pad for a real table, drawn with the
// same sheets as the game page. It needs no server once the page has been opened (the service
// worker keeps the page, the translations and the edition tables); the pad lives in this
// browser only (localStorage "qwixo.pad") and is never sent anywhere. Like paper it does not
// check the rules: tap a box to cross it, tap again to take the cross back. Row points come
// from the edition's score table; Bonus A/B extras are not added (the online score pad does).

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { navClick, go } from "./nav.js";
import { sheetView, sheetLegend } from "./qwixx.js";
import { confirmDialog } from "./confirm.js";
import { EDITIONS } from "./rules.js";

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

export function padView(root, edition) {
  edition = EDITIONS.includes(edition) ? edition : "classic";
  let layout = null;
  let failed = false;
  const state = load(edition);

  function toggle(seat, row, i) {
    const marks = state.players[seat].marks;
    const k = `${row}:${i}`;
    if (marks[k]) delete marks[k];
    else marks[k] = true;
    save(state);
    render(`cell:${row}${i}`, seat);
  }

  function penalty(seat, d) {
    const p = state.players[seat];
    p.penalties = Math.max(0, Math.min(layout.max_penalties || 4, p.penalties + d));
    save(state);
    render();
  }

  async function reset() {
    const ok = await confirmDialog({ title: t("web_pad_clear"), text: t("web_pad_clear_confirm"), ok: t("web_pad_clear") });
    if (!ok) return;
    state.players = state.players.map(() => ({ marks: {}, penalties: 0 }));
    save(state);
    render();
  }

  function players(d) {
    const n = Math.max(1, Math.min(5, state.players.length + d));
    while (state.players.length < n) state.players.push({ marks: {}, penalties: 0 });
    state.players.length = n;
    save(state);
    render();
  }

  function playerSheet(seat) {
    const view = { game: "qwixx", you: seat, seats: [], scores: [], options: [],
      qwixx: { edition, layout, sheets: [], option_cells: {}, phase: "action1" } };
    const sheet = sheetView(view, padSheet(layout, state.players[seat], seat), {
      interactive: true, nameOf: (s) => t("web_player_name", { n: s + 1 }), legend: false,
      onCell: (row, i) => toggle(seat, row, i) });
    sheet.querySelector(".sheet-foot").append(h("div", { class: "actions" },
      h("button", { type: "button", class: "btn small", onclick: () => penalty(seat, 1) }, `+ ${t("web_penalties")}`),
      h("button", { type: "button", class: "btn small", onclick: () => penalty(seat, -1) }, `− ${t("web_penalties")}`)));
    return sheet;
  }

  function head() {
    return [
      h("a", { href: "/", class: "back", onclick: navClick }, t("web_back_to_lobby")),
      h("h1", {}, `${t("web_pad_title")} · ${t(`web_edition_${edition}`)}`),
      h("p", { class: "muted" }, t("web_pad_intro")),
      h("div", { class: "actions" },
        h("label", { class: "field" }, h("span", { class: "field-label" }, t("web_edition")),
          h("select", { name: "pad-edition", onchange: (e) => go(`/?pad=${e.target.value}`) },
            EDITIONS.map((e) => h("option", { value: e, selected: e === edition }, t(`web_edition_${e}`))))),
        h("button", { type: "button", class: "btn", id: "pad-add", onclick: () => players(1) }, `+ ${t("web_players")}`),
        h("button", { type: "button", class: "btn", id: "pad-remove", onclick: () => players(-1) }, `− ${t("web_players")}`),
        h("button", { type: "button", class: "btn", id: "pad-clear", onclick: reset }, t("web_pad_clear"))),
    ];
  }

  function render(focusKey = null, focusSeat = null) {
    clear(root);
    const page = h("div", { class: "pad-page game-page game-qwixx", dataset: { pending: "0" } }, head());
    if (!layout) page.append(h("p", { class: failed ? "error-box" : "loading", role: failed ? "alert" : null }, t(failed ? "web_network_error" : "web_loading")));
    else {
      page.append(h("div", { class: "sheets" }, state.players.map((_, s) => playerSheet(s))));
      const legend = sheetLegend(edition);
      if (legend) page.append(legend);
      page.append(h("p", { class: "muted" }, t("web_pad_note")));
    }
    root.append(page);
    if (focusKey !== null) {
      const el = root.querySelector(`.sheet[data-seat="${focusSeat}"] [data-key="${focusKey}"]`);
      if (el) {
        for (const x of el.closest("[data-roving]").querySelectorAll("[data-kx]")) x.setAttribute("tabindex", x === el ? "0" : "-1");
        el.focus();
      }
    }
  }

  render();
  api("GET", `/api/editions/${encodeURIComponent(edition)}`).then((l) => { layout = l; render(); })
    .catch(() => { failed = true; render(); });
  return { dispose() {}, rerender: () => render() };
}
