// A remote Arena bot in Node.js, written from the .proto files alone (no Arena code).
//
//   ARENA_SERVER=localhost:50051 ARENA_TOKEN=arena_bt_... node bot.js
//
// It keeps one Gateway.Attend stream open (it is online while that stream is), and plays
// every MatchOffer on a Referee.Play stream of its own, several at once if the site
// allows. Its move: a random legal action. Put your own in `choose`.
"use strict";

const fs = require("fs");
const path = require("path");
const grpc = require("@grpc/grpc-js");
const protoLoader = require("@grpc/proto-loader");

const PROTO_DIR = process.env.ARENA_PROTO_DIR || path.join(__dirname, "..", "..", "proto");
// These options make the loaded messages look like the .proto files say:
//   keepCase  field names as written (request_id, not requestId)
//   longs     uint64 request ids as strings (JavaScript numbers lose precision past 2^53)
//   enums     error codes by name ("ERROR_CODE_TIMEOUT")
//   defaults  unset fields read as their proto3 default (0, "", false, [])
//   oneofs    `payload` (and `view`) name the field of the oneof that is set
const definition = protoLoader.loadSync(["arena/v1/gateway.proto", "arena/v1/referee.proto"], {
  includeDirs: [PROTO_DIR],
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
});
const arena = grpc.loadPackageDefinition(definition).arena.v1;

const SERVER = process.env.ARENA_SERVER || "localhost:50051";
const TOKEN = process.env.ARENA_TOKEN || "";
const MATCHES = Number(process.env.ARENA_MATCHES || 0); // stop after this many; 0: never
const NAME = "node-example";
const SDK = `arena-node-example/1.0 node/${process.version}`;
// Referee errors after which the seat is gone: do not try to rejoin.
const FINAL = new Set(["ERROR_CODE_BAD_TOKEN", "ERROR_CODE_SEAT_TAKEN", "ERROR_CODE_ABORTED"]);

function credentials() {
  if (!process.env.ARENA_TLS) return grpc.credentials.createInsecure();
  const ca = process.env.ARENA_CA ? fs.readFileSync(process.env.ARENA_CA) : undefined;
  return grpc.credentials.createSsl(ca);
}

const creds = credentials();
const gateway = new arena.Gateway(SERVER, creds);
const referee = new arena.Referee(SERVER, creds);
let played = 0;
let graceMs = 10000;
// Seat tokens being played (or rejoined): a seat whose stream broke is offered again, and
// this process is already on it.
const playing = new Set();

function log(...words) {
  console.error("node-bot:", ...words);
}

// Your strategy: the view is the game's typed view (turn[turn.view]), legal its actions.
function choose(turn) {
  const legal = turn.legal;
  return legal[Math.floor(Math.random() * legal.length)].code;
}

function attend() {
  const call = gateway.Attend({ token: TOKEN, bot_name: NAME, sdk_version: SDK });
  call.on("data", (message) => {
    if (message.payload === "welcome") {
      graceMs = message.welcome.rejoin_grace_s * 1000;
      log(`online as ${message.welcome.bot} (${message.welcome.game}),`,
          `${message.welcome.concurrency} match(es) at once`);
    } else if (message.payload === "offer") {
      if (playing.has(message.offer.token)) return; // offered again: rejoining it already
      playing.add(message.offer.token);
      play(message.offer, Date.now());
    } else if (message.payload === "error") {
      log(`gateway: ${message.error.code}: ${message.error.message}`);
      if (["ERROR_CODE_BAD_TOKEN", "ERROR_CODE_TOO_MANY"].includes(message.error.code)) {
        process.exit(1);
      }
    }
  });
  call.on("error", (error) => log(`lobby: ${error.details || error.message}`));
  call.on("close", () => setTimeout(attend, 1000)); // stay online: connect again
}

// One match on its own stream. A stream that breaks mid-match is opened again with the
// same token while the seat waits (the grace period): the gateway resends the header and
// the open turn.
function play(offer, brokenAt) {
  let welcomed = false;
  let over = false;
  const stream = referee.Play();
  stream.write({ hello: { token: offer.token, bot_name: NAME, sdk_version: SDK } });
  stream.on("data", (message) => {
    switch (message.payload) {
      case "welcome":
        welcomed = true;
        break;
      case "turn":
        stream.write({ action: { request_id: message.turn.request_id, code: choose(message.turn) } });
        break;
      case "match_end": {
        over = true;
        const mine = message.match_end.outcome[message.match_end.seat];
        log(`match ${offer.match_id}: rank ${mine.rank}, ${message.match_end.strikes.length} strike(s)`);
        stream.end();
        played += 1;
        if (MATCHES && played >= MATCHES) setTimeout(() => process.exit(0), 200);
        break;
      }
      case "error":
        log(`referee: ${message.error.code}${message.error.strike ? " (strike)" : ""}:`,
            message.error.message);
        if (FINAL.has(message.error.code)) over = true;
        break;
      default: // newer referees may send more kinds of message: ignore them
    }
  });
  stream.on("error", () => {}); // 'close' follows
  stream.on("close", () => {
    const since = welcomed ? Date.now() : brokenAt;
    if (!over && Date.now() - since < graceMs) {
      log(`match ${offer.match_id}: stream lost, rejoining`);
      setTimeout(() => play(offer, since), 500);
    } else {
      playing.delete(offer.token);
    }
  });
}

if (!TOKEN) {
  log("set ARENA_TOKEN to the bot token from the bot's page");
  process.exit(2);
}
attend();
