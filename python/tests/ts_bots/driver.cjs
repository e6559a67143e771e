// Plays the page's TypeScript bots (compiled to CommonJS into the folder given as the first
// argument) on observations read from stdin, one JSON request a line:
//   {"game": "halite2", "bot": NAME, "seat": S, "obs": OBSERVATION}
// and answers each with one JSON line: the bot's commands. (Halite I's built-in bots are the
// engine's own: the page has the engine play them.)
// Each (game, bot, seat) keeps its own bot instance, as each seat of the page has its own.
'use strict';
const path = require('path');
const readline = require('readline');

const root = process.argv[2];
const bots = {
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
  process.stdout.write(JSON.stringify(bot(req.obs)) + '\n');
});
