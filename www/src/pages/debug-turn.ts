// Debug this turn: runs a bot on the observation of the frame shown, for any seat, in a fresh
// worker of the bot host with no time limit (a `debugger` statement stops there while the
// browser's developer tools are open), with its `init` first on that same observation. Shows its
// answer beside what was recorded (the pieces whose orders differ are listed and circled on the
// board), its logs and its drawings. In a live game the seat's own bot is offered; a replay does
// not record which code played, so the person picks one (a bot saved in this browser, the one the
// editor has open, or a module URL).

import { consentForSeats } from '../seats/consent';
import { resolveEntry } from '../seats/entries';
import { BotLibrary } from '../bots/library';
import type { BotSource } from '../bots/messages';
import { WorkerSeat } from '../seats/worker-seat';
import { el, setText } from '../shell/page/dom';
import { shortLabel } from '../shell/page/names';
import type { Shape, ShapeLayer } from '../shell/drawings';
import { errorMessage } from '../shell/engine';
import type { GameModule, MatchHost, OpenedReplay, PieceOrder } from '../shell/game';
import type { Viewer } from '../shell/viewer/viewer';

/** What Debug this turn works on: the game shown (its replay bytes, its frames), its seats' names,
 * and for a live game the sources of its bot seats. */
export interface DebugTarget {
  module: GameModule;
  viewer: Viewer;
  names: string[];
  /** The game so far as replay bytes (a live game: its replay now). */
  bytes(): Promise<Uint8Array>;
  /** The replay opened (for its recorded moves); a live game's is opened from `bytes()`. */
  opened: OpenedReplay | null;
  /** The bot sources of a live game's seats (null for a seat that is not a bot). */
  seatSources: (BotSource | null)[] | null;
}

export interface DebugResult {
  frame: number;
  seat: number;
  ok: boolean;
  /** Why the bot failed, when it did. */
  error: string | null;
  log: string;
  drawings: Shape[];
  /** Orders that differ: [piece, the bot's order, the recorded order]. */
  differences: { piece: string; bot: string; recorded: string; x: number; y: number }[];
  ordersBot: number;
  ordersRecorded: number | null;
}

const NOTE =
  'A bot that keeps state between turns or uses randomness may answer differently here than it did in the game: it starts fresh on this frame (its init runs first, on the same observation).';

/** Runs `source` as seat `seat` on frame `frame` of the game and compares with what was recorded. */
export async function debugTurn(t: DebugTarget, seat: number, frame: number, source: BotSource, label: string): Promise<DebugResult> {
  const bytes = await t.bytes();
  const host: MatchHost = await t.module.forkMatch(bytes, frame);
  let opened: OpenedReplay | null = t.opened;
  let own = false;
  let bot: WorkerSeat | null = null;
  try {
    // The bot's forward model (`debug.simulate`) starts from the engine's exact state of the frame.
    const obs = (await host.observations({ forward: true }))[seat];
    const forward = host.forward();
    if (obs === null || obs === undefined) throw new Error(`${t.names[seat] ?? `player ${seat + 1}`} has nothing left at frame ${frame}`);
    // What was recorded for this seat at this frame (none at a live game's newest frame).
    let recorded: unknown = null;
    if (frame < t.viewer.numFrames - 1) {
      if (!opened) {
        opened = await t.module.openReplay(bytes, () => {});
        own = true;
      }
      const replayed = t.module.recordedSeat(opened.source, seat, 'recorded');
      await replayed.start(seat, Infinity, obs);
      const r = await replayed.act(obs, frame, Infinity);
      recorded = r.ok ? r.raw : null;
    }
    bot = new WorkerSeat(t.module.id, source, label, seat + 1);
    const started = await bot.start(seat, Infinity, obs, forward);
    let log = started.log ?? '';
    let drawings: Shape[] = started.drawings ?? [];
    if (!started.ok) return { frame, seat, ok: false, error: started.reason, log, drawings, differences: [], ordersBot: 0, ordersRecorded: null };
    const answer = await bot.act(obs, frame, Infinity, forward);
    log += answer.log ?? '';
    drawings = [...drawings, ...(answer.drawings ?? [])];
    if (!answer.ok) return { frame, seat, ok: false, error: answer.reason, log, drawings, differences: [], ordersBot: 0, ordersRecorded: null };
    // The engine's own check, as a live game makes it.
    const refused = await host.check(seat, answer.raw);
    const mine = t.module.answerOrders(answer.raw, obs);
    const theirs = recorded === null ? null : t.module.answerOrders(recorded, obs);
    const differences: DebugResult['differences'] = [];
    if (theirs) {
      const keys = new Set([...mine.keys(), ...theirs.keys()]);
      for (const k of keys) {
        const a: PieceOrder | undefined = mine.get(k);
        const b: PieceOrder | undefined = theirs.get(k);
        if (a?.order === b?.order) continue;
        const at = a ?? b;
        if (!at) continue;
        differences.push({ piece: at.piece, bot: a?.order ?? 'nothing (stays)', recorded: b?.order ?? 'nothing (stays)', x: at.x, y: at.y });
      }
    }
    return {
      frame,
      seat,
      ok: refused === null,
      error: refused === null ? null : `answered garbage: ${refused}`,
      log,
      drawings,
      differences,
      ordersBot: mine.size,
      ordersRecorded: theirs ? theirs.size : null,
    };
  } finally {
    bot?.stop();
    host.dispose();
    if (own) opened?.dispose();
  }
}

