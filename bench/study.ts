/**
 * `npx tsx bench/study.ts [--dev] [--muestra]`: the study material of the three fixture lectures
 * (test/fixtures/lectures), measured against their hand-written key ideas (issue 44, Done means).
 * Each lecture is imported through the product's own import path (createImports: propose, save)
 * into a fresh notebook, its notes carded as crear_tarjetas cards them (cardsForNote inside the deck's
 * append, with the dictionary and the deck's deleted cards), and its episode written by the `guion`
 * stage's function. Printed per lecture and in total:
 * - cards, and cards ÷ key ideas (target between 1 and 3);
 * - cards on a key idea: the question or answer names the idea's term (every content stem of it) or
 *   holds its statement (≥ 60 % of its content stems) or its formula (target ≥ 80 %);
 * - cards grounded in a sentence read correctly: the text the card is made of (the cloze's sentence or clause,
 *   the definition or statement, the formula, the date's event) is in the lecture's source, verbatim
 *   once Markdown marks and spacing are normalised (target 100 %);
 * - key ideas covered by at least one card (target ≥ 90 %);
 * - key ideas said in the episode: ≥ 60 % of the content stems of the idea's statement (target ≥ 80 %).
 * With --muestra it also writes test/fixtures/lectures-judging/sample.json (or sample-seed<N>.json with
 * --semilla N; with --carpeta DIR, DIR/juicio/sample-seed<N>.json): 20 cards per lecture drawn with that seed (mulberry32), for someone who did not write
 * the generator to judge.
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openNotebook } from '../src/store/index.js';
import type { Card } from '../src/store/index.js';
import { createImports } from '../src/domain/material/imports.js';
import { createTesseractOcr } from '../src/domain/material/ocr.js';
import { DEMO_COURSE } from '../src/domain/course/demo.js';
import { cardsForNote } from '../src/domain/cards/build.js';
import { keyIdeasOfNote } from '../src/domain/study/key-ideas.js';
import { BLANK, CLOZE_PROMPT } from '../src/domain/study/idea-cards.js';
import { loadWordCheck, stem } from '../src/domain/study/reading.js';
import { STOP_WORDS } from '../src/lib/tokens.js';
import { buildNarrationScript } from '../src/domain/media/script.js';
import { mulberry32 } from '../src/lib/prng.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `--carpeta DIR`: another folder of lectures with its key-ideas.json (the bench's own example: test/study/leccion). */
const dirArg = process.argv.indexOf('--carpeta');
/** `--dev`: the development lectures (test/fixtures/passages-dev, test/fixtures/study-dev/lecciones, tercera, cuarta, quinta, sexta, septima, octava) against their own key ideas (test/fixtures/study-dev). */
const DEV = process.argv.includes('--dev');
const FIXTURE = dirArg > 0 ? path.resolve(process.argv[dirArg + 1]!) : path.join(ROOT, DEV ? 'test/fixtures/passages-dev' : 'test/fixtures/lectures');
const KEY_IDEAS = DEV ? path.join(ROOT, 'test/fixtures/study-dev/key-ideas.json') : path.join(FIXTURE, 'key-ideas.json');
/** The second development set (history, biology), lectures and key ideas side by side, written before the generator changed again. */
const DEV_2 = path.join(ROOT, 'test/fixtures/study-dev/lecciones');
/** The third development set (philosophy, law), written before the generator changed for coverage. */
const DEV_3 = path.join(ROOT, 'test/fixtures/study-dev/tercera');
/** The fourth development set (music history, human geography), written before the generator changed for the week's coverage. */
const DEV_4 = path.join(ROOT, 'test/fixtures/study-dev/cuarta');
/** The fifth development set (art history, Spanish literature, microeconomics), written before the generator changed for the week's key ideas again. */
const DEV_5 = path.join(ROOT, 'test/fixtures/study-dev/quinta');
/** The sixth, seventh and eighth sets (film, circuits, conditioning; Roman Republic, optics, Weber; Greek tragedy, fluids, accounting), each written unseen and measured once as such before the generator was developed on it. */
const DEV_678 = ['sexta', 'septima', 'octava'].map((d) => path.join(ROOT, 'test/fixtures/study-dev', d));
/** Each measured set: the folder of its lectures and the file of their key ideas. */
const SETS: { folder: string; keyIdeas: string }[] = [
  { folder: FIXTURE, keyIdeas: KEY_IDEAS },
  ...(DEV && dirArg < 0 ? [DEV_2, DEV_3, DEV_4, DEV_5, ...DEV_678].map((folder) => ({ folder, keyIdeas: path.join(folder, 'key-ideas.json') })) : []),
];
/** `--semilla N`: the seed of the sample (44 drew the first judged sample; a new judging takes a new seed). */
const seedArg = process.argv.indexOf('--semilla');
export const SAMPLE_SEED = seedArg > 0 ? Number(process.argv[seedArg + 1]) : 44;
/** The held-out sample lives with the held-out verdicts; a development folder's (`--carpeta DIR`) beside its lectures, in DIR/juicio. */
const SAMPLE = dirArg > 0
  ? path.join(FIXTURE, 'juicio', `sample-seed${SAMPLE_SEED}.json`)
  : path.join(ROOT, `test/fixtures/lectures-judging/${SAMPLE_SEED === 44 ? 'sample.json' : `sample-seed${SAMPLE_SEED}.json`}`);
