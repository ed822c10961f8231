/**
 * Class mode on the local chat page: the page can play the teacher and two students, each a
 * different Telegram user of the embedded Bot API with their own private chat, so a class can be
 * tried on one machine. An invite made on the page is a page link (`/?unirse=<code>`): the embedded
 * `getMe` answers a made-up username, so a `t.me` link would mean nothing there.
 */
import { PERSONA_NAMES } from '../strings/personas.js';
import { DEFAULT_WEBCHAT_USER, type WebchatUser } from './botapi-server.js';

/** The teacher on the page: the page's usual person, named as who gives the class. */
export const PAGE_TEACHER: Readonly<WebchatUser> = Object.freeze({ id: DEFAULT_WEBCHAT_USER.id, first_name: PERSONA_NAMES.teacher });
/** The students the page can play. */
export const PAGE_STUDENTS: ReadonlyArray<Readonly<WebchatUser>> = Object.freeze([
  Object.freeze({ id: DEFAULT_WEBCHAT_USER.id + 1, first_name: PERSONA_NAMES.studentA }),
  Object.freeze({ id: DEFAULT_WEBCHAT_USER.id + 2, first_name: PERSONA_NAMES.studentB }),
]);

/** The query parameter of a page invite. */
export const JOIN_PARAM = 'unirse';

/** The page link of an invite: opening it switches the page to a student, who joins with `code`. */
export function pageInviteLink(origin: string, code: string): string {
  return `${origin}/?${JOIN_PARAM}=${encodeURIComponent(code)}`;
}
