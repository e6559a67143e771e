// Undo and redo of a plan's changes within a turn, for any game's human controls: the plan gives
// a snapshot of what undo restores before each change. Pure: unit-tested through the plans.

export class UndoHistory<S> {
  private undoStack: S[] = [];
  private redoStack: S[] = [];

  constructor(private readonly limit = 200) {}

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** A change is about to be made: `before` is what undo brings back. Clears the redos. */
  record(before: S): void {
    this.undoStack.push(before);
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack = [];
  }

  /** The state to restore for an undo (`now` goes to the redos), or null when there is none. */
  undo(now: S): S | null {
    const s = this.undoStack.pop();
    if (s === undefined) return null;
    this.redoStack.push(now);
    return s;
  }

  /** The state to restore for a redo (`now` goes back to the undos), or null. */
  redo(now: S): S | null {
    const s = this.redoStack.pop();
    if (s === undefined) return null;
    this.undoStack.push(now);
    return s;
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
  }
}
