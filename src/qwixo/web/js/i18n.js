// The translation catalog: downloaded from the server (/api/i18n/{lang}), one per language.
// Every text the page shows goes through t(key, params). Placeholders follow Python's
// str.format: {name} and {name!r} (repr: the value in quotes).

export const LANGS = { en: "English", tr: "Türkçe", it: "Italiano", pl: "Polski" };

let catalog = {};
let current = "en";

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
  localStorage.setItem("qwixo.lang", l);
  document.documentElement.lang = l;
  return catalog;
}

function repr(v) {
  if (typeof v === "string") return `'${v}'`;
  return String(v);
}

export function format(text, params = {}) {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)(![rs])?\}/g, (m, name, conv) => {
    if (!(name in params)) return m;
    const v = params[name];
    return conv === "!r" ? repr(v) : String(v);
  });
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}

export function t(key, params = {}) {
  const text = catalog[key];
  if (text === undefined) return key;
  return format(text, params);
}
