// Navigation inside the single page: go(url) changes the address and lets the router (set by
// app.js at start-up) draw the page. Views import this module, never app.js.

let router = () => {};

export function setRouter(fn) {
  router = fn;
}

export function go(url, replace = false) {
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  router();
}

// a click handler for <a href> links drawn by the page: navigate without reloading
export function navClick(ev) {
  ev.preventDefault();
  go(ev.currentTarget.getAttribute("href"));
}
