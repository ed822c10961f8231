/**
 * The notebook's own audit events (store/auditEvents.ts): a document read again leaves one line with
 * the ids it changed, never text, and the log with it still verifies (every line's event known, the
 * chain whole). Tier: rapido (files only).
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyAuditLog } from '../../src/store/auditCheck.js';
import { DOCUMENT_REREAD_EVENT, rereadAuditEntry } from '../../src/store/auditEvents.js';
import { createAuditLog } from '../../src/store/auditLog.js';
import { tempDir } from '../tools/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('a document read again', () => {
  it('is one audit line with the notes replaced, added and removed, and the log still verifies', async () => {
    const data = await tempDir('cv-audit-ev-data-');
    const keys = await tempDir('cv-audit-ev-keys-');
    cleanups.push(data.cleanup, keys.cleanup);
    const file = path.join(data.dir, 'auditoria.jsonl');
    const log = createAuditLog(file, { keysDir: keys.dir });
    const at = new Date('2027-03-10T09:00:00Z');
    await log.append(rereadAuditEntry({ clave: 'sha256:abc', reemplazadas: [3, 4], nuevas: [21], borradas: [5] }, at));
    const lines = (await log.list()).filter((e) => e.event === DOCUMENT_REREAD_EVENT);
    expect(lines).toEqual([expect.objectContaining({ timestamp: at.toISOString(), event: 'documento_releido', clave: 'sha256:abc', reemplazadas: [3, 4], nuevas: [21], borradas: [5] })]);
    expect((await verifyAuditLog(file, keys.dir)).problems).toEqual([]);
  });
});
