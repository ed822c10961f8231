/**
 * The student's material in the chat (issue 26): a document or a photo becomes an import proposal
 * with [✅ Guardar] [📅 Cambiar semana] [❌ Descartar]. The pending import is on disk before the
 * proposal is sent (domain/material/imports.ts), so its buttons work after a restart; a reply with
 * text to a proposal whose OCR was unsure replaces the draft's text. Reading a file (OCR can take
 * seconds) runs inside the handler: the runner handles other updates meanwhile.
 */
import { Composer, type Api, type Context } from 'grammy';
import type { Message } from 'grammy/types';
import { MATERIAL } from '../strings/material.js';
import { MaterialError } from '../domain/material/errors.js';
import { savedIds, type ImportRecord, type Imports } from '../domain/material/imports.js';
import { parseWordFixes } from '../domain/material/word-fixes.js';
import { PHOTO_NAME } from '../domain/material/limits.js';
import { MAX_FILE_BYTES, MAX_GROUP_PHOTOS, MEDIA_GROUP_QUIET_MS } from '../domain/material/limits.js';
import { proposalText, weekNameOf } from '../domain/material/proposal.js';
import { kindByName } from '../domain/material/sniff.js';
import { weekNumbers, weekTopic, type Course } from '../domain/course/course.js';
import { CALLBACKS } from './callbacks.js';
import { importKeyboard, importKeyOf, importWeekKeyboard } from './material-keyboards.js';
import { createPhotoGroups, type PhotoGroup } from './photo-groups.js';
import { LOG } from '../strings/log.js';
import { personaOf } from './access.js';
import { stillPending } from '../store/decision.js';
import { DECISION } from '../strings/decisions.js';

export interface MaterialDeps {
  imports: Imports;
  /** Where photos sent together wait, on disk, until their group is complete (photo-groups.ts). */
  dataDir: string;
  /** The bot's API: a group left by a previous run is finished with it (no update to answer). */
  api: Api;
  /** The owner's course as it is now: the proposal names its weeks, the chooser offers them. */
  course: () => Promise<Course>;
  log: (message: string, error?: unknown) => void;
  /**
   * A file a re-read waits for is that re-read's, not a new import (bot/reread.ts): `waiting` is
   * asked first, and `arrived` only while one waits.
   */
  rereads?: {
    waiting(): Promise<readonly unknown[]>;
    arrived(ctx: Context, name: string, fileId: string, size: number | undefined, byName: boolean): Promise<boolean>;
  };
  /** A text file (`.txt`, `.md`) is routed like a paste: a syllabus or material (route-text.ts). */
  textFile?: (ctx: Context, name: string, fileId: string) => Promise<void>;
}


/** The bytes of a file the student sent, through the Bot API's file download (`getFile`). */
export function download(ctx: Context, fileId: string): Promise<Uint8Array> {
  return downloadWith(ctx.api, fileId);
}

