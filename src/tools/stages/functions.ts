/**
 * The named stage functions of the media tools: each takes JSON-serialisable input and returns
 * JSON-serialisable output; what does not fit in JSON (pixels, samples, the final PNG/WAV/MP3) is a
 * file whose path is in the input or the output. So a stage runs the same here, in a worker thread
 * of this process (pool.ts) or, later, in another process — and retrying one never redoes another.
 *
 * Pixels travel as raw RGBA files and samples as raw 16-bit little-endian PCM files, in the call's
 * work folder (`<datos>/trabajo/<clave>/`), which the tool removes when the call is done — except
 * the image server's answer, kept as it came (PNG, JPEG or WebP) until the title stage decodes it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CuadernoError } from '../../errors.js';
import { writeOutput } from '../../store/outputs.js';
import type { Note } from '../../domain/notebook.js';
import { buildCoverPrompt, type CoverWeek } from '../../domain/media/cover-prompt.js';
import { drawCoverTitle, type TitleLayout } from '../../domain/media/cover-title.js';
import { critiqueCover } from '../../domain/media/critique.js';
import { throwIfAborted, type CoverLook, type Pcm } from '../../domain/media/engines.js';
import { espeakPcmHere } from '../../domain/media/espeak.js';
import { decodeDeliveredImage, fetchImageBytes, fluxEndpoint, FLUX_MODEL } from '../../domain/media/flux.js';
import { fitRaster, type ImageFormat } from '../../domain/media/image-decode.js';
import { createMaquetaEngine } from '../../domain/media/maqueta.js';
import { MSG } from '../../domain/media/messages.js';
import { encodeMp3 } from '../../domain/media/mp3.js';
import { writeCoverWithProvenance, type CoverProvenance } from '../../domain/media/provenance.js';
import type { Raster } from '../../domain/media/raster.js';
import { buildNarrationScript } from '../../domain/media/script.js';
import { loadWordCheck } from '../../domain/study/reading.js';
import { checkAudio, encodeWav, type InfoTags } from '../../domain/media/wav.js';
import { speak } from '../../domain/media/xtts.js';
import { EngineHealth, type SpeechFormat } from '../../domain/media/health.js';

async function writeRaw(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
}

async function readRaster(file: string, width: number, height: number): Promise<Raster> {
  const data = await readFile(file);
  if (data.length !== width * height * 4) throw new CuadernoError('INTERNAL', `imagen intermedia incompleta: ${path.basename(file)}`);
  return { width, height, data };
}

async function readPcm(file: string, sampleRate: number): Promise<Pcm> {
  const b = await readFile(file);
  const samples = new Int16Array(b.length >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = b.readInt16LE(i * 2);
  return { samples, sampleRate };
}

export interface RasterFile { raw: string; width: number; height: number }

// ── cover: prompt → image → title → critique → provenance ─────────────────────────────────────

/** `notes`: the week's own notes (the tool picks them from the owner's course). */
export async function coverPrompt(i: CoverWeek & { notes: Note[] }): Promise<{ text: string }> {
  return { ...buildCoverPrompt(i, i.notes) };
}

export interface CoverImageInput {
  engine: 'maqueta' | 'flux';
  fluxUrl?: string;
  /** The `model` to ask the image server for (config); default the engine's. */
  model?: string;
  timeoutMs: number;
  prompt: { text: string };
  week: number;
  /** Motif and palette of the procedural cover (coverLook of the week's title). */
  look?: CoverLook;
  seed: number;
  width: number;
  height: number;
  /** Where to leave the pixels. */
  raw: string;
}

/**
 * The cover's picture: `raw` holds its RGBA pixels (the CPU mock-up draws them), or — from an image
 * server — the bytes as the server delivered them, in `encoded` format, which the title stage
 * decodes and fits to `width`×`height`. So the GPU stage is the request alone: no decoding while the
 * card waits, and what travels back from a worker is the server's PNG, not 4 MB of pixels.
 */
export interface CoverImageFile extends RasterFile {
  encoded?: ImageFormat;
}

