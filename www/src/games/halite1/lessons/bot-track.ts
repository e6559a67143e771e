// The bot track: once a lesson is solved by hand, solve it again with a bot. The learner edits
// starter code (numbered TODOs); "Run the bot" plays the lesson and its mirrored variants with
// the bot in its own Worker under a time budget (a WorkerSeat, like every bot), the lesson judged
// by the engine each time. User code runs only in the worker, and only when asked.

import type { CodeBox } from '../../../bots/editor';
import { loadEditor } from '../../../bots/load-editor';
import { packMoves } from '../protocol';
import { WorkerSeat } from '../../../seats/worker-seat';
import type { Learn } from '../engine';
import { errorMessage } from '../../../shell/engine';
import type { LessonSpec, LessonStep, Scenario, Status } from './types';
import { variants } from './variants';

export const STARTER = `// A bot: a function from what it sees to its moves. It runs in its own worker.
// obs = { width, height, myId, owner, strength, production, turn }: flat arrays,
// index y * width + x; owner 0 is neutral, obs.myId is you.
// Answer an array of { x, y, dir } (dir 0 still, 1 north, 2 east, 3 south, 4 west).
export default function bot(obs) {
  const { width, height } = obs;
  const moves = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (obs.owner[i] !== obs.myId) continue;
      // TODO 1: list the four neighbours of (x, y): north (x, y - 1), east, south, west.
      //         The board wraps around: use (x + width) % width and (y + height) % height.
      // TODO 2: among the neighbours you do not own, pick one weaker than this piece
      //         (the strongest such one takes the most at once).
      // TODO 3: move onto it (its direction), or stay still (dir 0) to grow.
      moves.push({ x, y, dir: 0 });
    }
  }
  return moves;
}
`;

const TURN_MS = 2000;
const INIT_MS = 5000;

export interface VariantResult {
  name: string;
  status: Status | 'error';
  turns: number;
  note?: string;
}

function observation(p: Scenario, me: number, turn: number) {
  return {
    width: p.width,
    height: p.height,
    myId: me,
    owner: Uint8Array.from(p.owner),
    strength: Uint8Array.from(p.strength, (s) => Math.min(255, s)),
    production: Uint8Array.from(p.production),
    turn,
  };
}

/** Plays one lesson with the bot; resolves to how it ended. */
async function playOne(engine: Learn, spec: LessonSpec, code: string, name: string): Promise<VariantResult> {
  const lesson = new engine.Halite1Lesson(JSON.stringify(spec));
  const seat = new WorkerSeat('halite1', { kind: 'code', code, label: 'lesson bot' }, 'lesson bot', 1);
  try {
    const me = spec.player;
    const first = await seat.start(me - 1, INIT_MS, observation(lesson.position() as Scenario, me, 0));
    if (!first.ok) return { name, status: 'error', turns: 0, note: `the bot did not start: ${first.reason}` };
    let status: Status = 'ongoing';
    let turns = 0;
    while (status === 'ongoing') {
      const pos = lesson.position() as Scenario;
      const answer = await seat.act(observation(pos, me, lesson.turn), lesson.turn, TURN_MS);
      if (!answer.ok) return { name, status: 'error', turns, note: `the bot ${answer.reason}` };
      // Packed and checked as a live game does (the engine's own check).
      const { packed, reason } = packMoves(answer.raw, me - 1);
      const refused = lesson.check(packed) ?? reason;
      if (refused !== undefined) return { name, status: 'error', turns, note: `the bot answered garbage: ${refused}` };
      // Moves for sites the bot does not own are ignored, as in a real game.
      const triples: number[] = [];
      for (let k = 0; k < packed.length; k += 4) {
        const [x, y, d] = [packed[k + 1], packed[k + 2], packed[k + 3]];
        if (pos.owner[y * pos.width + x] === me) triples.push(x, y, d);
      }
      const step = lesson.step(new Uint32Array(triples)) as LessonStep;
      status = step.status;
      turns = step.turn;
    }
    return { name, status, turns };
  } catch (e) {
    return { name, status: 'error', turns: 0, note: errorMessage(e) };
  } finally {
    seat.stop();
    lesson.free();
  }
}

