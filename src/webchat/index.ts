/**
 * The local Telegram-like chat used when no TELEGRAM_BOT_TOKEN is set. main.ts needs:
 *
 *   const chat = await startEmbeddedTelegram({ host, port, token: WEBCHAT_TOKEN, filesDir });
 *   const bot = new Bot(WEBCHAT_TOKEN, { client: { apiRoot: chat.apiRoot } });
 *   console.log(webchatReadyMessage(chat.chatUrl));   // and allow DEFAULT_WEBCHAT_USER.id
 */
export { startEmbeddedTelegram, type EmbeddedTelegram, type EmbeddedTelegramOptions } from './start.js';
export { EmbeddedBotApi, DEFAULT_WEBCHAT_USER, type WebchatUser, type RecordedRequest } from './botapi-server.js';
export type { ChatEvent } from './chat-state.js';
export { LIMITS as BOT_API_LIMITS } from './method-kit.js';
import { S } from './strings.js';

/** A token for the embedded server only (it is never valid on api.telegram.org). */
export const WEBCHAT_TOKEN = '7000000001:cuaderno-vivo-chat-local';

/** The line main.ts prints once the chat is up. */
export function webchatReadyMessage(chatUrl: string): string {
  return S.ready(chatUrl);
}