const SAMPLE_SIZE = 20;

interface Idea { term: string; kind: string; statement: string; formula?: string }

const normal = (s: string) => s.replace(/\*\*|__|`/g, '').replace(/(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)/g, '').replace(/\\\|/g, '|').replace(/\s+/g, ' ').trim().toLocaleLowerCase('es');
const stems = (s: string) => new Set((s.toLocaleLowerCase('es').match(/\p{L}+/gu) ?? []).filter((w) => w.length > 2 && !STOP_WORDS.has(w)).map(stem));
const share = (part: Set<string>, whole: Set<string>) => (part.size === 0 ? 0 : [...part].filter((w) => whole.has(w)).length / part.size);

/** A question without its context cue in front («(Máquinas térmicas) ¿Qué es el foco?» → «¿Qué es el foco?»). */
const uncued = (q: string) => q.replace(/^\([^()]*\)\s+/u, '');

/**
 * The texts a card is made of, as the lecture should hold them: the cloze's sentence with its term;
 * the formula; a date's answer and its event (as the note orders it, or every word of the question
 * in the sentence that holds the date); else the answer.
 */
function groundsOf(c: Card, source: string): boolean {
  switch (c.tipo) {
    case 'cloze': {
      const framed = /«([\s\S]*)»$/u.exec(c.pregunta.slice(c.pregunta.indexOf(CLOZE_PROMPT)))?.[1] ?? '';
      // A clause of a long sentence ends with a full stop the sentence goes on after.
      return source.includes(normal(framed.replace(BLANK, c.respuesta)).replace(/\.$/u, ''));
    }
    case 'formula': return source.includes(normal(c.respuesta.replace(/\s*\([^()]*\)$/u, '')));
    case 'fecha': {
      const q = uncued(c.pregunta);
      if (q.startsWith('¿En qué año') && source.includes(normal(q.replace(/^¿En qué año\s+/u, '').replace(/\?$/u, ''))) && source.includes(normal(c.respuesta))) return true;
      // «¿Cuándo …?», «¿En qué año …?» or «¿En qué fecha …?» (study/card-wording.ts): its words in the sentence of the date.
      const words = normal(q.replace(/^¿(?:Cuándo|En qué año|En qué fecha)\s+/u, '').replace(/\?$/u, '')).split(' ');
      return source.split(/(?<=[.!?])\s+/u).some((s) => s.includes(normal(c.respuesta)) && words.every((w) => new RegExp(`(?<!\\p{L})${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u').test(s)));
    }
    default: return source.includes(normal(c.respuesta));
  }
}

function onIdea(c: Card, idea: Idea): boolean {
  const qa = `${c.pregunta} ${c.respuesta}`;
  const qaStems = stems(qa);
  if (share(stems(idea.term), qaStems) === 1) return true;
  if (share(stems(idea.statement), stems(c.respuesta)) >= 0.6) return true;
  return idea.formula !== undefined && normal(qa).replace(/\s/g, '').includes(normal(idea.formula).replace(/\s/g, ''));
}

