/**
 * The owner's voice-consent record, `<dataDir>/consentimiento.json`:
 * `{ "titular": "…", "alcance": "…", "valido_hasta": "2026-12-31", "voz"?: "…" }`.
 * A cloned voice is biometric data (docs/design.md §3): `xtts` runs only while a record exists, is complete
 * and `valido_hasta` has not passed. A date without a time is valid through that whole day (UTC).
 * `voz` optionally names the reference voice on the XTTS server (default `titular`): a preset or a
 * file of the server's voice library. `muestra` optionally names a WAV recording of the owner in the
 * data directory (with `muestra_texto`, what it says), sent as reference audio to servers that clone
 * from it; a named sample that cannot be read as a WAV makes the record invalid (the reason says so).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CuadernoError } from '../../errors.js';
import { ENGINE as M, MEDIA_CHECKS } from '../../strings/model.js';
import { MSG } from './messages.js';
import { parseWav } from './wav.js';

export interface Consent {
  titular: string;
  alcance: string;
  valido_hasta: string;
  /** Reference voice id sent to the XTTS server. */
  voz: string;
  /** The owner's recording (`muestra`), read and checked to be a WAV; absent when not named. */
  muestra?: { file: string; wav: Buffer; text?: string };
}

/** Default reference-voice id when the record does not name one. */
export const DEFAULT_VOICE = 'titular';

export function consentFile(dataDir: string): string {
  return path.join(dataDir, 'consentimiento.json');
}

/** The instant a `valido_hasta` value stops being valid, or undefined if it is not a date. */
export function consentExpiry(validoHasta: string): Date | undefined {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(validoHasta);
  const t = Date.parse(dateOnly ? `${validoHasta}T23:59:59.999Z` : validoHasta);
  return Number.isNaN(t) ? undefined : new Date(t);
}

/**
 * Returns the valid consent or throws CuadernoError `CONSENT_MISSING` (absent, unreadable,
 * incomplete) / `CONSENT_EXPIRED`, with the reason in the message and `details.reason`.
 */
export async function checkConsent(dataDir: string, now: Date): Promise<Consent> {
  const file = consentFile(dataDir);
  const missing = (reason: string): CuadernoError => new CuadernoError('CONSENT_MISSING', MSG.consentMissing(file, reason), { field: file, reason });
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    throw missing(MEDIA_CHECKS.noConsent);
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw missing(MEDIA_CHECKS.consentNotJson);
  }
  const rec = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  for (const key of ['titular', 'alcance', 'valido_hasta'] as const) {
    if (typeof rec[key] !== 'string' || (rec[key] as string).trim() === '') throw missing(MEDIA_CHECKS.consentField(key));
  }
  const validoHasta = rec.valido_hasta as string;
  const expiry = consentExpiry(validoHasta);
  if (!expiry) throw missing(MEDIA_CHECKS.consentDate(String(validoHasta)));
  if (now.getTime() > expiry.getTime()) {
    throw new CuadernoError('CONSENT_EXPIRED', MSG.consentExpired(validoHasta), { field: file, reason: `caducado el ${validoHasta}`, valido_hasta: validoHasta });
  }
  const voz = typeof rec.voz === 'string' && rec.voz.trim() !== '' ? rec.voz.trim() : DEFAULT_VOICE;
  const consent: Consent = { titular: rec.titular as string, alcance: rec.alcance as string, valido_hasta: validoHasta, voz };
  if (typeof rec.muestra === 'string' && rec.muestra.trim() !== '') {
    const sampleFile = path.resolve(dataDir, rec.muestra.trim());
    let wav: Buffer;
    try {
      wav = await readFile(sampleFile);
      parseWav(wav);
    } catch (e) {
      throw missing(M.unreadableSample(rec.muestra.trim(), e instanceof Error ? e.message : String(e)));
    }
    const text = typeof rec.muestra_texto === 'string' && rec.muestra_texto.trim() !== '' ? rec.muestra_texto.trim() : undefined;
    consent.muestra = { file: sampleFile, wav, ...(text ? { text } : {}) };
  }
  return consent;
}
