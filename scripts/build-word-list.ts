/**
 * `npx tsx scripts/build-word-list.ts`: writes src/domain/study/palabras-es.txt.gz, every word form
 * the Spanish Hunspell dictionary (`dictionary-es` through `nspell`) accepts, sorted, one a line.
 * Deterministic: the same dictionary gives the same bytes (test/study/word-list.test.ts rebuilds
 * the list and compares it, and checks that the list and the speller agree on real text).
 *
 * Why a list and not the speller at run time: nspell expands the dictionary's affixes into a map of
 * 656,936 forms, about 88 MB of resident memory in every thread that studies (the bot and each
 * worker thread) and 0.9 s to build; the sorted list of the same forms is ≈ 7 MB once loaded and
 * reads in tens of milliseconds (figures in bench/RESULTS.md).
 */
import { writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { allSpanishForms, WORD_LIST_URL } from '../src/domain/study/word-list.js';

const forms = await allSpanishForms();
const bytes = gzipSync(Buffer.from(`${forms.join('\n')}\n`, 'utf8'), { level: 9 });
await writeFile(WORD_LIST_URL, bytes);
console.log(`${forms.length} formas → ${WORD_LIST_URL.pathname} (${(bytes.length / 2 ** 20).toFixed(2)} MB)`);
