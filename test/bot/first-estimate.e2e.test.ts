/**
 * The first estimate of a week (issue 46, the walk: «6 s» said for 46 s of work): the status
 * message's first «Quedan …» counts every part the request will run — the narration and the cover
 * included — before those parts have shown a stage of their own. Real bot in the local chat, on a
 * fresh data folder (so each stage's estimate is the catalogue's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagesOf } from '../../src/tools/stages/catalogue.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { until } from './steps.js';

let chat: LocalChat;
beforeAll(async () => {
  chat = await startLocalChat('cv-primera-estimacion-');
});
afterAll(async () => chat?.close());

/** «unos 21 s» / «unos 2 min» / «un minuto» → seconds. */
function seconds(line: string): number {
  const m = /Quedan? (?:unos (\d+) (s|min)|(un segundo)|(un minuto))/.exec(line);
  if (!m) throw new Error(`no estimate in «${line}»`);
  if (m[3]) return 1;
  if (m[4]) return 60;
  return Number(m[1]) * (m[2] === 'min' ? 60 : 1);
}

describe('the first estimate', () => {
  it('counts the narration before it is asked for', async () => {
    const etas: string[] = [];
    const stop = chat.tg.server.subscribe((e) => {
      const line = (e.type === 'message' || e.type === 'edit') ? e.message.text?.split('\n').find((l) => l.startsWith('⏱ Qued')) : undefined;
      if (line) etas.push(line);
    });
    chat.tg.server.sendUserText('prepara la semana 3');
    await until(async () => etas.length > 0);
    stop();
    const narration = stagesOf('narrar_resumen').reduce((s, st) => s + st.estimateMs, 0) / 1000;
    expect(seconds(etas[0]!)).toBeGreaterThanOrEqual(Math.floor(narration));
  });
});
