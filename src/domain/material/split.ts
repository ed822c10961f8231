/**
 * Extracted text → proposed notes — pure (issue 26 §3). The text is cut at headings into sections
 * and at blank lines into paragraphs; each note holds NOTE_MIN–NOTE_MAX characters: a longer
 * paragraph is split at sentence ends, shorter ones are merged with their neighbours. A note's topic
 * is its section's heading, or the file's name when the text has none; its week comes from `weekOf`.
 */
import { weekForNewNote, type Course } from '../course/course.js';
import { CELL_JOIN } from './reading-order.js';
import { PHOTO_NAME, PHOTO_NAME_MAX } from './limits.js';

export const NOTE_MIN = 120;
export const NOTE_MAX = 1500;
/** A line this short, alone in its paragraph and not ending a sentence, is a heading. */
const HEADING_MAX = 80;

export interface ProposedNote {
  tema: string;
  texto: string;
  /** The study week, or null when the note belongs to none. */
  semana: number | null;
  /** The page of the file where the note's text starts (null: a file without pages, or unknown). */
  pagina?: number | null;
}

/** A note cut from the text, before its week. */
export interface NoteDraft {
  tema: string;
  texto: string;
  pagina: number | null;
  /** The heading of its section as the text has it («Tema 5. …»: the topic drops the label). */
  heading?: string;
}

/**
 * The week of a note from its topic (its section's heading) and text (`named` = the week the student
 * chose, which wins). Injected: the course's own rule replaces the default when the course is the
 * student's data (issue 24).
 */
export type WeekOf = (note: { tema: string; texto: string }, named?: number) => number | null;

/**
 * The course's rule for an imported note (issue 24's, the same as /nota's): the week the student
 * named when the course has it, else the week whose title is its topic, else the closest by content.
 */
export function courseWeekOf(course: Course): WeekOf {
  return (note, named) => weekForNewNote(course, { tema: note.tema, texto: note.texto, ...(named !== undefined ? { semana: named } : {}) });
}

interface Block {
  text: string;
  /** Offset of the block in the text (where a page starts is known by offset). */
  at: number;
}

interface Section {
  heading: string | undefined;
  paragraphs: Block[];
}

/** A section's number before its heading: «5. », «2.1 », «3) ». */
const SECTION_NUMBER = /^\d{1,2}(?:\.\d{1,2})*[.)]?\s+(?=[\p{Lu}¿¡])/u;

function isHeading(block: string): string | undefined {
  const md = /^#{1,6}\s+(.+?)\s*#*$/.exec(block);
  if (md && !block.includes('\n')) return md[1];
  // A table's header row («Etapa · Proceso · Calor») is short and has no full stop, but it is a row
  // of three cells or more (a title block's «Grado en Física · Termodinámica» has two parts, as before).
  if (block.includes('\n') || block.length > HEADING_MAX || block.split(CELL_JOIN).length > 2) return undefined;
  // A numbered heading may end on an aside in brackets: «6. Tipos de límites (adelanto del tema 3)».
  const bare = SECTION_NUMBER.test(block) ? block.replace(/\s*\([^()]*\)$/u, '') : block;
  if (/[.,;:!?…»)]$/.test(bare) || !/^[\p{Lu}\d¿¡]/u.test(block)) return undefined;
  // A formula on its own line («IMg = ΔIT / ΔQ», «TBN = (nacimientos / población) × 1000») is short
  // and capitalised too, but it is content: taken for a heading it named an empty section and was lost
  // to the notes and the cards.
  if (/[=<>≤≥≈≠]/.test(block)) return undefined;
  // «El hábitat es el lugar físico» says what something is: a sentence whose full stop was lost, not a title.
  if (/\s(?:es|son|fue|fueron)\s+(?:el|la|los|las|un|una|unos|unas)\s/iu.test(block) && !/^¿/u.test(block)) return undefined;
  return block.split(/\s+/).length <= 10 ? block : undefined;
}