/** The panel: seat, bot, Run, and the result. Mounted on the page once; `open()` shows it. */
export class DebugPanel {
  readonly dialog: HTMLDialogElement;
  private readonly seatSel: HTMLSelectElement;
  private readonly botSel: HTMLSelectElement;
  private readonly url: HTMLInputElement;
  private readonly runBtn: HTMLButtonElement;
  private readonly out: HTMLElement;
  private target: DebugTarget | null = null;
  private running = false;

  constructor(host: HTMLElement) {
    const id = `debug-${Math.random().toString(36).slice(2, 8)}`;
    this.seatSel = el('select', { className: 'select select-small', attrs: { id: `${id}-seat`, 'data-part': 'debug-seat' } });
    this.botSel = el('select', { className: 'select select-small', attrs: { id: `${id}-bot`, 'data-part': 'debug-bot' } });
    this.url = el('input', { className: 'num url-input', attrs: { type: 'url', placeholder: 'https://…/bot.js', 'aria-label': 'Bot module URL', 'data-part': 'debug-url', hidden: '' } });
    this.runBtn = el('button', { className: 'btn btn-primary', text: 'Run on this frame', attrs: { type: 'button', 'data-part': 'debug-run' } });
    this.out = el('div', { className: 'debug-out', attrs: { 'data-part': 'debug-out', 'aria-live': 'polite' } });
    const close = el('button', { className: 'btn btn-icon', text: '×', attrs: { type: 'button', 'aria-label': 'Close', 'data-part': 'debug-close' } });
    this.dialog = el('dialog', { className: 'dialog debug-dialog', attrs: { 'aria-labelledby': `${id}-title`, 'data-part': 'debug-dialog' } }, [
      el('div', { className: 'dialog-head' }, [el('h2', { text: 'Debug this turn', attrs: { id: `${id}-title` } }), close]),
      el('p', { className: 'dialog-note', text: 'Runs a bot on the frame shown, with no time limit: with the developer tools open, a debugger statement in it stops there.' }),
      el('div', { className: 'debug-form' }, [
        el('label', { className: 'field-label', text: 'Seat', attrs: { for: `${id}-seat` } }),
        this.seatSel,
        el('label', { className: 'field-label', text: 'Bot', attrs: { for: `${id}-bot` } }),
        this.botSel,
        this.url,
        this.runBtn,
      ]),
      this.out,
    ]);
    host.appendChild(this.dialog);
    close.addEventListener('click', () => this.close());
    this.dialog.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        this.close();
      }
    });
    this.botSel.addEventListener('change', () => (this.url.hidden = this.botSel.value !== 'url'));
    this.seatSel.addEventListener('change', () => this.fillBots());
    this.runBtn.addEventListener('click', () => void this.run());
  }

  get isOpen(): boolean {
    return this.dialog.open;
  }

  /** Shows the panel for the game `t` (at the viewer's frame when Run is pressed). */
  open(t: DebugTarget): void {
    this.target = t;
    const keep = this.seatSel.value;
    this.seatSel.replaceChildren(...t.names.map((n, k) => el('option', { text: `${k + 1}. ${shortLabel(n)}`, attrs: { value: String(k), title: n } })));
    if (keep && Number(keep) < t.names.length) this.seatSel.value = keep;
    this.fillBots();
    setText(this.runBtn, `Run on frame ${t.viewer.frame}`);
    // Not modal: the board stays in view, with the differences circled on it. It opens at the
    // top of the game's side panel, in the page's flow: it pushes the players down instead of
    // covering them or the playback controls (on a phone it comes right under the controls).
    const side = t.viewer.well.closest('.layout')?.querySelector('[data-part="side"]');
    if (side && this.dialog.parentElement !== side) side.prepend(this.dialog);
    if (!this.dialog.open) this.dialog.show();
    this.dialog.scrollIntoView({ block: 'nearest' });
    this.seatSel.focus({ preventScroll: true });
  }

  close(): void {
    this.dialog.close();
    this.target?.viewer.setMarks(null);
  }

  /** The frame moved: the button says which frame it runs on. */
  frameChanged(frame: number): void {
    if (this.dialog.open && !this.running) setText(this.runBtn, `Run on frame ${frame}`);
  }

  private fillBots(): void {
    const t = this.target;
    if (!t) return;
    const seat = Number(this.seatSel.value);
    const keep = this.botSel.value;
    const opts: HTMLOptionElement[] = [];
    const own = t.seatSources?.[seat];
    if (own && own.kind !== 'builtin') opts.push(el('option', { text: 'This seat\u2019s own bot', attrs: { value: 'own' } }));
    const lib = new BotLibrary();
    for (const b of lib.list()) {
      opts.push(el('option', { text: `${b.name} (saved in this browser)`, attrs: { value: `saved:${b.id}` } }));
    }
    opts.push(el('option', { text: 'Bot module URL…', attrs: { value: 'url' } }));
    this.botSel.replaceChildren(...opts);
    if ([...this.botSel.options].some((o) => o.value === keep)) this.botSel.value = keep;
    this.url.hidden = this.botSel.value !== 'url';
  }

  private async run(): Promise<void> {
    const t = this.target;
    if (!t || this.running) return;
    const seat = Number(this.seatSel.value);
    const frame = t.viewer.frame;
    let source: BotSource;
    let label: string;
    try {
      const choice = this.botSel.value;
      if (choice === 'own') {
        const own = t.seatSources?.[seat];
        if (!own) throw new Error('this seat has no bot of its own');
        source = own;
        label = t.names[seat] ?? 'bot';
      } else {
        const entry = choice === 'url' ? this.url.value.trim() : choice;
        if (!entry) throw new Error('give the bot module\u2019s URL');
        const c = resolveEntry(entry, new Map(), new BotLibrary(), location.href);
        if (c.kind !== 'bot') throw new Error('pick a bot');
        source = c.source;
        label = c.label;
        const consent = await consentForSeats([c], null);
        if (!consent.run) throw new Error('the bot from another site was not run');
      }
    } catch (e) {
      this.show(null, errorMessage(e));
      return;
    }
    this.running = true;
    this.runBtn.disabled = true;
    setText(this.runBtn, `Running on frame ${frame}…`);
    this.out.replaceChildren(el('p', { className: 'debug-status', text: `Running ${label} on frame ${frame}, with no time limit…` }));
    try {
      const r = await debugTurn(t, seat, frame, source, label);
      this.show(r, null);
    } catch (e) {
      this.show(null, errorMessage(e));
    } finally {
      this.running = false;
      this.runBtn.disabled = false;
      setText(this.runBtn, `Run on frame ${t.viewer.frame}`);
    }
  }

  private show(r: DebugResult | null, error: string | null): void {
    const t = this.target;
    if (!r) {
      this.out.replaceChildren(el('p', { className: 'debug-status debug-bad', text: error ?? 'it did not run' }));
      t?.viewer.setMarks(null);
      return;
    }
    const parts: HTMLElement[] = [];
    const verdict = r.error
      ? `It failed: ${r.error}`
      : r.ordersRecorded === null
        ? `It gave ${r.ordersBot} order${r.ordersBot === 1 ? '' : 's'} (nothing is recorded for this frame yet).`
        : r.differences.length === 0
          ? `Same answer as recorded: ${r.ordersBot} order${r.ordersBot === 1 ? '' : 's'}.`
          : `${r.differences.length} order${r.differences.length === 1 ? '' : 's'} differ from the recorded answer (circled on the map).`;
    parts.push(el('p', { className: `debug-status${r.error ? ' debug-bad' : ''}`, text: verdict, attrs: { 'data-part': 'debug-verdict' } }));
    if (r.differences.length) {
      // A long list scrolls in its box: it takes the focus (as the log does) so keys scroll it too.
      const list = el('ul', { className: 'debug-diffs', attrs: { 'data-part': 'debug-diffs', tabindex: '0', 'aria-label': 'Orders that differ' } });
      for (const d of r.differences.slice(0, 100)) list.appendChild(el('li', { text: `${d.piece}: this bot ${d.bot}; recorded ${d.recorded}` }));
      if (r.differences.length > 100) list.appendChild(el('li', { text: `and ${r.differences.length - 100} more` }));
      parts.push(list);
    }
    parts.push(el('h3', { className: 'debug-h', text: 'Its log' }), el('pre', { className: 'log-body debug-log', text: r.log || 'Nothing logged.', attrs: { 'data-part': 'debug-log', tabindex: '0' } }));
    parts.push(el('p', { className: 'dialog-note', text: NOTE }));
    this.out.replaceChildren(...parts);
    // The bot's drawings and the differing pieces, over the board at that frame.
    const layers: ShapeLayer[] = [{ shapes: r.drawings, colour: '#7fdcff' }];
    // Rings of about 12 pixels at the current zoom, whatever the game's units.
    const radius = t ? 12 / Math.max(1e-6, t.viewer.board.pixelsPerUnit()) : 1;
    const rings: Shape[] = r.differences.map((d) => ['circle', d.x, d.y, radius, '#ff4d6d']);
    layers.push({ shapes: rings, colour: '#ff4d6d' });
    t?.viewer.setMarks({ frame: r.frame, layers });
  }
}
