// A time span in words, the two largest units: "1 d 23 h", "5 h 3 min", "4 min 10 s", "42 s"
// (a turn-based game's clock reads in days and hours, not "172799 s").

import { t } from "./i18n.js";

export function duration(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return t("web_dur_days", { d, h });
  if (h) return t("web_dur_hours", { h, m });
  if (m) return t("web_dur_minutes", { m, s: s % 60 });
  return t("web_dur_seconds", { s });
}
