#!/usr/bin/env node
// A qwixo engine in Node.js (docs/engine-protocol.md): JSON lines on stdin/stdout.
// It plays every game qwixo hosts: at each "go" it picks one of the position's option
// texts at random (passing, where "pass" is an option, less often than the rest). Its random
// numbers come from the seed of "newgame", so a game replays the same.
//     qwixo tournament quixo --engine js="node examples/engines/random-engine.js" --bots js,greedy
"use strict";
const readline = require("readline");

let rand = Math.random;
let position = null;

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function say(msg) {
  process.stdout.write(JSON.stringify(msg) + "\n");
}

function pick(options) {
  return options[Math.floor(rand() * options.length)];
}

function decide(pos) {
  const options = pos.options;
  if (options.length === 0) return null;
  const useful = options.filter((o) => o !== "pass");
  // without a better idea, passing only when it is the one option
  return pick(useful.length > 0 && rand() < 0.7 ? useful : options);
}

const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch (e) {
    say({ type: "error", error: "bad_message", message: "not JSON" });
    return;
  }
  switch (msg.type) {
    case "hello":
      say({
        type: "engine", protocol: 1, name: "random-engine.js", author: "qwixo examples",
        games: { quixo: {}, qwixx: {} }, options: [],
      });
      break;
    case "newgame":
      rand = mulberry32(msg.seed == null ? Date.now() : Number(BigInt.asUintN(32, BigInt(msg.seed))));
      say({ type: "ready" });
      break;
    case "position":
      position = msg;
      break;
    case "go": {
      const decision = position ? decide(position) : null;
      if (decision === null) {
        say({ type: "error", error: "bad_message", message: "go without a position" });
        break;
      }
      say({ type: "info", depth: 0, options: position.options.length });
      say({ type: "decision", decision });
      break;
    }
    case "error":
      process.stderr.write(`random-engine.js: the host says ${msg.error}: ${msg.message}\n`);
      break;
    case "stop":
      break;
    case "quit":
      process.exit(0);
    default:
      say({ type: "error", error: "bad_message", message: `unknown type ${msg.type}` });
  }
});
