/**
 * Cost of the CPU media engines (issue 3): ms per maqueta cover (the whole tool: prompt, drawing,
 * title, critique, PNG + provenance written), ms per second of juguete (eSpeak-NG) audio, and ms per
 * second of audio for the MP3 conversion the bot sends. Median of a few repetitions.
 * Standalone: `npx tsx bench/media.ts` prints a table and writes bench/results/media.json.
 */
import { notesOfWeek, weekTopic } from '../src/domain/course/course.js';
import { DEMO_COURSE } from '../src/domain/course/demo.js';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRunStageRunner } from '../src/scheduler/turn.js';
import type { Note } from '../src/domain/notebook.js';
import { createEspeakEngine } from '../src/domain/media/espeak.js';
import { createMediaTools } from '../src/tools/media-tools.js';
import { encodeMp3 } from '../src/domain/media/mp3.js';
import { buildNarrationScript } from '../src/domain/media/script.js';
import { encodeWav } from '../src/domain/media/wav.js';

const COVER_REPS = 5;
const SPEECH_REPS = 3;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const round = (x: number, d = 1): number => Number(x.toFixed(d));

export async function run(): Promise<Record<string, unknown>> {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const notes = JSON.parse(await readFile(path.join(root, 'assets', 'notas.json'), 'utf8')) as Note[];
  const dir = await mkdtemp(path.join(tmpdir(), 'cuaderno-bench-media-'));
  try {
    const tools = createMediaTools({ dataDir: dir, notes: { list: async () => notes }, course: DEMO_COURSE, media: { timeoutMs: 60_000 } });
    const ctx = { signal: new AbortController().signal, stage: createRunStageRunner({ retry: false }), now: () => new Date(), redo: true };
    await tools.generar_portada.execute({ semana: 1, maqueta: true }, ctx); // warm-up: font parse, JIT
    const coverMs: number[] = [];
    for (let i = 0; i < COVER_REPS; i++) {
      const t0 = performance.now();
      await tools.generar_portada.execute({ semana: ((i % 4) + 1) as 1 | 2 | 3 | 4, maqueta: true }, ctx);
      coverMs.push(performance.now() - t0);
    }

    const engine = createEspeakEngine();
    const script = buildNarrationScript(3, weekTopic(DEMO_COURSE, 3), notesOfWeek(DEMO_COURSE, notes, 3));
    const signal = new AbortController().signal;
    await engine.synthesize('Hola.', signal); // warm-up: wasm compile
    const speechMsPerS: number[] = [];
    let audioS = 0;
    let wav: Buffer = Buffer.alloc(0);
    for (let i = 0; i < SPEECH_REPS; i++) {
      const t0 = performance.now();
      const pcm = await engine.synthesize(script.text, signal);
      const ms = performance.now() - t0;
      audioS = pcm.samples.length / pcm.sampleRate;
      speechMsPerS.push(ms / audioS);
      wav = encodeWav(pcm);
    }
    await encodeMp3(wav); // warm-up: the encoder's wasm is compiled on first use
    const mp3Each: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await encodeMp3(wav);
      mp3Each.push((performance.now() - t0) / audioS);
    }
    const mp3MsPerS = median(mp3Each);

    return printTable({
      cover_maqueta_ms_median: round(median(coverMs)),
      cover_maqueta_ms_all: coverMs.map((x) => round(x)),
      cover_size_px: '1024x1024',
      juguete_ms_per_audio_s_median: round(median(speechMsPerS)),
      juguete_script_words: script.words,
      juguete_audio_s: round(audioS, 2),
      mp3_ms_per_audio_s: round(mp3MsPerS),
      repetitions: { cover: COVER_REPS, speech: SPEECH_REPS },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Prints the scalar results as a table (like the other benchmarks) and returns them. */
function printTable(result: Record<string, unknown>): Record<string, unknown> {
  const rows = Object.entries(result).filter(([, v]) => typeof v !== 'object');
  const w = Math.max(...rows.map(([k]) => k.length));
  process.stdout.write(`\nMedios en CPU (maqueta, juguete, MP3)\n${rows.map(([k, v]) => `  ${k.padEnd(w)}  ${String(v)}`).join('\n')}\n`);
  return result;
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const result = await run();
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'media.json'), `${JSON.stringify(result, null, 2)}\n`);
}
