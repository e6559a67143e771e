// Plays the page's TypeScript bots (compiled to CommonJS into the folder given as the first
// argument) on observations read from stdin, one JSON request a line:
//   {"game": "halite1" | "halite2", "bot": NAME, "seat": S, "obs": OBSERVATION}
// and answers each with one JSON line: the bot's moves (Halite I) or commands (Halite II).
// Each (game, bot, seat) keeps its own bot instance, as each seat of the page has its own.
'use strict';
const path = require('path');
const readline = require('readline');

const root = process.argv[2];
const bots = {
  halite1: require(path.join(root, 'games/halite1/bots.js')).BOTS,
  halite2: require(path.join(root, 'games/halite2/bots.js')).BOTS,
};
const instances = new Map();

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const req = JSON.parse(line);
  const key = `${req.game}/${req.bot}/${req.seat}`;
  let bot = instances.get(key);
  if (!bot) {
    bot = bots[req.game][req.bot].create(req.seat + 1);
    instances.set(key, bot);
  }
  const obs = req.obs;
  if (req.game === 'halite1') {
    obs.owner = Uint8Array.from(obs.owner);
    obs.strength = Uint8Array.from(obs.strength);
    obs.production = Uint8Array.from(obs.production);
  }
  process.stdout.write(JSON.stringify(bot(obs)) + '\n');
});
