// Quixo's codes in words (i18n.js's decoders, as qwixo.i18n._shown shows them): a seat of
// 4-player Quixo (N, E, S, W) as `seat`, `dot` or `seats` ("N, S") by the language's words for
// it (quixo_seat_N); a rating class's variant "5x5" as "5×5".

import { addShown } from "./i18n.js";

export const SEAT_CODES = ["N", "E", "S", "W"];

addShown((name, v, word) => {
  if ((name === "seat" || name === "dot") && SEAT_CODES.includes(v)) return word(`quixo_seat_${v}`);
  if (name === "seats" && v.split(", ").every((x) => SEAT_CODES.includes(x))) {
    return v.split(", ").map((x) => word(`quixo_seat_${x}`)).join(", ");
  }
  if (name === "variant" && /^\d+x\d+$/.test(v)) return v.replace(/x/g, "×");
  return undefined;
});
