/**
 * Decodes one voice memo the way a queue worker's transcription job does (voiceWav, on the worker's
 * own thread) and prints one JSON line: the WAV's bytes, or the sentence it was refused with. For
 * scripts/hostile-rss.ts and the hardening tests, which measure this process's memory from outside.
 */
import { readFileSync } from 'node:fs';
import { voiceWav } from '../src/domain/voice/audio.js';

const file = process.argv[2]!;
try {
  const wav = await voiceWav(readFileSync(file));
  process.stdout.write(`${JSON.stringify({ ok: true, bytes: wav.length })}\n`);
} catch (e) {
  process.stdout.write(`${JSON.stringify({ ok: false, message: e instanceof Error ? e.message : String(e) })}\n`);
}
