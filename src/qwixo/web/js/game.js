// The game page: one live connection (Live) to the game, the board (its renderer's), whose turn it is, the players, the controls, the turn clock, announcements,
// errors (the server's reason, translated) and the result. The pieces are drawn by board.js,
// game-panels.js and game-controls.js; this module keeps the state and talks to the server.

import { h, clear } from "./dom.js";
import { t, lang } from "./i18n.js";
import { Live } from "./api.js";
import { errorText, toast, setConn } from "./ui.js";
import { go, navClick } from "./nav.js";
import { rememberSeat, tokensFor, heldSeats } from "./seats.js";
import { gameTitle, seatName, seatSentence } from "./words.js";
import { boardArea, resultText, afterBoard } from "./board.js";
import { rendererFor } from "./games.js";
import { statusLine, seatSwitcher, sideColumn, invitesPanel, lastMoveLine } from "./game-panels.js";
import { controls } from "./game-controls.js";
import { confirmDialog } from "./confirm.js";
import { focusedKey, restoreFocus } from "./keynav.js";
import { play } from "./sound.js";
import { hintOption, hintWords } from "./hints.js";
import { endActions } from "./together.js";
import { walkthrough } from "./walkthrough.js";
import { chatPanel } from "./chat.js";
import { etiquetteMessage, tablePanel, handOverLine, tickHandOver } from "./etiquette.js";
import { duration } from "./duration.js";
import { resultCard } from "./result.js";
import { namePanel, nameOnWelcome, saveName } from "./guest-name.js";
import { notifying } from "./turns.js";

// someone sat down in a free seat of this game: a browser notification too, when the person
// turned them on (the lobby's "Turn on notifications") and this tab is not in front
function seatTaken(page, msg) {
  if (!notifying() || document.visibilityState === "visible") return;
  const n = new Notification("qwixo", { body: errorText(msg), tag: `qwixo-seat-${page.id}-${msg.params && msg.params.player}` });
  n.onclick = () => window.focus();
}

export { hintOption };

// what changed on the board (the game's renderer says), for its animation
function freshCrosses(before, now) {
  if (!before || !now) return null;
  return rendererFor(now.game).fresh(before, now);
}

// the board's keyboard stop (the roll button, the cube or cell the arrow keys start from), or
// the board itself while there is nothing to choose
function focusBoard(root) {
  const el = root.querySelector("#roll, [data-roving] [tabindex=\"0\"], .board-wrap .fb-options .btn") ||
    root.querySelector(".board-wrap");
  if (el) el.focus({ preventScroll: true });
}

// a decision of mine begins: on a small screen the page scrolls to the board (the status line
// and the action bar stay pinned), so the dice and every legal cell are on one screen
function showDecision(root) {
  if (!matchMedia("(max-width: 520px)").matches) return;
  const el = root.querySelector(".board-wrap");
  const status = root.querySelector(".status");
  if (!el) return;
  const top = el.getBoundingClientRect().top + window.scrollY - (status ? status.offsetHeight + 4 : 0);
  window.scrollTo({ top: Math.max(0, top), behavior: "instant" });
}

function mustAct(view, seat) {
  return (view.to_act || []).includes(seat) || (view.needs_roll && view.roller === seat);
}

