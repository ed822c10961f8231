import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notesOfWeek, weekNumbers, weekTopic } from '../../src/domain/course/course.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { buildNarrationScript, MAX_WORDS } from '../../src/domain/media/script.js';
import { type MediaServer, startSpeechServer } from '../support/media-servers.js';
import { NOW, context, demoNotes, filesUnder, rejection, tempDir, tools } from './helpers.js';

/** Independent WAV reader: header fields, INFO tags, duration and RMS of 16-bit mono PCM. */
function inspectWav(buf: Buffer) {
  expect(buf.toString('latin1', 0, 4)).toBe('RIFF');
  expect(buf.readUInt32LE(4)).toBe(buf.length - 8);
  expect(buf.toString('latin1', 8, 12)).toBe('WAVE');
  let off = 12;
  const out = { format: 0, channels: 0, rate: 0, bits: 0, info: {} as Record<string, string>, durationS: 0, rms: 0 };
  while (off + 8 <= buf.length) {
    const id = buf.toString('latin1', off, off + 4);
    const size = buf.readUInt32LE(off + 4);
    const body = buf.subarray(off + 8, off + 8 + size);
    if (id === 'fmt ') Object.assign(out, { format: body.readUInt16LE(0), channels: body.readUInt16LE(2), rate: body.readUInt32LE(4), bits: body.readUInt16LE(14) });
    if (id === 'LIST' && body.toString('latin1', 0, 4) === 'INFO') {
      for (let p = 4; p + 8 <= body.length; ) {
        const n = body.readUInt32LE(p + 4);
        out.info[body.toString('latin1', p, p + 4)] = body.toString('utf8', p + 8, p + 8 + n).replace(/\0+$/, '');
        p += 8 + n + (n % 2);
      }
    }
    if (id === 'data') {
      const count = size / 2;
      let sq = 0;
      for (let i = 0; i < count; i++) sq += body.readInt16LE(i * 2) ** 2;
      out.durationS = count / out.rate;
      out.rms = Math.sqrt(sq / count);
    }
    off += 8 + size + (size % 2);
  }
  return out;
}

const CONSENT_OK = { titular: 'Ana Pérez', alcance: 'narraciones de Cuaderno Vivo', valido_hasta: '2026-12-31', voz: 'ana' };

describe('narration script', () => {
  it('opens with the AI disclosure and the week\'s title, says every note\'s idea, and stays within four minutes', async () => {
    const notes = await demoNotes();
    for (const week of weekNumbers(DEMO_COURSE)) {
      const s = buildNarrationScript(week, weekTopic(DEMO_COURSE, week), notesOfWeek(DEMO_COURSE, notes, week));
      expect(s.text.startsWith(`Aviso: esta narración usa una voz generada por inteligencia artificial. Este es el resumen de la semana ${week}: ${weekTopic(DEMO_COURSE, week)}.`)).toBe(true);
      expect(s.words).toBeGreaterThanOrEqual(60);
      expect(s.words).toBeLessThanOrEqual(MAX_WORDS);
      expect(s.text).not.toMatch(/(?:Primera|Segunda|Tercera) idea/);
      for (const n of notes.filter((x) => x.tema === ['estadística', 'python', 'historia del arte', 'música'][week - 1])) {
        expect(s.text.toLocaleLowerCase('es')).toContain(n.texto.slice(0, 30).toLocaleLowerCase('es'));
      }
    }
  });
});

