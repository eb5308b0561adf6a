// Qwixx's codes in words (i18n.js's decoders, as qwixo.i18n._shown shows them): `row` (r y g
// b, any case), `rows` (several), `die` and `colour` (r y g b, w1 w2) and `names` (several
// dice; the keys of the statistic mean_crosses) by the colour words agreeing with the word for row or die (qwixx_row_r,
// qwixx_die_r); `cell`, `last`, `decision`, `choice` holding a cell (r12) by the cell's words
// (qwixx_cell_r), a `decision`/`choice` "pass" by the word for passing; a rating class's
// variant by its edition's name.

import { addShown, has } from "./i18n.js";

const ROWS = ["r", "y", "g", "b"];

// a colour code in the form a sentence asks for ({row.loc}, {cell.def}: the messages
// qwixx_row_r_loc, qwixx_cell_r_def and its "_v" form, "l'8 rosso", before a number
// qwixx_vowel_numbers lists); null: the language has no such form; undefined: not a code
function caseForm(name, code, kase, word) {
  if (name === "row" && ROWS.includes(code)) return has(`qwixx_row_${code}_${kase}`) ? word(`qwixx_row_${code}_${kase}`) : null;
  if ((name === "die" || name === "colour") && (ROWS.includes(code) || ["w", "w1", "w2"].includes(code))) {
    return has(`qwixx_die_${code[0]}_${kase}`) ? word(`qwixx_die_${code[0]}_${kase}`) : null;
  }
  const m = ["cell", "last", "decision", "choice"].includes(name) ? /^([rygb])(\d{1,2})$/.exec(code) : null;
  if (!m) return undefined;
  let key = `qwixx_cell_${m[1]}_${kase}`;
  if (!has(key)) return null;
  const vowel = has("qwixx_vowel_numbers") ? word("qwixx_vowel_numbers").split(/\s+/) : [];
  if (vowel.includes(String(Number(m[2]))) && has(`${key}_v`)) key += "_v";
  return word(key, { number: m[2] });
}

addShown((name, v, word, params, kase) => {
  const code = v.trim().toLowerCase();
  if (kase) return caseForm(name, code, kase, word);
  if (name === "row" && ROWS.includes(code)) return word(`qwixx_row_${code}`);
  if ((name === "die" || name === "colour" || name === "mean_crosses") && (ROWS.includes(code) || ["w", "w1", "w2"].includes(code))) {
    return word(`qwixx_die_${code[0]}`);
  }
  const parts = code.split(/\s+/).filter(Boolean);
  if (name === "rows" && parts.length && parts.every((c) => ROWS.includes(c))) {
    return parts.map((c) => word(`qwixx_row_${c}`)).join(", ");
  }
  if (name === "names" && parts.length && parts.every((c) => ROWS.includes(c) || c === "w1" || c === "w2")) {
    return parts.map((c) => word(`qwixx_die_${c[0]}`)).join(", ");
  }
  if (["cell", "last", "decision", "choice"].includes(name)) {
    const m = /^([rygb])(\d{1,2})$/.exec(code);
    if (m) return word(`qwixx_cell_${m[1]}`, { number: m[2] });
    if ((name === "decision" || name === "choice") && code === "pass" && has("pass")) return word("pass");
  }
  if (name === "variant" && has(`web_edition_${v}`)) return word(`web_edition_${v}`).split(" (")[0];
  return undefined;
});
