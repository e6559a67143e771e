// The sandbox (Halite I): `?sandbox=<scenario>` (see games/halite1/lessons/scenario.ts) or `?sandbox` for a default board.
// Paint owners, strengths and productions, give every player's pieces moves, switch rules off,
// and "Resolve turn" to read the whole turn in the stepper; the share link always holds the
// board and moves shown, in the same URL form. Bad input is reported, and the default board opens.

import { moveRowHtml } from './lessons/move-row';
import { topbarHtml } from '../../shell/page/nav';
import { BoardGrid, type Arrow, type CellShow } from './lessons/board-grid';
import { DirectionPad } from './lessons/dpad';
import { parseMoves } from './lessons/orders';
import type { Phase } from './lessons/phases';
import { MAX_SIDE, defaultScenario, parseScenario, resized, scenarioText, type SandboxScenario } from './lessons/scenario';
import { Stepper } from './lessons/stepper';
import { ALL_RULES, DIR_NAMES, type Explanation, type Rules } from './lessons/types';
import { errorMessage } from '../../shell/engine';
import { LEARN, type Learn } from './engine';

const RULE_LABELS: Record<keyof Rules, string> = {
  combat: 'Combat',
  production: 'Production',
  wrap: 'Wrap-around edges',
  cap: '255 strength cap',
};

export async function mount(root: HTMLElement, search: string): Promise<void> {
  const engine = await LEARN.load();
  const text = new URLSearchParams(search).get('sandbox') ?? '';
  let error = '';
  let scenario = defaultScenario();
  if (text.trim()) {
    const parsed = parseScenario(text);
    if (parsed.scenario) scenario = parsed.scenario;
    else error = parsed.error ?? 'The scenario could not be read.';
  }
  new Sandbox(root, engine, scenario, error);
}

class Sandbox {
  private rules: Rules;
  private selected = -1;
  private mode: 'moves' | 'paint' = 'moves';
  /** Whether a tap paints: the paint controls hold values the person chose (set, or picked from
   * a site). Until then a tap in paint mode picks the site's values instead of overwriting it. */
  private armed = false;
  private history: SandboxScenario[] = [];
  private explanation: Explanation | null = null;
  private readonly grid: BoardGrid;
  private readonly pad: DirectionPad;
  private readonly stepper: Stepper;
  private readonly q: <T extends HTMLElement>(p: string) => T;

  constructor(
    root: HTMLElement,
    private readonly engine: Learn,
    private scenario: SandboxScenario,
    error: string,
  ) {
    this.rules = { ...ALL_RULES, ...(scenario.rules ?? {}) };
    root.innerHTML = `${topbarHtml({ page: 'learn' })}
      <main class="lg-page lg-sandbox">
        <nav class="lg-crumbs"><a href="?learn">Lessons</a></nav>
        <h1>Sandbox</h1>
        <p data-part="error" class="lg-error" role="alert" ${error ? '' : 'hidden'}></p>
        <div class="lg-layout">
          <section class="lg-board-col" aria-label="Board and moves">
            <fieldset class="lg-mode">
              <legend>Tapping a site</legend>
              <label><input type="radio" name="lg-mode" value="moves" checked data-part="mode-moves" /> selects it for a move</label>
              <label><input type="radio" name="lg-mode" value="paint" data-part="mode-paint" /> paints it</label>
            </fieldset>
            <div class="lg-paint" data-part="paint">
              <label>Owner <select class="select" data-part="paint-owner">${['neutral', 1, 2, 3, 4, 5, 6]
                .map((t, v) => `<option value="${v}">${v ? `player ${t}` : t}</option>`)
                .join('')}</select></label>
              <label>Strength <input class="num" type="number" min="0" max="255" value="20" data-part="paint-strength" /></label>
              <label>Production <input class="num" type="number" min="0" max="255" value="2" data-part="paint-production" /></label>
              <p class="lg-paint-note" data-part="paint-note" role="status"></p>
            </div>
            <div data-part="board"></div>
            ${moveRowHtml('1 2 east', { part: 'undo', label: 'Undo turn' })}
          </section>
          <aside class="lg-side">
            <section class="lg-settings">
              <h2>Board</h2>
              <div class="lg-size">
                <label>Width <input class="num" type="number" min="1" max="${MAX_SIDE}" data-part="width" /></label>
                <label>Height <input class="num" type="number" min="1" max="${MAX_SIDE}" data-part="height" /></label>
                <button type="button" class="btn" data-part="resize">Resize</button>
              </div>
              <h3>Rules in force</h3>
              <ul class="lg-rules" data-part="rules">${(Object.keys(RULE_LABELS) as (keyof Rules)[])
                .map((k) => `<li><label><input type="checkbox" data-rule="${k}" ${this.rules[k] ? 'checked' : ''} /> ${RULE_LABELS[k]}</label></li>`)
                .join('')}</ul>
              <p class="lg-share"><a data-part="share" href="">Share link to this board</a> <button type="button" class="btn" data-part="copy">Copy link</button></p>
            </section>
            <section aria-label="Turn stepper" data-part="stepper"></section>
          </aside>
        </div>
      </main>`;
    this.q = <T extends HTMLElement>(p: string) => root.querySelector<T>(`[data-part="${p}"]`) as T;
    if (error) this.q('error').textContent = `${error} The default board is shown instead.`;
    this.grid = new BoardGrid(this.q('board'), {
      activate: (site) => this.activate(site),
      direction: (site, dir) => {
        this.selected = site;
        this.setMove(dir);
      },
    }, 'Sandbox board');
    this.pad = new DirectionPad(this.q('pad'), (dir) => this.setMove(dir));
    this.stepper = new Stepper(this.q('stepper'), (phase, last) => this.showPhase(phase, last));
    this.wire(root);
    this.refresh();
  }

