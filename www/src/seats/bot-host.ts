// The bot host: where every bot that is not built in runs. One sandboxed iframe per page
// (`bot-host.html`, `sandbox="allow-scripts"` without `allow-same-origin`, so its origin is
// opaque) whose Content-Security-Policy allows no request of any kind; in it, one classic Worker
// per bot, made from the bot runtime's source text. A bot there reaches nothing of the app's:
// not its storage (IndexedDB, caches, OPFS, cookies), not the network, not the page.
//
// The page talks to each bot's worker directly, through a MessageChannel whose far end the host
// hands to the worker (once the bot has started, the page hands its own end on to the match loop
// in the engine worker, which asks the bot its turns itself); the host itself only starts and
// ends workers and answers a heartbeat.
// Chromium runs the sandboxed frames of a page in one process of their own, so a bot that fills
// its heap ends every bot in it, never the page: the heartbeat notices, every hosted bot fails
// with a reason naming the bots that were thinking, and the next bot starts a new host.

import { botWorkerMain } from './bot-runtime';

/** One bot's worker in the host. */
export interface HostedBot {
  /** Sends to the bot's worker. */
  post(message: unknown, transfer?: Transferable[]): void;
  /** Ends the worker. */
  close(): void;
  /** The page's end of the worker's channel, to hand to whatever asks the bot from now on: the
   * page no longer hears the worker's messages (failures still come through `fail`). */
  handOff(): MessagePort;
}

export interface HostedBotEvents {
  /** A message from the worker, unchecked (the caller checks it). */
  message(data: unknown): void;
  /** The worker (or the whole host) is gone; `reason` says why. */
  fail(reason: string): void;
  /** Who the bot is and what it is doing, for the reason given when the host crashes. */
  describe(): { name: string; turn: number | null };
}

const WORKER_SOURCE = `"use strict";(${botWorkerMain.toString()})(null);`;
const HEARTBEAT_MS = 500;
/** Without an answer to a heartbeat for this long, the host is taken for dead. */
const DEAD_MS = 5_000;
const START_MS = 15_000;

interface Link {
  id: number;
  events: HostedBotEvents;
  port: MessagePort;
}

type FromHost = { type: 'hello' } | { type: 'pong'; n: number } | { type: 'worker-error'; id: number; message: string };

function readHost(data: unknown): FromHost | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (d.type === 'hello') return { type: 'hello' };
  if (d.type === 'pong' && typeof d.n === 'number') return { type: 'pong', n: d.n };
  if (d.type === 'worker-error' && typeof d.id === 'number') {
    return { type: 'worker-error', id: d.id, message: typeof d.message === 'string' ? d.message.slice(0, 500) : 'worker error' };
  }
  return null;
}

class Host {
  private readonly frame: HTMLIFrameElement;
  private readonly links = new Map<number, Link>();
  private ready: Promise<void>;
  private lastPong = performance.now();
  /** When the oldest unanswered ping was sent, or null. */
  private waitingSince: number | null = null;
  private pings = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private dead = false;
  private readonly listener = (e: MessageEvent) => this.receive(e);
  private resolveReady: (() => void) | null = null;

  constructor(private readonly onDead: (h: Host) => void) {
    const f = document.createElement('iframe');
    f.setAttribute('sandbox', 'allow-scripts');
    f.title = 'Bot host (runs bot code in isolation)';
    f.setAttribute('aria-hidden', 'true');
    f.tabIndex = -1;
    f.hidden = true;
    f.className = 'bot-host-frame';
    f.src = new URL('bot-host.html', document.baseURI).href;
    this.frame = f;
    window.addEventListener('message', this.listener);
    this.ready = new Promise<void>((resolve, reject) => {
      this.resolveReady = resolve;
      setTimeout(() => reject(new Error('the bot host did not start')), START_MS);
    });
    this.ready.catch(() => this.die('the bot host did not start'));
    document.body.appendChild(f);
  }

