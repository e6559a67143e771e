// The bot host: where every bot that is not built in runs. Each such bot gets a sandbox of its
// own: an iframe of `bot-host.html` with `sandbox="allow-scripts"` and no `allow-same-origin`, so
// its origin is opaque and its own (two bots share no origin, hence no channel at all: no
// BroadcastChannel, Web Locks, storage or any other same-origin path), whose Content-Security-
// Policy allows no request of any kind; in it, the bot's one classic Worker, made from the bot
// runtime's source text. A bot there reaches nothing of the app's: not its storage (IndexedDB,
// caches, OPFS, cookies), not the network, not the page, not another bot.
//
// The page talks to the bot's worker directly, through a MessageChannel whose far end the frame
// hands to the worker (once the bot has started, the page hands its own end on to the match loop
// in the engine worker, which asks the bot its turns itself); the frame itself only starts the
// worker and answers a heartbeat. Ending a bot removes its frame, which ends its worker at once,
// whatever it is doing. A bot whose frame stops answering the heartbeat (its process ran out of
// memory) fails with a reason that names only it; so does one that posts anything on a channel
// other than its port.

import { botWorkerMain } from './bot-runtime';

/** One bot's worker in its sandbox. */
export interface HostedBot {
  /** Sends to the bot's worker. */
  post(message: unknown, transfer?: Transferable[]): void;
  /** Ends the bot: removes its frame (its worker ends with it). */
  close(): void;
  /** The page's end of the worker's channel, to hand to whatever asks the bot from now on: the
   * page no longer hears the worker's messages (failures still come through `fail`). */
  handOff(): MessagePort;
  /** Whether the bot's sandbox still answers (asks at once; false once it has failed). */
  alive(): Promise<boolean>;
}

export interface HostedBotEvents {
  /** A message from the worker, unchecked (the caller checks it). */
  message(data: unknown): void;
  /** The worker (or its whole sandbox) is gone; `reason` says why. */
  fail(reason: string): void;
  /** What the bot is doing, for the reason given when its sandbox crashes. */
  describe(): { turn: number | null };
}

const WORKER_SOURCE = `"use strict";(${botWorkerMain.toString()})(null);`;
const HEARTBEAT_MS = 500;
/** Without an answer to a heartbeat for this long, the sandbox is taken for dead. */
const DEAD_MS = 5_000;
const START_MS = 15_000;

type FromHost = { type: 'hello' } | { type: 'pong'; n: number } | { type: 'worker-error'; message: string };

function readHost(data: unknown): FromHost | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (d.type === 'hello') return { type: 'hello' };
  if (d.type === 'pong' && typeof d.n === 'number') return { type: 'pong', n: d.n };
  if (d.type === 'worker-error') return { type: 'worker-error', message: typeof d.message === 'string' ? d.message.slice(0, 500) : 'worker error' };
  return null;
}

let hostPage: Promise<string> | null = null;

/** bot-host.html's text, with the app's origin in its `app-origin` <meta>, fetched once. The page
 * fetches it (its service worker answers offline) and gives it to each frame as `srcdoc`, since
 * the browser sends no sandboxed frame's own navigation to a service worker. As `srcdoc` the frame
 * also keeps the page's Content-Security-Policy on top of its own (webpack.config.js lets the
 * page's policy allow the bot host's one script, by its hash, and its blob: worker). */
function hostText(): Promise<string> {
  hostPage ??= (async () => {
    const r = await fetch(new URL('bot-host.html', document.baseURI).href);
    if (!r.ok) throw new Error(`bot-host.html: HTTP ${r.status}`);
    const html = await r.text();
    if (!html.includes('<head>')) throw new Error('bot-host.html has no <head>');
    return html.replace('<head>', `<head>\n<meta name="app-origin" content="${location.origin}">`);
  })();
  hostPage.catch(() => {
    hostPage = null;
  });
  return hostPage;
}

/** One bot's sandbox: its frame, its heartbeat, its channel. */
class Sandbox {
  private readonly frame: HTMLIFrameElement;
  private readonly ready: Promise<void>;
  private resolveReady: (() => void) | null = null;
  private lastPong = performance.now();
  /** When the oldest unanswered ping was sent, or null. */
  private waitingSince: number | null = null;
  private pings = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private dead = false;
  private readonly channel = new MessageChannel();
  private handed = false;
  private readonly listener = (e: MessageEvent) => this.receive(e);