  private wire(root: HTMLElement): void {
    const setMode = (m: 'moves' | 'paint') => {
      this.mode = m;
      // Painting starts from the selected site's values (nothing changes until a tap).
      this.armed = false;
      if (m === 'paint' && this.selected >= 0) this.pick(this.selected);
      this.refresh();
    };
    for (const part of ['paint-owner', 'paint-strength', 'paint-production']) {
      this.q(part).addEventListener('input', () => {
        this.armed = true;
        this.refresh();
      });
    }
    this.q('mode-moves').addEventListener('change', () => setMode('moves'));
    this.q('mode-paint').addEventListener('change', () => setMode('paint'));
    this.q('resolve').addEventListener('click', () => this.resolve());
    this.q('undo').addEventListener('click', () => {
      const prev = this.history.pop();
      if (!prev) return;
      this.scenario = prev;
      this.stepper.clear();
      this.refresh();
    });
    this.q('resize').addEventListener('click', () => {
      const w = Number(this.q<HTMLInputElement>('width').value);
      const h = Number(this.q<HTMLInputElement>('height').value);
      if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1 || w > MAX_SIDE || h > MAX_SIDE) {
        this.showError(`Sides must be whole numbers from 1 to ${MAX_SIDE}.`);
        return;
      }
      this.scenario = resized(this.scenario, w, h);
      this.selected = -1;
      this.stepper.clear();
      this.refresh();
    });
    root.querySelectorAll<HTMLInputElement>('[data-rule]').forEach((box) =>
      box.addEventListener('change', () => {
        this.rules = { ...this.rules, [box.dataset.rule as keyof Rules]: box.checked };
        this.refresh();
      }),
    );
    this.q('typed-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const input = this.q<HTMLInputElement>('typed');
      const { moves, error } = parseMoves(input.value, this.scenario.width, this.scenario.height);
      const err = this.q('move-error');
      err.hidden = !error;
      err.textContent = error ?? '';
      if (error) return;
      for (const m of moves) this.scenario.moves[m.y * this.scenario.width + m.x] = m.dir;
      input.value = '';
      this.refresh();
    });
    this.q('copy').addEventListener('click', () => {
      void navigator.clipboard?.writeText(this.q<HTMLAnchorElement>('share').href).catch(() => {});
    });
  }

  private showError(text: string): void {
    const el = this.q('error');
    el.hidden = false;
    el.textContent = text;
  }

  /** Sets the paint controls to site `site`'s owner, strength and production. */
  private pick(site: number): void {
    const s = this.scenario;
    this.q<HTMLSelectElement>('paint-owner').value = String(s.owner[site]);
    this.q<HTMLInputElement>('paint-strength').value = String(s.strength[site]);
    this.q<HTMLInputElement>('paint-production').value = String(s.production[site]);
    this.armed = true;
  }

  private activate(site: number): void {
    this.selected = site;
    if (this.mode === 'paint' && !this.armed) {
      // The first tap picks: the site keeps what it has, and the controls show it.
      this.pick(site);
    } else if (this.mode === 'paint') {
      const owner = Number(this.q<HTMLSelectElement>('paint-owner').value);
      const strength = Number(this.q<HTMLInputElement>('paint-strength').value);
      const production = Number(this.q<HTMLInputElement>('paint-production').value);
      const ok = (v: number, max: number) => Number.isInteger(v) && v >= 0 && v <= max;
      if (!ok(owner, 6) || !ok(strength, this.rules.cap ? 255 : 65535) || !ok(production, 255)) {
        this.showError('Strength and production are whole numbers from 0 to 255.');
        return;
      }
      this.q('error').hidden = true;
      this.scenario.owner[site] = owner;
      this.scenario.strength[site] = strength;
      this.scenario.production[site] = production;
      if (owner === 0) this.scenario.moves[site] = 0;
    }
    this.refresh();
  }

  private setMove(dir: number): void {
    const s = this.selected;
    if (s < 0 || this.scenario.owner[s] === 0) return;
    this.scenario.moves[s] = dir;
    this.refresh();
  }

  private resolve(): void {
    const s = this.scenario;
    const players = Math.max(1, ...s.owner);
    let e: Explanation;
    try {
      e = this.engine.halite1ExplainTurn(
        { width: s.width, height: s.height, owner: s.owner, strength: s.strength, production: s.production },
        new Uint8Array(s.moves),
        players,
        this.rules,
      ) as Explanation;
    } catch (err) {
      this.showError(errorMessage(err));
      return;
    }
    this.history.push(structuredClone(s));
    this.scenario = {
      ...s,
      owner: [...e.after.owner],
      strength: [...e.after.strength],
      moves: new Array<number>(s.width * s.height).fill(0),
    };
    this.explanation = e;
    this.stepper.load(e);
  }

  private showPhase(phase: Phase, last: boolean): void {
    if (last) this.refresh();
    else this.grid.render(this.scenario.width, this.scenario.height, phase.cells, phase.arrows, -1);
  }

  private refresh(): void {
    const s = this.scenario;
    const playing = this.stepper.isPlaying && this.stepper.current?.key !== 'owners';
    if (!playing) {
      const cells: CellShow[] = s.owner.map((o, i) => ({ owner: o, strength: s.strength[i], production: s.production[i] }));
      if (this.stepper.current?.key === 'owners') for (const c of this.explanation?.changes ?? []) cells[c.site].changed = true;
      const arrows: Arrow[] = s.moves.flatMap((d, i) => (d && s.owner[i] ? [{ site: i, dir: d, kind: 'plan' as const }] : []));
      this.grid.render(s.width, s.height, cells, arrows, this.selected);
    }
    this.q<HTMLInputElement>('width').value = String(s.width);
    this.q<HTMLInputElement>('height').value = String(s.height);
    this.q('paint').hidden = this.mode !== 'paint';
    this.q('paint-note').textContent = this.armed ? 'Tap a site to paint it with these values.' : 'Tap a site to pick its values, or set them here; then tap to paint.';
    const sel = this.selected;
    const movable = this.mode === 'moves' && sel >= 0 && s.owner[sel] !== 0;
    this.pad.setEnabled(movable);
    this.q('selected').textContent =
      sel < 0
        ? 'No site selected'
        : `Selected (${sel % s.width}, ${Math.floor(sel / s.width)})${movable ? `: player ${s.owner[sel]} moves ${DIR_NAMES[s.moves[sel]]}` : ''}`;
    this.q<HTMLButtonElement>('undo').disabled = this.history.length === 0;
    const link = `?sandbox=${encodeURIComponent(scenarioText(s, this.rules))}`;
    this.q<HTMLAnchorElement>('share').href = link;
    history.replaceState(null, '', link);
  }
}
