// The game renderers this build ships (each registers itself with games.js). A game the server
// offers that is not listed here is drawn by the generic fallback renderer (fallback.js).

import "./quixo-game.js";
import "./qwixx-game.js";
