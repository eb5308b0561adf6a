// Keyboard moves over a grid of controls (the Quixo cubes and push arrows, the cells of a Qwixx
// sheet): one tab stop for the whole grid (roving tabindex); the arrow keys move to the nearest
// control in that direction (each carries data-kx / data-ky); Home / End go to the first / last.
// Enter and Space act on the focused control (native buttons, or the handler of the caller).

const KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function pos(el) {
  return [parseFloat(el.dataset.kx), parseFloat(el.dataset.ky)];
}

// the control nearest to `from` in direction [dx, dy], or null
export function nearest(items, from, [dx, dy]) {
  const [x0, y0] = pos(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of items) {
    if (el === from) continue;
    const [x, y] = pos(el);
    const along = (x - x0) * dx + (y - y0) * dy;
    if (along <= 0) continue;
    const across = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
    const score = along + 3 * across;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  return best;
}

// make `container`'s controls matching `selector` one roving tab stop; `start` (an element or
// null) gets the tab stop, else the first control
export function roving(container, selector, start = null) {
  const items = () => [...container.querySelectorAll(selector)];
  const all = items();
  if (!all.length) return;
  const first = start && all.includes(start) ? start : all[0];
  for (const el of all) el.setAttribute("tabindex", el === first ? "0" : "-1");
  container.addEventListener("keydown", (e) => {
    const cur = e.target.closest ? e.target.closest(selector) : null;
    if (!cur || !container.contains(cur)) return;
    const list = items();
    let next = null;
    if (KEYS[e.key]) next = nearest(list, cur, KEYS[e.key]);
    else if (e.key === "Home") next = list[0];
    else if (e.key === "End") next = list[list.length - 1];
    else return;
    e.preventDefault();
    if (next) moveFocus(list, next);
  });
}

export function moveFocus(list, el) {
  for (const x of list) x.setAttribute("tabindex", x === el ? "0" : "-1");
  el.focus();
}

// the key of the focused control inside `root` (data-key), to give the focus back after a redraw
export function focusedKey(root) {
  const el = document.activeElement;
  if (!el || !root.contains(el)) return null;
  return (el.dataset && el.dataset.key) || (el.id ? `#${el.id}` : null);
}

export function restoreFocus(root, key, fallback = null) {
  if (!key && !fallback) return;
  let el = null;
  if (key) el = key.startsWith("#") ? root.querySelector(key) : root.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (!el && fallback) el = root.querySelector(fallback);
  if (!el) return;
  const grid = el.closest("[data-roving]");
  if (grid) for (const x of grid.querySelectorAll("[data-kx]")) x.setAttribute("tabindex", x === el ? "0" : "-1");
  el.focus({ preventScroll: true });
}
