// The rules pages: Quixo (2 and 4 players) and Qwixx per edition, in the page's language,
// illustrated with the same board and sheet the game page draws (the Qwixx sheet comes from
// the edition's layout, GET /api/editions).

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { navClick } from "./nav.js";
import { quixoBoard } from "./quixo.js";
import { sheetView, sheetLegend } from "./qwixx.js";

export const EDITIONS = ["classic", "longo", "mixx-a", "mixx-b", "bonus-a", "bonus-b"];

// an example Quixo position: X has just pushed a1 back in from the right
function quixoExample(players) {
  const rows = players === 4 ? [".N...", ".E.W.", "..S..", ".....", "N..EW"] : ["x....", ".o...", "..x..", ".o...", "o.xxx"];
  return {
    game: "quixo", settings: { size: 5, players }, you: null, seats: [],
    quixo: { size: 5, players, rows, takeable: [], moves: [], lines: [],
      last_move: players === 4 ? null : { from: "a1", to: "e1", text: "a1e1" } },
  };
}

// the edition's sheet with a few example marks: crosses, a skipped box, a penalty
export function exampleSheet(layout) {
  const rows = layout.rows.map((r, ri) => {
    const crossed = new Set(ri === 0 ? [0, 2, 3] : ri === 1 ? [1] : []);
    const cells = r.cells.map((c, i) => ({ n: c.number, color: c.colour, crossed: crossed.has(i), lock: c.lock,
      bonus: c.bonus ? true : c.reward || null }));
    const n = crossed.size;
    return { row: r.colour, color: r.colour, cells, lock: { color: r.cells[r.cells.length - 1].colour, crossed: false },
      closed: false, crosses: n, points: layout.score_table ? layout.score_table[n] : (n * (n + 1)) / 2 };
  });
  const bar = (layout.bar || []).map((c, i) => ({ color: c, state: i === 0 ? "crossed" : "free" }));
  const total = rows.reduce((a, r) => a + r.points, 0) - (layout.penalty_points || 5);
  return { seat: 0, rows, penalties: 1, lucky: layout.lucky ? [6, 11] : [], bar, rewards: [], total };
}

function qwixxExample(edition, layout) {
  const view = { game: "qwixx", you: null, seats: [], scores: [],
    qwixx: { edition, layout, sheets: [], option_cells: {}, phase: "action1" } };
  return sheetView(view, exampleSheet(layout), { interactive: false, nameOf: () => t("web_rules_example"), legend: true });
}

function scoring(layout) {
  const table = (layout.score_table || []).slice(1, (layout.rows[0].cells.length || 11) + 2);
  return h("table", { class: "score-table rules-scoring" }, h("caption", {}, t("web_rules_scoring")),
    h("tbody", {},
      h("tr", {}, h("th", { scope: "row" }, t("web_rules_crosses")), table.map((_, i) => h("td", {}, String(i + 1)))),
      h("tr", {}, h("th", { scope: "row" }, t("web_points")), table.map((p) => h("td", {}, String(p))))));
}

function paras(keys) {
  return keys.map((k) => h("p", {}, t(k)));
}

function nav(game, edition) {
  const link = (q, label, on) => h("a", { href: `/?rules=${q}`, class: `btn small ${on ? "primary" : ""}`, onclick: navClick,
    "aria-current": on ? "page" : null }, label);
  return h("nav", { class: "actions rules-nav", "aria-label": t("web_rules") },
    link("quixo", t("web_quixo"), game === "quixo"),
    EDITIONS.map((e) => link(`qwixx&edition=${e}`, `${t("web_qwixx")} · ${t(`web_edition_${e}`)}`, game === "qwixx" && edition === e)));
}

function quixoRules() {
  return [
    paras(["web_rules_quixo_goal", "web_rules_quixo_move"]),
    h("figure", { class: "rules-figure" }, quixoBoard(quixoExample(2), { interactive: false }),
      h("figcaption", {}, t("web_rules_example_push", { square: "a1" }))),
    paras(["web_rules_quixo_end", "web_rules_quixo_four"]),
    h("figure", { class: "rules-figure" }, quixoBoard(quixoExample(4), { interactive: false }),
      h("figcaption", {}, t("web_quixo_dot_why"))),
  ];
}

function qwixxRules(edition, layout) {
  return [
    paras(["web_rules_qwixx_goal", `web_rules_ed_${edition}`, "web_rules_qwixx_rows"]),
    layout ? h("figure", { class: "rules-figure" }, qwixxExample(edition, layout)) : null,
    paras(["web_rules_qwixx_action1", "web_rules_qwixx_action2", "web_rules_qwixx_penalty", "web_rules_qwixx_lock", "web_rules_qwixx_end"]),
    layout ? scoring(layout) : null,
    sheetLegend(edition) ? h("p", { class: "rules-special" }, sheetLegend(edition).textContent) : null,
  ];
}

export function rulesView(root, game, edition) {
  game = game === "qwixx" ? "qwixx" : "quixo";
  edition = EDITIONS.includes(edition) ? edition : "classic";
  let layout = null;
  let disposed = false;

  function render() {
    if (disposed) return;
    clear(root);
    const name = game === "quixo" ? t("web_quixo") : `${t("web_qwixx")} · ${t(`web_edition_${edition}`)}`;
    document.title = `${t("web_rules_title", { game: name })} — qwixo`;
    root.append(h("article", { class: "rules-page card" },
      h("a", { href: "/", class: "back", onclick: navClick }, t("web_back_to_lobby")),
      h("h1", {}, t("web_rules_title", { game: name })),
      nav(game, edition),
      game === "quixo" ? quixoRules() : qwixxRules(edition, layout)));
  }

  render();
  if (game === "qwixx") {
    api("GET", `/api/editions/${encodeURIComponent(edition)}`).then((l) => { layout = l; render(); }).catch(() => {});
  }
  return { dispose() { disposed = true; }, rerender: render };
}
