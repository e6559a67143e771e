// Telling a Halite II replay by its bytes: one zstd frame (how the original stores `.hlt`
// files), or JSON whose first keys are Halite II's (`constants`, `engine_version`, `planets`...).
// Pure: unit-tested in node.

const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

export function looksLikeHalite2(bytes: Uint8Array): boolean {
  if (bytes.length >= 4 && ZSTD_MAGIC.every((b, i) => bytes[i] === b)) return true;
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  if (bytes[i] !== 0x7b) return false;
  // The original writes keys in sorted order, so `constants` comes first; a replay written by
  // other tools may order them otherwise, hence the look at the whole head.
  const head = new TextDecoder().decode(bytes.subarray(i, i + 512));
  return /"(constants|planets|engine_version)"\s*:/.test(head);
}
