/** The pure parts of the bot: texts, limits, keyboards, note parsing, the report. */
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/media/messages.js';
import { anyCase } from '../../src/bot/command-kit.js';
import { parseNote } from '../../src/bot/commands.js';
import { understand } from '../../src/agent/understand.js';
import { forOwner } from '../../src/strings/agent.js';
import { reportText } from '../../src/bot/delivery.js';
import { answeredApprovalText, applyTaskEvent, approvalText, cardGist, captionAndRest, chatActionFor, progressBar, renderProgress, splitText, summarizeCalls, truncate, truncateAround } from '../../src/bot/format.js';
import type { CallOutcome } from '../../src/agent/types.js';
import type { NotApprovedReason } from '../../src/tools/contract.js';
import { CALLBACKS } from '../../src/bot/callbacks.js';
import { approvalCallbackData, approvalKeyboard, coverOnlyKeyboard, quickKeyboard, wavKeyboard } from '../../src/bot/keyboards.js';

const parseApprovalCallback = (d: string) => CALLBACKS.approval.parse(d);
const parseQuickCallback = (d: string) => CALLBACKS.quick.parse(d);
const parseWavCallback = (d: string) => CALLBACKS.wav.parse(d);
import { REPORT } from '../../src/strings/agent.js';
import { S } from '../../src/strings/chat.js';
import { RS } from '../../src/strings/review.js';
import { NOTES } from '../../src/strings/notes.js';

describe('keyboards', () => {
  it('round-trips approval callback data and refuses anything else', () => {
    const kb = approvalKeyboard('AbC-12_x', [{ hash: '0123456789' }, { hash: 'abcdef0123', label: 'la voz sintética' }]);
    const [yes, no] = kb.inline_keyboard[0]!;
    expect(parseApprovalCallback((yes as { callback_data: string }).callback_data)).toEqual({ approvalId: 'AbC-12_x', approved: true, hash: '0123456789' });
    expect(parseApprovalCallback((no as { callback_data: string }).callback_data)).toEqual({ approvalId: 'AbC-12_x', approved: false });
    // One row per schema-derived alternative, bound to its own arguments' hash.
    const [alt] = kb.inline_keyboard[1]!;
    expect(alt).toMatchObject({ text: '🔄 Mejor con la voz sintética' });
    expect(parseApprovalCallback((alt as { callback_data: string }).callback_data)).toEqual({ approvalId: 'AbC-12_x', approved: true, hash: 'abcdef0123' });
    expect(parseApprovalCallback('ap:x:y')).toBeUndefined();
    expect(parseApprovalCallback('{"semana":3}')).toBeUndefined();
    expect(() => approvalCallbackData('x'.repeat(70), true, '0123456789')).toThrow(/64 bytes/);
  });

  it('offers no Aprobar for an option whose dry run says it cannot work (issue 28: own voice without consent)', () => {
    const kb = approvalKeyboard('AbC-12_x', [{ hash: '0123456789', blocked: true }, { hash: 'abcdef0123', label: 'la voz sintética' }, { hash: 'fedcba9876', label: 'otra', blocked: true }]);
    const texts = kb.inline_keyboard.flat().map((b) => b.text);
    expect(texts).toEqual(['❌ Rechazar', '🔄 Mejor con la voz sintética']);
    const blockedHashes = kb.inline_keyboard.flat().map((b) => parseApprovalCallback((b as { callback_data: string }).callback_data)?.hash);
    expect(blockedHashes).not.toContain('0123456789');
    expect(blockedHashes).not.toContain('fedcba9876');
  });
});