/**
 * Paragraphs (blank-line separated) with their wrapped lines joined; list items and table rows keep
 * their line. `typed`: a text a person typed or pasted (no pages, no OCR), whose line ends are theirs.
 */
function paragraphs(raw: string, fromOcr: boolean, typed = false): Block[] {
  const text = raw.replace(/\r\n?/g, '\n');
  const blocks: Block[] = [];
  let last = 0;
  for (const m of text.matchAll(/\n\s*\n/g)) {
    blocks.push({ text: text.slice(last, m.index), at: last });
    last = m.index + m[0].length;
  }
  blocks.push({ text: text.slice(last), at: last });
  const read = blocks
    .map((b) => ({ lines: b.text.split('\n').map((l) => l.trim()).filter(Boolean), at: b.at }))
    .filter((b) => b.lines.length > 0);
  const joined = fromOcr ? read : continued(read);
  const headed = typed && typedHeadings(joined);
  return joined
    .flatMap(({ lines, at }) => {
      // A markdown heading directly above its paragraph is still a heading.
      const out: Block[] = [];
      let cur: string[] = [];
      const flush = () => {
        if (cur.length) out.push({ text: cur.join(' ').replace(/ \n/g, '\n'), at });
        cur = [];
      };
      for (const [k, l] of lines.entries()) {
        if (/^#{1,6}\s/.test(l) || numberedHeading(lines, k) || (headed && typedHeading(lines, k))) {
          flush();
          out.push({ text: l, at });
        } else cur.push((/^([-*•]|\d+[.)])\s/.test(l) || l.includes(CELL_JOIN)) && cur.length ? `\n${l}` : l);
      }
      flush();
      return out;
    });
}

const NUMBERED_LINE = /^\d+[.)]\s/;

/**
 * Whether line `k` of a block is a numbered heading with its section's first lines under it, no blank
 * line between («5. La teoría de la tectónica de placas» / «A finales de los años 60…», or «6. Tipos de
 * límites» / «- Divergentes: …»): a heading by isHeading's rule that no numbered line stands next to
 * (those are a numbered list's items) and whose next line starts a sentence of its own. Read as the
 * first words of a paragraph, such a heading started no section, and the notes under it were filed
 * under the heading before.
 */
