// Tiny DOM helpers: h("div", {class: "x", onclick: f}, child, ...) and s(...) for SVG.

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs, children, isSvg) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") {
      el.addEventListener(k.slice(2), v);
    } else if (k === "dataset") {
      Object.assign(el.dataset, v);
    } else if (k === "text") {
      el.textContent = v;
    } else if (!isSvg && (k === "value" || k === "checked" || k === "disabled" || k === "selected")) {
      el[k] = v;
      if (k !== "value" && v) el.setAttribute(k, "");
    } else {
      el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function h(tag, attrs, ...children) {
  return apply(document.createElement(tag), attrs, children, false);
}

export function s(tag, attrs, ...children) {
  return apply(document.createElementNS(SVG_NS, tag), attrs, children, true);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function $(sel, root = document) {
  return root.querySelector(sel);
}

// whether the <details> `sel` under `root` is open now (`was` when there is none): a page
// reads it before a redraw, since a <details>' toggle event comes a task after the click and
// a redraw in between would otherwise fold it again
export function openNow(root, sel, was) {
  const el = root.querySelector(sel);
  return el ? el.open : was;
}

// a <details>' ontoggle that hands its open state to `keep`, unless the element was replaced
// meanwhile (the redraw read its state already)
export function onToggle(keep) {
  return (e) => { if (e.target.isConnected) keep(e.target.open); };
}
