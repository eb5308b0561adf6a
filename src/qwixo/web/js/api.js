// The server connection: JSON over HTTP (api) and the live WebSocket (Live) with automatic
// reconnection (exponential backoff with jitter). See docs/web-protocol.md.

export class ApiError extends Error {
  constructor(status, body) {
    const b = body && typeof body === "object" ? body : {};
    super(b.text || `HTTP ${status}`);
    this.status = status;
    this.key = b.key || null;
    this.params = b.params || {};
    this.text = b.text || null;
  }
}

// headers: extra request headers (e.g. X-CSRF-Token for the account's writes)
export async function api(method, path, body, headers = {}) {
  const opts = { method, headers: { ...headers } };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch (e) {
    throw new ApiError(0, { key: "web_network_error", params: {} });
  }
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    // FastAPI wraps some errors as {"detail": {...}}
    const err = data && data.detail && typeof data.detail === "object" ? data.detail : data;
    throw new ApiError(res.status, err && err.key ? err : { key: "web_server_error", params: { status: res.status } });
  }
  return data;
}

const FATAL_CLOSE = new Set([4400, 4401, 4404, 4413]);

// A live game connection. Callbacks: onMessage(msg), onStatus({state, seconds, code}).
export class Live {
  constructor(gameId, { token = null, lang = "en", onMessage, onStatus }) {
    this.gameId = gameId;
    this.token = token;
    this.lang = lang;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.nextId = 1;
    this.pending = new Map();
    this.timer = null;
    this.pingTimer = null;
    this.clockOffset = 0; // server time - local time, seconds
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws/${encodeURIComponent(this.gameId)}`;
  }

  connect() {
    if (this.closed) return;
    this.onStatus({ state: "connecting" });
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (e) {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const first = this.token
        ? { type: "auth", token: this.token, lang: this.lang }
        : { type: "spectate", lang: this.lang };
      ws.send(JSON.stringify(first));
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (msg.type === "welcome") {
        this.attempt = 0;
        this.onStatus({ state: "connected" });
        this.startPing();
      }
      if (msg.type === "pong" && typeof msg.time === "number" && this.pingSent) {
        const now = Date.now() / 1000;
        this.clockOffset = msg.time - (this.pingSent + now) / 2;
        this.pingSent = null;
      }
      if (msg.id !== undefined && msg.id !== null && this.pending.has(msg.id)) {
        const p = this.pending.get(msg.id);
        if (msg.type === "error") {
          this.pending.delete(msg.id);
          p.reject(msg);
        } else if (msg.type === "ok" || msg.type === "hint" || msg.type === "pong") {
          this.pending.delete(msg.id);
          p.resolve(msg);
        }
      }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      this.stopPing();
      for (const p of this.pending.values()) {
        p.reject({ type: "error", key: "web_network_error", params: {}, closed: this.closed });
      }
      this.pending.clear();
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      if (FATAL_CLOSE.has(ev.code)) {
        this.closed = true;
        this.onStatus({ state: "failed", code: ev.code });
        return;
      }
      this.scheduleReconnect();
    };
    ws.onerror = () => {};
  }

  scheduleReconnect() {
    if (this.closed) return;
    const base = Math.min(8, 0.5 * 2 ** this.attempt);
    const delay = base * (0.75 + Math.random() * 0.5);
    this.attempt += 1;
    let left = Math.ceil(delay);
    this.onStatus({ state: "reconnecting", seconds: left });
    const started = Date.now();
    clearInterval(this.countdown);
    this.countdown = setInterval(() => {
      left = Math.max(0, Math.ceil(delay - (Date.now() - started) / 1000));
      if (left > 0) this.onStatus({ state: "reconnecting", seconds: left });
    }, 1000);
    this.timer = setTimeout(() => {
      clearInterval(this.countdown);
      this.connect();
    }, delay * 1000);
  }

  startPing() {
    this.stopPing();
    const ping = () => {
      if (this.ws && this.ws.readyState === WebSocket.OPEN) {
        this.pingSent = Date.now() / 1000;
        this.ws.send(JSON.stringify({ type: "ping" }));
      }
    };
    ping();
    this.pingTimer = setInterval(ping, 20000);
  }

  stopPing() {
    clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  // Send a message; resolves with the ok/hint reply, rejects with the error message.
  send(msg) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject({ type: "error", key: "web_network_error", params: {} });
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  setLang(lang) {
    this.lang = lang;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ type: "lang", lang }));
    }
  }

  serverNow() {
    return Date.now() / 1000 + this.clockOffset;
  }

  close() {
    this.closed = true;
    for (const p of this.pending.values()) p.reject({ type: "error", key: "web_network_error", params: {}, closed: true });
    this.pending.clear();
    clearTimeout(this.timer);
    clearInterval(this.countdown);
    this.stopPing();
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.close(1000);
    }
  }
}