describe('narrar_resumen — juguete (eSpeak-NG, CPU)', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterAll(() => cleanup());

  it('declares the docs/design.md §3 contract', async () => {
    const t = (await tools(dir)).narrar_resumen;
    expect(t).toMatchObject({ name: 'narrar_resumen', strict: true, effect: 3, defaultPermission: 'confirmar' });
    expect(t.input_schema.properties.motor).toMatchObject({ type: 'string', enum: ['xtts', 'juguete'] });
    expect(t.input_schema.required).toEqual(['semana', 'motor']);
    expect(t.input_schema.additionalProperties).toBe(false);
    expect(t.stages({ semana: 3, motor: 'juguete' }).map((s) => [s.name, s.label, s.lane, s.estimateMs])).toEqual([
      ['guion', 'Guion del pódcast', 'cpu', 5000],
      ['voz', 'Narración', 'cpu', 13000],
      ['marca', 'Marca de agua', 'cpu', 200],
      ['codificar', 'Codificar el episodio', 'cpu', 1800],
    ]);
    expect(t.stages({ semana: 3, motor: 'xtts' })[1]!.lane).toBe('gpu');
    expect(await t.idempotencyKey!({ semana: 3, motor: 'juguete' }, { now: NOW })).toBe('narracion-juguete-2026-S3');
  });

  it('writes a 16-bit mono WAV of speech with the watermark', async () => {
    const ctx = context();
    const out = await (await tools(dir)).narrar_resumen.execute({ semana: 3, motor: 'juguete' }, ctx);
    const result = out.data as { ruta: string; motor: string; guion: string; duracion_audio_s: number };
    const file = path.join(dir, 'audio', 'semana_03.wav');
    expect(result.ruta).toBe(file);
    expect(result.motor).toBe('juguete');
    expect(result.guion).toMatch(/^Aviso: esta narración usa una voz generada por inteligencia artificial\./);
    expect(out.artifacts).toEqual([expect.objectContaining({ kind: 'audio', path: file, mime: 'audio/wav' })]);
    expect(ctx.ran.map((s) => s.name)).toEqual(['guion', 'voz', 'marca', 'codificar']);

    const wav = inspectWav(await readFile(file));
    expect(wav).toMatchObject({ format: 1, channels: 1, bits: 16, rate: 22050 });
    // ~100 words of Spanish at 150 wpm: well over 20 s; far from silence.
    expect(wav.durationS).toBeGreaterThan(20);
    expect(wav.rms).toBeGreaterThan(500);
    expect(wav.info.ICMT).toBe('Generado por IA para Cuaderno Vivo: una voz sintética.');
    expect(wav.info.ISFT).toBe('Cuaderno Vivo (voz sintética)');
    // A player's file details show these: no engine codename.
    expect(`${wav.info.ICMT} ${wav.info.ISFT}`).not.toMatch(/juguete|xtts|motor|espeak/i);
    expect(wav.info.ICRD).toBe('2026-03-15');
    expect(result.duracion_audio_s).toBeCloseTo(wav.durationS, 0);
  });

  it('stops a synthesis in progress when cancelled, writing nothing', async () => {
    const { dir: d, cleanup: c } = await tempDir();
    const ac = new AbortController();
    const ctx = context({ signal: ac.signal });
    // Abort once the voice stage has started its work (an event, not a delay): mid-synthesis.
    const stage = ctx.stage;
    // Abort once the speech stage has started (an event, not a delay).
    ctx.stage = (stages, signal) => stage(stages.map((s) => (s.name !== 'voz' ? s : {
      ...s,
      run: (prev, sig) => {
        const work = s.run(prev, sig);
        ac.abort();
        return work;
      },
    })), signal);
    const err = await rejection((await tools(d)).narrar_resumen.execute({ semana: 1, motor: 'juguete' }, ctx));
    expect(err.code).toBe('CANCELLED');
    expect(await filesUnder(d)).toEqual([]);
    await c();
  });
});

