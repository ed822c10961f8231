/**
 * Voice memos in the chat (issue 27): a Telegram `voice` (OGG/Opus) or an `audio` file (OGG or WAV)
 * is downloaded, kept on disk (`<data>/voz/<sha256>.<ogg|wav>`, atomically) and transcribed by the
 * owner's transcriber (the bot's `TRANSCRIPCION_URL`, or a queue worker that advertises
 * transcription). The transcript becomes an import proposal — the same record, buttons and one
 * approval as a PDF's (material.ts answers them) — and the kept memo goes. With no engine the memo
 * stays, the reply says so in plain words (no button: there is nothing to press until a server is
 * there), and the bot transcribes every kept memo when it starts with an engine (`resume`). When an
 * engine fails, the memo stays and the reply carries [🎙️ Transcribir ahora] to try again.
 */
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Composer, type Api, type Context } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { isCuadernoError } from '../errors.js';
import { writeOutput } from '../store/outputs.js';
import { MATERIAL } from '../strings/material.js';
import { VOICE, VOICE_BUTTONS } from '../strings/voice.js';
import { contentKey, isSaved, SHORT_KEY, savedIds, type Imports } from '../domain/material/imports.js';
import { proposalText, weekNameOf } from '../domain/material/proposal.js';
import type { Course } from '../domain/course/course.js';
import { audioKind, MAX_VOICE_BYTES } from '../domain/voice/audio.js';
import type { Transcriber } from '../domain/voice/transcriber.js';
import { CALLBACKS } from './callbacks.js';
import { importKeyboard } from './material-keyboards.js';
import { download } from './material.js';
import { LOG } from '../strings/log.js';

export const VOICE_DIRNAME = 'voz';

export interface VoiceDeps {
  dataDir: string;
  imports: Imports;
  course: () => Promise<Course>;
  transcriber: Transcriber;
  timeZone: string;
  /** Longest wait for one transcription (ms). */
  timeoutMs: number;
  log: (message: string, error?: unknown) => void;
}

export function transcribeKeyboard(key: string): InlineKeyboardMarkup {
  return { inline_keyboard: [[{ text: VOICE_BUTTONS.transcribe, callback_data: CALLBACKS.voice.format(key.slice(0, SHORT_KEY)) }]] };
}

/** The kept memos of a data dir: `<sha256>.ogg` / `.wav` in `voz/`. */
export function voiceMemos(dataDir: string) {
  const dir = path.join(dataDir, VOICE_DIRNAME);
  const names = async () => (await readdir(dir).catch(() => [] as string[])).filter((n) => /^[0-9a-f]{64}\.(ogg|wav)$/.test(n));
  return {
    async keep(key: string, bytes: Uint8Array, kind: 'ogg' | 'wav'): Promise<void> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeOutput(path.join(dir, `${key}.${kind}`), bytes);
    },
    /** The memo whose key starts with `prefix`: its full key, bytes and when it was kept. */
    async find(prefix: string): Promise<{ key: string; bytes: Buffer; at: Date } | undefined> {
      if (!/^[0-9a-f]{8,64}$/.test(prefix)) return undefined;
      const name = (await names()).find((n) => n.startsWith(prefix));
      if (!name) return undefined;
      const file = path.join(dir, name);
      const [bytes, info] = await Promise.all([readFile(file).catch(() => undefined), stat(file).catch(() => undefined)]);
      return bytes ? { key: name.slice(0, 64), bytes, at: info?.mtime ?? new Date() } : undefined;
    },
    async drop(key: string): Promise<void> {
      for (const n of await names()) if (n.startsWith(key)) await rm(path.join(dir, n), { force: true });
    },
    /** Keys of every memo still waiting for a transcript. */
    async pending(): Promise<string[]> {
      return (await names()).map((n) => n.slice(0, 64));
    },
  };
}

/** Where an answer about a memo goes: the chat it came from, or the owner's chat at start-up. */
interface Reply {
  say(text: string, extra?: { reply_markup: InlineKeyboardMarkup }): Promise<unknown>;
  typing(): Promise<unknown>;
  /** Whose memo (Telegram id, digits). */
  student: string;
}

const replyTo = (ctx: Context): Reply => ({
  say: (text, extra) => ctx.reply(text, extra),
  typing: () => ctx.replyWithChatAction('typing'),
  student: String(ctx.from?.id ?? 0),
});

/**
 * How often kept memos are looked at again while no engine answers (ms). A queue worker that
 * advertises transcription may appear at any moment, and the kept sentence promises to transcribe
 * «en cuanto lo tenga»; a look is one file listing and, with memos waiting, one engine check.
 */
export const VOICE_WATCH_MS = 30_000;

export interface Voice {
  composer: Composer<Context>;
  /** With an engine, transcribes every kept memo into `chatId` (the bot's start-up); the count done. */
  resume(api: Api, chatId: number): Promise<number>;
  /**
   * Resumes now; then every `everyMs`, the memos kept for want of an engine are transcribed once one
   * answers (never again those an engine failed on: their button retries), until `stop` (which
   * waits for a transcription under way, so nothing writes after it).
   */
  watch(api: Api, chatId: number, everyMs?: number): { stop(): Promise<void> };
}