  private receive(e: MessageEvent): void {
    if (e.source !== this.frame.contentWindow || this.dead) return;
    const m = readHost(e.data);
    if (!m) return;
    if (m.type === 'hello') {
      this.lastPong = performance.now();
      this.frame.contentWindow?.postMessage({ type: 'source', source: WORKER_SOURCE }, '*');
      this.resolveReady?.();
      this.resolveReady = null;
    } else if (m.type === 'pong') {
      this.lastPong = performance.now();
      this.waitingSince = null;
    }
    else {
      const link = this.links.get(m.id);
      if (link) {
        this.drop(link.id);
        link.events.fail(`crashed: ${m.message}`);
      }
    }
  }

  private beat(): void {
    if (this.dead) return;
    // Dead only when a ping has gone unanswered for DEAD_MS: a page whose timers were throttled
    // (a tab in the background) has simply not asked.
    const now = performance.now();
    if (this.waitingSince !== null && now - this.waitingSince > DEAD_MS) {
      this.die(this.crashReason());
      return;
    }
    this.ping();
  }

  private ping(): void {
    if (this.waitingSince === null) this.waitingSince = performance.now();
    this.frame.contentWindow?.postMessage({ type: 'ping', n: ++this.pings }, '*');
  }

  /** "bot host crashed (out of memory?) in Hog's turn 3": the bots that were thinking. */
  private crashReason(): string {
    const busy = [...this.links.values()].map((l) => l.events.describe()).filter((d) => d.turn !== null);
    const where = busy.map((d) => (d.turn === -1 ? `${d.name}'s start` : `${d.name}'s turn ${d.turn}`));
    return `bot host crashed (most likely out of memory)${where.length ? ` in ${where.join(', ')}` : ''}`;
  }

  /** Is the host answering? Asks at once and waits up to `ms`. */
  async alive(ms = 1_500): Promise<boolean> {
    if (this.dead) return false;
    const since = performance.now();
    this.ping();
    while (performance.now() - since < ms) {
      await new Promise((r) => setTimeout(r, 50));
      if (this.dead) return false;
      if (this.lastPong >= since) return true;
    }
    if (!this.dead) this.die(this.crashReason());
    return false;
  }

  async spawn(events: HostedBotEvents): Promise<HostedBot> {
    await this.ready;
    if (this.dead) throw new Error('the bot host is gone');
    const id = Host.next++;
    const channel = new MessageChannel();
    const link: Link = { id, events, port: channel.port1 };
    channel.port1.onmessage = (e) => {
      if (this.links.has(id)) events.message(e.data);
    };
    channel.port1.onmessageerror = () => {
      if (this.links.has(id)) events.message(undefined);
    };
    this.links.set(id, link);
    this.frame.contentWindow?.postMessage({ type: 'spawn', id }, '*', [channel.port2]);
    if (!this.timer) {
      this.waitingSince = null;
      this.timer = setInterval(() => this.beat(), HEARTBEAT_MS);
    }
    let handed = false;
    return {
      post: (message, transfer = []) => {
        if (this.links.has(id) && !handed) channel.port1.postMessage(message, transfer);
      },
      close: () => this.drop(id),
      handOff: () => {
        handed = true;
        channel.port1.onmessage = null;
        channel.port1.onmessageerror = null;
        return channel.port1;
      },
    };
  }

  private drop(id: number): void {
    const link = this.links.get(id);
    if (!link) return;
    this.links.delete(id);
    link.port.onmessage = null;
    link.port.close();
    if (!this.dead) this.frame.contentWindow?.postMessage({ type: 'kill', id }, '*');
    if (this.links.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private die(reason: string): void {
    if (this.dead) return;
    this.dead = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    window.removeEventListener('message', this.listener);
    const links = [...this.links.values()];
    this.links.clear();
    this.frame.remove();
    this.onDead(this);
    for (const l of links) {
      l.port.onmessage = null;
      l.port.close();
      l.events.fail(reason);
    }
  }

  static next = 1;
}

let current: Host | null = null;

/** Starts a bot in the bot host (starting the host first if it is not running). */
export function hostBot(events: HostedBotEvents): Promise<HostedBot> {
  if (!current) {
    current = new Host((h) => {
      if (current === h) current = null;
    });
  }
  return current.spawn(events);
}

/** Whether the bot host is running and answering (false if it has died: its bots have failed). */
export function botHostAlive(): Promise<boolean> {
  return current ? current.alive() : Promise.resolve(true);
}
