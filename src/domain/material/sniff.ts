/**
 * What a file is, from its name and from its first bytes — pure. The name says what the student
 * meant; the bytes say what it is. When they disagree the import is refused with a sentence.
 */
export type MaterialKind = 'texto' | 'pdf' | 'imagen' | 'word';
/** What the name claims: a kind we read, an older word-processor format (refused clearly), or something else. */
export type NamedKind = MaterialKind | 'word_antiguo' | 'otro';
/** What the bytes are. */
export type ByteKind = 'pdf' | 'png' | 'jpeg' | 'webp' | 'zip' | 'binario' | 'texto' | 'vacio';

const BY_EXTENSION: Readonly<Record<string, NamedKind>> = Object.freeze({
  txt: 'texto', md: 'texto', markdown: 'texto',
  pdf: 'pdf',
  png: 'imagen', jpg: 'imagen', jpeg: 'imagen', webp: 'imagen',
  docx: 'word',
  doc: 'word_antiguo', odt: 'word_antiguo',
});

export function kindByName(name: string): NamedKind {
  const ext = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext]! : 'otro';
}

const starts = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((v, i) => b[at + i] === v);

export function kindByBytes(b: Uint8Array): ByteKind {
  if (b.length === 0) return 'vacio';
  // "%PDF-" may follow a little junk (the spec allows it within the first 1,024 bytes).
  const head = Buffer.from(b.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts(b, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return looksLikeText(b) ? 'texto' : 'binario';
}

/** Text has no NUL and few control characters (tab, newlines and form feed aside). */
function looksLikeText(b: Uint8Array): boolean {
  const n = Math.min(b.length, 64 * 1024);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = b[i]!;
    if (c === 0) return false;
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control++;
  }
  return control <= n * 0.01;
}

/** Whether the bytes are the kind the name promises. */
export function bytesFitName(named: MaterialKind, bytes: ByteKind): boolean {
  switch (named) {
    case 'texto': return bytes === 'texto';
    case 'pdf': return bytes === 'pdf';
    case 'imagen': return bytes === 'png' || bytes === 'jpeg' || bytes === 'webp';
    // A .docx is a zip (whether it is a Word document inside is for the reader to say).
    case 'word': return bytes === 'zip';
  }
}

/**
 * UTF-8 text as is; anything that is not valid UTF-8 is read as Latin-1 (Windows-1252, what old
 * editors on Windows save), so «canción» survives either way. A byte-order mark is dropped.
 */
export function decodeText(b: Uint8Array): { text: string; encoding: 'utf-8' | 'latin-1' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(b), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(b), encoding: 'latin-1' };
  }
}
