/**
 * The terminal's answers to an approval (issue 10): `n: motivo` is a no with a reason the model
 * receives (in the rejected call's tool result) and the audit keeps; a bare `n` is a no without one.
 * Through `cuaderno preparar` with the offline planner, on a temp data dir.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../tools/helpers.js';
import { cli } from '../hardening/support.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir('cv-terminal-reason-')));
afterEach(() => cleanup());

const env = () => ({ CUADERNO_DATA_DIR: dir, CUADERNO_MODELO: 'local' });

/** What the model read for the rejected narration, and what the audit kept of the decision. */
async function seen(): Promise<{ toModel: Record<string, unknown> | undefined; audited: { approved?: boolean; note?: string } | undefined }> {
  const cp = JSON.parse(await readFile(path.join(dir, 'runs', 'cli', 'run.json'), 'utf8')) as { messages: Array<{ content: unknown }> };
  const blocks = cp.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])) as Array<{ type: string; content?: string }>;
  const toModel = blocks.filter((b) => b.type === 'tool_result').map((b) => JSON.parse(b.content ?? '{}') as Record<string, unknown>).find((r) => r.motivo === 'rechazado');
  const audit = (await readFile(path.join(dir, 'auditoria.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { event: string; tool: string; approval?: { approved?: boolean; note?: string } });
  return { toModel, audited: audit.find((e) => e.event === 'resultado' && e.tool === 'narrar_resumen')?.approval };
}

describe('the terminal answers an approval', () => {
  it('`n: motivo` is a no whose reason reaches the model and the audit', async () => {
    const r = await cli(['preparar', 'narre la semana 4'], env(), 'n: la voz no me convence\n');
    expect(r.code, r.stderr).toBe(0);
    const { toModel, audited } = await seen();
    expect(toModel).toMatchObject({ razon_del_propietario: 'la voz no me convence' });
    expect(audited).toMatchObject({ approved: false, note: 'la voz no me convence' });
  });

  it('a bare `n` is a no without a reason', async () => {
    const r = await cli(['preparar', 'narre la semana 4'], env(), 'n\n');
    expect(r.code, r.stderr).toBe(0);
    const { toModel, audited } = await seen();
    expect(toModel).toBeDefined();
    expect(toModel).not.toHaveProperty('razon_del_propietario');
    expect(audited).toMatchObject({ approved: false });
    expect(audited).not.toHaveProperty('note');
  });
});
