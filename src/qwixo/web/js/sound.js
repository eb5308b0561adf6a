// Optional sounds, off by default: short tones made with WebAudio (no sound files). The choice
// is remembered in localStorage ("qwixo.sound" = "on").

import { t } from "./i18n.js";

const KEY = "qwixo.sound";
let ctx = null;

export function soundOn() {
  return localStorage.getItem(KEY) === "on";
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

// the top bar's sound button (every page): its words and aria-pressed say the state
export function showSound(btn) {
  const on = soundOn();
  btn.setAttribute("aria-pressed", String(on));
  btn.textContent = on ? `♪ ${t("web_sound_on")}` : `♪ ${t("web_sound_off")}`;
}

// the button toggles the sounds (and plays one when they come on)
export function wireSound(btn) {
  showSound(btn);
  btn.addEventListener("click", () => {
    setSound(!soundOn());
    showSound(btn);
    play("turn");
  });
}

// [frequency Hz, start s, length s] per sound
const TONES = {
  move: [[520, 0, 0.07]],
  cross: [[660, 0, 0.06], [880, 0.07, 0.08]],
  turn: [[587, 0, 0.1], [784, 0.12, 0.14]],
  error: [[220, 0, 0.18]],
  end: [[523, 0, 0.12], [659, 0.13, 0.12], [784, 0.26, 0.22]],
};

export function play(kind) {
  if (!soundOn() || !TONES[kind]) return;
  try {
    ctx = ctx || new AudioContext();
    const now = ctx.currentTime;
    for (const [f, start, len] of TONES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.15, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + start);
      osc.stop(now + start + len + 0.02);
    }
  } catch (e) {
    // no audio on this device: stay silent
  }
}
