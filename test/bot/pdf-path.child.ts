/**
 * The PDF's path measured as scripts/trace-files.ts measures it (test/support/trace.ts), in a process
 * of its own under plain Node with tsx (pdf-path.process.test.ts): prints `{ first, next }` as JSON.
 */
import { measurePdfs, startTrace } from '../support/trace.js';

const trace = await startTrace();
const measured = await measurePdfs(trace);
trace.stop();
process.stdout.write(`${JSON.stringify(measured)}\n`);
process.exit(0);
