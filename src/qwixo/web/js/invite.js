// A link to hand to someone (invite link of a seat, spectator link) with a Copy button.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function absoluteUrl(rel) {
  return new URL(rel, location.origin).href;
}

async function copyText(text, btn) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch (e) {
    // clipboard API unavailable (plain http on another host): select the text instead
    const inp = btn && btn.parentElement && btn.parentElement.querySelector("input");
    if (inp) {
      inp.select();
      ok = document.execCommand && document.execCommand("copy");
    }
  }
  if (btn && ok) {
    btn.textContent = t("web_copied");
    setTimeout(() => (btn.textContent = t("web_copy")), 1500);
  }
}

export function inviteRow(label, url) {
  const abs = absoluteUrl(url);
  const btn = h("button", { type: "button", class: "btn small", onclick: () => copyText(abs, btn) }, t("web_copy"));
  return h("div", { class: "invite" },
    h("span", { class: "invite-label" }, label),
    h("input", { type: "text", readonly: true, value: abs, class: "invite-url", "aria-label": label, onfocus: (e) => e.target.select() }),
    btn);
}