export async function coverImage(i: CoverImageInput, signal: AbortSignal): Promise<CoverImageFile> {
  const request = { prompt: i.prompt.text, seed: i.seed, width: i.width, height: i.height };
  if (i.engine === 'maqueta') {
    const r = await createMaquetaEngine().generate({ ...request, week: i.week, ...(i.look ? { look: i.look } : {}) }, signal);
    throwIfAborted(signal);
    await writeRaw(i.raw, r.data);
    return { raw: i.raw, width: r.width, height: r.height };
  }
  // A stage is JSON in, JSON out and may run in another process: what the server taught (it works)
  // is recorded by the tool on the process's record once the stage returns, not here.
  const image = await fetchImageBytes(fluxEndpoint(i.fluxUrl ?? '', i.timeoutMs), request, signal, i.model ?? FLUX_MODEL);
  throwIfAborted(signal);
  await writeRaw(i.raw, image.bytes);
  return { raw: i.raw, width: i.width, height: i.height, encoded: image.format };
}

/** The cover's pixels at its size: read as they are, or decoded from the server's image and fitted. */
async function coverPixels(imagen: CoverImageFile): Promise<Raster> {
  if (!imagen.encoded) return readRaster(imagen.raw, imagen.width, imagen.height);
  const { raster } = await decodeDeliveredImage(await readFile(imagen.raw));
  return fitRaster(raster, imagen.width, imagen.height);
}

export async function coverTitle(i: { imagen: CoverImageFile; title: string; raw: string }): Promise<RasterFile & { layout: TitleLayout }> {
  const r = await coverPixels(i.imagen);
  const layout = drawCoverTitle(r, i.title);
  await writeRaw(i.raw, r.data);
  return { raw: i.raw, width: r.width, height: r.height, layout };
}

export async function coverCritique(i: { titulo: RasterFile & { layout: TitleLayout }; engine: string; width: number; height: number }): Promise<RasterFile & { score: number; contrast: number }> {
  const r = await readRaster(i.titulo.raw, i.titulo.width, i.titulo.height);
  const critique = critiqueCover(r, i.titulo.layout, { width: i.width, height: i.height });
  if (!critique.ok) throw new CuadernoError('ENGINE_BAD_RESPONSE', MSG.critiqueFailed(critique.problems), { engine: i.engine, critique });
  // The image it passed goes on with its verdict.
  return { raw: i.titulo.raw, width: i.titulo.width, height: i.titulo.height, score: critique.score, contrast: critique.contrast };
}

export interface CoverProvenanceInput {
  prompt: { text: string };
  critica: RasterFile & { score: number; contrast: number };
  file: string;
  provenance: CoverProvenance;
  /** The call's key and the tool output to keep in the sidecar (its critique filled in here). */
  clave?: string;
  salida?: { data: Record<string, unknown>; artifacts: Array<{ meta?: Record<string, unknown> }> };
  startedAt: number;
}

/** Writes the sidecar, then the PNG with the provenance embedded: both present = the cover is done. */
export async function coverProvenance(i: CoverProvenanceInput): Promise<{ file: string; salida?: CoverProvenanceInput['salida'] }> {
  const r = await readRaster(i.critica.raw, i.critica.width, i.critica.height);
  const critique = { score: i.critica.score, contrast: i.critica.contrast };
  const provenance = { ...i.provenance, prompt: i.prompt.text, critique };
  const salida = i.salida && {
    data: { ...i.salida.data, prompt: i.prompt.text, critica: { puntuacion: critique.score, contraste_titulo: Number(critique.contrast.toFixed(2)) }, duracion_ms: Date.now() - i.startedAt },
    artifacts: i.salida.artifacts.map((a) => ({ ...a, meta: { ...a.meta, prompt: i.prompt.text, critique } })),
  };
  await writeCoverWithProvenance(i.file, r, provenance, i.clave && salida ? { clave: i.clave, salida } : {});
  return { file: i.file, ...(salida ? { salida } : {}) };
}

// ── narration: script → speech → watermark → encode ───────────────────────────────────────────

