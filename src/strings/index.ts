/**
 * Every word a person or the model reads, in one place so it can be reviewed and translated
 * (CONVENTIONS §12, §16). One file per surface:
 * - `chat`   — what the bot says in Telegram (and the local chat page): messages, buttons, commands;
 * - `review` — the spaced-review conversation (cards, grades, reminders);
 * - `agent`  — report lines, stop reasons, terminal prompts of the agent layer;
 * - `tools`  — validation problems, dispatcher results and dry runs the model and the owner read;
 * - `server` — the embedded chat server's own replies.
 *
 * This folder is the lowest layer: it imports only types from below (store, tools' contract) and
 * never the layers that use it, so any layer may import its words from here.
 */
export * as chat from './chat.js';
export * as review from './review.js';
export * as agent from './agent.js';
export * as tools from './tools.js';
export * as server from './server.js';
