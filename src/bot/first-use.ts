/**
 * One-time work the first message would otherwise pay for, done while the bot waits for it: the
 * state files' schemas (lib/state-schemas.ts) and the message reader's model. One piece per turn of
 * the event loop, so an update that comes in meanwhile waits for one piece at most. Measured in
 * the first week after a start (`npm run bench -- delivery`): the schema of a run's file, compiled
 * inside the week's first commit, and the reader's model, read on the first message, were its
 * longest stalls.
 */
import { shippedClassifier } from '../agent/nlu/read.js';
import { compileStateSchemas } from '../lib/state-schemas.js';

export async function prepareFirstUse(): Promise<void> {
  await compileStateSchemas();
  await new Promise((resolve) => setImmediate(resolve));
  shippedClassifier();
}
