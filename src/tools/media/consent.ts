/**
 * The owner's voice-consent record, `<dataDir>/consentimiento.json`:
 * `{ "titular": "…", "alcance": "…", "valido_hasta": "2026-12-31", "voz"?: "…" }`.
 * A cloned voice is biometric data (SPEC §3): `xtts` runs only while a record exists, is complete
 * and `valido_hasta` has not passed. A date without a time is valid through that whole day (UTC).
 * `voz` optionally names the reference voice on the XTTS server (default `titular`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CuadernoError } from '../../errors.js';
import { MSG } from './messages.js';

export interface Consent {
  titular: string;
  alcance: string;
  valido_hasta: string;
  /** Reference voice id sent to the XTTS server. */
  voz: string;
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
    throw missing('no existe el registro de consentimiento');
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw missing('el registro de consentimiento no es JSON válido');
  }
  const rec = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  for (const key of ['titular', 'alcance', 'valido_hasta'] as const) {
    if (typeof rec[key] !== 'string' || (rec[key] as string).trim() === '') throw missing(`falta el campo "${key}"`);
  }
  const validoHasta = rec.valido_hasta as string;
  const expiry = consentExpiry(validoHasta);
  if (!expiry) throw missing(`"valido_hasta" no es una fecha: ${validoHasta}`);
  if (now.getTime() > expiry.getTime()) {
    throw new CuadernoError('CONSENT_EXPIRED', MSG.consentExpired(validoHasta), { field: file, reason: `caducado el ${validoHasta}`, valido_hasta: validoHasta });
  }
  const voz = typeof rec.voz === 'string' && rec.voz.trim() !== '' ? rec.voz.trim() : DEFAULT_VOICE;
  return { titular: rec.titular as string, alcance: rec.alcance as string, valido_hasta: validoHasta, voz };
}
