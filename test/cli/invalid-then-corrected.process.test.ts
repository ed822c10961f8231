/**
 * Issue 23, through the terminal: `cuaderno preparar` (the compiled CLI, a child process) with a
 * model — the real SDK talking to a local Messages API server — that first asks for the cover of
 * week 9 (refused: the demo course has four weeks) and then for week 3's. On 26bbfae the report read
 * the refused call's week and the command exited 1 with `TypeError: Cannot read properties of
 * undefined (reading 'charAt')` in weekTitle ← buildReport.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, runCompiled } from '../support/compiled.js';
import { startMessagesApiServer, type MessagesApiServer } from '../support/messages-api-server.js';
import { expectRefusalReachedModelOnce, INVALID_THEN_CORRECTED } from '../support/invalid-then-corrected.js';
import { dataAndKeys } from '../hardening/support.js';

let api: MessagesApiServer | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await api?.close();
  api = undefined;
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

describe('cuaderno preparar, an invalid call corrected by the model', () => {
  it('exits 0; one approval asked, for week 3; the refusal shown once; the report is about week 3', async () => {
    api = await startMessagesApiServer({ replies: INVALID_THEN_CORRECTED });
    const { env } = await dataAndKeys('cv-corregida', cleanups);
    const r = await runCompiled('cli', ['preparar', 'prepare la semana 3'], {
      env: { ...childEnv(), ...env, CUADERNO_MODELO: 'claude-sonnet-5-5', ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: api.url },
      stdin: 's\n',
    });
    expect(r.stderr).not.toMatch(/charAt|TypeError/);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.match(/semana=9 fuera de/g)).toHaveLength(1);
    expect(r.stdout.match(/\[s\/n\]/g)).toHaveLength(1);
    expect(r.stdout).toMatch(/"semana":3/);
    expect(r.stdout).toMatch(/^Semana 3 · Historia del arte\.$/m);
    expect(r.stdout).toMatch(/^Portada: hecha/m);
    expect(r.stdout).not.toMatch(/Semana 9|no se hizo/);
    expectRefusalReachedModelOnce(api);
  });
});
