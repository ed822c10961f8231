/**
 * Issue 22: the audit records which person acted. Two people on the local page (the page's own
 * user and a second persona, each a different user of the embedded Bot API with their own private
 * chat) share one notebook; each asks for a week's cover and approves it. The audit line of each
 * approval names the persona that pressed Aprobar (id and name), every request and result line
 * names who asked for the run, and the chain still verifies.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Message, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentService } from '../../src/agent/service.js';
import { createBot, startBot, type CuadernoBot, type RunningBot } from '../../src/bot/index.js';
import { loadConfig, type Config } from '../../src/config.js';
import { verifyAuditLog } from '../../src/store/auditCheck.js';
import { newWebchatToken, startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { stopBotAndRuns } from '../support/local-chat.js';

const ANA: User = { id: 7001, is_bot: false, first_name: 'Ana' };
const BRUNO: User = { id: 7002, is_bot: false, first_name: 'Bruno' };

let tmp: string;
let config: Config;
let tg: EmbeddedTelegram;
let cb: CuadernoBot;
let running: RunningBot;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-audit-personas-'));
  const token = newWebchatToken();
  config = loadConfig({ CUADERNO_DATA_DIR: path.join(tmp, 'data'), CUADERNO_MODELO: 'local', CUADERNO_CLAVES_DIR: path.join(tmp, 'claves') });
  tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir: path.join(tmp, 'chat-files'), user: { id: ANA.id, first_name: ANA.first_name }, personas: [{ id: BRUNO.id, first_name: BRUNO.first_name }] });
  const service = await createAgentService({ config });
  cb = await createBot({ config, service, notebook: service.toolbox.notebook, token, apiRoot: tg.apiRoot, allowedUserIds: [ANA.id, BRUNO.id] });
  running = await startBot(cb, config, { pollTimeoutS: 1, webhook: false });
});
afterAll(async () => {
  await stopBotAndRuns(cb, running);
  await tg.close();
  await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
});

/** The first of `who`'s chat messages that `pick` accepts, once the bot has sent it. */
function waitFor(who: User, what: string, pick: (m: Message) => boolean): Promise<Message> {
  return new Promise((resolve, reject) => {
    const check = () => tg.server.history(who.id).find(pick);
    const now = check();
    if (now) return resolve(now);
    const timer = setTimeout(() => { off(); reject(new Error(`no llegó: ${what}\n${JSON.stringify(tg.server.history(who.id).map((m) => [m.text, m.reply_markup]))}`)); }, 50_000);
    const off = tg.server.subscribe(() => {
      const m = check();
      if (m) { clearTimeout(timer); off(); resolve(m); }
    });
  });
}

const approveData = (m: Message) => (m.reply_markup?.inline_keyboard ?? []).flat().find((b) => /Aprobar/.test(b.text) && 'callback_data' in b) as { callback_data: string } | undefined;

/** `who` asks for a week's cover and approves it; resolves once the run's report is in their chat. */
async function coverApprovedBy(who: User, week: number): Promise<void> {
  tg.server.sendUserText(`haz la portada de la semana ${week}`, who);
  const question = await waitFor(who, 'la aprobación', (m) => m.from?.is_bot === true && approveData(m) !== undefined);
  tg.server.pressButton(question.message_id, approveData(question)!.callback_data, who);
  await waitFor(who, 'el informe', (m) => m.from?.is_bot === true && (m.text ?? '').startsWith('📋 Informe'));
}

interface Persona { id: number; nombre: string }
interface AuditLine { event: string; call_id?: string; tool?: string; args?: { semana?: number }; persona?: Persona; approval?: { approved: boolean; persona?: Persona } }

describe('who approved, in the audit', () => {
  it('each approval\'s audit line names the persona that pressed Aprobar, each call\'s lines who asked; the chain verifies', async () => {
    await coverApprovedBy(ANA, 1);
    await coverApprovedBy(BRUNO, 2);
    const file = path.join(config.dataDir, 'auditoria.jsonl');
    const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as AuditLine);
    const approvals = lines.filter((l) => l.event === 'resultado' && l.tool === 'generar_portada' && l.approval);
    expect(approvals.map((l) => l.approval)).toEqual([
      expect.objectContaining({ approved: true, persona: { id: ANA.id, nombre: 'Ana' } }),
      expect.objectContaining({ approved: true, persona: { id: BRUNO.id, nombre: 'Bruno' } }),
    ]);
    // Every line of a call names who asked for the run: the cover of week 1 is Ana's, week 2's Bruno's.
    const calls = lines.filter((l) => l.event === 'solicitud' || l.event === 'resultado');
    expect(calls.length).toBeGreaterThanOrEqual(4);
    const ana = { id: ANA.id, nombre: 'Ana' };
    const bruno = { id: BRUNO.id, nombre: 'Bruno' };
    for (const l of calls) expect([ana, bruno], JSON.stringify(l)).toContainEqual(l.persona);
    const coverOf = (week: number) => lines.find((l) => l.event === 'solicitud' && l.tool === 'generar_portada' && l.args?.semana === week)!;
    const lineOf = (week: number) => calls.filter((l) => l.call_id === coverOf(week).call_id).map((l) => l.persona);
    expect(lineOf(1)).toEqual([ana, ana]);
    expect(lineOf(2)).toEqual([bruno, bruno]);
    const check = await verifyAuditLog(file, config.keysDir);
    expect(check.problems).toEqual([]);
    expect(check.calls).toBeGreaterThanOrEqual(2);
  });
});
