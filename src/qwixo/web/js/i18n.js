// The translation catalog: downloaded from the server (/api/i18n/{lang}), one per language,
// made from the same gettext catalogues as every other text (src/qwixo/i18n/locale/).
// Every text the page shows goes through t(key, params). Placeholders follow Python's
// str.format: {name} and {name!r} (repr: the value in quotes). As in qwixo.i18n.t:
// - a message with a count has its forms as "key#one", "key#few", ... (CLDR categories) and
//   the name of its count parameter as "key#count"; Intl.PluralRules picks the form;
// - Qwixx codes given as parameters are shown in words: row, rows, die, colour, names (r y g
//   b, w1 w2) by the colour words, cell, last, decision, choice (r12) by the cell's words.

export const LANGS = { en: "English", tr: "Türkçe", it: "Italiano", pl: "Polski" };

let catalog = {};
let current = "en";
let plural = new Intl.PluralRules("en");

export function lang() {
  return current;
}

export function pickLang() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  const stored = localStorage.getItem("qwixo.lang");
  const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
  for (const l of [fromUrl, stored, browser]) {
    if (l && LANGS[l]) return l;
  }
  return "en";
}

export async function loadLang(l) {
  if (!LANGS[l]) l = "en";
  const res = await fetch(`/api/i18n/${l}`);
  if (!res.ok) throw new Error(`i18n ${l}: ${res.status}`);
  const data = await res.json();
  // accept either the bare catalog or {lang, texts}
  catalog = data && typeof data.texts === "object" ? data.texts : data;
  current = l;
  plural = new Intl.PluralRules(l);
  localStorage.setItem("qwixo.lang", l);
  document.documentElement.lang = l;
  return catalog;
}

function repr(v) {
  if (typeof v === "string") return `'${v}'`;
  return String(v);
}

const ROWS = ["r", "y", "g", "b"];

// a parameter as people read it (see qwixo.i18n._shown); `params`: the message's others
function shown(name, v, params = {}) {
  if (typeof v !== "string") return v;
  if (name === "why" && v.startsWith("why_") && v in catalog) {
    const rest = Object.fromEntries(Object.entries(params).filter(([k]) => k !== "why"));
    return format(catalog[v], rest);
  }
  const word = (key, extra) => (key in catalog ? format(catalog[key], extra || {}) : v);
  const cls = name === "cls" ? /^([a-z]+)-([a-z0-9-]+)-(\d+)p$/.exec(v) : null;
  if (cls && "web_class#count" in catalog) { // a rating class: "qwixx-classic-3p" in words
    const ed = `web_edition_${cls[2]}`;
    return t("web_class", {
      game: catalog[`web_${cls[1]}`] ?? cls[1],
      variant: ed in catalog ? catalog[ed].split(" (")[0] : cls[2].replace(/x/g, "×"),
      players: Number(cls[3]),
    });
  }
  const SEATS = ["N", "E", "S", "W"];
  if ((name === "seat" || name === "dot") && SEATS.includes(v)) return word(`quixo_seat_${v}`);
  if (name === "seats" && v.split(", ").every((x) => SEATS.includes(x))) {
    return v.split(", ").map((x) => word(`quixo_seat_${x}`)).join(", ");
  }
  const code = v.trim().toLowerCase();
  if (name === "row" && ROWS.includes(code)) return word(`qwixx_row_${code}`);
  if ((name === "die" || name === "colour") && (ROWS.includes(code) || ["w", "w1", "w2"].includes(code))) {
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
    if ((name === "decision" || name === "choice") && code === "pass" && "pass" in catalog) return catalog.pass;
  }
  return v;
}

// a Qwixx code in words, as a parameter of that name shows it: shownAs("cell", "r7") is "red 7"
// (Polish "czerwone pole 7"), shownAs("row", "g") the word for the green row
export function shownAs(name, code) {
  return String(shown(name, code));
}

// a colour code in the form a sentence asks for with {name.case} (see qwixo.i18n._case_form):
// "w rzędzie {row.loc}" reads "w rzędzie czerwonym", "segna {cell.def}" "segna il 7 rosso"
// (the "_v" form, "l'8 rosso", before a number "qwixx_vowel_numbers" lists); null: none
function caseForm(name, v, kase) {
  if (typeof v !== "string") return null;
  const code = v.trim().toLowerCase();
  const has = (key) => key in catalog;
  if (name === "row" && ROWS.includes(code)) return has(`qwixx_row_${code}_${kase}`) ? catalog[`qwixx_row_${code}_${kase}`] : null;
  if ((name === "die" || name === "colour") && (ROWS.includes(code) || ["w", "w1", "w2"].includes(code))) {
    return has(`qwixx_die_${code[0]}_${kase}`) ? catalog[`qwixx_die_${code[0]}_${kase}`] : null;
  }
  const m = ["cell", "last", "decision", "choice"].includes(name) ? /^([rygb])(\d{1,2})$/.exec(code) : null;
  if (m && has(`qwixx_cell_${m[1]}_${kase}`)) {
    let key = `qwixx_cell_${m[1]}_${kase}`;
    const vowel = (catalog.qwixx_vowel_numbers || "").split(/\s+/);
    if (vowel.includes(String(Number(m[2]))) && has(`${key}_v`)) key += "_v";
    return format(catalog[key], { number: m[2] });
  }
  return null;
}

export function format(text, params = {}) {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)(![rs])?(?:\.([a-z]+))?\}/g, (m, name, conv, kase) => {
    if (!(name in params)) return m;
    const form = kase ? caseForm(name, params[name], kase) : null;
    if (form !== null) return form;
    const v = shown(name, params[name], params);
    return conv === "!r" ? repr(v) : String(v);
  });
}

// the form of a message with a count (its "key#count" parameter) for that count
function pluralText(key, params) {
  const countName = catalog[`${key}#count`];
  if (countName === undefined || !(countName in params)) return catalog[key];
  const n = Number(String(params[countName]).replace(/[,\s]/g, ""));
  if (!Number.isFinite(n)) return catalog[key];
  return catalog[`${key}#${plural.select(n)}`] ?? catalog[`${key}#other`] ?? catalog[key];
}

// a number as the reader's language writes it (Intl: its decimal sign and digit grouping):
// number(35.74, 1) is "35,7" in Turkish, Italian and Polish; digits null: as many as it has
// (up to 3); sign: a "+" before a positive one (as qwixo.i18n.number)
export function number(x, digits = 0, sign = false) {
  return new Intl.NumberFormat(current, {
    minimumFractionDigits: digits === null ? 0 : digits, maximumFractionDigits: digits === null ? 3 : digits,
    signDisplay: sign ? "exceptZero" : "auto",
  }).format(x);
}

// a share (0..1) in per cent, the sign where the language puts it: "%35,7" in Turkish
export function percent(x, digits = 1) {
  return new Intl.NumberFormat(current, {
    style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits,
  }).format(x);
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}

export function t(key, params = {}) {
  if (catalog[key] === undefined) return key;
  return format(pluralText(key, params), params);
}