/** `notes`: the week's own notes; `topic`: the week's title as a sentence reads it. */
export async function narrationScript(i: { week: number; topic: string; notes: Note[] }): Promise<{ text: string; words: number }> {
  const s = buildNarrationScript(i.week, i.topic, i.notes, await loadWordCheck());
  return { text: s.text, words: s.words };
}

export interface SpeechInput {
  engine: 'juguete' | 'xtts';
  xttsUrl?: string;
  voice?: string;
  timeoutMs: number;
  /** The owner's recording sent as reference audio (the consent record's `muestra`), and what it says. */
  sampleFile?: string;
  sampleText?: string;
  /** Rate of a `pcm` answer that does not name one (config). */
  pcmSampleRate?: number;
  /** The `model` to ask the speech server for (config). */
  model?: string;
  /** The answer format this server is known to give (learned earlier in this process). */
  format?: SpeechFormat;
  guion: { text: string };
  raw: string;
}

export async function speech(i: SpeechInput, signal: AbortSignal): Promise<{ raw: string; sampleRate: number; format?: SpeechFormat }> {
  let pcm: Pcm;
  let format: SpeechFormat | undefined;
  if (i.engine === 'juguete') {
    pcm = await espeakPcmHere(i.guion.text, signal);
  } else {
    const url = i.xttsUrl ?? '';
    // A throwaway record seeded with what the tool knows; the format that worked goes back in the output.
    const health = new EngineHealth();
    if (i.format) health.setSpeechFormat(url, i.format);
    const sample = i.sampleFile ? { wav: await readFile(i.sampleFile), ...(i.sampleText ? { text: i.sampleText } : {}) } : undefined;
    const said = await speak({
      url, timeoutMs: i.timeoutMs, voice: i.voice ?? '', health,
      ...(sample ? { sample } : {}), ...(i.pcmSampleRate ? { pcmSampleRate: i.pcmSampleRate } : {}), ...(i.model ? { model: i.model } : {}),
    }, i.guion.text, signal);
    pcm = said.pcm;
    format = said.format;
  }
  throwIfAborted(signal);
  const b = Buffer.alloc(pcm.samples.length * 2);
  for (let k = 0; k < pcm.samples.length; k++) b.writeInt16LE(pcm.samples[k]!, k * 2);
  await writeRaw(i.raw, b);
  return { raw: i.raw, sampleRate: pcm.sampleRate, ...(format ? { format } : {}) };
}

/** Checks the audio and writes the WAV carrying the RIFF LIST/INFO watermark. */
export async function watermark(i: { voz: { raw: string; sampleRate: number }; engine: string; info: InfoTags; wav: string }): Promise<{ wav: string; durationS: number }> {
  const pcm = await readPcm(i.voz.raw, i.voz.sampleRate);
  const check = checkAudio(pcm);
  if (!check.ok) throw new CuadernoError('ENGINE_BAD_RESPONSE', MSG.audioFailed(check.problems), { engine: i.engine });
  await mkdir(path.dirname(i.wav), { recursive: true });
  await writeOutput(i.wav, encodeWav(pcm, i.info));
  return { wav: i.wav, durationS: check.durationS };
}

/** WAV → the MP3 episode Telegram plays. */
export async function encodeEpisode(i: { marca: { wav: string }; mp3: string }): Promise<{ mp3: string }> {
  await writeOutput(i.mp3, await encodeMp3(await readFile(i.marca.wav)));
  return { mp3: i.mp3 };
}

/** The stage functions by catalogue id (the worker runs them by this name). */
export const STAGE_FUNCTIONS: Readonly<Record<string, (input: never, signal: AbortSignal) => Promise<unknown>>> = Object.freeze({
  'portada.prompt': coverPrompt,
  'portada.imagen': coverImage,
  'portada.titulo': coverTitle,
  'portada.critica': coverCritique,
  'portada.procedencia': coverProvenance,
  'narracion.guion': narrationScript,
  'narracion.voz': speech,
  'narracion.marca': watermark,
  'narracion.codificar': encodeEpisode,
});
