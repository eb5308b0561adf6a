// The game page: one live connection (Live) to the game, the board (Quixo) or the sheets and
// dice (Qwixx), whose turn it is, the players, the controls (pass, roll / dice entry, hint,
// undo), the turn clock, announcements, errors (the server's reason, translated) and the result.

import { h, clear } from "./dom.js";
import { t, lang } from "./i18n.js";
import { Live } from "./api.js";
import { errorText, toast, setConn, rememberSeat, tokensFor, invitesFor, seatName, seatLabel, gameTitle, go } from "./app.js";
import { quixoBoard, quixoLegend, SEATS } from "./quixo.js";
import { diceView, diceEntry, sheetView, scoreTable, optionLabel, num } from "./qwixx.js";
import { inviteRow } from "./lobby.js";

// text for one event of the log
export function eventText(view, ev) {
  if (!ev) return "";
  const who = ev.seat !== null && ev.seat !== undefined ? seatName(view, ev.seat) : "";
  if (ev.kind === "roll") return `${who ? who + ": " : ""}⚀ ${(ev.dice || []).filter((d) => d).join(" ")}`;
  if (ev.kind === "choose") return `${who}: ${ev.hidden ? "…" : optionLabel(ev.decision)}${ev.auto ? ` (${t("web_auto")})` : ""}`;
  if (ev.kind === "undo") return `${who}: ${t("web_undo")}`;
  return `${who}: ${ev.kind}`;
}

// the first of `options` a hint names (its lines list moves best first), or null
export function hintOption(lines, options) {
  const set = new Set(options);
  for (const line of lines) {
    for (const word of String(line).split(/[\s,;()]+/)) {
      if (set.has(word)) return word;
    }
  }
  return null;
}

// the banner shown when the game is over
export function resultText(view) {
  const w = view.winners || [];
  const why = view.game === "quixo" && view.quixo && view.quixo.end_reason;
  if (why === "ply_limit" || why === "repetition") return t(`web_end_${why}`);
  if (why === "opponent_line") return `${t("web_end_opponent_line")} ${resultText({ ...view, quixo: null, game: "" })}`;
  if (!w.length) return t("web_draw");
  if (view.you !== null && view.you !== undefined) {
    if (w.includes(view.you)) return t("web_you_win");
  }
  const names = w.map((s) => seatName(view, s)).join(" + ");
  const lost = view.you !== null && view.you !== undefined ? `${t("web_you_lose")} ` : "";
  return lost + t("web_wins", { name: names });
}

// the board area (shared with the replay page)
// `extra` (the controls) goes under the Quixo board, or between the dice and the Qwixx sheets.
export function boardArea(view, ui, handlers, extra = null) {
  const nameOf = (p) => seatName(view, p);
  if (view.game === "quixo") {
    const mySeat = view.you;
    const players = view.quixo.players || 2;
    const dotSeat = players === 4 && mySeat !== null && mySeat !== undefined
      ? SEATS[ui.dot === "partner" ? (mySeat + 2) % 4 : mySeat] : null;
    const interactive = !!handlers && !view.is_over && view.you !== null && view.you !== undefined;
    return h("div", { class: "board-wrap quixo-wrap" },
      quixoBoard(view, {
        interactive, sel: ui.sel, dotSeat, hint: ui.hintOption || null,
        onSelect: (sq) => handlers.select(sq),
        onMove: (text) => handlers.choose(text),
        onInterior: () => handlers.info(t("web_quixo_pick_cube")),
      }),
      quixoLegend(view, nameOf), extra);
  }
  const q = view.qwixx;
  const interactive = !!handlers && !view.is_over && view.you !== null && view.you !== undefined;
  const decided = new Set(view.decided || []);
  const toAct = new Set(view.to_act || []);
  const marker = (seat) => {
    if (q.phase === "action1" && decided.has(seat)) return h("span", { class: "marker decided" }, `✓ ${t("web_decided")}`);
    if (toAct.has(seat)) return h("span", { class: "marker deciding" }, `… ${t("web_deciding")}`);
    if (q.active === seat && !view.is_over) return h("span", { class: "marker active" }, "⚀");
    return null;
  };
  const sheets = [...(q.sheets || [])];
  // my sheet first
  sheets.sort((a, b) => (b.seat === view.you) - (a.seat === view.you));
  const ctx = { interactive, nameOf, marker, hint: ui.hintOption || null, onCell: (row, i, cell, options) => handlers.cell(row, i, cell, options) };
  return h("div", { class: "board-wrap qwixx-wrap" },
    h("div", { class: "dice-bar" }, diceView(q),
      q.phase === "action1" && q.dice ? h("p", { class: "phase" }, t("web_action1", { sum: (q.dice.w1 || 0) + (q.dice.w2 || 0) })) : null,
      q.phase === "action2" ? h("p", { class: "phase" }, t("web_action2", { name: nameOf(q.active) })) : null),
    extra,
    h("div", { class: "sheets" }, sheets.map((sh) => sheetView(view, sh, ctx))));
}

