// The translation catalog: downloaded from the server (/api/i18n/{lang}), one per language,
// made from the same gettext catalogues as every other text (src/qwixo/i18n/locale/).
// Every text the page shows goes through t(key, params). Placeholders follow Python's
// str.format: {name} and {name!r} (repr: the value in quotes). As in qwixo.i18n.t:
// - a message with a count has its forms as "key#one", "key#few", ... (CLDR categories) and
//   the name of its count parameter as "key#count"; Intl.PluralRules picks the form;
// - a game's codes given as parameters are shown in words by the decoders its module
//   registers (addShown: a sheet's rows, dice and cells, a board's seats), a rating class
//   (cls) by its game, variant and players.

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

// the games' codes in words (each game's renderer module registers its own decoder):
// decode(name, value, word, params, kase) -> the words of a parameter `name`
// holding `value`, or undefined when the value is not one of that game's codes; `word(key,
// extra)` is the catalogue's text of `key` (the value itself when the catalogue lacks it);
// `kase` (a sentence's {name.case}, e.g. "loc"): that form of the words, or null when the
// language has none (the plain words are used)
const DECODERS = [];

export function addShown(decode) {
  DECODERS.push(decode);
}

// a parameter as people read it (see qwixo.i18n._shown); `params`: the message's others
function shown(name, v, params = {}) {
  if (typeof v !== "string") return v;
  if (name === "why" && v.startsWith("why_") && v in catalog) {
    const rest = Object.fromEntries(Object.entries(params).filter(([k]) => k !== "why"));
    return format(catalog[v], rest);
  }
  const cls = name === "cls" ? /^([a-z]+)-([a-z0-9-]+)-(\d+)p$/.exec(v) : null;
  if (cls && "web_class#count" in catalog) { // a rating class: "game-variant-3p" in words
    return t("web_class", {
      game: catalog[`web_${cls[1]}`] ?? cls[1],
      variant: decoded("variant", cls[2], params),
      players: Number(cls[3]),
    });
  }
  return decoded(name, v, params);
}

// `v` in the words of the first game's decoder that knows it, else as it is
function decoded(name, v, params) {
  const word = (key, extra) => (key in catalog ? format(catalog[key], extra || {}) : v);
  for (const decode of DECODERS) {
    const out = decode(name, v, word, params);
    if (out !== undefined) return out;
  }
  return v;
}

// a page's language: the one picked (address, stored, browser) loaded, and the select `sel`
// offering every language; choosing one loads it and calls `rerender`
export async function pageLanguage(sel, rerender) {
  await loadLang(pickLang());
  for (const [code, name] of Object.entries(LANGS)) {
    const opt = document.createElement("option");
    opt.value = code;
    opt.textContent = name;
    opt.selected = code === current;
    sel.append(opt);
  }
  sel.addEventListener("change", async () => { await loadLang(sel.value); rerender(); });
}

// a game's code in words, as a parameter of that name shows it (the decoders the games'
// modules registered, addShown): shownAs("cell", "r7") is "red 7" (Polish "czerwone pole 7")
export function shownAs(name, code) {
  return String(shown(name, code));
}

// a code in the form a sentence asks for with {name.case} (see qwixo.i18n._case_form): Polish
// "w rzędzie {row.loc}" reads "w rzędzie czerwonym", Italian "segna {cell.def}" "segna il 7
// rosso"; each game's decoder gives its codes' forms when asked with `kase` (null: a code of
// its own without that form, so the plain words)
function caseForm(name, v, kase) {
  if (typeof v !== "string") return null;
  const word = (key, extra) => format(catalog[key], extra || {});
  for (const decode of DECODERS) {
    const out = decode(name, v, word, {}, kase);
    if (out !== undefined) return out;
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
  const opts = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  opts.style = "percent"; // (set apart: the pages' check looks for style attributes in h())
  return new Intl.NumberFormat(current, opts).format(x);
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}

export function t(key, params = {}) {
  if (catalog[key] === undefined) return key;
  return format(pluralText(key, params), params);
}
