/**
 * The local chat's server alone in a child process, so a test can SIGKILL it the way a crash of
 * the bot (which holds it in local-chat mode) ends it: `<filesDir> <token>`. Prints one JSON line
 * `{ apiRoot, pageSecret }` once listening; then each stdin line `type <text>` makes the person
 * type `text` in-process (no request to wait on) and prints `{ typed: <message_id> }`.
 */
import { createInterface } from 'node:readline';
import { startEmbeddedTelegram } from '../../src/webchat/index.js';

const [filesDir, token] = process.argv.slice(2) as [string, string];
const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir });
console.log(JSON.stringify({ apiRoot: t.apiRoot, pageSecret: t.pageSecret }));
for await (const line of createInterface({ input: process.stdin })) {
  const typed = /^type (.+)$/.exec(line);
  if (typed) console.log(JSON.stringify({ typed: t.server.sendUserText(typed[1]!).message_id }));
}