export function gameView(root, id, token) {
  let view = null;
  let role = null;
  let fatal = null;
  let live = null;
  let clockTimer = null;
  let disposed = false;
  const ui = { pending: false, waitVersion: null, sel: null, dot: "me", hint: null, hintBusy: false, error: null, news: [], dice: ["", "", "", "", "", ""], chooser: null, follow: true };

  function connect(tok) {
    if (live) live.close();
    token = tok;
    live = new Live(id, { token, lang: lang(), onMessage, onStatus });
    live.connect();
  }

  function onStatus(st) {
    if (disposed) return;
    setConn(st.state, st.seconds);
    ui.offline = st.state !== "connected";
    const page = root.querySelector(".game-page");
    if (page) page.classList.toggle("offline", ui.offline);
    if (st.state === "failed") {
      fatal = fatal || { key: st.code === 4404 ? "web_game_not_found" : "web_error", params: {} };
      render();
    }
  }

  function onMessage(msg) {
    if (disposed) return;
    switch (msg.type) {
      case "welcome":
        role = msg.role;
        view = msg.view;
        fatal = null;
        ui.pending = false;
        ui.waitVersion = null;
        if (token && msg.seat !== null && msg.seat !== undefined) rememberSeat(id, view.game, msg.seat, token, view.settings);
        render();
        break;
      case "state":
        if (view && msg.view.version < view.version) return;
        if (view && msg.view.version !== view.version) {
          ui.sel = null;
          ui.chooser = null;
          ui.hint = null;
          ui.hintOption = null;
        }
        view = msg.view;
        if (ui.pending && ui.waitVersion && view.version >= ui.waitVersion) setPending(false);
        if (msg.event && msg.event.kind === "choose" && msg.event.seat === view.you) ui.error = null;
        followTurn();
        render();
        break;
      case "announce":
        addNews(errorText(msg));
        // the result banner shows the end; joins and leaves only go to the news list
        if (!/game_over|draw|joined|left/.test(msg.key || "")) toast(errorText(msg), "announce", 4000);
        break;
      case "error":
        if (msg.id === undefined || msg.id === null) {
          if (msg.key === "bad_token" || msg.key === "no_such_game" || msg.key === "unknown_game_id") {
            fatal = msg;
          }
          showError(msg);
        }
        break;
      default:
        break;
    }
  }

  function followTurn() {
    // hot seat: this browser holds several seats of the game: follow whoever must act
    if (!ui.follow || !view || view.is_over) return;
    if (ui.pending) {
      ui.followLater = true; // switch once our decision is confirmed
      return;
    }
    const held = tokensFor(id);
    const seats = Object.keys(held).filter((k) => /^\d+$/.test(k)).map(Number);
    if (seats.length < 2 || view.you === null || view.you === undefined) return;
    const must = (s) => (view.to_act || []).includes(s) || (view.needs_roll && view.roller === s);
    if (must(view.you)) return;
    const next = seats.find((s) => s !== view.you && must(s));
    if (next !== undefined) setTimeout(() => connect(held[String(next)]), 0);
  }

  function addNews(text) {
    ui.news.unshift({ text, time: new Date() });
    ui.news.length = Math.min(ui.news.length, 30);
  }

  function showError(err) {
    ui.error = errorText(err);
    const box = root.querySelector("#game-error");
    if (box) {
      box.textContent = ui.error;
      box.hidden = false;
    } else {
      render();
    }
    toast(ui.error, "error");
  }

  // While a decision is on its way (until the state that includes it arrives) the page is
  // "pending": clicks on the board are ignored, and tests can wait for data-pending="0".
  function setPending(on) {
    ui.pending = on;
    if (!on) ui.waitVersion = null;
    if (!on && ui.followLater) {
      ui.followLater = false;
      followTurn();
    }
    const el = root.querySelector(".game-page");
    if (el) {
      el.dataset.pending = on ? "1" : "0";
      el.classList.toggle("pending", on);
    }
  }

  function send(msg) {
    setPending(true);
    return live.send(msg).then((r) => {
      ui.error = null;
      const box = root.querySelector("#game-error");
      if (box) box.hidden = true;
      if (r && typeof r.version === "number" && view && view.version < r.version) ui.waitVersion = r.version;
      else setPending(false);
      return r;
    }).catch((e) => {
      setPending(false);
      if (!e.closed) showError(e); // not when we closed the connection ourselves (seat switch)
      throw e;
    });
  }

  const handlers = {
    select(sq) {
      ui.sel = sq;
      render();
    },
    choose(text) {
      ui.chooser = null;
      send({ type: "choose", decision: text }).catch(() => {});
    },
    info(text) {
      toast(text, "info", 3000);
    },
    cell(row, i, cell, options) {
      if (options.length === 1) handlers.choose(options[0]);
      else if (options.length > 1) {
        ui.chooser = { row, i, options };
        render();
      } else {
        handlers.choose(`${row}${cell.n}`); // not an option: the server says why
      }
    },
  };

  function hint() {
    ui.hintBusy = true;
    ui.hint = null;
    render();
    live.send({ type: "hint" }).then((r) => {
      ui.hint = r.lines || [];
      ui.hintOption = hintOption(ui.hint, view.options || []);
    }).catch((e) => {
      showError(e);
    }).finally(() => {
      ui.hintBusy = false;
      render();
    });
  }

  function statusLine() {
    if (view.is_over) return null;
    const you = view.you;
    const isPlayer = you !== null && you !== undefined;
    if (view.needs_roll) {
      if (isPlayer && view.roller === you) return h("p", { class: "status mine" }, t("web_your_turn"));
      return h("p", { class: "status" }, t("web_roll_wait", { name: seatName(view, view.roller) }));
    }
    const toAct = view.to_act || [];
    if (isPlayer && toAct.includes(you)) {
      const extra = view.game === "quixo"
        ? (ui.sel ? t("web_quixo_pick_dest", { square: ui.sel }) : t("web_quixo_pick_cube"))
        : t("web_choose_cell");
      return h("p", { class: "status mine", role: "status" }, h("b", {}, t("web_your_turn")), " ", extra);
    }
    if (!toAct.length) return h("p", { class: "status" }, t("web_waiting_seats"));
    return h("p", { class: "status" }, t("web_waiting_for", { names: toAct.map((s) => seatName(view, s)).join(", ") }));
  }

  function playersPanel() {
    const toAct = new Set(view.to_act || []);
    return h("ul", { class: "players" }, (view.seats || []).map((s) => {
      const acting = toAct.has(s.seat) || (view.needs_roll && view.roller === s.seat);
      const online = s.online ? "●" : "○";
      const score = view.game === "qwixx" ? (view.scores || [])[s.seat] : null;
      return h("li", { class: `player ${acting ? "acting" : ""} ${s.seat === view.you ? "me" : ""}`, dataset: { seat: s.seat } },
        h("span", { class: "seat-badge" }, seatLabel(view.game, view.settings, s.seat)),
        h("span", { class: "pname" }, seatName(view, s.seat), s.seat === view.you ? ` (${t("web_you")})` : ""),
        h("span", { class: `pkind ${s.kind !== "bot" && s.online ? "online" : ""}`, title: s.kind === "bot" ? t("web_bot") : t("web_human") }, s.kind === "bot" ? `${t("web_bot")} ${s.bot || ""}` : online),
        acting && !view.is_over ? h("span", { class: "acting-mark", title: t("web_waiting_for", { names: "" }) }, "◀") : null,
        score !== null && score !== undefined ? h("span", { class: "pscore" }, num(score)) : null);
    }));
  }

  function controls() {
    const out = [];
    const you = view.you;
    const isPlayer = you !== null && you !== undefined;
    if (!isPlayer || view.is_over) return out;
    const opts = view.options || [];
    const rollerSeat = (view.seats || []).find((s) => s.seat === view.roller) || {};
    const pad = view.scorepad || view.qwixx && view.qwixx.scorepad;
    // score pad: whoever holds a person seat types the dice of a bot's turn too
    if (view.game === "qwixx" && view.needs_roll && (view.roller === you || (pad && rollerSeat.kind === "bot"))) {
      if (pad) {
        out.push(diceEntry(view.qwixx, ui.dice, (dice) => send({ type: "roll", dice }).then(() => { ui.dice = ["", "", "", "", "", ""]; }).catch(() => {}),
          (text) => showError({ text })));
      } else {
        out.push(h("button", { class: "btn primary big", id: "roll", onclick: () => send({ type: "roll" }).catch(() => {}) }, `⚀ ${t("web_roll")}`));
      }
    }
    if (view.game === "quixo" && (view.quixo.players || 2) === 4 && (view.to_act || []).includes(you)) {
      const mk = (v, label) => h("label", { class: `seg ${ui.dot === v ? "on" : ""}` },
        h("input", { type: "radio", name: "dot", value: v, checked: ui.dot === v, onchange: () => { ui.dot = v; render(); } }), label);
      out.push(h("div", { class: "dot-choice" }, h("span", {}, t("web_quixo_dot")),
        h("div", { class: "segmented" },
          mk("me", t("web_quixo_dot_me", { seat: SEATS[you] })),
          mk("partner", t("web_quixo_dot_partner", { seat: SEATS[(you + 2) % 4] })))));
    }
    if (ui.chooser) {
      out.push(h("div", { class: "chooser" }, h("p", {}, t("web_choose_among")),
        ui.chooser.options.map((o) => h("button", { class: "btn", dataset: { option: o }, onclick: () => handlers.choose(o) }, optionLabel(o)))));
    }
    const row = [];
    if (opts.includes("pass")) {
      if (view.game === "quixo") row.push(h("p", { class: "muted" }, t("web_quixo_must_pass")));
      row.push(h("button", { class: `btn ${ui.hintOption === "pass" ? "hinted" : ""}`, id: "pass", onclick: () => handlers.choose("pass") }, t("web_pass")));
    }
    if (view.game === "quixo" && ui.sel) {
      row.push(h("button", { class: "btn", onclick: () => { ui.sel = null; render(); } }, t("web_quixo_cancel")));
    }
    if (view.hint_available !== false && (view.to_act || []).includes(you)) {
      row.push(h("button", { class: "btn", id: "hint", disabled: ui.hintBusy, onclick: hint }, `? ${t("web_hint")}`));
    }
    if (view.undo) {
      row.push(h("button", { class: "btn", id: "undo", onclick: () => send({ type: "undo" }).catch(() => {}) }, `↶ ${t("web_undo")}`));
    }
    out.push(h("div", { class: "row-buttons" }, row));
    if (view.game === "qwixx" && opts.length > 1) {
      // every option as a button too (keyboard users, and options without a cell)
      out.push(h("details", { class: "all-options" }, h("summary", {}, t("web_other_options")),
        h("div", { class: "opt-list" }, opts.map((o) => h("button", { class: "btn small", dataset: { option: o }, onclick: () => handlers.choose(o) }, optionLabel(o))))));
    }
    return out;
  }

  // the invite links this browser made for seats whose player has not come yet
  function invitesPanel() {
    const inv = invitesFor(id);
    const waiting = (view.seats || []).filter((s) => inv[s.seat] && !s.claimed && !view.is_over);
    if (!waiting.length) return null;
    return h("div", { class: "invites card", id: "invite-panel" }, h("h3", {}, t("web_invite_links")),
      waiting.map((s) => inviteRow(seatName(view, s.seat), inv[s.seat])));
  }

  function seatSwitcher() {
    const held = tokensFor(id);
    const seats = Object.keys(held).filter((k) => /^\d+$/.test(k)).map(Number).sort();
    if (seats.length < 2 || !view) return null;
    return h("div", { class: "seat-switch" },
      seats.map((s) => h("button", { class: `btn small ${s === view.you ? "primary" : ""}`, onclick: () => { ui.follow = false; connect(held[String(s)]); } },
        seatName(view, s))));
  }

  function clockText() {
    const c = view && view.clock;
    if (!c || !c.deadline || view.is_over) return "";
    const left = Math.max(0, Math.ceil(c.deadline - live.serverNow()));
    return t("web_clock", { seconds: left });
  }

  function tickClock() {
    const el = root.querySelector("#clock");
    if (!el) return;
    const text = clockText();
    el.textContent = text;
    el.hidden = !text;
    const left = view && view.clock && view.clock.deadline ? view.clock.deadline - live.serverNow() : 99;
    el.classList.toggle("urgent", left < 10);
  }

  function render() {
    if (disposed) return;
    clear(root);
    if (!view) {
      if (fatal) {
        const watch = `/?game=${encodeURIComponent(id)}&watch=1`;
        root.append(h("section", { class: "card" }, h("p", { class: "error-box", role: "alert" }, errorText(fatal)),
          h("div", { class: "actions" },
            h("a", { href: "/", class: "btn", onclick: (e) => { e.preventDefault(); go("/"); } }, t("web_back_to_lobby")),
            token ? h("a", { href: watch, class: "btn", onclick: (e) => { e.preventDefault(); go(watch); } }, t("web_spectate")) : null)));
      } else {
        root.append(h("p", { class: "loading" }, t("web_connecting")));
      }
      return;
    }
    const isPlayer = view.you !== null && view.you !== undefined;
    const last = view.last ? eventText(view, view.last) : "";
    const finished = view.is_over;
    root.append(h("div", { class: `game-page game-${view.game} ${ui.pending ? "pending" : ""} ${ui.offline ? "offline" : ""}`,
      dataset: { version: view.version, pending: ui.pending ? "1" : "0" } },
      h("div", { class: "game-head" },
        h("a", { href: "/", class: "back", onclick: (e) => { e.preventDefault(); go("/"); } }, t("web_back_to_lobby")),
        h("h1", {}, gameTitle(view.game, view.settings)),
        h("span", { id: "clock", class: "clock", hidden: true }, "")),
      h("p", { class: "who" }, isPlayer ? t("web_you_are_seat", { seat: seatLabel(view.game, view.settings, view.you), name: seatName(view, view.you) }) : t("web_spectating")),
      seatSwitcher(),
      statusLine(),
      h("div", { id: "game-error", class: "error-box", role: "alert", hidden: !ui.error }, ui.error || ""),
      finished ? h("div", { class: "result", id: "result", role: "status" }, h("b", {}, t("web_game_over")), " ", resultText(view)) : null,
      h("div", { class: "game-body" },
        h("div", { class: "main-col" },
          boardArea(view, ui, isPlayer ? handlers : null, h("div", { class: "controls" }, controls())),
          finished && view.game === "qwixx" ? scoreTable(view, (p) => seatName(view, p)) : null),
        h("aside", { class: "side" },
          playersPanel(),
          ui.hintBusy ? h("p", { class: "hint muted" }, t("web_hint_wait")) : null,
          ui.hint ? h("div", { class: "hint", id: "hint-box" }, h("b", {}, t("web_hint")), ui.hint.map((l) => h("div", {}, l))) : null,
          last ? h("p", { class: "last", id: "last-move" }, t("web_last_move", { move: last })) : null,
          ui.news.length ? h("div", { class: "news" }, h("h3", {}, t("web_announcements")),
            h("ul", {}, ui.news.slice(0, 8).map((n) => h("li", {}, n.text)))) : null,
          finished ? h("a", { class: "btn", id: "to-replay", href: `/?game=${encodeURIComponent(id)}&replay=0`,
            onclick: (e) => { e.preventDefault(); go(`/?game=${encodeURIComponent(id)}&replay=0`); } }, t("web_replay")) : null,
          invitesPanel(),
          h("details", { class: "share" }, h("summary", {}, t("web_spectate")), inviteRow(t("web_spectate"), `/?game=${encodeURIComponent(id)}&watch=1`))))));
    tickClock();
    const mine = isPlayer && !view.is_over && ((view.to_act || []).includes(view.you) || (view.needs_roll && view.roller === view.you));
    document.title = `${mine ? "● " : ""}${gameTitle(view.game, view.settings)} — qwixo`;
  }

  connect(token);
  clockTimer = setInterval(tickClock, 500);
  return {
    dispose() {
      disposed = true;
      clearInterval(clockTimer);
      if (live) live.close();
    },
    rerender() {
      if (live) live.setLang(lang());
      render();
    },
  };
}
