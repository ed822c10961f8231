/**
 * Stage 5 of the cover: provenance. The same record goes into the PNG as `tEXt` chunks (readable
 * by exiftool/identify) and into a sidecar `<name>.json`. The sidecar is written first and the PNG
 * last, both atomically, so a PNG under its final name always has its provenance next to it.
 */
import { writeOutput, writeRecord } from '../../store/outputs.js';
import { type Raster, encodePng } from './raster.js';
import { MEDIA_CHECKS } from '../../strings/model.js';

export interface CoverProvenance {
  engine: string;
  model: string;
  seed: number;
  prompt: string;
  created_at: string;
  title: string;
  [key: string]: unknown;
}

/** `tEXt` is Latin-1: keep what fits (Spanish accents do), replace the rest. */
function latin1(s: string): string {
  return s.replace(/[^\u0020-\u00ff]/g, '?');
}

/** JSON with every non-ASCII character escaped, so it survives any text chunk intact. */
function asciiJson(v: unknown): string {
  return JSON.stringify(v).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The PNG bytes of `image` with its provenance embedded. */
export function pngWithProvenance(image: Raster, p: CoverProvenance): Buffer {
  return encodePng(image, {
    Title: latin1(p.title),
    Software: 'Cuaderno Vivo',
    Source: latin1(`${p.engine} (${p.model})`),
    Description: latin1(p.prompt),
    'Creation Time': p.created_at,
    Comment: MEDIA_CHECKS.imageComment,
    provenance: asciiJson(p),
  });
}

/**
 * Writes `<file>.json` then `file` (PNG), atomically. `sidecarOnly` goes into the sidecar and not
 * into the PNG (the call's idempotency key and its result, so a resumed run recognises the cover).
 */
export async function writeCoverWithProvenance(file: string, image: Raster, p: CoverProvenance, sidecarOnly: Record<string, unknown> = {}): Promise<void> {
  const png = pngWithProvenance(image, p);
  await writeRecord(file.replace(/\.png$/, '.json'), { file: file.split(/[\\/]/).pop(), ...p, ...sidecarOnly });
  await writeOutput(file, png);
}
