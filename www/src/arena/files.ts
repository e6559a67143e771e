// The files of a Python arena run, as a person hands them to the page: a folder (picked with a
// `webkitdirectory` input, or dropped: `DataTransferItem.webkitGetAsEntry()`), or results.json
// and replays picked or dropped together. Finds the results file (the shallowest results.json;
// in a plain selection, the one JSON file) and the replays beside it, by bare name. Nothing is
// read here: a dropped folder's files stay entries until one is opened.

import { RESULTS_LIMITS, safeReplayName } from './opened';
import { fmt } from '../shell/format';

/** A replay the page may open: a File, or a dropped folder's entry (read when opened). */
export type ReplayHandle = File | FileSystemFileEntry;

export interface PickedFiles {
  /** The results file and where it was found (for messages), or null. */
  results: { handle: ReplayHandle; path: string } | null;
  /** Files beside the results (or picked with it), by name. */
  replays: Map<string, ReplayHandle>;
  /** Files left out (in sub-folders, oddly named, beyond the limit). */
  skipped: number;
}

/** A picked or dropped set of files that cannot be used; the message says why. */
export class PickError extends Error {}

const isJson = (name: string) => /\.json$/i.test(name);

/** Splits "run/sub/file" into folder ("run/sub") and name. */
function split(path: string): [string, string] {
  const k = path.lastIndexOf('/');
  return k < 0 ? ['', path] : [path.slice(0, k), path.slice(k + 1)];
}

/** Files picked with an input (`webkitdirectory` gives each its path in the folder). */
export function pickFromList(files: ArrayLike<File>): PickedFiles {
  if (files.length > RESULTS_LIMITS.files) throw new PickError(`${files.length} files: at most ${fmt(RESULTS_LIMITS.files)} at once`);
  const all = Array.from(files, (f) => ({ file: f, path: f.webkitRelativePath || f.name }));
  return pick(all.map((x) => ({ handle: x.file, path: x.path })));
}

/** Chooses the results file and its replays among files with paths. */
function pick(all: { handle: ReplayHandle; path: string }[]): PickedFiles {
  const depth = (p: string) => p.split('/').length;
  let results = all.filter((x) => split(x.path)[1].toLowerCase() === 'results.json');
  if (results.length === 0) {
    // A plain selection may hold a results file under another name: its only JSON file.
    const json = all.filter((x) => !x.path.includes('/') && isJson(x.path));
    if (json.length > 1) throw new PickError(`${json.length} JSON files (${json.slice(0, 3).map((x) => x.path).join(', ')}${json.length > 3 ? ', …' : ''}) and none named results.json: choose one run's results`);
    results = json;
  }
  let chosen: { handle: ReplayHandle; path: string } | null = null;
  if (results.length > 0) {
    const top = Math.min(...results.map((x) => depth(x.path)));
    const shallowest = results.filter((x) => depth(x.path) === top);
    if (shallowest.length > 1) throw new PickError(`the folder holds ${shallowest.length} runs (${shallowest.slice(0, 3).map((x) => x.path).join(', ')}${shallowest.length > 3 ? ', …' : ''}): choose one run's folder`);
    chosen = shallowest[0];
  }
  const folder = chosen ? split(chosen.path)[0] : null;
  const replays = new Map<string, ReplayHandle>();
  let skipped = 0;
  for (const x of all) {
    if (x === chosen) continue;
    const [dir, name] = split(x.path);
    // Only files beside results.json (or, with no results, at the selection's top level).
    if ((folder !== null ? dir !== folder : dir.includes('/')) || !safeReplayName(name) || isJson(name)) {
      skipped++;
      continue;
    }
    replays.set(name, x.handle);
  }
  return { results: chosen, replays, skipped };
}

/** Reads a directory entry's children (the API hands them over in batches). */
function children(dir: FileSystemDirectoryEntry, limit: number): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const out: FileSystemEntry[] = [];
  return new Promise((resolve, reject) => {
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) return resolve(out);
        out.push(...batch);
        if (out.length > limit) return reject(new PickError(`the folder ${dir.name} holds more than ${fmt(limit)} files`));
        next();
      }, reject);
    next();
  });
}

/** What a drop handed over. Must be called while the drop event is being handled (a
 * DataTransfer is emptied afterwards): the entries are taken at once, read later. */
export function dropped(data: DataTransfer): () => Promise<PickedFiles> {
  const entries: FileSystemEntry[] = [];
  const files: File[] = [];
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry) entries.push(entry);
    else {
      const f = item.getAsFile();
      if (f) files.push(f);
    }
  }
  if (entries.length === 0 && files.length === 0) for (const f of Array.from(data.files ?? [])) files.push(f);
  return async () => {
    const dirs = entries.filter((e): e is FileSystemDirectoryEntry => e.isDirectory);
    const loose = entries.filter((e): e is FileSystemFileEntry => e.isFile);
    if (dirs.length > 1) throw new PickError(`${dirs.length} folders were dropped: drop one run's folder at a time`);
    if (dirs.length === 1) {
      if (loose.length + files.length > 0) throw new PickError("a folder and files were dropped together: drop one run's folder, or results.json with its replays");
      return pickFromFolder(dirs[0]);
    }
    const all: { handle: ReplayHandle; path: string }[] = [...loose.map((e) => ({ handle: e, path: e.name })), ...files.map((f) => ({ handle: f, path: f.name }))];
    if (all.length > RESULTS_LIMITS.files) throw new PickError(`${all.length} files: at most ${fmt(RESULTS_LIMITS.files)} at once`);
    return pick(all);
  };
}

/** A dropped folder: results.json at its top, or in the one sub-folder that has it. */
async function pickFromFolder(dir: FileSystemDirectoryEntry): Promise<PickedFiles> {
  const top = await children(dir, RESULTS_LIMITS.files);
  const has = (list: FileSystemEntry[]) => list.some((e) => e.isFile && e.name.toLowerCase() === 'results.json');
  let run = dir;
  let list = top;
  if (!has(top)) {
    const found: { dir: FileSystemDirectoryEntry; list: FileSystemEntry[] }[] = [];
    for (const sub of top.filter((e): e is FileSystemDirectoryEntry => e.isDirectory).slice(0, 50)) {
      const l = await children(sub, RESULTS_LIMITS.files);
      if (has(l)) found.push({ dir: sub, list: l });
    }
    if (found.length === 0) throw new PickError(`the folder ${dir.name} has no results.json (the arena writes it beside the replays)`);
    if (found.length > 1) throw new PickError(`the folder ${dir.name} holds ${found.length} runs (${found.slice(0, 3).map((f) => f.dir.name).join(', ')}${found.length > 3 ? ', …' : ''}): drop one run's folder`);
    ({ dir: run, list } = found[0]);
  }
  const prefix = run === dir ? dir.name : `${dir.name}/${run.name}`;
  return pick(list.filter((e): e is FileSystemFileEntry => e.isFile).map((e) => ({ handle: e, path: `${prefix}/${e.name}` })));
}

/** The File behind a handle (a dropped folder's entry is asked for it now). */
export function fileOf(h: ReplayHandle): Promise<File> {
  if (h instanceof File) return Promise.resolve(h);
  return new Promise((resolve, reject) => h.file(resolve, reject));
}
