// Lesson progress in localStorage: the best stars per lesson id, written the instant a lesson is
// solved. Storage can be missing or full (private windows): progress then lives for the page.

const KEY = 'halite.learn.progress.v1';

export type Progress = Record<string, number>;

let memory: Progress = {};

export function loadProgress(): Progress {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') {
      const out: Progress = {};
      for (const [k, v] of Object.entries(parsed)) if (typeof v === 'number' && v >= 1 && v <= 3) out[k] = v;
      memory = out;
    }
  } catch {
    // Unreadable storage: keep what this page knows.
  }
  return { ...memory };
}

/** Records a solve; keeps the best stars. Returns the stars now stored. */
export function recordSolve(id: string, stars: number): number {
  const p = loadProgress();
  p[id] = Math.max(p[id] ?? 0, stars);
  memory = p;
  try {
    localStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // Storage full or denied: the in-memory copy still shows it on this page.
  }
  return p[id];
}

export function resetProgress(): void {
  memory = {};
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored to remove.
  }
}
