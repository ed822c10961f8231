/**
 * Our bot's own idempotency key on a message it sends (`sendMessage`'s extra parameter, which
 * Telegram ignores as it ignores every parameter it does not know). The embedded Bot API reads it:
 * the same key in the same chat answers with the message already made, so a bot killed between a
 * send and its record of that send (the closing report) does not show it twice after a restart.
 * On Telegram such a send is at least once: no Bot API method can tell whether it arrived.
 */
export const DELIVERY_KEY_PARAM = 'cuaderno_clave';

/** Longest key the embedded Bot API keeps (characters): a run id and a step. */
export const DELIVERY_KEY_MAX = 128;