async function downloadWith(api: Api, fileId: string): Promise<Uint8Array> {
  const file = await api.getFile(fileId);
  if (!file.file_path) throw new Error(LOG.noFilePath);
  const root = api.options?.apiRoot ?? 'https://api.telegram.org';
  const res = await fetch(`${root}/file/bot${api.token}/${file.file_path}`);
  if (!res.ok) throw new Error(`descarga: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** The material handlers, and the photo groups a previous run left unfinished (`resume`, at start; `stop`). */
export function createMaterial(deps: MaterialDeps): { composer: Composer<Context>; resume(): Promise<number>; stop(): void } {
  const c = new Composer<Context>();
  const show = async (r: ImportRecord) => proposalText(r, weekNameOf(await deps.course()));

  const receive = async (ctx: Context, name: string, fileId: string, size: number | undefined) => {
    if (size !== undefined && size > MAX_FILE_BYTES) return void (await ctx.reply(new MaterialError({ kind: 'demasiado_grande', bytes: size }).message));
    // Empty is the answer whatever its name says (an empty «.zip» or «.ogg» is not a format question).
    if (size === 0) return void (await ctx.reply(new MaterialError({ kind: 'vacio' }).message));
    try {
      const bytes = await download(ctx, fileId);
      const { record, yaExistia } = await deps.imports.propose(name, bytes);
      if (yaExistia) return void (await ctx.reply(MATERIAL.alreadyHad(record.nombre, savedIds(record).length)));
      await ctx.reply(await show(record), { reply_markup: importKeyboard(record.clave) });
    } catch (e) {
      if (e instanceof MaterialError) return void (await ctx.reply(e.message));
      throw e;
    }
  };

  /** A file a waiting re-read took (bot/reread.ts); only asked while one waits. */
  const forReread = async (ctx: Context, name: string, fileId: string, size: number | undefined, byName: boolean) =>
    deps.rereads !== undefined && (await deps.rereads.waiting()).length > 0 && (await deps.rereads.arrived(ctx, name, fileId, size, byName));

  // Every document comes here, one handler for one kind of update (docs/architecture.md, «A PDF
  // attachment's path»): first a re-read that waits for it, then a text file's route, then the import.
  c.on('message:document', async (ctx) => {
    const d = ctx.message.document;
    if (await forReread(ctx, d.file_name ?? '', d.file_id, d.file_size, true)) return;
    const name = d.file_name ?? 'documento';
    if (deps.textFile && kindByName(name) === 'texto' && !(d.file_size !== undefined && d.file_size > MAX_FILE_BYTES)) return deps.textFile(ctx, name, d.file_id);
    return receive(ctx, name, d.file_id, d.file_size);
  });
  // Photos sent together arrive as one message each with the same media_group_id and no end
  // marker: they are gathered (on disk, photo-groups.ts) until none has come for
  // MEDIA_GROUP_QUIET_MS, then the first MAX_GROUP_PHOTOS become one import (the rest are refused
  // in one sentence). The handler returns once the photo is on disk, so the next photo of the
  // group is not held behind the reading, and a restart inside the window loses none.
  const receiveGroup = async (g: PhotoGroup) => {
    const { photos, chatId } = g;
    const reply = (text: string, other?: Parameters<Api['sendMessage']>[2]) => deps.api.sendMessage(chatId, text, other);
    try {
      if (photos.length > MAX_GROUP_PHOTOS) await reply(MATERIAL.tooManyPhotos(photos.length, MAX_GROUP_PHOTOS, photos.length - MAX_GROUP_PHOTOS));
      const taken = photos.slice(0, MAX_GROUP_PHOTOS);
      const big = taken.find((p) => p.size !== undefined && p.size > MAX_FILE_BYTES);
      if (big) return void (await reply(new MaterialError({ kind: 'demasiado_grande', bytes: big.size! }).message));
      const fotos = [];
      for (const p of taken) fotos.push({ nombre: PHOTO_NAME, bytes: await downloadWith(deps.api, p.fileId) });
      const { record, yaExistia } = await deps.imports.proposeGroup(fotos);
      if (yaExistia) return void (await reply(MATERIAL.alreadyHad(record.nombre, savedIds(record).length)));
      await reply(await show(record), { reply_markup: importKeyboard(record.clave) });
    } catch (e) {
      if (e instanceof MaterialError) return void (await reply(e.message).catch((err: unknown) => deps.log(LOG.photoGroupReply, err)));
      deps.log(LOG.photoGroup, e);
    } finally {
      await groups.done(chatId, g.group).catch((e: unknown) => deps.log(LOG.photoGroupDisk, e));
    }
  };
  const groups = createPhotoGroups({ dataDir: deps.dataDir, quietMs: MEDIA_GROUP_QUIET_MS, onReady: (g) => void receiveGroup(g), log: deps.log });

  c.on('message:photo', async (ctx) => {
    const biggest = ctx.message.photo.at(-1)!;
    const group = ctx.message.media_group_id;
    // A photo alone (not an album) may be a waiting re-read's: matched by its bytes only.
    if (!group && (await forReread(ctx, PHOTO_NAME, biggest.file_id, biggest.file_size, false))) return;
    if (!group) return receive(ctx, PHOTO_NAME, biggest.file_id, biggest.file_size);
    return groups.add(ctx.chat.id, group, { id: ctx.message.message_id, fileId: biggest.file_id, size: biggest.file_size });
  });

  // A reply to a proposal: fixes of single words («eCoSistema → ecosistema», one a line), or the
  // student's corrected text for its draft.
  c.on('message:text', async (ctx, next) => {
    const replied = ctx.message.reply_to_message as Message | undefined;
    const key = importKeyOf(replied?.reply_markup);
    if (!key) return next();
    const r = await deps.imports.find(key);
    const refused = stillPending(r);
    if (!r || refused) return void (await ctx.reply(DECISION.refused(refused ?? 'desconocida')));
    const fixes = parseWordFixes(ctx.message.text);
    if (fixes) {
      const { record, missing } = await deps.imports.fixWords(r.clave, fixes);
      const no = stillPending(record);
      if (!record || no) return void (await ctx.reply(DECISION.refused(no ?? 'desconocida')));
      const said = MATERIAL.wordsFixed(fixes.length - missing.length, missing);
      if (missing.length === fixes.length) return void (await ctx.reply(said));
      return void (await ctx.reply(`${said}\n\n${await show(record)}`, { reply_markup: importKeyboard(record.clave) }));
    }
    const fixed = await deps.imports.correct(r.clave, ctx.message.text);
    const again = stillPending(fixed);
    if (!fixed || again) return void (await ctx.reply(DECISION.refused(again ?? 'desconocida')));
    await ctx.reply(`${MATERIAL.corrected}\n\n${await show(fixed)}`, { reply_markup: importKeyboard(fixed.clave) });
  });

  c.callbackQuery(CALLBACKS.importMaterial.trigger, async (ctx) => {
    const action = CALLBACKS.importMaterial.parse(ctx.callbackQuery.data);
    const r = action ? await deps.imports.find(action.key) : undefined;
    if (!action || !r) {
      return void (await ctx.answerCallbackQuery({ text: DECISION.refused('desconocida'), show_alert: true }));
    }
    await ctx.answerCallbackQuery();
    switch (action.kind) {
      case 'guardar': {
        const saved = await deps.imports.save(r.clave, personaOf(ctx.from).nombre);
        if (!saved) return void (await ctx.reply(DECISION.refused('desconocida')));
        await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => undefined);
        await ctx.reply(saved.yaExistia ? MATERIAL.alreadyHad(r.nombre, saved.notas.length) : MATERIAL.saved(saved.notas));
        return;
      }
      case 'semana': {
        if (stillPending(r)) return void (await ctx.reply(MATERIAL.alreadyHad(r.nombre, savedIds(r).length)));
        const course = await deps.course();
        await ctx.editMessageText(`${await show(r)}\n\n${MATERIAL.chooseWeek}`, { reply_markup: importWeekKeyboard(r.clave, weekNumbers(course), (w) => weekTopic(course, w)) }).catch(() => undefined);
        return;
      }
      case 'elegir': {
        const moved = await deps.imports.changeWeek(r.clave, action.week);
        const refused = stillPending(moved);
        if (!moved || refused) return void (await ctx.reply(DECISION.refused(refused ?? 'desconocida')));
        await ctx.editMessageText(await show(moved), { reply_markup: importKeyboard(moved.clave) }).catch(() => undefined);
        return;
      }
      case 'descartar': {
        const gone = await deps.imports.discard(r.clave);
        await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => undefined);
        await ctx.reply(gone ? MATERIAL.discarded : MATERIAL.alreadyHad(r.nombre, savedIds(r).length));
      }
    }
  });
  return { composer: c, resume: () => groups.resume(), stop: () => groups.stop() };
}