describe('narrar_resumen — xtts (owner voice, needs consent)', () => {
  let server: MediaServer;
  beforeAll(async () => {
    server = await startSpeechServer();
  });
  afterAll(() => server.close());

  it('is refused without a consent record, saying why', async () => {
    const { dir, cleanup } = await tempDir();
    const t = (await tools(dir, { xttsUrl: server.url })).narrar_resumen;
    const before = server.requests.length;
    const err = await rejection(t.execute({ semana: 3, motor: 'xtts' }, context()));
    expect(err.code).toBe('CONSENT_MISSING');
    expect(err.message).toMatch(/consentimiento/);
    expect(err.message).toMatch(/juguete/);
    const dry = await t.dryRun!({ semana: 3, motor: 'xtts' }, context());
    expect(dry.problems?.[0]).toMatch(/consentimiento/);
    expect(server.requests.length).toBe(before);
    expect(await filesUnder(dir)).toEqual([]);
    await cleanup();
  });

  it('is refused with an expired, incomplete or unreadable record', async () => {
    const { dir, cleanup } = await tempDir();
    const t = (await tools(dir, { xttsUrl: server.url })).narrar_resumen;
    const file = path.join(dir, 'consentimiento.json');
    await writeFile(file, JSON.stringify({ ...CONSENT_OK, valido_hasta: '2026-03-14' }));
    const expired = await rejection(t.execute({ semana: 3, motor: 'xtts' }, context()));
    expect(expired.code).toBe('CONSENT_EXPIRED');
    expect(expired.message).toContain('2026-03-14');
    await writeFile(file, JSON.stringify({ titular: 'Ana', valido_hasta: '2026-12-31' }));
    expect((await rejection(t.execute({ semana: 3, motor: 'xtts' }, context()))).message).toMatch(/alcance/);
    await writeFile(file, '{ "titular": "Ana", ');
    expect((await rejection(t.execute({ semana: 3, motor: 'xtts' }, context()))).code).toBe('CONSENT_MISSING');
    expect(await filesUnder(path.join(dir, 'audio'))).toEqual([]);
    await cleanup();
  });

  it('with valid consent speaks audio/speech with the owner voice and writes a watermarked WAV', async () => {
    const { dir, cleanup } = await tempDir();
    await writeFile(path.join(dir, 'consentimiento.json'), JSON.stringify(CONSENT_OK));
    server.setBehaviour('ok');
    const before = server.requests.length;
    const out = await (await tools(dir, { xttsUrl: server.url })).narrar_resumen.execute({ semana: 3, motor: 'xtts' }, context());
    const req = server.requests[before]!;
    expect(req.path).toBe('/v1/audio/speech');
    expect(req.body).toMatchObject({ voice: 'ana', response_format: 'wav' });
    expect(String((req.body as { input: string }).input)).toMatch(/^Aviso: esta narración usa una voz generada/);
    const wav = inspectWav(await readFile((out.data as { ruta: string }).ruta as string));
    expect(wav).toMatchObject({ format: 1, channels: 1, bits: 16, rate: 24000 });
    expect(wav.durationS).toBeGreaterThan(10);
    expect(wav.info.ICMT).toBe('Generado por IA para Cuaderno Vivo: la voz del titular, clonada con su consentimiento.');
    expect(wav.info.ISFT).toBe('Cuaderno Vivo (voz clonada)');
    await cleanup();
  });

  it('without XTTS_URL (consent valid) is ENGINE_UNAVAILABLE pointing to juguete', async () => {
    const { dir, cleanup } = await tempDir();
    await writeFile(path.join(dir, 'consentimiento.json'), JSON.stringify(CONSENT_OK));
    const err = await rejection((await tools(dir)).narrar_resumen.execute({ semana: 3, motor: 'xtts' }, context()));
    expect(err.code).toBe('ENGINE_UNAVAILABLE');
    expect(err.message).toMatch(/XTTS_URL/);
    expect(err.message).toMatch(/juguete/);
    await cleanup();
  });

  const failures: Array<[string, Parameters<MediaServer['setBehaviour']>[0], string]> = [
    ['500', 'error500', 'SERVER_ERROR'],
    ['429', 'rate429', 'RATE_LIMITED'],
    ['OOM message', 'oom', 'GPU_OOM'],
    ['malformed body', 'malformed', 'ENGINE_BAD_RESPONSE'],
    ['not a WAV', 'wrong-content', 'ENGINE_BAD_RESPONSE'],
    ['silence', 'silence', 'ENGINE_BAD_RESPONSE'],
  ];
  it.each(failures)('classifies %s (%s) as %s and writes nothing', async (_label, behaviour, code) => {
    const { dir, cleanup } = await tempDir();
    await writeFile(path.join(dir, 'consentimiento.json'), JSON.stringify(CONSENT_OK));
    server.setBehaviour(behaviour);
    const err = await rejection((await tools(dir, { xttsUrl: server.url })).narrar_resumen.execute({ semana: 2, motor: 'xtts' }, context()));
    expect(err.code).toBe(code);
    expect(await filesUnder(path.join(dir, 'audio'))).toEqual([]);
    await cleanup();
  });

  it('times out a server that never answers', async () => {
    const { dir, cleanup } = await tempDir();
    await writeFile(path.join(dir, 'consentimiento.json'), JSON.stringify(CONSENT_OK));
    server.setBehaviour('hang');
    const err = await rejection((await tools(dir, { xttsUrl: server.url, timeoutMs: 300 })).narrar_resumen.execute({ semana: 2, motor: 'xtts' }, context()));
    expect(err.code).toBe('TIMEOUT');
    expect(await filesUnder(path.join(dir, 'audio'))).toEqual([]);
    await cleanup();
  });
});
