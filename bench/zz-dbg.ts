import { loadWordCheck } from '../src/tools/study/reading.js';
import { keyIdeasOfNote } from '../src/tools/study/key-ideas.js';
const isWord = await loadWordCheck();
const [tema, ...texts] = process.argv.slice(2);
const notes = texts.map((texto, i) => ({ id: i + 1, texto, tema } as never));
for (const n of notes) console.log(keyIdeasOfNote(n, notes, isWord, tema).map((i) => [i.kind, i.term, i.body, i.question]));