function numberedHeading(lines: readonly string[], k: number): boolean {
  const l = lines[k]!.replace(/^#{1,6}\s+/, '');
  const next = lines[k + 1];
  if (next === undefined || !SECTION_NUMBER.test(l) || /^\p{Ll}/u.test(next)) return false;
  if (NUMBERED_LINE.test(next) || (k > 0 && NUMBERED_LINE.test(lines[k - 1]!))) return false;
  return isHeading(l) !== undefined;
}

/** Most words of an unnumbered heading typed right above its section's first line («Resumen para el examen»). */
const TYPED_HEADING_WORDS = 8;
/** Headings a typed text needs before a short line above a paragraph is read as one (typedHeadings). */
const TYPED_HEADINGS_MIN = 2;
/** A line a section's first lines may open with: a sentence, a list item or a numbered one. */
const LIST_LINE = /^(?:[-*•]|\d+[.)])\s/;
/** A line that ends a sentence (or hands over to what follows it, «…son estos:»). */
const ENDS_SENTENCE = /[.!?…:][»"”)]*$/u;

/**
 * Whether line `k` of a typed block is an unnumbered heading with its section's first lines right
 * under it, no blank line between («Características generales» / «El Románico es…»): a heading by
 * isHeading's rule of at most TYPED_HEADING_WORDS words, not a list item, at the block's start or
 * after a line that ends a sentence (after «…son estos:» it is one of the lines announced), and
 * followed by a line that starts a sentence of its own or a list — a whole sentence or a line longer
 * than a heading, not another short line (a title block's «APUNTES DE ECOLOGÍA» / «Apuntes de clase –
 * Profesora Ruiz»).
 */
function typedHeading(lines: readonly string[], k: number): boolean {
  const l = lines[k]!;
  const next = lines[k + 1];
  if (next === undefined || LIST_LINE.test(l) || l.split(/\s+/).length > TYPED_HEADING_WORDS) return false;
  if (k > 0 && (!ENDS_SENTENCE.test(lines[k - 1]!) || /:$/u.test(lines[k - 1]!))) return false;
  const sentence = LIST_LINE.test(next) || (/^[\p{Lu}¿¡«"“]/u.test(next) && (ENDS_SENTENCE.test(next) || next.length > HEADING_MAX));
  return sentence && isHeading(l) !== undefined;
}

/**
 * Whether a typed text is written in sections whose headings stand right above their paragraphs: it
 * has TYPED_HEADINGS_MIN headings or more, one of them such a line (the others may stand alone between
 * blank lines). Read as the first words of its paragraph, each such heading started no section and
 * the whole paste was filed under its title (a pasted lecture on Romanesque art); a single
 * short first line above a paragraph (a paste's title, a greeting) is left as it was.
 */
function typedHeadings(blocks: ReadonlyArray<{ lines: string[] }>): boolean {
  let above = 0;
  let alone = 0;
  for (const b of blocks) {
    if (b.lines.length === 1 && isHeading(b.lines[0]!) !== undefined) alone++;
    above += b.lines.filter((_l, k) => typedHeading(b.lines, k)).length;
  }
  return above > 0 && above + alone >= TYPED_HEADINGS_MIN;
}

/**
 * Blocks rejoined where a sentence goes on across a blank line: the block does not end a sentence (no
 * full stop, colon or semicolon) and the next starts in lower case («…dividida por la variación
 * porcentual de su» / «precio, manteniendo…»). A PDF whose lines are set far apart, or a page break,
 * reads as blank lines in the middle of a sentence; kept apart, a note ended on a comma and the next
 * began mid-sentence, and a quoted passage broke inside a formula. A block ending on an operator is a
 * formula that goes on. Headings, list items and table rows are never joined.
 */
function continued(blocks: Array<{ lines: string[]; at: number }>): Array<{ lines: string[]; at: number }> {
  const out: Array<{ lines: string[]; at: number }> = [];
  const special = (l: string) => /^#{1,6}\s/.test(l) || /^([-*•]|\d+[.)])\s/.test(l) || l.includes(CELL_JOIN);
  for (const b of blocks) {
    const prev = out.at(-1);
    const last = prev?.lines.at(-1);
    const first = b.lines[0]!;
    // A formula broken after an operator («Ed = [(Q2 − Q1) / …] /» / «[(P2 − P1) / …]») goes on too.
    const goesOn = /[=+−×÷/([]$/.test(last ?? '') || (!/[.!?…:;»"”]$/.test(last ?? '') && /^\p{Ll}/u.test(first));
    if (prev && last !== undefined && goesOn && !special(last) && !special(first)) {
      prev.lines = [...prev.lines.slice(0, -1), `${last} ${first}`, ...b.lines.slice(1)];
    } else out.push({ lines: [...b.lines], at: b.at });
  }
  return out;
}

function sections(text: string, fromOcr: boolean, typed: boolean): Section[] {
  const out: Section[] = [];
  const blocks = paragraphs(text, fromOcr, typed);
  for (const [i, p] of blocks.entries()) {
    // A short line followed by text that goes on in lower case («Para el ciclo de Carnot se
    // demuestra» / «rendimiento es…», a sentence a line left out of a photo cut in two) is the start
    // of a sentence, not a heading: what follows a heading starts a sentence of its own.
    // The last block heads nothing: a short line at the end of a page is its last words (a definition
    // a photo cut, «El hábitat es el lugar físico»), and taken for a heading it was lost without a word.
    const h = i === blocks.length - 1 || /^\p{Ll}/u.test(blocks[i + 1]?.text ?? '') ? undefined : isHeading(p.text);
    if (h !== undefined) out.push({ heading: h, paragraphs: [] });
    else if (out.length === 0) out.push({ heading: undefined, paragraphs: [p] });
    else out.at(-1)!.paragraphs.push(p);
  }
  // A heading with nothing under it (a title above a heading) names nothing on its own; nor does the
  // document's title heading with only its byline under it («Física II — … · Prof. R. Almeida ·
  // Semana 3»: it was the first note, the first section's heading read as its text). A title block
  // with no heading of its own goes on into the first section's note, as before.
  return out.filter((s, i) => s.paragraphs.length > 0 && !(i === 0 && s.heading !== undefined && s.paragraphs.every((p) => byline(p.text))));
}

/** A title block's line: no sentence, three parts or more set apart by «·», «—» or «|» (course, teacher, week). */
const byline = (p: string) => !p.includes('\n') && !/[.!?…:;]$/u.test(p) && p.split(/\s[·|—–]\s/u).length >= 3;

/** Sentences of a paragraph, each with its end punctuation and following space. */
function sentences(p: string): string[] {
  return p.match(/[^.!?…]+(?:[.!?…]+["»”)]*\s*|$)/g)?.filter((s) => s.trim()) ?? [p];
}

/** Pieces of at most `max` characters, cut at sentence ends, else at spaces. */
export function cutLong(p: string, max = NOTE_MAX): string[] {
  if (p.length <= max) return [p];
  const out: string[] = [];
  let cur = '';
  const push = () => {
    if (cur.trim()) out.push(cur.trim());
    cur = '';
  };
  for (const s of sentences(p)) {
    if (cur.length + s.length <= max) {
      cur += s;
      continue;
    }
    push();
    if (s.length <= max) cur = s;
    else {
      // One sentence longer than a note: cut between words.
      for (const w of s.split(/(?<=\s)/)) {
        if (cur.length + w.length > max) push();
        cur += w;
      }
    }
  }
  push();
  return out;
}

/** A table: a block whose first line is a row of cells. */
const isTable = (text: string): boolean => text.split('\n', 1)[0]!.includes(CELL_JOIN);

/**
 * Pieces merged while the result stays under `max`, so that each reaches `min` when it can (a merge
 * keeps the first piece's offset). A table goes with the paragraph above it, its lead-in or caption
 * («…en el orden siguiente:»), and its rows stay together: a table is never a note of its own rows, nor its header row one.
 */
function mergeShort(pieces: readonly Block[], min = NOTE_MIN, max = NOTE_MAX): Block[] {
  const out: Block[] = [];
  for (const p of pieces) {
    const last = out.at(-1);
    const short = last !== undefined && (last.text.length < min || p.text.length < min);
    if (last !== undefined && (short || isTable(p.text)) && last.text.length + 2 + p.text.length <= max) last.text = `${last.text}\n\n${p.text}`;
    else out.push({ ...p });
  }
  return out;
}

/**
 * The document's own title: its level-1 heading («# Cinética química»), else its first line when that
 * line is a title (short, alone, no sentence), else the file's name without its extension — never its
 * first section's heading, which names a part of it («1. Velocidad de reacción»).
 */
export function documentTitle(text: string, fileName: string): { title: string; fromName: boolean } {
  const blocks = paragraphs(text, false);
  const level1 = blocks.find((b) => /^#\s/u.test(b.text))?.text.replace(/^#\s+|\s*#*$/gu, '');
  const first = blocks[0]?.text;
  const titled = level1 ?? (first !== undefined && !/^\p{Ll}/u.test(blocks[1]?.text ?? '') ? isHeading(first) : undefined);
  const title = titled?.replace(/[#*_`]+/g, '').trim();
  return title ? { title, fromName: false } : { title: fileName.replace(/\.[a-z0-9]+$/i, '').replace(/_+/g, ' ').trim(), fromName: true };
}

/**
 * The name of a photo of a page (every photo arrives as «foto.jpg», and three of them were three
 * identical lines in /material and in every quote): the page's own title, else its first words.
 */
export function photoName(text: string): string {
  const { title, fromName } = documentTitle(text, '');
  // An aside in brackets after the title («Circuitos RC (apuntes 14/10)») is no part of its name.
  if (!fromName && title) return title.replace(/(?<=\S)\s*\([^()]*\)$/u, '') || title;
  const words = text.replace(/[#*_`]+/g, '').replace(/\s+/g, ' ').trim();
  if (words.length <= PHOTO_NAME_MAX) return words || PHOTO_NAME;
  const cut = words.slice(0, PHOTO_NAME_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), PHOTO_NAME_MAX / 2)).replace(/[\s,.;:]+$/u, '')}…`;
}

/** The topic for text without headings: the file's name without its extension. */
export function topicFromName(fileName: string): string {
  const stem = fileName.replace(/\.[a-z0-9]+$/i, '').replace(/[_]+/g, ' ').trim();
  return tidyTopic(stem) || 'material';
}

/**
 * Whether `tema` is only the name of the file a note comes from (`archivo`, as the note's source
 * keeps it): the topic a text without headings gives its notes (noteDrafts), which names no section
 * of it. A pasted text is read as «<its title>.txt» (imports.ts `readingName`) and its source keeps
 * the title alone, so the name is tried with that extension too.
 */
export function isFileTopic(tema: string, archivo: string): boolean {
  const topic = tema.toLocaleLowerCase('es');
  return [archivo, `${archivo}.txt`].some((name) => topicFromName(name).toLocaleLowerCase('es') === topic);
}

/**
 * The label that names where a heading sits in the syllabus («Tema 3.», «Unidad 2 –»): the note's
 * week already says it, so a note's topic is «elasticidad», not «tema 3. elasticidad». A bare section
 * number («6. El ciclo de Carnot», «1.2 La escasez») stays: it is where the section sits in its
 * lecture, which no week says — in /notas the topics of one lecture read in its order, and the student
 * finds the section on the printed page by it (and a topic is then the heading as the page prints it).
 */
const NUMBERING_LABEL = /^(?:tema|unidad|lecci[oó]n|cap[ií]tulo|bloque|m[oó]dulo|semana|parte|secci[oó]n|apartado)\s+\d{1,3}\s*[.:)\-–—]?\s+/iu;

/**
 * A topic as its heading (or name) writes it, less the capital its line opens with: «6. El ciclo de
 * Carnot» → «6. el ciclo de Carnot», «3. Lineweaver-Burk» → «3. lineweaver-Burk», «E + S ⇌ ES» as it
 * is. A topic is said inside sentences too, and every list gives the opening capital back
 * (lib/name-case.ts, topicAsWritten); a name, a symbol or an acronym inside it keeps its capitals —
 * folded to lower case they read «3. Lineweaver-burk», «E + S ⇌ es». A heading set all in capitals
 * («CINÉTICA QUÍMICA») is typography, not names: lower case. Matching folds case on its own side.
 */
function topicCase(t: string): string {
  if (!/\p{Ll}/u.test(t) && /\p{Lu}{4}/u.test(t)) return t.toLocaleLowerCase('es');
  return t.replace(/^(\P{L}*)(\p{Lu})(?=\p{Ll})/u, (_m, before: string, c: string) => `${before}${c.toLocaleLowerCase('es')}`);
}

function tidyTopic(t: string, heading = false): string {
  const tidy = t.replace(/[#*_`]+/g, '').replace(/\s+/g, ' ').replace(/[:.]$/, '').trim();
  // A heading that is only its number («Tema 3») keeps it: it is all the topic there is.
  const named = heading ? tidy.replace(NUMBERING_LABEL, '').trim() : '';
  return topicCase(named || tidy);
}

/**
 * The topic of a photo's text before its first heading: its week's title («Tema 5. Segundo principio
 * de la termodinámica» → «segundo principio de la termodinámica»), not the photo's name. A phone
 * names a photo by its date («IMG_20270310_0914»), which tells the student nothing in /notas, and the
 * top of a photographed page goes on a section that began on an earlier page, whose heading the photo
 * does not have: the week the photo is filed under says what it is about. A file with a name its
 * author chose (a PDF, a text) keeps its name. Unchanged when the note has a heading or no week.
 */
export function photoTopics<T extends Pick<NoteDraft, 'tema' | 'heading'>>(drafts: readonly T[], weeks: readonly (number | null)[], course: { semanas: readonly { numero: number; titulo: string }[] }): T[] {
  return drafts.map((d, i) => {
    const title = d.heading === undefined ? course.semanas.find((w) => w.numero === weeks[i])?.titulo : undefined;
    const tema = title ? tidyTopic(title, true) : '';
    return tema ? { ...d, tema } : d;
  });
}

export interface SplitOptions {
  fileName: string;
  /** The course's rule (courseWeekOf); without one a note has only the week the student named. */
  weekOf?: WeekOf;
  /** The week the student named for the whole file (`--semana N`, «Cambiar semana»). */
  semana?: number;
  /** Offset in the text where each page starts (page k+1 at `pageStarts[k]`): a note keeps its page. */
  pageStarts?: readonly number[];
  /**
   * The text was read from an image (a photo, a scan): a blank line in a sentence may be a line OCR
   * could not read, so a sentence is never joined across one (continued() is for typeset text).
   */
  fromOcr?: boolean;
}

export function splitIntoNotes(text: string, opts: SplitOptions): ProposedNote[] {
  const weekOf: WeekOf = opts.weekOf ?? ((_note, named) => named ?? null);
  return noteDrafts(text, opts).map(({ heading: _h, ...n }) => ({ ...n, semana: weekOf(n, opts.semana) }));
}

/** The page where offset `at` lies (null when the text has no pages). */
function pageAt(at: number, starts: readonly number[] | undefined): number | null {
  if (!starts?.length) return null;
  let page = 1;
  starts.forEach((s, k) => {
    if (s <= at) page = k + 1;
  });
  return page;
}

/**
 * The notes' topics, texts and pages, before their weeks: cut at headings and paragraph ends (a
 * paragraph longer than a note at sentence ends), never mid-sentence.
 */
export function noteDrafts(text: string, opts: Pick<SplitOptions, 'fileName' | 'pageStarts' | 'fromOcr'>): NoteDraft[] {
  const fallback = topicFromName(opts.fileName);
  const notes: NoteDraft[] = [];
  // A text without pages nor OCR was typed or pasted: its line ends are the writer's (typedHeading).
  const typed = opts.fromOcr !== true && !opts.pageStarts?.length;
  for (const s of sections(text, opts.fromOcr === true, typed)) {
    const tema = s.heading !== undefined ? tidyTopic(s.heading, true) || fallback : fallback;
    const pieces = s.paragraphs.flatMap((p) => cutLong(p.text).map((t) => ({ text: t, at: p.at })));
    for (const b of mergeShort(pieces)) notes.push({ tema, texto: b.text, pagina: pageAt(b.at, opts.pageStarts), ...(s.heading !== undefined ? { heading: s.heading } : {}) });
  }
  // A section too short for a note of its own joins its neighbour (the previous one when it fits);
  // its heading goes with it as a line, so the text keeps what it is about.
  const merged: NoteDraft[] = [];
  for (const n of notes) {
    const prev = merged.at(-1);
    if (prev && (n.texto.length < NOTE_MIN || prev.texto.length < NOTE_MIN) && prev.texto.length + 2 + n.texto.length <= NOTE_MAX) {
      const heading = n.tema !== prev.tema && n.heading ? `${n.heading.replace(/[#*_`]+/g, '').trim()}\n\n` : '';
      const titleBlock = prev.heading === undefined && n.heading !== undefined && prev.texto.length < NOTE_MIN;
      prev.texto = `${prev.texto}\n\n${heading}${n.texto}`;
      // A title block above the first heading («TEMA 2…» / «Apuntes de clase…») is no section: the
      // note is its first section's («1. Introducción»), and is found under that topic.
      if (titleBlock) Object.assign(prev, { tema: n.tema, heading: n.heading });
    } else merged.push({ ...n });
  }
  return merged;
}
