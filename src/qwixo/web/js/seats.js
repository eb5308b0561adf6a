// The seats (tokens) and invite links this browser holds, in localStorage:
// {gameId: {game, settings, seats: {seat: token}, invites: {seat: url}, saved}}.

const SEATS_KEY = "qwixo.seats";

export function mySeats() {
  try {
    const v = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch (e) {
    return {};
  }
}

function save(all) {
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

// remember {gameId: {game, seats: {seat: token}}}
export function rememberSeat(gameId, game, seat, token, settings = null) {
  const all = mySeats();
  const g = all[gameId] || { game, seats: {}, saved: Date.now() / 1000 };
  g.game = game || g.game;
  if (settings) g.settings = { players: settings.players, size: settings.size, edition: settings.edition };
  if (seat === null || seat === undefined) {
    // unknown seat: keep the token under a placeholder until the server says which seat
    seat = `?${token.slice(0, 6)}`;
  }
  for (const [k, v] of Object.entries(g.seats)) if (v === token && k !== String(seat)) delete g.seats[k];
  g.seats[String(seat)] = token;
  all[gameId] = g;
  save(all);
}

// invite links the creator made (tokens are shown only once by the server): {seat: url}
export function rememberInvites(gameId, invites) {
  const all = mySeats();
  const g = all[gameId] || { seats: {}, saved: Date.now() / 1000 };
  g.invites = { ...(g.invites || {}), ...invites };
  all[gameId] = g;
  save(all);
}

export function invitesFor(gameId) {
  const g = mySeats()[gameId];
  return (g && g.invites) || {};
}

export function forgetGame(gameId) {
  const all = mySeats();
  delete all[gameId];
  save(all);
}

export function tokensFor(gameId) {
  const g = mySeats()[gameId];
  return g ? g.seats : {};
}

// the seat numbers this browser holds in a game, ascending
export function heldSeats(gameId) {
  return Object.keys(tokensFor(gameId)).filter((k) => /^\d+$/.test(k)).map(Number).sort((a, b) => a - b);
}