  constructor(private readonly events: HostedBotEvents) {
    const f = document.createElement('iframe');
    f.setAttribute('sandbox', 'allow-scripts');
    f.title = 'Bot sandbox (runs one bot\u2019s code in isolation)';
    f.setAttribute('aria-hidden', 'true');
    f.tabIndex = -1;
    f.hidden = true;
    f.className = 'bot-host-frame';
    // The frame's document is bot-host.html's text as its `srcdoc` (see hostText), in the same
    // sandbox: its origin is opaque and its own all the same, and it speaks only to this page.
    this.frame = f;
    window.addEventListener('message', this.listener);
    this.ready = new Promise<void>((resolve, reject) => {
      this.resolveReady = resolve;
      setTimeout(() => reject(new Error('the bot sandbox did not start')), START_MS);
    });
    this.ready.catch(() => this.die('its sandbox did not start'));
    this.channel.port1.onmessage = (e) => {
      if (!this.dead) events.message(e.data);
    };
    this.channel.port1.onmessageerror = () => {
      if (!this.dead) events.message(undefined);
    };
    hostText().then(
      (html) => {
        if (this.dead) return;
        f.srcdoc = html;
        document.body.appendChild(f);
      },
      (e) => this.die(`its sandbox could not load (${e instanceof Error ? e.message : String(e)})`),
    );
  }

  private receive(e: MessageEvent): void {
    if (this.dead || e.source !== this.frame.contentWindow) return;
    const m = readHost(e.data);
    if (!m) return;
    if (m.type === 'hello') {
      if (!this.resolveReady) return;
      this.lastPong = performance.now();
      this.frame.contentWindow?.postMessage({ type: 'start', source: WORKER_SOURCE }, '*', [this.channel.port2]);
      this.resolveReady();
      this.resolveReady = null;
      this.timer = setInterval(() => this.beat(), HEARTBEAT_MS);
    } else if (m.type === 'pong') {
      this.lastPong = performance.now();
      this.waitingSince = null;
    } else {
      this.die(m.message.startsWith('posted a message') ? `answered garbage: ${m.message}` : `crashed: ${m.message}`);
    }
  }

  private beat(): void {
    if (this.dead) return;
    // Dead only when a ping has gone unanswered for DEAD_MS: a page whose timers were throttled
    // (a tab in the background) has simply not asked.
    if (this.waitingSince !== null && performance.now() - this.waitingSince > DEAD_MS) {
      this.die(this.crashReason());
      return;
    }
    this.ping();
  }

  private ping(): void {
    if (this.waitingSince === null) this.waitingSince = performance.now();
    this.frame.contentWindow?.postMessage({ type: 'ping', n: ++this.pings }, '*');
  }

  /** "its sandbox crashed (most likely out of memory) in turn 3". */
  private crashReason(): string {
    const turn = this.events.describe().turn;
    const where = turn === null ? '' : turn === -1 ? ' while starting' : ` in turn ${turn}`;
    return `its sandbox crashed (most likely out of memory)${where}`;
  }

  async alive(ms = 1_500): Promise<boolean> {
    if (this.dead) return false;
    const since = performance.now();
    this.ping();
    while (performance.now() - since < ms) {
      await new Promise((r) => setTimeout(r, 50));
      if (this.dead) return false;
      if (this.lastPong >= since) return true;
    }
    this.die(this.crashReason());
    return false;
  }

  async start(): Promise<HostedBot> {
    await this.ready;
    if (this.dead) throw new Error('the bot sandbox is gone');
    const port = this.channel.port1;
    return {
      post: (message, transfer = []) => {
        if (!this.dead && !this.handed) port.postMessage(message, transfer);
      },
      close: () => this.end(),
      handOff: () => {
        this.handed = true;
        port.onmessage = null;
        port.onmessageerror = null;
        return port;
      },
      alive: () => this.alive(),
    };
  }

  /** Ends the sandbox quietly (the bot's seat asked). */
  end(): void {
    if (this.dead) return;
    this.dead = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    window.removeEventListener('message', this.listener);
    const port = this.channel.port1;
    port.onmessage = null;
    port.onmessageerror = null;
    if (!this.handed) port.close();
    // Removing the frame ends its document and, with it, the bot's worker, whatever it is doing.
    this.frame.remove();
  }

  private die(reason: string): void {
    if (this.dead) return;
    this.end();
    this.events.fail(reason);
  }
}

/** Starts a bot in a sandbox of its own. */
export function hostBot(events: HostedBotEvents): Promise<HostedBot> {
  return new Sandbox(events).start();
}
