// Entry of the PDF thread when running from the TypeScript sources (tsx, vitest): a worker thread
// starts without the parent's loader, so tsx is registered here, then pdf-thread.ts loaded.
// Compiled (dist/), pdf.ts starts pdf-thread.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-thread.ts');