/** Mounts the bot track on `host` for a solved lesson. */
export function mountBotTrack(host: HTMLElement, engine: Learn, spec: LessonSpec): void {
  const key = `halite.learn.bot.${spec.id}`;
  let saved = '';
  try {
    saved = localStorage.getItem(key) ?? '';
  } catch {
    // No storage: start from the starter code.
  }
  host.innerHTML = `
    <h2>Now with a bot</h2>
    <p class="lg-muted">Write a bot that solves this lesson and its mirror images. It runs in its own worker, ${TURN_MS / 1000} s a turn.</p>
    <p class="lg-code-label" id="lg-code-label-${spec.id}">Bot code <span class="lg-muted">(Tab moves on; Ctrl+] and Ctrl+[ indent)</span></p>
    <div class="lg-code play-editor" data-part="bot-code"><p class="play-loading">Loading the editor…</p></div>
    <p class="play-problems" data-part="bot-problems" role="status" hidden></p>
    <p class="lg-actions"><button type="button" class="btn btn-primary" data-part="bot-run">Run the bot</button>
    <button type="button" class="btn" data-part="bot-starter">Starter code</button></p>
    <ul class="lg-bot-results" data-part="bot-results" aria-live="polite"></ul>`;
  const box = host.querySelector<HTMLElement>('[data-part="bot-code"]') as HTMLElement;
  const problems = host.querySelector<HTMLElement>('[data-part="bot-problems"]') as HTMLElement;
  const run = host.querySelector<HTMLButtonElement>('[data-part="bot-run"]') as HTMLButtonElement;
  const results = host.querySelector<HTMLElement>('[data-part="bot-results"]') as HTMLElement;
  // The Play page's editor (highlighting, brackets, lint as you type), loaded on demand.
  let text = saved || STARTER;
  let editor: CodeBox | null = null;
  run.disabled = true;
  loadEditor().then(
    (m) => {
      box.replaceChildren();
      // The text is also kept on the box (`data-text`), for tests: the editor draws only the
      // lines in view.
      box.dataset.text = text;
      editor = new m.CodeBox(box, text, {
        label: 'Bot code',
        tabMovesFocus: true,
        onChange: () => {
          if (editor) box.dataset.text = editor.value;
        },
        onProblems: (p) => {
          problems.hidden = p.length === 0;
          if (p[0]) problems.textContent = `Syntax error at line ${p[0].line}, column ${p[0].column}: ${p[0].message}.`;
        },
      });
      run.disabled = false;
    },
    (e: unknown) => {
      box.textContent = `The editor could not load: ${e instanceof Error ? e.message : String(e)}`;
    },
  );
  host.querySelector('[data-part="bot-starter"]')?.addEventListener('click', () => {
    text = STARTER;
    if (editor) editor.value = STARTER;
    box.dataset.text = STARTER;
  });
  run.addEventListener('click', async () => {
    const code = editor ? editor.value : text;
    try {
      localStorage.setItem(key, code);
    } catch {
      // Not saved: the code stays in the box.
    }
    run.disabled = true;
    results.replaceChildren();
    let passed = 0;
    const all = variants(spec);
    for (const v of all) {
      const li = document.createElement('li');
      li.textContent = `${v.name}: running…`;
      results.append(li);
      const r = await playOne(engine, v.spec, code, v.name);
      if (r.status === 'passed') passed++;
      li.dataset.status = r.status;
      li.textContent =
        r.status === 'passed'
          ? `${v.name}: solved in ${r.turns} ${r.turns === 1 ? 'turn' : 'turns'}`
          : r.status === 'error'
            ? `${v.name}: ${r.note ?? 'the bot failed'}`
            : `${v.name}: not solved yet after ${r.turns} turns`;
    }
    const total = document.createElement('li');
    total.dataset.part = 'bot-total';
    total.textContent = passed === all.length ? `Your bot solves all ${all.length}.` : `Your bot solves ${passed} of ${all.length}: keep going.`;
    results.append(total);
    run.disabled = false;
  });
}
