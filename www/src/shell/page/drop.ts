// Files dragged anywhere onto the page: shows an overlay while they are over it and hands the
// dropped files to the page. Drags of anything but files (text, links) are left alone.

export function bindFileDrop(overlay: HTMLElement, onDrop: (files: FileList | null, data: DataTransfer | null) => void): void {
  let depth = 0;
  const hasFiles = (ev: DragEvent) => Array.from(ev.dataTransfer?.types ?? []).includes('Files');
  window.addEventListener('dragenter', (ev) => {
    if (!hasFiles(ev)) return;
    ev.preventDefault();
    depth++;
    overlay.hidden = false;
  });
  window.addEventListener('dragover', (ev) => {
    if (!hasFiles(ev)) return;
    ev.preventDefault();
    if (ev.dataTransfer) ev.dataTransfer.dropEffect = 'copy';
  });
  window.addEventListener('dragleave', (ev) => {
    if (!hasFiles(ev)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) overlay.hidden = true;
  });
  window.addEventListener('drop', (ev) => {
    ev.preventDefault();
    depth = 0;
    overlay.hidden = true;
    onDrop(ev.dataTransfer?.files ?? null, ev.dataTransfer ?? null);
  });
}
