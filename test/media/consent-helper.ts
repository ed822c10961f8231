// Runs checkConsent against a real file in a temp dir; returns 'ok' or the error code.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkConsent } from '../../src/domain/media/consent.js';
import { tempDir } from './helpers.js';

export async function checkConsentAt(validoHasta: string, now: string): Promise<string> {
  const { dir, cleanup } = await tempDir();
  try {
    await writeFile(path.join(dir, 'consentimiento.json'), JSON.stringify({ titular: 'Ana', alcance: 'narraciones', valido_hasta: validoHasta }));
    await checkConsent(dir, new Date(now));
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  } finally {
    await cleanup();
  }
}
