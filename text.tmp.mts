import { readFile } from 'node:fs/promises';
import { readPdf } from './src/tools/material/pdf.ts';
const r = await readPdf(new Uint8Array(await readFile(process.argv[2]!)), { ocr: {} as never });
r.pages.forEach((p, i) => console.log(`=== PAGE ${i + 1}\n${p}`));
