// The row under a lesson's or the sandbox's board where moves are given: the tap pad, the
// selected site, typed moves, and the buttons that clear (or undo) and resolve the turn.

/** The row's markup. `secondary` is the button beside "Resolve turn" (its part and label). */
export function moveRowHtml(placeholder: string, secondary: { part: string; label: string }): string {
  return `
            <div class="lg-move-row">
              <div data-part="pad"></div>
              <div class="lg-move-tools">
                <p data-part="selected" class="lg-selected" aria-live="polite">No site selected</p>
                <form data-part="typed-form" class="lg-typed">
                  <label>Type moves <input type="text" data-part="typed" placeholder="${placeholder}" autocomplete="off" spellcheck="false" /></label>
                  <button type="submit" class="btn">Add</button>
                </form>
                <p data-part="move-error" class="lg-error" role="alert" hidden></p>
                <div class="lg-actions">
                  <button type="button" class="btn" data-part="${secondary.part}">${secondary.label}</button>
                  <button type="button" class="btn btn-primary" data-part="resolve">Resolve turn</button>
                </div>
              </div>
            </div>`;
}
