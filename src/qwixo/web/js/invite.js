// A link to hand to someone (invite link of a seat, spectator link) with a Copy button; an
// invite with its QR code (drawn by this server, POST /api/qr) and the phone's share sheet
// (Web Share API, where the browser has it).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";

const QR = new Map(); // link -> its SVG text (asked once)

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

// the QR code of `url`: an SVG drawn on the server, put in when it arrives
export function qrCode(url, label) {
  const abs = absoluteUrl(url);
  const box = h("div", { class: "qr", role: "img", "aria-label": t("web_qr_of", { label }) });
  const put = (svg) => {
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    const el = doc.documentElement;
    if (el && el.nodeName === "svg") {
      el.setAttribute("aria-hidden", "true");
      box.append(document.importNode(el, true));
    }
  };
  if (QR.has(abs)) put(QR.get(abs));
  else {
    api("POST", "/api/qr", { text: abs }).then((r) => {
      QR.set(abs, r.svg);
      put(r.svg);
    }).catch(() => box.remove());
  }
  return box;
}

// the phone's share sheet for `url` (null where the browser has none)
export function shareButton(url, title) {
  if (typeof navigator.share !== "function") return null;
  const abs = absoluteUrl(url);
  return h("button", { type: "button", class: "btn small share-btn", onclick: () => {
    navigator.share({ title, text: title, url: abs }).catch(() => {}); // cancelled: nothing to say
  } }, t("web_share"));
}

// an invite: the link, Copy, Share, and its QR code
export function inviteCard(label, url, title) {
  return h("div", { class: "invite-card" },
    inviteRow(label, url),
    h("div", { class: "invite-more" }, shareButton(url, title), qrCode(url, label)));
}
