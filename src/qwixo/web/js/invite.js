// A link to hand to someone (invite link of a seat, spectator link) with a Copy button; an
// invite with its QR code (drawn by this server, POST /api/qr) and the phone's share sheet
// (Web Share API, where the browser has it). The links carry the address GET /api/reach gives
// (the one this browser used, or the machine's address on the local network when this browser
// used the computer's own address and the server listens there too); when only this computer
// can open them, the invite says so and how to open the server to the local network.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";

const QR = new Map(); // link -> its SVG text (asked once)

let REACH = null; // GET /api/reach, asked once: {base, local_only, lan, addresses}
let REACHING = null;

export function reach() {
  if (!REACHING) {
    REACHING = api("GET", "/api/reach").then((r) => (REACH = r))
      .catch(() => (REACH = { base: location.origin + "/", local_only: false }));
  }
  return REACHING;
}

export function absoluteUrl(rel) {
  return new URL(rel, (REACH && REACH.base) || location.origin).href;
}

// the links of this page's address until the reach is known, then its address
function whenReached(fn) {
  if (REACH) fn();
  else reach().then(fn);
}

// a note, filled in when only this computer can open the links: what to do about it
export function reachNote() {
  const box = h("p", { class: "reach-note", role: "note", hidden: true });
  whenReached(() => {
    if (REACH.local_only) {
      box.textContent = t("web_reach_local");
      box.hidden = false;
    }
  });
  return box;
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
  const btn = h("button", { type: "button", class: "btn small", onclick: () => copyText(absoluteUrl(url), btn) }, t("web_copy"));
  const inp = h("input", { type: "text", readonly: true, value: absoluteUrl(url), class: "invite-url", "aria-label": label, onfocus: (e) => e.target.select() });
  whenReached(() => (inp.value = absoluteUrl(url)));
  return h("div", { class: "invite" },
    h("span", { class: "invite-label" }, label),
    inp,
    btn);
}

// the QR code of `url`: an SVG drawn on the server, put in when it arrives
export function qrCode(url, label) {
  const box = h("div", { class: "qr", role: "img", "aria-label": t("web_qr_of", { label }) });
  whenReached(() => drawQr(box, absoluteUrl(url)));
  return box;
}

function drawQr(box, abs) {
  box.dataset.url = abs;
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
}

// the phone's share sheet for `url` (null where the browser has none)
export function shareButton(url, title) {
  if (typeof navigator.share !== "function") return null;
  return h("button", { type: "button", class: "btn small share-btn", onclick: () => {
    navigator.share({ title, text: title, url: absoluteUrl(url) }).catch(() => {}); // cancelled: nothing to say
  } }, t("web_share"));
}

// an invite: the link, Copy, Share, and its QR code
export function inviteCard(label, url, title) {
  return h("div", { class: "invite-card" },
    inviteRow(label, url),
    h("div", { class: "invite-more" }, shareButton(url, title), qrCode(url, label)));
}
