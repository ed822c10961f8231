/**
 * sendPhoto / sendAudio / sendDocument / sendVoice / getFile. A file arrives as a multipart part
 * (named directly, or through `attach://<name>` as grammY sends it) or as the `file_id` of a file
 * sent before; HTTP URLs cannot be fetched by an offline, loopback-only server and are refused.
 */
import type { Message } from 'grammy/types';
import type { FileKind, StoredFile } from './files.js';
import { baseMessage, formattedText, inlineMarkup, targetChat, withEntities, withMarkup, type MethodContext } from './method-kit.js';
import { isRasterImage } from './media.js';
import { badRequest, intParam, stringParam, type BotParams } from './params.js';

const KIND_NAME: Record<FileKind, string> = { photos: 'Photo', music: 'Audio', documents: 'Document', voice: 'Voice' };

/** The file behind `field`: a new upload (stored on disk) or a known `file_id`. */
async function resolveUpload(ctx: MethodContext, p: BotParams, field: string, kind: FileKind): Promise<StoredFile> {
  const value = p.values[field];
  let part = p.files[field];
  if (!part && typeof value === 'string' && value.startsWith('attach://')) {
    part = p.files[value.slice('attach://'.length)];
    if (!part) throw badRequest(`wrong HTTP URL specified`);
  }
  if (part) {
    if (part.data.length === 0) throw badRequest('file must be non-empty');
    // Sniffed from the bytes before anything is written: an SVG (script) named photo.png is no photo.
    if (kind === 'photos' && !isRasterImage(part.data)) throw badRequest('IMAGE_PROCESS_FAILED');
    return ctx.files.save(part.data, part.filename || `${field}`, kind);
  }
  if (value === undefined || value === null || value === '') throw badRequest(`there is no ${field} in the request`);
  const id = String(value);
  if (/^https?:\/\//i.test(id)) throw badRequest('failed to get HTTP URL content');
  const known = ctx.files.get(id);
  if (!known) throw badRequest('wrong file identifier/HTTP URL specified');
  if (known.kind !== kind) throw badRequest(`can't use file of type ${KIND_NAME[known.kind]} as ${KIND_NAME[kind]}`);
  return known;
}

/** Common shape of a media message: base fields, caption with entities, keyboard. */
function mediaMessage(ctx: MethodContext, p: BotParams, media: (file: StoredFile) => Partial<Message>, file: StoredFile): Message {
  const chat = targetChat(ctx, p);
  const caption = formattedText(p, 'caption');
  const markup = inlineMarkup(p);
  return ctx.state.add(chat.id, (id) => ({
    ...baseMessage(ctx, chat, p, id),
    ...media(file),
    ...(caption ? { caption: caption.text, ...withEntities('caption_entities', caption.entities) } : {}),
    ...withMarkup(markup),
  }) as Message);
}

/** Validates chat, caption and keyboard before the upload is written, so a bad call leaves no file. */
function precheck(ctx: MethodContext, p: BotParams): void {
  targetChat(ctx, p);
  formattedText(p, 'caption');
  inlineMarkup(p);
}

const ids = (f: StoredFile) => ({ file_id: f.file_id, file_unique_id: f.file_unique_id, file_size: f.size });

function durationOf(p: BotParams, f: StoredFile): number {
  return intParam(p, 'duration') ?? f.durationS ?? 0;
}

export async function sendPhoto(ctx: MethodContext, p: BotParams): Promise<Message> {
  precheck(ctx, p);
  const file = await resolveUpload(ctx, p, 'photo', 'photos');
  if (!file.mime.startsWith('image/')) throw badRequest('IMAGE_PROCESS_FAILED');
  const size = file.image ?? { width: 0, height: 0 };
  return mediaMessage(ctx, p, (f) => ({ photo: [{ ...ids(f), ...size }] }), file);
}

export async function sendAudio(ctx: MethodContext, p: BotParams): Promise<Message> {
  precheck(ctx, p);
  const file = await resolveUpload(ctx, p, 'audio', 'music');
  const performer = stringParam(p, 'performer');
  const title = stringParam(p, 'title');
  return mediaMessage(ctx, p, (f) => ({
    audio: {
      ...ids(f), duration: durationOf(p, f), file_name: f.filename, mime_type: f.mime,
      ...(performer ? { performer } : {}), ...(title ? { title } : {}),
    },
  }), file);
}

export async function sendDocument(ctx: MethodContext, p: BotParams): Promise<Message> {
  precheck(ctx, p);
  const file = await resolveUpload(ctx, p, 'document', 'documents');
  return mediaMessage(ctx, p, (f) => ({ document: { ...ids(f), file_name: f.filename, mime_type: f.mime } }), file);
}

export async function sendVoice(ctx: MethodContext, p: BotParams): Promise<Message> {
  precheck(ctx, p);
  const file = await resolveUpload(ctx, p, 'voice', 'voice');
  return mediaMessage(ctx, p, (f) => ({ voice: { ...ids(f), duration: durationOf(p, f), mime_type: f.mime } }), file);
}

export function getFile(ctx: MethodContext, p: BotParams) {
  const id = stringParam(p, 'file_id', 'file_id not specified') as string;
  const file = ctx.files.get(id);
  if (!file) throw badRequest('invalid file_id');
  return { ...ids(file), file_path: file.file_path };
}