describe('a 14-week course on a phone', () => {
  it('week buttons come four to a row (seven ran off a 390 px screen), every week once', () => {
    const weeks = Array.from({ length: 14 }, (_, i) => i + 1);
    const rows = quickKeyboard('p', weeks, false).inline_keyboard;
    expect(rows.map((r) => r.length)).toEqual([4, 4, 4, 2]);
    expect(rows.flat().map((b) => b.text)).toEqual(weeks.map((w) => `Semana ${w}`));
  });

  it('every week button drawn is one the bot accepts when tapped, weeks 10 and on included (they were answered as stale)', () => {
    const weeks = Array.from({ length: 60 }, (_, i) => i + 1);
    for (const action of ['p', 'c', 'r', 'n', 'v', 't'] as const) {
      const taps = quickKeyboard(action, weeks, false).inline_keyboard.flat().map((b) => parseQuickCallback((b as { callback_data: string }).callback_data));
      expect(taps).toEqual(weeks.map((week) => ({ kind: 'semana', action, week })));
    }
    expect(parseQuickCallback((coverOnlyKeyboard(14).inline_keyboard[0]![0] as { callback_data: string }).callback_data)).toEqual({ kind: 'semana', action: 'c', week: 14 });
    expect(weeks.map((w) => parseWavCallback((wavKeyboard(w).inline_keyboard[0]![0] as { callback_data: string }).callback_data))).toEqual(weeks);
    for (const bad of ['qr:p:0', 'qr:p:01', 'qr:p:1000', 'wav:0', 'wav:x']) expect(parseQuickCallback(bad) ?? parseWavCallback(bad)).toBeUndefined();
  });

  it('one new card reads «1 nueva», not «1 nuevas»', () => {
    expect(REPORT.cardsDone([1], [13])).toMatch(/^Tarjetas: 1 nueva \(número 1\) de la nota 13\./);
    expect(REPORT.cardsDone([1, 2], [13])).toMatch(/^Tarjetas: 2 nuevas \(números 1, 2\)/);
  });
});

