/**
 * End to end: our grammY bot talks HTTP (long polling) to the `telegram-test-api` emulator through
 * the local stand-in for uploads and chat actions; test clients type and press buttons through the
 * emulator's client API. Behind the bot is the real agent service with the offline planner
 * (`CUADERNO_MODELO=local`) and the real tools, in a temp data dir — no mocks of our modules.
 */
import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWav } from '../../src/domain/media/wav.js';
import { OWNER, OWNER2, startStack, type Stack } from './stack.js';
import { answerUntilReport, button, isCover, isMp3, nextApproval, real, until } from './steps.js';
import { TEST_ENV } from '../support/test-env.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('the week in the chat (real agent, offline planner)', () => {
  it('delivers what exists: the approved cover reaches the chat while the narration question is still open', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepara la semana 2');
    const cover = await nextApproval(owner, new Set());
    expect(isCover(cover)).toBe(true);
    const narration = await nextApproval(owner, new Set([cover.messageId]));
    expect(narration.text).toMatch(/narrar el resumen/);
    await owner.press(cover.messageId, button(cover, /Aprobar/));

    // The cover photo arrives with the narration undecided: its buttons still there, no report yet.
    const coverPhoto = () => stack!.h.uploads.find((u) => u.method === 'sendPhoto' && u.chatId === OWNER && /^Portada · Semana 2/.test(String(u.fields.caption)));
    await until(async () => coverPhoto() !== undefined);
    const png = PNG.sync.read(await readFile(coverPhoto()!.file));
    // The side the configuration asks for (the tests' small covers: test/support/test-env.ts).
    expect([png.width, png.height]).toEqual([Number(TEST_ENV.PORTADA_PX), Number(TEST_ENV.PORTADA_PX)]);
    const msgs = await owner.messages();
    expect(msgs.find((m) => m.messageId === narration.messageId)!.buttons.length).toBeGreaterThanOrEqual(2);
    expect(msgs.some((m) => m.text.startsWith('📋 Informe'))).toBe(false);
    // The status names what waits for the owner apart from the work, and the work is all done.
    const status = await owner.waitFor('status waiting for the narration', (m) => m.find((x) => /⏸ Narrar el resumen de la semana: espera tu respuesta/.test(x.text) && /0 en marcha · 0 en cola · 1 espera tu respuesta$/m.test(x.text)));
    // One estimate (walk item 11): the status's time once answered is the figure the question gave
    // («Tardará unos 2 s» on this computer's voice), not the catalogue's server voice (20 s).
    const asked = /• Tardará (.+)\n/.exec(narration.text)?.[1];
    expect(asked).toMatch(/^(un segundo|unos [2-5] s)$/);
    expect(status.text).toMatch(new RegExp(`⏱ Cuando respondas: ${asked} más`));
  });

  it('prepares the week: one approval (tapped twice), one rejection; the cover delivered, the chart only from its button; the closing message says what was not done', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    expect(stack.h.myCommands).toHaveLength(1);

    await owner.say('prepare la semana 3');
    const cover = await nextApproval(owner, new Set());
    expect(isCover(cover)).toBe(true);
    expect(cover.text).toMatch(/Semana 3 \(historia del arte\)/);
    expect(cover.text).toMatch(/un dibujo hecho en este ordenador/);
    expect(cover.text).toMatch(/Haré la portada de la semana 3/);
    // Drawn on this computer, a cover takes a second or two: never the GPU's 15 s before anything was measured.
    expect(cover.text).toMatch(/Tardará (un segundo|unos [2-5] s)\n/);
    expect(cover.text).toMatch(/\n• Aún no está hecho: lo haré cuando lo apruebes\n/);
    // No engine codenames, no file paths in what the owner reads.
    expect(cover.text).not.toMatch(/maqueta|juguete|xtts|flux|\.png|\.wav|caché/i);
    for (const b of cover.buttons) expect(Buffer.byteLength(b.data)).toBeLessThanOrEqual(64);
    expect(cover.buttons.map((b) => b.data).join()).not.toMatch(/semana|maqueta|portada/);

    await owner.press(cover.messageId, button(cover, /Aprobar/));
    await owner.press(cover.messageId, button(cover, /Aprobar/)); // double tap
    const { report, approvals } = await answerUntilReport(owner, () => 'Rechazar', [cover.messageId]);
    expect(approvals.map((a) => a.text.split('\n')[0])).toEqual([expect.stringMatching(/^🔐 Necesito tu permiso: narrar el resumen de la semana \d+$/)]);
    expect(report.text).toMatch(/No se hizo:\n• Narrar el resumen de la semana \d+: no lo aprobaste/);
    expect(report.text).toMatch(/💵 Coste de este trabajo: 0,00 USD \(estimación: sin conexión no se cobra nada\)\./);

    const msgs = await owner.messages();
    const coverNow = msgs.find((m) => m.messageId === cover.messageId)!;
    expect(coverNow.text).toMatch(/✅ Aprobado por Ana a las \d\d:\d\d\./);
    expect(coverNow.buttons).toEqual([]);
    const narrationNow = msgs.find((m) => m.messageId === approvals[0]!.messageId)!;
    expect(narrationNow.text).toMatch(/❌ Rechazado por Ana/);
    // Answered, each reads as what was asked and the decision: nothing left that only made sense while waiting.
    for (const answered of [coverNow, narrationNow]) {
      expect(answered.text).toMatch(/^🔐 Te pedí permiso para (generar la portada|narrar el resumen) de la semana 3\n/);
      expect(answered.text).not.toMatch(/Necesito tu permiso|Si no respondes|Aún no está hecho/);
    }
    // The status ends in one line; the closing message says what was made, with no sub-stages.
    await owner.waitText(/^✅ Terminado: «prepare la semana 3» — el resumen va abajo$/);
    expect(report.text).toMatch(/^📋 Informe · «prepare la semana 3»\n\n✅ Tarjetas de repaso: \d+ nuevas?\n✅ Portada\n\nNo se hizo:/);
    expect(report.text).toMatch(/\n⏱ \d+ s de trabajo( \(sin contar lo que esperé tus respuestas\))?\n💵/);
    expect(report.text).not.toMatch(/Título de la portada|Revisión|Guardar la portada|Idea de la portada|Guion|Marca de agua|Codificar|▓/);

    const answers = stack.h.answers.filter((a) => a.fromId === OWNER).map((a) => a.text);
    expect(answers).toEqual(['Aprobado ✅', 'Ya estaba decidido.', 'Rechazado ❌', 'Sigo sin motivo.']);

    // The chart is not sent unasked: it comes from its button under the closing message.
    const ownerPhotos = () => stack!.h.uploads.filter((u) => u.method === 'sendPhoto' && u.chatId === OWNER);
    await stack.cb.runs.idle();
    expect(ownerPhotos()).toHaveLength(1);
    await owner.press(report.messageId, button(report, /Cronograma/));
    await until(async () => ownerPhotos().length >= 2);
    const photos = ownerPhotos();
    expect(photos.map((p) => p.fields.caption)).toEqual(['Portada · Semana 3 · Historia del arte', 'Cronograma del trabajo (con borde rojo, lo que marcó la duración)']);
    for (const p of photos) {
      const png = PNG.sync.read(await readFile(p.file));
      expect(png.width).toBeGreaterThan(100);
    }
    expect(stack.h.uploads.some((u) => u.method === 'sendAudio')).toBe(false);
    expect(stack.h.chatActions).toContainEqual({ chatId: OWNER, action: 'upload_photo' });
  });

  it('a run whose only call was rejected says plainly that nothing was made: no ✅, no «1/1»', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('rehaz la portada de la semana 2');
    const { approvals, report } = await answerUntilReport(owner, () => 'Rechazar');
    expect(approvals).toHaveLength(1);
    expect(report.text).toMatch(/No se hizo:\n• Generar la portada de la semana \d+: no lo aprobaste/);
    const status = await owner.waitText(/^🚫 «rehaz la portada de la semana 2»/);
    expect(status.text).toBe('🚫 «rehaz la portada de la semana 2»: no he hecho nada, porque lo rechazaste.');
    expect((await owner.messages()).some((m) => /Terminado/.test(m.text))).toBe(false);
  });


  it('two chats at once: each gets its own approvals, cover, MP3 episode and WAV; /semana spends no tokens', async () => {
    stack = await startStack(real);
    const a = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    const b = stack.h.client({ userId: OWNER2, firstName: 'Beto' });
    await Promise.all([a.say('prepare la semana 3'), b.say('/semana 2')]);
    const [ra, rb] = await Promise.all([answerUntilReport(a, () => 'Aprobar'), answerUntilReport(b, () => 'Aprobar')]);
    expect(ra.approvals).toHaveLength(2);
    expect(rb.approvals).toHaveLength(2);
    expect(rb.report.text).toMatch(/💵 Coste de este trabajo: 0,00 USD: no hizo falta el modelo\./);
    for (const [c, week] of [[a, 3], [b, 2]] as const) {
      const r = c === a ? ra : rb;
      expect(r.report.text).not.toMatch(/No se hizo/);
      // The cover and one playable episode; no chart unasked, no WAV yet.
      await until(async () => stack!.h.uploads.filter((u) => u.chatId === c.chatId).length === 2);
      const ups = stack!.h.uploads.filter((u) => u.chatId === c.chatId);
      expect(ups.map((u) => u.method).sort()).toEqual(['sendAudio', 'sendPhoto']);
      const audio = ups.find((u) => u.method === 'sendAudio')!;
      expect(audio.filename).toBe(`semana_0${week}.mp3`);
      expect(audio.fields.title).toMatch(new RegExp(`Semana ${week}`));
      expect(audio.fields.performer).toBe('Cuaderno Vivo (voz generada por IA)');
      expect(JSON.parse(audio.fields.reply_markup!)).toEqual({ inline_keyboard: [[{ text: '⬇️ Descargar el audio original', callback_data: `wav:${week}` }]] });
      expect(isMp3(await readFile(audio.file))).toBe(true);
      // The WAV on request: /wav N.
      await c.say(`/wav ${week}`);
      await until(async () => stack!.h.uploads.some((u) => u.chatId === c.chatId && u.method === 'sendDocument'));
      const doc = stack!.h.uploads.find((u) => u.chatId === c.chatId && u.method === 'sendDocument')!;
      expect(doc.filename).toBe(`semana_0${week}.wav`);
      const wav = parseWav(await readFile(doc.file));
      expect(wav.pcm.samples.length / wav.pcm.sampleRate).toBeGreaterThan(1);
      for (const p of ups.filter((u) => u.method === 'sendPhoto')) PNG.sync.read(await readFile(p.file));
    }
    expect(stack.h.chatActions.some((x) => x.action === 'record_voice')).toBe(true);
  });

});
