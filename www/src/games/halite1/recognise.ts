// Telling a Halite I replay by its bytes: gzip (the only compression Halite I replays use), or
// JSON whose first keys are not Halite II's. Pure: unit-tested in node.

export function looksLikeHalite1(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return true;
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  if (bytes[i] !== 0x7b) return false;
  const head = new TextDecoder().decode(bytes.subarray(i, i + 512));
  return !/"(constants|planets)"\s*:/.test(head);
}
