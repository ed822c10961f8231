/**
 * The local Telegram-like chat used when no TELEGRAM_BOT_TOKEN is set. main.ts needs:
 *
 *   const token = await loadWebchatToken(filesDir);   // random per installation, mode 0600
 *   const chat = await startEmbeddedTelegram({ host, port, token, filesDir });
 *   const bot = new Bot(token, { client: { apiRoot: chat.apiRoot } });
 *   console.log(webchatReadyMessage(chat.chatUrl));   // and allow DEFAULT_WEBCHAT_USER.id
 */
export { startEmbeddedTelegram, type EmbeddedTelegram, type EmbeddedTelegramOptions } from './start.js';
export { EmbeddedBotApi, DEFAULT_WEBCHAT_USER, type WebchatUser, type RecordedRequest } from './botapi-server.js';
export type { ChatEvent } from './chat-state.js';
export { PAGE_STUDENTS, PAGE_TEACHER, pageInviteLink } from './personas.js';
export { LIMITS as BOT_API_LIMITS } from './method-kit.js';
import { S } from '../strings/server.js';

export { loadWebchatToken, newWebchatToken, TOKEN_FILE } from './token.js';

/** The line main.ts prints once the chat is up. */
export function webchatReadyMessage(chatUrl: string): string {
  return S.ready(chatUrl);
}