describe('format', () => {
  it('splits long text under the limit at paragraph or line boundaries, losing nothing', () => {
    const text = Array.from({ length: 300 }, (_, i) => `línea ${i} con algo de texto`).join('\n');
    const chunks = splitText(text, 1000);
    expect(chunks.every((c) => c.length <= 1000)).toBe(true);
    expect(chunks.join('\n')).toBe(text);
    expect(splitText('x'.repeat(2500), 1000).map((c) => c.length)).toEqual([1000, 1000, 500]);
  });

  it('splits a caption over 1,024 characters at a paragraph: the caption, then the rest as messages', () => {
    const para = (n: number, len: number) => `${n}:${'a'.repeat(len - 2)}`;
    const text = [para(1, 600), para(2, 600), para(3, 3_000), para(4, 2_000)].join('\n\n');
    const { caption, rest } = captionAndRest(text);
    expect(caption).toBe(para(1, 600));
    expect(rest.every((m) => m.length <= 4096)).toBe(true);
    expect([caption, ...rest].join('\n\n')).toBe(text);
    expect(rest[0]!.startsWith('2:')).toBe(true);
    expect(captionAndRest('corta')).toEqual({ caption: 'corta', rest: [] });
  });

  it('truncates by code points with an ellipsis', () => {
    expect(truncate('🙂🙂🙂', 2)).toBe('🙂…');
    expect(truncate('abc', 3)).toBe('abc');
  });

  it('draws tasks with marks, a bar and elapsed seconds', () => {
    let tasks = applyTaskEvent([], { type: 'started', t: 0, taskId: 'a', label: 'Portada', lane: 'cpu', attempt: 1 });
    tasks = applyTaskEvent(tasks, { type: 'queued', t: 0, taskId: 'b', label: 'Narración', lane: 'cpu' });
    tasks = applyTaskEvent(tasks, { type: 'finished', t: 5, taskId: 'a', label: 'Portada', lane: 'cpu' });
    expect(renderProgress('⏳ «x»', tasks, 12_400)).toBe('⏳ «x»\n✅ Portada\n⬜ Narración\n▓▓▓▓▓░░░░░ 1/2 · 12 s');
    // Two calls still wait for the owner (issue 28: the bar read «2/2», full): waiting is not done.
    const settled = tasks.map((t) => ({ ...t, state: 'hecha' as const }));
    expect(renderProgress('⏳ «x»', settled, 12_400, undefined, { waiting: ['la portada', 'la narración'] }).split('\n').filter((l) => l.includes('·'))[0]).toBe('▓▓▓▓▓░░░░░ 2/4 · 12 s');
    // The waits are named as they are: no «(no cuenta como trabajo)» after them.
    expect(renderProgress('⏳ «x»', settled, 12_400, undefined, { waiting: ['la portada', 'la narración'] })).toContain('\n0 en marcha · 0 en cola · 2 esperan tu respuesta');
    expect(renderProgress('⏳ «x»', settled, 12_400, undefined, { waiting: ['la portada', 'la narración'] })).not.toContain('cuenta como trabajo');
    expect(progressBar(0, 0)).toBe('░░░░░░░░░░');
  });

  it('a stage run note by note is one line counting its notes (ten lines were too long on a phone), in the place of its first', () => {
    const view = (taskId: string, label: string, state: 'pendiente' | 'en_curso' | 'hecha' | 'fallida') => ({ taskId, label, state, attempt: 1, lane: 'cpu' as const });
    const tasks = [
      view('buscar', 'Buscar notas', 'hecha'),
      ...[7, 3, 9, 4].map((n, i) => view(`tarjetas#${n}`, `Crear tarjetas (nota ${n})`, i < 2 ? 'hecha' : i === 2 ? 'en_curso' : 'pendiente')),
      view('portada', 'Portada', 'pendiente'),
    ];
    const lines = renderProgress('⏳ «x»', tasks, 1_000).split('\n');
    expect(lines.slice(1, 4)).toEqual(['✅ Buscar notas', '🔄 Crear tarjetas: 2 de 4 notas leídas', '⬜ Portada']);
    // The bar still counts every task.
    expect(lines[4]).toMatch(/ 3\/6 · 1 s$/);
    const done = tasks.map((t) => ({ ...t, state: 'hecha' as const }));
    expect(renderProgress('⏳ «x»', done, 1_000).split('\n')[2]).toBe('✅ Crear tarjetas: 4 de 4 notas leídas');
    const failed = tasks.map((t, i) => (i === 2 ? { ...t, state: 'fallida' as const } : t));
    expect(renderProgress('⏳ «x»', failed, 1_000).split('\n')[2]).toBe('❌ Crear tarjetas: 2 de 4 notas leídas');
    // The line counts notes read, never cards: «10 de 10 notas» over a report of «7 nuevas» read as
    // three cards lost (the second walk).
    expect(lines[2]).not.toMatch(/notas$/u);
    // Two notes are two lines, as before.
    expect(renderProgress('⏳ «x»', tasks.slice(0, 3), 1_000).split('\n').slice(1, 4)).toEqual(['✅ Buscar notas', '✅ Crear tarjetas (nota 7)', '✅ Crear tarjetas (nota 3)']);
  });

  it('maps media tasks to chat actions', () => {
    // The stage catalogue's chat actions, under the run's numbering (`#n` repeats, `@pass`).
    expect(chatActionFor('portada.imagen#2@1')).toBe('upload_photo');
    expect(chatActionFor('portada.prompt')).toBeUndefined();
    expect(chatActionFor('narracion.voz@3')).toBe('record_voice');
    expect(chatActionFor('narracion.codificar')).toBe('record_voice');
    expect(chatActionFor('narracion.guion#2')).toBeUndefined();
  });

  it('/gasto says money and words; offline it does not mention the planner\'s imitation notes', () => {
    const offline = S.spend({ billedUsd: 0, billedTokens: 0, estimatedTokens: 11_000, modelNotes: { rows: 3, usd: 0.01 } }, 5);
    expect(offline).toBe('📅 Gasto de este mes (todos tus trabajos): 0,00 USD de 5,00 USD (te quedan 5,00 USD). Este mes no has usado el asistente de pago.\nLo que preparé sin conexión este mes no te cuesta nada: sin conexión no uso el asistente de pago.');
    const billed = S.spend({ billedUsd: 0.03, billedTokens: 11_000, estimatedTokens: 0, modelNotes: { rows: 1, usd: 0.01 } }, 5);
    expect(billed).toMatch(/^📅 Gasto de este mes \(todos tus trabajos\): 0,03 USD de 5,00 USD \(te quedan 4,97 USD\)\. Es lo que ha costado que el asistente leyera y escribiera unas 8300 palabras\.\nAdemás, el asistente apuntó/);
  });

  it('an answered approval keeps what was asked and drops what only made sense while it waited', () => {
    const req = { tool: 'generar_portada', proposal: { args: { semana: 3, maqueta: true }, preview: { summary: 's', writes: [], engine: 'maqueta', lane: 'cpu' as const, estimateS: 15, cached: false } } };
    const sent = approvalText(req, { timeoutS: 3600, course: DEMO_COURSE, lastNo: 'más colorida' });
    expect(sent).toMatch(/^🔐 Necesito tu permiso: generar la portada de la semana 3\n/);
    expect(sent).toMatch(/\n• La última vez me dijiste que no: «más colorida»\n/);
    expect(sent).toMatch(/\n\nSi no respondes en 60 min, cuenta como rechazo\.$/);
    // While it waits, nothing is being done: it is done once approved.
    expect(sent).toContain('\n• Aún no está hecho: lo haré cuando lo apruebes\n');
    expect(sent).not.toContain('lo hago ahora');
    const answered = answeredApprovalText(sent, 3600);
    expect(answered).toMatch(/^🔐 Te pedí permiso para generar la portada de la semana 3\n/);
    expect(answered).not.toMatch(/Necesito tu permiso|Si no respondes/);
    expect(answered).toContain('• Semana 3 (historia del arte)');
  });

  it('shows the tool in words, its arguments in Spanish and the dry run', () => {
    const text = approvalText({
      tool: 'narrar_resumen', proposal: { args: { semana: 4, motor: 'xtts' },
        preview: { summary: 'Narraría la semana 4.', writes: ['/d/audio/semana_04.wav'], engine: 'xtts', lane: 'gpu', estimateS: 20.4, cached: true, problems: ['falta el consentimiento de voz'] } },
    }, { timeoutS: 3600, course: DEMO_COURSE });
    expect(text).toBe([
      '🔐 Necesito tu permiso: narrar el resumen de la semana 4', '', 'Con estos datos:',
      '• Semana 4 (música)', '• Voz: tu propia voz (necesita tu consentimiento)', '',
      'Qué haré:', 'Escribiré un guion corto de la semana 4, lo narraré con la voz elegida y te mandaré el audio aquí.', '• Tardará unos 20 s',
      '• Ya está hecho: te lo mando sin repetirlo', '', '⚠️ Así no va a salir, aunque lo apruebes:', '• Falta el consentimiento de voz',
      '', 'Si no respondes en 60 min, cuenta como rechazo.',
    ].join('\n'));
  });

  it('turns the tools\' model-facing problems into what the owner must do: no tool arguments, no server paths, tú', () => {
    const text = approvalText({
      tool: 'narrar_resumen', proposal: { args: { semana: 3, motor: 'xtts' },
        preview: {
          summary: 'Escribiría el guion de la semana 3 y lo narraría con el motor xtts (GPU, voz del titular).', writes: ['/srv/data/audio/semana_03.wav'], engine: 'xtts', lane: 'gpu', estimateS: 20, cached: false,
          problems: [
            MSG.consentMissing('/srv/data/consentimiento.json', 'no existe el registro de consentimiento'),
            MSG.xttsNotConfigured,
          ],
        } },
    }, { timeoutS: 3600 });
    expect(text).not.toMatch(/\/srv\/data|motor:"|titular|\bUsa\b|avisa|XTTS|xtts|\.json/);
    expect(text).toContain('Escribiré un guion corto de la semana 3, lo narraré con la voz elegida');
    expect(text).toContain('• Falta tu consentimiento para usar tu voz: lo registra quien pone en marcha el bot (si eres tú, la guía de instalación explica cómo)');
    expect(text).toContain('• Tu voz se genera en un servidor de voz que no está configurado: lo configura quien pone en marcha el bot (si eres tú, la guía de instalación explica cómo).');
    // The way out is said once, not once per problem.
    expect(text.match(/con una voz sintética/g)).toHaveLength(1);
  });

  it('ends with one line per thing made for the owner, not the stages nor the usage bookkeeping', () => {
    const calls: CallOutcome[] = [
      { tool: 'buscar_notas', kind: 'ok' }, { tool: 'crear_tarjetas', kind: 'ok' }, { tool: 'crear_tarjetas', kind: 'ok' },
      { tool: 'generar_portada', kind: 'cache' }, { tool: 'narrar_resumen', kind: 'rechazado', notApproved: 'rechazado' }, { tool: 'registrar_uso', kind: 'ok' },
    ];
    const { lines, nothingMade } = summarizeCalls(calls);
    expect(nothingMade).toBeUndefined();
    // The cover came from before (a repeat): not made (issue 28), the same as the report says.
    expect(lines).toEqual([
      { tool: 'buscar_notas', state: 'hecha' }, { tool: 'crear_tarjetas', state: 'hecha' }, { tool: 'generar_portada', state: 'ya_estaba' }, { tool: 'narrar_resumen', state: 'no_aprobada' },
    ]);
    // A failure redone later counts as made; a failure alone says so.
    expect(summarizeCalls([{ tool: 'generar_portada', kind: 'error' }, { tool: 'generar_portada', kind: 'ok' }]).lines).toEqual([{ tool: 'generar_portada', state: 'hecha' }]);
    expect(summarizeCalls([{ tool: 'narrar_resumen', kind: 'error' }]).lines).toEqual([{ tool: 'narrar_resumen', state: 'fallida' }]);
  });

  it('a run whose every proposal was refused made nothing, and says why (no ✅)', () => {
    const no = (tool: string, reason: NotApprovedReason = 'rechazado'): CallOutcome => ({ tool, kind: 'rechazado', notApproved: reason });
    expect(summarizeCalls([no('generar_portada'), { tool: 'registrar_uso', kind: 'ok' }]).nothingMade).toBe('rechazado');
    expect(summarizeCalls([{ tool: 'buscar_notas', kind: 'ok' }, no('generar_portada'), no('narrar_resumen', 'expirado')]).nothingMade).toBe('rechazado');
    expect(summarizeCalls([no('generar_portada', 'expirado')]).nothingMade).toBe('expirado');
    // Something was made, or nothing was proposed, or it was cancelled: not "nothing because of you".
    expect(summarizeCalls([{ tool: 'crear_tarjetas', kind: 'ok' }, no('generar_portada')]).nothingMade).toBeUndefined();
    expect(summarizeCalls([{ tool: 'buscar_notas', kind: 'ok' }]).nothingMade).toBeUndefined();
    expect(summarizeCalls([no('generar_portada', 'cancelado')]).nothingMade).toBeUndefined();
  });

  it('a run without tasks shows no empty 0/0 bar', () => {
    expect(renderProgress('⏳ «hola»', [], 1_000)).toBe('⏳ «hola»\nPensando qué hacer…');
    expect(renderProgress('✅ Terminado: «hola»', [], 1_000)).toBe('✅ Terminado: «hola»');
  });

  it('tells a bare greeting from a request that starts with one', () => {
    for (const t of ['hola', 'Hola!', '¡Buenas tardes! 👋', 'buenos días', 'hola cuaderno']) expect(understand(t, DEMO_COURSE).intent, t).toBe('saludo');
    for (const t of ['hola, prepare la semana 3', 'buenas, narre la semana 4', 'semana 3']) expect(understand(t, DEMO_COURSE).intent, t).not.toBe('saludo');
  });

  it('accepts commands capitalised by a phone keyboard', () => {
    expect(anyCase('semana')).toEqual(['semana', 'Semana', 'SEMANA']);
  });

  it('says tool failures in the owner\'s words: no tool name, no server path, what to do', () => {
    expect(forOwner(`falló (La herramienta narrar_resumen falló: ${MSG.consentExpired('2025-01-31')})`))
      .toBe('tu consentimiento de voz caducó el 2025-01-31: lo renueva quien pone en marcha el bot (si eres tú, la guía de instalación explica cómo). Mientras tanto puedo narrarla con una voz sintética: pídemelo de nuevo sin pedir tu voz.');
    expect(forOwner('falló (La herramienta generar_portada falló: No hay notas de la semana 2 en /srv/cuaderno/data/notas.json.)'))
      .toBe('falló (No hay notas de la semana 2 en un archivo del cuaderno.)');
    // A reason no rule knows still loses tool ids, settings and engine codenames.
    expect(forOwner('falló (La herramienta narrar_resumen falló: El servidor de xtts no respondió; revise XTTS_URL.)'))
      .toBe('falló (el servidor de voz no respondió; revisa la configuración del bot.)');
  });

  it('parses /nota with and without a topic, and validates length', () => {
    expect(parseNote('música: el contrapunto combina melodías')).toEqual({ kind: 'ok', tema: 'música', texto: 'el contrapunto combina melodías' });
    expect(parseNote('repasar la varianza muestral')).toEqual({ kind: 'ok', tema: 'general', texto: 'repasar la varianza muestral' });
    expect(parseNote('')).toMatchObject({ kind: 'error' });
    expect(parseNote('corto')).toMatchObject({ kind: 'error', message: expect.stringMatching(/corta/) });
    expect(parseNote('x'.repeat(2001))).toMatchObject({ kind: 'error', message: expect.stringMatching(/larga \(2001 caracteres; el máximo es 2000\), así que no la he guardado/) });
  });

  it('builds the report with what was not done, why it stopped, and the cost', () => {
    const text = reportText({
      runId: 'r', stopReason: 'max_iteraciones', iterations: 8, tokens: { input: 1234, output: 56 }, costUsd: 0.0031,
      report: 'Informe del modelo', artifacts: [], notDone: ['Portada: no aprobada'], taskEvents: [], detail: 'se alcanzó el límite de 8 iteraciones',
    });
    expect(text).toBe('📋 Informe\n\nInforme del modelo\n\nNo se hizo:\n• Portada: no aprobada\n\nMotivo de la parada: se alcanzó el límite de 8 iteraciones\n\n💵 Coste de este trabajo: 0,0031 USD (el asistente leyó y escribió unas 970 palabras). Lo que llevas este mes te lo dice /gasto.');
  });

  it('the cost line is the run\'s spend as /gasto counts it (the usage rows), not the loop\'s own tally', () => {
    const base = { runId: 'r', stopReason: 'end_turn' as const, iterations: 2, tokens: { input: 900, output: 100 }, costUsd: 0.5, report: 'x', artifacts: [], notDone: [], taskEvents: [] };
    const spend = { billedUsd: 0.0123, billedTokens: 4200, estimatedTokens: 0, modelNotes: { rows: 1, usd: 9 } };
    expect(reportText({ ...base, spend })).toContain('💵 Coste de este trabajo: 0,0123 USD (el asistente leyó y escribió unas 3200 palabras).');
    expect(reportText({ ...base, usageEstimated: true })).toContain('💵 Coste de este trabajo: 0,00 USD (estimación: sin conexión no se cobra nada).');
  });
});

describe('a line of the deck keeps a cloze\'s blank in view', () => {
  const q = 'Completa la frase: «En el ciclo de Carnot, formado por dos isotermas y dos adiabáticas, todas reversibles, el rendimiento depende solo de las temperaturas de los _____ entre los que trabaja la máquina.»';
  it('a long cloze is cut around its blank, not before it', () => {
    const line = truncateAround(q, '_____', 90);
    expect(Array.from(line).length).toBeLessThanOrEqual(90);
    expect(line).toContain('_____');
    expect(line.startsWith('…')).toBe(true);
    // Cut from the start, two clozes of one sentence read the same; around the blank they differ.
    expect(truncate(q, 90)).not.toContain('_____');
  });
  it('cuts at a word on both sides (the second walk\'s /tarjetas: «…prema Central»)', () => {
    const walk = 'Completa la frase (Vacío de poder de 1808): «En septiembre de 1808 se formó en Aranjuez la Junta Suprema Central, presidida por el conde de _____, que coordinó la resistencia hasta su disolución en enero de 1810.»';
    for (const [text, max] of [[walk, 90], [q, 90], [walk, 60], [q, 70]] as const) {
      const line = truncateAround(text, '_____', max);
      expect(Array.from(line).length, line).toBeLessThanOrEqual(max);
      expect(line, line).toContain('_____');
      // Every word shown is a word of the text, whole.
      const words = new Set(text.split(/\s+/u));
      const shown = line.replace(/^…|…$/gu, '').trim().split(/\s+/u);
      for (const w of shown) expect(words.has(w), `«${w}» in ${line}`).toBe(true);
    }
    expect(truncateAround('Completa la frase: «Se '.concat('dice algo largo '.repeat(8), 'y fin.»'), '_____', 60)).toMatch(/ \p{L}+…$/u);
  });
  it('the start is kept when the blank fits, and a text without one is cut as before', () => {
    expect(truncateAround('Completa la frase: «La _____ mide el desorden.»', '_____', 90)).toBe('Completa la frase: «La _____ mide el desorden.»');
    expect(truncateAround('¿Qué es '.padEnd(120, 'x'), '_____', 90)).toBe(truncate('¿Qué es '.padEnd(120, 'x'), 90));
  });
});

describe('the question before deleting a card names the card', () => {
  // The walker's card 2: cut at 60 characters from the start it read «Completa la frase (Expansión
  // del fondo oceánico): «Se…» — nothing of the card itself.
  const q = 'Completa la frase (Expansión del fondo oceánico): «Se entiende por tectónica de placas la _____ que explica la dinámica de la capa externa de la Tierra, dividida en fragmentos rígidos que se desplazan unos respecto a otros.»';
  it('shows its sentence without «Completa la frase (…):», cut at a word near 80 characters', () => {
    const ask = RS.removeAsk(2, cardGist(q));
    expect(ask).toBe('¿Borrar la tarjeta 2 («Se entiende por tectónica de placas la _____ que explica la dinámica de la capa…»)? Se quita del mazo y de los repasos.');
    expect(NOTES.cardDeleteAsk(2, cardGist(q))).toMatch(/^¿Borrar la tarjeta 2 \(«Se entiende por tectónica de placas la _____ que explica la dinámica de la capa…»\)\?/);
  });
  it('a question with a cue in front loses the cue; a plain one is itself', () => {
    expect(cardGist('(Fondo oceánico) ¿Qué es las fosas oceánicas?')).toBe('¿Qué es las fosas oceánicas?');
    expect(cardGist('Completa la frase: «La _____ mide el desorden.»')).toBe('La _____ mide el desorden.');
    expect(cardGist('¿Qué mide la desviación estándar?')).toBe('¿Qué mide la desviación estándar?');
  });
});
