/**
 * A file the person sends from the chat page — a document or a photo — as Telegram's apps send it:
 * the bytes go into the server's file store (so the bot downloads them with getFile and
 * `/file/bot<token>/<file_path>`, and the page shows them from `/files/<file_id>`), and the bot gets
 * a `message` update with `document` or `photo`. The page uploads with `POST /api/files?name=…&as=…`
 * and the raw bytes as the body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Message, Update, User } from 'grammy/types';
import type { EmbeddedBotApi } from './botapi-server.js';
import { S } from '../strings/server.js';
import { refuse } from './limits.js';
import { audioSeconds } from './media.js';
import { readLimitedBody } from './params.js';

/** Telegram's getFile limit: the bot could not download a bigger file either. */
export const MAX_USER_FILE_BYTES = 20 * 1024 * 1024;

/** How the person sends a file: Telegram's message kinds a chat app makes from a file. */
export type UserFileKind = 'photo' | 'document' | 'voice' | 'audio';
const FOLDER = { photo: 'photos', document: 'documents', voice: 'voice', audio: 'music' } as const;

/** `mediaGroupId`: photos sent together share one, as Telegram's apps send an album. */
export async function sendUserFile(api: EmbeddedBotApi, data: Buffer, filename: string, as: UserFileKind, from: User = api.user, opts: { mediaGroupId?: string } = {}): Promise<Message> {
  const file = await api.files.save(data, filename, FOLDER[as]);
  const chat = api.state.openPrivateChat(from);
  const ids = { file_id: file.file_id, file_unique_id: file.file_unique_id, file_size: file.size };
  const duration = Math.round(audioSeconds(data) ?? 0);
  const body = as === 'photo'
    ? { photo: [{ ...ids, width: file.image?.width ?? 0, height: file.image?.height ?? 0 }] }
    : as === 'voice'
      ? { voice: { ...ids, duration, mime_type: file.mime } }
      : as === 'audio'
        ? { audio: { ...ids, duration, file_name: filename, mime_type: file.mime } }
        : { document: { ...ids, file_name: filename, mime_type: file.mime } };
  const group = opts.mediaGroupId ? { media_group_id: opts.mediaGroupId } : {};
  const message = api.state.add(chat.id, (id) => ({ message_id: id, from, chat, date: Math.floor(Date.now() / 1000), ...group, ...body }) as Message);
  api.updates.push({ message } as Omit<Update, 'update_id'>);
  return message;
}

/**
 * `POST /api/files?name=<file name>&as=photo|document|voice|audio`, body = the file's bytes. The
 * body counts against the server's bytes in flight (`api.uploads`, shared with the Bot API): a
 * burst of uploads past it gets the «busy» sentence (429) before it is held in memory, one over
 * MAX_USER_FILE_BYTES the «too big» one (413) — both answered while the rest of the body is read
 * and dropped, so the page shows the sentence instead of a broken connection.
 */
export async function postUserFile(api: EmbeddedBotApi, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const name = (url.searchParams.get('name') ?? '').replace(/[\\/\0]/g, '').trim().slice(0, 200) || 'archivo';
  const asked = url.searchParams.get('as');
  const as: UserFileKind = asked === 'photo' || asked === 'voice' || asked === 'audio' ? asked : 'document';
  const body = await readLimitedBody(req, api.uploads, MAX_USER_FILE_BYTES);
  if (body === 'gone') return;
  if (body === 'too-large' || body === 'busy') return refuse(req, res, body === 'too-large' ? 413 : 429, body === 'too-large' ? S.fileTooBig : S.uploadsBusy);
  // An empty file still reaches the chat, so the bot answers it there like any file it cannot use
  // (a refusal here was only a toast that vanished, and a failed request in the page). Empty, it
  // has no picture or sound to be a photo or a voice note: it goes as a document.
  const message = await sendUserFile(api, body, name, body.length === 0 ? 'document' : as);
  await api.settle();
  const text = JSON.stringify({ ok: true, message_id: message.message_id });
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }).end(text);
}