export function createVoice(deps: VoiceDeps): Voice {
  const c = new Composer<Context>();
  const memos = voiceMemos(deps.dataDir);
  const when = (d: Date) => new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: deps.timeZone }).format(d);

  /** Memos kept because no engine answered (not those an engine failed on: those keep their button). */
  const waitingForEngine = new Set<string>();

  /** Transcribes the kept memo `key` and proposes its notes; any failure leaves the memo and says so. */
  const transcribe = async (to: Reply, key: string, bytes: Buffer, date: Date): Promise<void> => {
    // No engine: kept, said in plain words, and no button — nothing would answer it. `watch`
    // transcribes it once an engine answers.
    if (!(await deps.transcriber.available())) {
      waitingForEngine.add(key);
      return void (await to.say(VOICE.kept));
    }
    await to.typing().catch(() => undefined);
    let text: string;
    try {
      ({ text } = await deps.transcriber.transcribe({ student: to.student, key, audio: bytes }, AbortSignal.timeout(deps.timeoutMs)));
    } catch (e) {
      // Audio nobody can read: its sentence, and nothing kept. Anything else: kept, try again later.
      if (isCuadernoError(e) && e.code === 'BAD_REQUEST' && e.details.field === 'audio') {
        await memos.drop(key);
        return void (await to.say(e.message));
      }
      deps.log(LOG.voiceTranscribe, e);
      return void (await to.say(VOICE.failed, { reply_markup: transcribeKeyboard(key) }));
    }
    if (!text) {
      await memos.drop(key);
      return void (await to.say(VOICE.empty));
    }
    const { record, yaExistia } = await deps.imports.proposeText(key, VOICE.memoName(when(date)), 'voz', text);
    // The pending import holds the transcript now: the audio is no longer needed.
    await memos.drop(key);
    if (yaExistia) return void (await to.say(MATERIAL.alreadyHad(record.nombre, savedIds(record).length)));
    await to.say(proposalText(record, weekNameOf(await deps.course())), { reply_markup: importKeyboard(record.clave) });
  };
  const receive = async (ctx: Context, fileId: string, size: number | undefined) => {
    if (size !== undefined && size > MAX_VOICE_BYTES) return void (await ctx.reply(VOICE.tooBig(MAX_VOICE_BYTES / 1024 / 1024)));
    const bytes = Buffer.from(await download(ctx, fileId));
    if (bytes.byteLength > MAX_VOICE_BYTES) return void (await ctx.reply(VOICE.tooBig(MAX_VOICE_BYTES / 1024 / 1024)));
    const kind = audioKind(bytes);
    if (!kind) return void (await ctx.reply(VOICE.unreadable));
    const key = contentKey(bytes);
    const known = await deps.imports.find(key);
    if (isSaved(known)) return void (await ctx.reply(MATERIAL.alreadyHad(known.nombre, savedIds(known).length)));
    if (known) return void (await ctx.reply(proposalText(known, weekNameOf(await deps.course())), { reply_markup: importKeyboard(known.clave) }));
    // On disk before anything can fail: the memo is never lost.
    await memos.keep(key, bytes, kind);
    const date = ctx.message?.date ? new Date(ctx.message.date * 1000) : new Date();
    await transcribe(replyTo(ctx), key, bytes, date);
  };

  c.on('message:voice', (ctx) => receive(ctx, ctx.message.voice.file_id, ctx.message.voice.file_size));
  c.on('message:audio', (ctx) => receive(ctx, ctx.message.audio.file_id, ctx.message.audio.file_size));

  // [🎙️ Transcribir ahora]: a kept memo, once an engine is there.
  c.callbackQuery(CALLBACKS.voice.trigger, async (ctx, next) => {
    const prefix = CALLBACKS.voice.parse(ctx.callbackQuery.data);
    if (prefix === undefined) return next();
    const memo = await memos.find(prefix);
    if (!memo) return void (await ctx.answerCallbackQuery({ text: VOICE.gone, show_alert: true }));
    if (!(await deps.transcriber.available())) return void (await ctx.answerCallbackQuery({ text: VOICE.kept, show_alert: true }));
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => undefined);
    await transcribe(replyTo(ctx), memo.key, memo.bytes, memo.at);
  });

  const transcribeKept = async (api: Api, chatId: number, keys: readonly string[]): Promise<number> => {
    const to: Reply = { say: (text, extra) => api.sendMessage(chatId, text, extra), typing: () => api.sendChatAction(chatId, 'typing'), student: String(chatId) };
    for (const key of keys) {
      waitingForEngine.delete(key);
      const memo = await memos.find(key);
      if (memo) await transcribe(to, memo.key, memo.bytes, memo.at);
    }
    return keys.length;
  };
  const resume = async (api: Api, chatId: number): Promise<number> => {
    const keys = await memos.pending();
    if (keys.length === 0) return 0;
    if (!(await deps.transcriber.available())) {
      for (const key of keys) waitingForEngine.add(key);
      return 0;
    }
    return transcribeKept(api, chatId, keys);
  };
  /** The memos kept for want of an engine, once one answers (a look costs nothing while none wait). */
  const retryWaiting = async (api: Api, chatId: number): Promise<number> => {
    if (waitingForEngine.size === 0 || !(await deps.transcriber.available())) return 0;
    return transcribeKept(api, chatId, [...waitingForEngine]);
  };
  const watch = (api: Api, chatId: number, everyMs = VOICE_WATCH_MS) => {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let current: Promise<unknown> = Promise.resolve();
    let first = true;
    const look = () => {
      current = (first ? resume(api, chatId) : retryWaiting(api, chatId))
        .catch((e: unknown) => { deps.log(LOG.voiceBacklog, e); })
        .finally(() => {
          first = false;
          if (stopped) return;
          timer = setTimeout(look, everyMs);
          timer.unref();
        });
    };
    look();
    return {
      async stop() {
        stopped = true;
        clearTimeout(timer);
        await current;
      },
    };
  };
  return { composer: c, resume, watch };
}
