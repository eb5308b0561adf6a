// The settings part of the lobby's form, built from a game's settings schema (GET /api/meta:
// games.NAME.info.settings, the contract's metadata: the settings marked `lobby`, with their
// type, range, choices, default and translated label, and a players choice from info.players;
// or, from an older server, games.NAME.settings). Each setting is read whatever its shape: a
// list of choices; {min, max, default} (a small range becomes a choice, a large one a number
// field); "bool" or {type: "bool"}; {type, choices | enum, default, label}. A setting the form
// cannot offer (a seed, a free-form value) is left to its default. The game's renderer (games.js) may draw a setting
// its own way (settingFields[name]: a function, or one that returns null to hide it) and name
// its choices (settingLabels[name]).

import { h } from "./dom.js";
import { t, lang } from "./i18n.js";

// the generic label keys of the settings most games share
const LABELS = { players: "web_players", size: "web_board_size", edition: "web_edition", scorepad: "web_scorepad" };

function range(min, max, step = 1) {
  const out = [];
  for (let v = min; v <= max; v += step) out.push(v);
  return out;
}

// one setting's schema in one shape: {kind: "choice" | "bool" | "number", choices, min, max,
// default, label}, or null when the form does not offer it
export function fieldSpec(name, spec) {
  if (Array.isArray(spec)) return spec.length ? { kind: "choice", choices: spec, default: spec[0] } : null;
  if (spec === "bool" || spec === "boolean") return { kind: "bool", default: false };
  if (!spec || typeof spec !== "object") return null;
  if (spec.hidden || spec.advanced) return null;
  const label = spec.label;
  const choices = spec.choices || spec.enum || spec.values;
  if (Array.isArray(choices) && choices.length) {
    const values = choices.map((c) => (c && typeof c === "object" && "value" in c ? c.value : c));
    return { kind: "choice", choices: values, default: spec.default ?? values[0], label, choiceLabels: spec.choiceLabels };
  }
  if (spec.type === "bool" || spec.type === "boolean") return { kind: "bool", default: !!spec.default, label };
  if (typeof spec.min === "number" && typeof spec.max === "number") {
    const step = spec.step || 1;
    let def = spec.default;
    if (def === undefined || def === null) def = name === "players" && spec.min <= 2 && spec.max >= 2 ? 2 : spec.min;
    if ((spec.max - spec.min) / step <= 20) return { kind: "choice", choices: range(spec.min, spec.max, step), default: def, label };
    return { kind: "number", min: spec.min, max: spec.max, step, default: def, label };
  }
  return null;
}

function textOf(label, key) {
  if (key) {
    const text = t(key);
    if (text !== key) return text;
  }
  return label;
}

// the schema the form offers for one game of GET /api/meta: {name: spec}, players first
export function formSchema(gameMeta) {
  if (!gameMeta) return {};
  const info = gameMeta.info;
  if (!info || !Array.isArray(info.settings)) return gameMeta.settings || {};
  const out = {};
  if (Array.isArray(info.players) && info.players.length > 1) {
    out.players = { type: "choice", choices: info.players, default: info.default_players ?? info.players[0] };
  }
  for (const st of info.settings) {
    if (!st || !st.name) continue;
    const choices = Array.isArray(st.choices) ? st.choices.map((c) => ({ value: c.value, label: textOf(c.label, c.label_key) })) : null;
    out[st.name] = { ...st, label: textOf(st.label, st.label_key), choices, hidden: !st.lobby,
      choiceLabels: choices ? Object.fromEntries(choices.map((c) => [String(c.value), c.label])) : null };
  }
  return out;
}

// the defaults of every setting the form offers
export function defaultSettings(schema) {
  const out = {};
  for (const [name, spec] of Object.entries(schema || {})) {
    const f = fieldSpec(name, spec);
    if (f && f.default !== undefined && f.default !== null) out[name] = f.default;
  }
  return out;
}

function labelOf(name, f) {
  const l = f.label;
  if (typeof l === "string" && l) return l;
  if (l && typeof l === "object") return l[lang()] || l.en || name;
  const key = LABELS[name] || `web_setting_${name}`;
  const text = t(key);
  return text === key ? name : text;
}

// the form's fields of `schema`: `set(name, value)` changes a setting, `setForm(key, value)`
// one of the renderer's own choices
export function settingsFields(schema, form, renderer, set, setForm) {
  const own = renderer.settingFields || {};
  const names = renderer.settingLabels || {};
  const out = [];
  for (const [name, spec] of Object.entries(schema || {})) {
    if (own[name]) {
      out.push(own[name](form, setForm));
      continue;
    }
    const f = fieldSpec(name, spec);
    if (!f) continue;
    const value = form.settings[name] ?? f.default;
    const label = labelOf(name, f);
    if (f.kind === "bool") {
      out.push(h("label", { class: "field check" },
        h("input", { type: "checkbox", name, checked: !!value, onchange: (e) => set(name, e.target.checked) }),
        h("span", {}, label)));
    } else if (f.kind === "choice") {
      const text = (v) => (names[name] ? names[name](v) : f.choiceLabels && f.choiceLabels[String(v)] ? f.choiceLabels[String(v)] : String(v));
      out.push(h("label", { class: "field" }, h("span", { class: "field-label" }, label),
        h("select", { name, onchange: (e) => set(name, f.choices.find((c) => String(c) === e.target.value)) },
          f.choices.map((c) => h("option", { value: String(c), selected: String(c) === String(value) }, text(c))))));
    } else {
      out.push(h("label", { class: "field" }, h("span", { class: "field-label" }, label),
        h("input", { type: "number", name, min: f.min, max: f.max, step: f.step, value,
          onchange: (e) => set(name, Math.min(f.max, Math.max(f.min, parseInt(e.target.value, 10) || f.default))) })));
    }
  }
  return out.filter(Boolean);
}