async function lecture(folder: string, file: string, ideas: Idea[], isWord: (w: string) => boolean, ocr: ReturnType<typeof createTesseractOcr>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-estudio-'));
  try {
    const notebook = await openNotebook(dataDir);
    // A fresh notebook holds the demo notes: the lecture's week is one of its own, alone.
    const week = DEMO_COURSE.semanas.length;
    const imports = createImports({ dataDir, notes: notebook.notes, ocr, course: async () => DEMO_COURSE, audit: notebook.audit });
    const bytes = await readFile(path.join(folder, file));
    const { record } = await imports.propose(file, bytes, { semana: week });
    const saved = await imports.save(record.clave);
    const all = await notebook.notes.list();
    const mine = all.filter((n) => saved!.notas.includes(n.id));
    const weekOf = (n: { id: number; semana?: number | null }) => (saved!.notas.includes(n.id) ? 99 : n.semana ?? null);
    for (const note of mine) {
      if (process.argv.includes('--ideas')) {
        console.log(`-- nota ${note.id} (${note.tema ?? ''}): ${note.texto.slice(0, 60).replace(/\s+/g, ' ')}`);
        for (const i of keyIdeasOfNote(note, all, isWord, note.tema)) console.log(`   ${i.kind} | ${i.term} | ${i.body.slice(0, 70)}`);
      }
      try {
        await notebook.cards.append((deck, deleted) => cardsForNote(note, all, deck, weekOf, { isWord, deleted }).cards);
      } catch {
        // A note with no key idea (a title band) gets no card, as the tool answers it.
      }
    }
    const cards = (await notebook.cards.list()).filter((c) => saved!.notas.includes(c.id_nota));
    const source = normal(await readFile(path.join(folder, file), 'utf8'));
    const grounded = cards.filter((c) => groundsOf(c, source));
    const on = cards.filter((c) => ideas.some((i) => onIdea(c, i)));
    const covered = ideas.filter((i) => cards.some((c) => onIdea(c, i)));
    const title = /^#\s+(.+)$/mu.exec(await readFile(path.join(folder, file), 'utf8'))?.[1] ?? file;
    const episode = buildNarrationScript(week, title.replace(/^Tema\s+\d+\.\s*/u, ''), mine, isWord);
    const heard = stems(episode.text);
    const said = ideas.filter((i) => share(stems(i.statement), heard) >= 0.6);
    return { file, notes: mine.length, ideas: ideas.length, ideas_: ideas, cards, grounded, on, covered, said, episode };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(0)} %`);

async function main() {
  const isWord = await loadWordCheck();
  const ocr = createTesseractOcr();
  const rows: Awaited<ReturnType<typeof lecture>>[] = [];
  try {
    for (const set of SETS) {
      const keyIdeas = JSON.parse(await readFile(set.keyIdeas, 'utf8')) as Record<string, Idea[]>;
      for (const [file, ideas] of Object.entries(keyIdeas)) rows.push(await lecture(set.folder, file, ideas, isWord, ocr));
    }
  } finally {
    await ocr.close();
  }
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
  console.log('lección | notas | ideas | tarjetas (×ideas) | sobre una idea | ancladas | ideas cubiertas | ideas en el episodio | palabras del episodio');
  for (const r of rows) {
    console.log(`${r.file} | ${r.notes} | ${r.ideas} | ${r.cards.length} (${(r.cards.length / r.ideas).toFixed(2)}×) | ${pct(r.on.length, r.cards.length)} | ${pct(r.grounded.length, r.cards.length)} | ${pct(r.covered.length, r.ideas)} | ${pct(r.said.length, r.ideas)} | ${r.episode.words}`);
  }
  const cards = sum((r) => r.cards.length);
  const ideas = sum((r) => r.ideas);
  console.log(`total | ${sum((r) => r.notes)} | ${ideas} | ${cards} (${(cards / ideas).toFixed(2)}×) | ${pct(sum((r) => r.on.length), cards)} | ${pct(sum((r) => r.grounded.length), cards)} | ${pct(sum((r) => r.covered.length), ideas)} | ${pct(sum((r) => r.said.length), ideas)} | ${sum((r) => r.episode.words)}`);
  if (process.argv.includes('--detalle')) {
    for (const r of rows) {
      console.log(`\n== ${r.file}\n${r.episode.text}\n`);
      for (const i of r.ideas_ ?? []) if (!r.said.includes(i)) console.log(`  no dicha en el episodio: ${i.term}`);
      for (const i of r.ideas_ ?? []) if (!r.covered.includes(i)) console.log(`  sin tarjeta: ${i.term}`);
      for (const c of r.cards) console.log(`${r.grounded.includes(c) ? ' ' : '!'}${r.on.includes(c) ? ' ' : '?'} [${c.tipo}] ${c.pregunta} → ${c.respuesta}`);
    }
  }
  if (process.argv.includes('--muestra') && !DEV) {
    const random = mulberry32(SAMPLE_SEED);
    const sample = rows.map((r) => {
      const pool = [...r.cards];
      const picked: Card[] = [];
      while (picked.length < SAMPLE_SIZE && pool.length > 0) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
      return { leccion: r.file, tarjetas: picked.map((c) => ({ tipo: c.tipo, pregunta: c.pregunta, respuesta: c.respuesta, veredicto: null })) };
    });
    await mkdir(path.dirname(SAMPLE), { recursive: true });
    await writeFile(SAMPLE, `${JSON.stringify({ semilla: SAMPLE_SEED, generador: 'mulberry32', por_leccion: SAMPLE_SIZE, comando: `npx tsx bench/study.ts --muestra${SAMPLE_SEED === 44 ? '' : ` --semilla ${SAMPLE_SEED}`}${dirArg > 0 ? ` --carpeta ${path.relative(ROOT, FIXTURE)}` : ''}`, veredictos: 'bueno | aceptable | malo (reglas de Wozniak), por alguien que no escribió el generador', lecciones: sample }, null, 1)}\n`);
    console.log(`\nmuestra: ${path.relative(ROOT, SAMPLE)} (semilla ${SAMPLE_SEED})`);
  }
}

await main();