class GamePage {
  constructor(root, id, token) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.view = null;
    this.fatal = null;
    this.live = null;
    this.disposed = false;
    // the page's state; the game's own part (its renderer's uiState()) joins with the first view
    this.ui = { pending: false, waitVersion: null, sel: null, hint: null, hintBusy: false, error: null,
      news: [], chooser: null, follow: true, gameUi: null };
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
  }

  connect(tok) {
    if (this.live) this.live.close();
    this.token = tok;
    this.live = new Live(this.id, { token: tok, lang: lang(), onMessage: (m) => this.onMessage(m), onStatus: (s) => this.onStatus(s) });
    this.live.connect();
  }

  onStatus(st) {
    if (this.disposed) return;
    setConn(st.state, st.seconds);
    this.ui.offline = st.state !== "connected";
    const page = this.root.querySelector(".game-page");
    if (page) page.classList.toggle("offline", this.ui.offline);
    if (st.state === "failed") {
      this.fatal = this.fatal || { key: st.code === 4404 ? "web_game_not_found" : "web_error", params: {} };
      this.render();
    }
  }

  onMessage(msg) {
    if (this.disposed) return;
    if (msg.type === "welcome") this.welcome(msg);
    else if (msg.type === "state") this.state(msg);
    else if (msg.type === "announce") {
      this.addNews(errorText(msg));
      if (this.view) this.render(); // (the state came first: the news list shows it now)
      // the result banner shows the end; joins and leaves only go to the news list
      // (nor the end of the game: the result card says it, and a toast would cover the chat)
      if (!/game_over|game_won|draw|joined|left|resigned|forfeit/.test(msg.key || "")) toast(errorText(msg), "announce", 4000);
      if (msg.key === "announce_seat_taken") seatTaken(this, msg);
    } else if (msg.type === "error" && (msg.id === undefined || msg.id === null)) {
      if (["bad_token", "no_such_game", "unknown_game_id"].includes(msg.key)) this.fatal = msg;
      this.showError(msg);
    } else if (!etiquetteMessage(this, msg)) this.social(msg);
  }

  // chat lines, the chat so far (on entering) and reactions
  social(msg) {
    const ui = this.ui;
    if (msg.type === "chat_log") ui.chat = msg.messages || [];
    else if (msg.type === "chat") ui.chat = [...(ui.chat || []), msg].slice(-100);
    else if (msg.type === "reaction") {
      ui.chat = [...(ui.chat || []), msg].slice(-100);
      toast(`${msg.seat !== null ? seatName(this.view, msg.seat) : ""} ${msg.reaction}`, "info", 2500);
    } else if (msg.type === "rematch_offer") ui.rematch = msg;
    else if (msg.type === "rematch_cancelled") {
      ui.rematch = null;
      if (msg.reason === "expired") toast(t("web_rematch_expired"), "info");
    }
    else if (msg.type === "rematch_ready") {
      // this connection's own seat of the new game (never another seat's token)
      if (msg.token) rememberSeat(msg.game, this.view.game, msg.seat, msg.token, this.view.settings);
      go(msg.url);
      return;
    } else return;
    if (msg.type === "chat" && msg.seat !== this.view.you) play("move");
    this.render();
  }

  sendChat() {
    const text = (this.ui.chatDraft || "").trim();
    if (!text) return;
    this.live.send({ type: "chat", text, to: this.ui.chatTo === "team" ? "team" : "all" })
      .then(() => { this.ui.chatDraft = ""; this.render(); }).catch((e) => this.showError(e));
  }

  react(reaction) {
    this.live.send({ type: "react", reaction }).catch((e) => this.showError(e));
  }

  // the game's own part of the page's state (its renderer's uiState(): a choice of its board,
  // an entry of its own), once the game is known
  adoptGame() {
    if (this.ui.gameUi !== this.view.game) {
      Object.assign(this.ui, rendererFor(this.view.game).uiState(), { gameUi: this.view.game });
    }
  }

  welcome(msg) {
    this.view = msg.view;
    this.adoptGame();
    this.fatal = null;
    this.ui.pending = false;
    this.ui.waitVersion = null;
    if (this.token && msg.seat !== null && msg.seat !== undefined) rememberSeat(this.id, this.view.game, msg.seat, this.token, this.view.settings);
    this.render();
    nameOnWelcome(this);
    if (mustAct(this.view, this.view.you) && !this.view.is_over) play("turn");
  }

  state(msg) {
    const ui = this.ui;
    const before = this.view;
    if (before && msg.view.version < before.version) return;
    const changed = before && msg.view.version !== before.version;
    if (changed) Object.assign(ui, { sel: null, chooser: null, hint: null, hintOption: null, hintWords: null });
    ui.animate = !!(changed && msg.event && msg.event.kind === "choose");
    ui.fresh = changed ? freshCrosses(before, msg.view) : null;
    this.view = msg.view;
    this.adoptGame();
    if (ui.pending && ui.waitVersion && this.view.version >= ui.waitVersion) this.setPending(false);
    if (msg.event && msg.event.kind === "choose" && msg.event.seat === this.view.you) ui.error = null;
    this.sounds(before, msg);
    this.followTurn();
    this.render();
    ui.animate = false;
    ui.fresh = null;
  }

  sounds(before, msg) {
    const v = this.view;
    if (!before || !msg.event) return;
    if (v.is_over && !before.is_over) play("end");
    else if (mustAct(v, v.you) && !mustAct(before, v.you)) play("turn");
    else if (msg.event.kind === "choose") play(rendererFor(v.game).moveSound);
  }

  followTurn() {
    // hot seat: this browser holds several seats of the game: follow whoever must act
    const view = this.view;
    if (!this.ui.follow || !view || view.is_over) return;
    if (this.ui.pending) {
      this.ui.followLater = true; // switch once our decision is confirmed
      return;
    }
    const seats = heldSeats(this.id);
    if (seats.length < 2 || view.you === null || view.you === undefined) return;
    if (mustAct(view, view.you)) return;
    const next = seats.find((s) => s !== view.you && mustAct(view, s));
    if (next !== undefined) setTimeout(() => this.connect(tokensFor(this.id)[String(next)]), 0);
  }

  addNews(text) {
    this.ui.news.unshift({ text, time: new Date() });
    this.ui.news.length = Math.min(this.ui.news.length, 30);
  }

  showError(err) {
    this.ui.error = errorText(err);
    const box = this.root.querySelector("#game-error");
    if (box) {
      box.textContent = this.ui.error;
      box.hidden = false;
    } else {
      this.render();
    }
    play("error");
  }

  // While a decision is on its way (until the state that includes it arrives) the page is
  // "pending": clicks on the board are ignored, and tests can wait for data-pending="0".
  setPending(on) {
    this.ui.pending = on;
    if (!on) this.ui.waitVersion = null;
    if (!on && this.ui.followLater) {
      this.ui.followLater = false;
      this.followTurn();
    }
    const el = this.root.querySelector(".game-page");
    if (el) {
      el.dataset.pending = on ? "1" : "0";
      el.classList.toggle("pending", on);
    }
  }

  // this guest's name for their seat (kept in this browser for the next games); `quiet`: the
  // kept name taken on entering (a refusal, e.g. another seat has it, leaves the form open)
  rename(name, quiet = false) {
    this.live.send({ type: "rename", name }).then(() => {
      saveName(name);
      this.ui.naming = false;
      this.ui.nameDraft = null;
      this.render();
    }).catch((e) => { if (!quiet) this.showError(e); });
  }

  send(msg) {
    this.setPending(true);
    return this.live.send(msg).then((r) => {
      this.ui.error = null;
      const box = this.root.querySelector("#game-error");
      if (box) box.hidden = true;
      if (r && typeof r.version === "number" && this.view && this.view.version < r.version) this.ui.waitVersion = r.version;
      else this.setPending(false);
      return r;
    }).catch((e) => {
      this.setPending(false);
      if (!e.closed) this.showError(e); // not when we closed the connection ourselves (seat switch)
      throw e;
    });
  }

  async choose(text) {
    this.ui.chooser = null;
    // a decision that costs is confirmed first, in the words of the game's renderer
    const ask = rendererFor(this.view.game).choiceCost(this.view, text);
    if (ask && !(await confirmDialog(ask))) return;
    this.send({ type: "choose", decision: text }).catch(() => {});
  }

  hint() {
    const ui = this.ui;
    Object.assign(ui, { hintBusy: true, hint: null, hintWords: null });
    this.render();
    this.live.send({ type: "hint" }).then((r) => {
      ui.hint = r.lines || [];
      ui.hintOption = hintOption(r.moves, this.view.options || []);
      ui.hintWords = hintWords(this.view, r.moves, ui.hintOption);
    }).catch((e) => this.showError(e)).finally(() => {
      ui.hintBusy = false;
      this.render();
    });
  }

  actions() {
    const ui = this.ui;
    return {
      select: (sq) => { ui.sel = sq; this.render(); },
      own: (patch) => { Object.assign(ui, patch); this.render(); }, // the game's own ui state
      choose: (text) => this.choose(text),
      refuse: (why) => { this.showError({ text: why }); },
      cell: (row, i, cell, options) => {
        if (options.length === 1) this.choose(options[0]);
        else if (options.length > 1) { ui.chooser = { row, i, options }; this.render(); }
        else this.choose(`${row}${cell.n}`); // not an option: the server says why
      },
      cancel: () => { ui.sel = null; ui.chooser = null; this.render(); },
      roll: () => this.send({ type: "roll" }).catch(() => {}),
      rollDice: (dice) => this.send({ type: "roll", dice }).then(() => { Object.assign(ui, rendererFor(this.view.game).uiState()); }).catch(() => {}),
      showError: (e) => this.showError(e),
      hint: () => this.hint(),
      undo: () => this.send({ type: "undo" }).catch(() => {}),
    };
  }

  key(e) {
    if (e.key !== "Escape" || document.querySelector("dialog[open]")) return;
    if (this.ui.sel || this.ui.chooser) {
      const back = this.ui.sel;
      this.actions().cancel();
      if (back) restoreFocus(this.root, `sq:${back}`);
    }
  }

  clockText() {
    const c = this.view && this.view.clock;
    if (!c || !c.deadline || this.view.is_over) return "";
    return t("web_clock_left", { time: duration(c.deadline - this.live.serverNow()) });
  }

  tickClock() {
    if (this.view) tickHandOver(this.root, this);
    const el = this.root.querySelector("#clock");
    if (!el) return;
    const text = this.clockText();
    el.textContent = text;
    el.hidden = !text;
    const v = this.view;
    const left = v && v.clock && v.clock.deadline ? v.clock.deadline - this.live.serverNow() : 99;
    el.classList.toggle("urgent", left < 10);
  }

  renderFatal() {
    const watch = `/?game=${encodeURIComponent(this.id)}&watch=1`;
    this.root.append(h("section", { class: "card" }, h("p", { class: "error-box", role: "alert" }, errorText(this.fatal)),
      h("div", { class: "actions" },
        h("a", { href: "/", class: "btn", onclick: navClick }, t("web_back_to_lobby")),
        this.token ? h("a", { href: watch, class: "btn", onclick: navClick }, t("web_spectate")) : null)));
  }

  render() {
    if (this.disposed) return;
    const key = focusedKey(this.root);
    clear(this.root);
    if (!this.view) {
      if (this.fatal) this.renderFatal();
      else this.root.append(h("p", { class: "loading" }, t("web_connecting")));
      return;
    }
    this.root.append(this.page());
    this.tickClock();
    const v = this.view;
    const mine = !v.is_over && mustAct(v, v.you);
    document.title = `${mine ? "● " : ""}${gameTitle(v.game, v.settings)} — qwixo`;
    // a cube just taken by keyboard: the focus goes on to its first push arrow
    const toArrow = this.ui.sel && key === `sq:${this.ui.sel}`;
    restoreFocus(this.root, toArrow ? null : key, toArrow ? ".arrow.legal" : null);
    // after the own move, the bot's reply, the game's creation: the focus is back on the board
    // (where the next decision is made), never on the page's body
    if (!this.root.contains(document.activeElement) || document.activeElement === this.root) focusBoard(this.root);
    if (this.guide) this.guide.update(v, this.ui);
    // a decision begins, or goes on into another phase (Qwixx: action 1, then action 2, whose
    // longer phase line moves the sheet down): on a phone the board comes back on screen
    if (mine && (!this.wasMine || v.phase !== this.decisionPhase)) showDecision(this.root);
    this.wasMine = mine;
    this.decisionPhase = mine ? v.phase : null;
  }

  page() {
    const v = this.view;
    const ui = this.ui;
    const isPlayer = v.you !== null && v.you !== undefined;
    const act = this.actions();
    return h("div", { class: `game-page game-${v.game} ${ui.pending ? "pending" : ""} ${ui.offline ? "offline" : ""}`,
      dataset: { version: v.version, pending: ui.pending ? "1" : "0" } },
    h("div", { class: "game-head" },
      h("a", { href: "/", class: "back", onclick: navClick }, t("web_back_to_lobby")),
      h("h1", {}, gameTitle(v.game, v.settings)),
      h("a", { href: `/?${rendererFor(v.game).rulesQuery(v)}`, class: "btn small", target: "_blank", rel: "noopener" }, t("web_rules")),
      h("span", { id: "clock", class: "clock", hidden: true }, "")),
    h("p", { class: "who" }, isPlayer ? seatSentence("web_you_are_seat", v.game, v.settings, v.you, { name: seatName(v, v.you) }) : t("web_spectating")),
    namePanel(this),
    seatSwitcher(v, this.id, (s) => { ui.follow = false; this.connect(tokensFor(this.id)[String(s)]); }),
    h("div", { class: "status-row" }, statusLine(v, ui), handOverLine(v, this)),
    h("div", { id: "game-error", class: "error-box", role: "alert", hidden: !ui.error }, ui.error || ""),
    v.is_over ? h("div", { class: "result", id: "result", role: "status" }, h("b", {}, t("web_game_over")), " ", resultText(v)) : null,
    v.is_over ? resultCard(v, this.id) : null,
    v.is_over ? endActions(v, this) : null,
    afterBoard(v), // the final scores above the board, where the result is read
    h("div", { class: "game-body" },
      h("div", { class: "main-col" },
        invitesPanel(v, this.id),
        boardArea(v, ui, isPlayer ? act : null, h("div", { class: "controls" }, controls(v, ui, act))),
        lastMoveLine(v, true),
        tablePanel(v, this)),
      sideColumn(v, ui, this.id, chatPanel(this))));
  }

  start() {
    this.connect(this.token);
    this.clockTimer = setInterval(() => this.tickClock(), 500);
    this.guide = walkthrough(this);
  }

  dispose() {
    this.disposed = true;
    clearInterval(this.clockTimer);
    document.removeEventListener("keydown", this.onKey);
    if (this.guide) this.guide.close();
    if (this.live) this.live.close();
  }
}

export function gameView(root, id, token) {
  const page = new GamePage(root, id, token);
  page.start();
  return {
    dispose: () => page.dispose(),
    rerender: () => {
      if (page.live) page.live.setLang(lang());
      page.render();
    },
  };
}

