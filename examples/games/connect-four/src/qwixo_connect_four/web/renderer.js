// Connect Four's renderer: loaded by qwixo's front end from /games/connect4/renderer.js (the
// package's GameInfo.web), it registers the members it draws its own way with qwixo's renderer
// registry (games.js); every other member comes from qwixo's generic renderer. Its words are
// its own (qwixo's catalogues do not know this game), in the page's language.

import { h } from "/js/dom.js";
import { lang } from "/js/i18n.js";
import { registerGame } from "/js/games.js";

const WORDS = {
  en: {
    board: "Connect Four board", column: "column {c}", drop: "Drop a disc in column {c}",
    asked: "Drop a disc into a column.", line: "Four in a row.", full: "The board is full.",
    empty: "empty", x: "red disc", o: "yellow disc", cell: "{c}{r}: {what}",
  },
  tr: {
    board: "Dört Bağla tahtası", column: "{c} sütunu", drop: "{c} sütununa pul bırakın",
    asked: "Bir sütuna pul bırakın.", line: "Dört pul yan yana.", full: "Tahta doldu.",
    empty: "boş", x: "kırmızı pul", o: "sarı pul", cell: "{c}{r}: {what}",
  },
  it: {
    board: "Tabellone di Forza quattro", column: "colonna {c}", drop: "Lascia cadere una pedina nella colonna {c}",
    asked: "Lascia cadere una pedina in una colonna.", line: "Quattro in fila.", full: "Il tabellone è pieno.",
    empty: "vuota", x: "pedina rossa", o: "pedina gialla", cell: "{c}{r}: {what}",
  },
  pl: {
    board: "Plansza do gry Cztery w rzędzie", column: "kolumna {c}", drop: "Wrzuć krążek do kolumny {c}",
    asked: "Wrzuć krążek do jednej z kolumn.", line: "Cztery w rzędzie.", full: "Plansza jest pełna.",
    empty: "puste", x: "czerwony krążek", o: "żółty krążek", cell: "{c}{r}: {what}",
  },
};

function say(key, params = {}) {
  const table = WORDS[lang()] || WORDS.en;
  return (table[key] || WORDS.en[key]).replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ""));
}

function board(view, ui, handlers, extra, b) {
  const rows = b.rows || [];
  const letters = b.columns || "";
  const mine = !!handlers && !view.is_over && (view.to_act || []).includes(view.you);
  const open = new Set(mine ? view.options || [] : []);
  const marked = new Set([...(b.line || []), b.last].filter(Boolean));
  const suggested = ui.suggest && ui.suggest.move;
  const tops = [...letters].map((c) => open.has(c)
    ? h("button", { type: "button", class: `c4-drop ${ui.hintOption === c ? "hinted" : ""}`,
      dataset: { option: c, key: `opt:${c}` }, "aria-label": say("drop", { c }), onclick: () => handlers.choose(c) }, "▼")
    : h("span", { class: `c4-drop idle ${suggested === c ? "suggest" : ""}`, "aria-hidden": "true" }, ""));
  const cells = rows.map((row, i) => [...row].map((m, col) => {
    const name = `${letters[col]}${rows.length - i}`;
    const what = m === "." ? say("empty") : say(m);
    return h("span", { class: `c4-cell ${m === "." ? "" : `c4-${m}`} ${marked.has(name) ? "c4-mark" : ""}`,
      role: "img", dataset: { cell: name }, "aria-label": say("cell", { c: letters[col], r: rows.length - i, what }) });
  }));
  return h("div", { class: "board-wrap c4-wrap", tabindex: "-1" },
    h("div", { class: "c4-board", role: "group", "aria-label": say("board") },
      h("div", { class: "c4-tops" }, tops),
      h("div", { class: "c4-grid" }, cells.flat()),
      h("div", { class: "c4-letters", "aria-hidden": "true" }, [...letters].map((c) => h("span", {}, c)))),
    extra);
}

registerGame("connect4", {
  board,
  asked() {
    return say("asked");
  },
  moveWords(view, text) {
    return say("column", { c: text });
  },
  // the end's words before the winners ({text}; null: another end, said by qwixo)
  endReason(view) {
    return view.end_reason === "line" || view.end_reason === "full" ? { text: say(view.end_reason) } : null;
  },
  showsScores() {
    return false;
  },
});
