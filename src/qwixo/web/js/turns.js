// "Your turn": the signed-in person's games that wait for them (GET /api/account/turns), and
// opt-in browser notifications (the Notification API) when a new one comes while a qwixo tab
// is open. Permission is asked only when the person presses the button, never on load.
// Used by the lobby (lobby.js) and the account page (account.js).

import { h, clear } from "./dom.js";
import { t, lang } from "./i18n.js";
import { gameTitle, gameVs } from "./words.js";

const NOTIFY_KEY = "qwixo.notify";
const EVERY = 30_000;

function supported() {
  return typeof window.Notification === "function";
}

// on: the person opted in and the browser allows it
export function notifying() {
  return supported() && Notification.permission === "granted" && localStorage.getItem(NOTIFY_KEY) === "1";
}

function title(g) {
  return g.settings ? gameTitle(g.game, g.settings) : t(`web_${g.game}`);
}

// The opt-in button (a toggle: aria-pressed, and its words say the state, not a colour alone).
function notifyControl(onChange) {
  const state = h("span", { class: "notify-state", id: "notify-state" });
  const btn = h("button", { type: "button", class: "btn small", id: "notify", "aria-describedby": "notify-state" });
  const show = () => {
    const on = notifying();
    const blocked = supported() && Notification.permission === "denied";
    btn.textContent = t(on ? "web_notify_off_button" : "web_notify_on_button");
    btn.setAttribute("aria-pressed", on ? "true" : "false");
    btn.disabled = !supported() || blocked;
    state.textContent = !supported() ? t("web_notify_unsupported") :
      blocked ? t("web_notify_blocked") : t(on ? "web_notify_state_on" : "web_notify_state_off");
  };
  btn.addEventListener("click", async () => {
    if (notifying()) {
      localStorage.setItem(NOTIFY_KEY, "0");
    } else if (supported()) {
      // asked here only: a click of the person
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      localStorage.setItem(NOTIFY_KEY, answer === "granted" ? "1" : "0");
    }
    show();
    onChange();
  });
  show();
  return h("div", { class: "notify-row" }, h("p", { class: "muted" }, t("acct_notify")), btn, " ", state);
}

// A card: {el, refresh(), stop()}. load(): the reply of GET /api/account/turns.
export function turnsCard(load) {
  const list = h("ul", { id: "turns", class: "turns", "aria-live": "polite" });
  let known = null;
  const refresh = async () => {
    let games;
    try { games = (await load()).games || []; } catch (e) { return; }
    clear(list).append(...(games.length ? games.map((g) => h("li", { class: "turn-row", dataset: { id: g.id } },
      h("a", { href: g.url, class: "turn-link" }, gameVs(g.game, g.settings, g.opponents)),
      g.deadline ? h("span", { class: "muted" }, ` (${t("acct_turn_until", { when: new Date(g.deadline * 1000).toLocaleString(lang()) })})`) : null))
      : [h("li", { class: "muted" }, t("acct_no_turns"))]));
    if (known && notifying()) {
      for (const g of games) {
        if (known.has(g.id)) continue;
        const n = new Notification("qwixo", { body: t("acct_turn_notification", { game: title(g) }), tag: `qwixo-turn-${g.id}` });
        n.onclick = () => { window.focus(); location.href = g.url; };
      }
    }
    known = new Set(games.map((g) => g.id));
  };
  const timer = setInterval(refresh, EVERY);
  const el = h("section", { class: "card turns-card", id: "your-turn", "aria-labelledby": "your-turn-h" },
    h("h2", { id: "your-turn-h" }, t("acct_your_turn")), list, notifyControl(() => {}));
  refresh();
  return { el, refresh, stop: () => clearInterval(timer) };
}
