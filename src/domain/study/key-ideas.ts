/**
 * A week's key ideas (docs/design.md §3), in the order of the material, for any subject:
 * - statements: «el enunciado / teorema / la ley / el principio de X dice (que) …» or «…: …»;
 * - definitions: «X es un/una/el/la …», «se llama X a …», «llamamos X a …», «a … se le llama X»,
 *   «se define X como …», «X consiste en / está formado por …»;
 * - formulas, with their left-hand symbol's meaning when the text says it («el rendimiento (η)»);
 * - dates: «En 1874, …» (humanities: when something happened); people: «Diego Velázquez (1599–1660)
 *   fue …»; works: a title in «…» or in italics;
 * - headings of the notes, when a sentence of their section says what they are about;
 * - terms the note bolds, and terms prose brings in and explains («X, es decir, …», «lo que se
 *   conocía como X, …», «X, un …»: sentence-idea.ts, marked-terms.ts);
 * - key terms, ranked by TF-IDF against the rest of the course (cards/keyterms.ts).
 * What one sentence states is read in sentence-idea.ts. Every idea is grounded in one sentence of a note that reads well (reading.ts): a cut, doubtful or
 * garbled sentence gives none. Ideas that name the same thing (same stems) are one idea, the
 * strongest kind kept. Pure given the dictionary check.
 */
import type { Note } from '../notebook.js';
import { buildIndex } from '../tfidf.js';
import { keyTerms } from '../cards/keyterms.js';
import { formulasIn, meaningOf, onTableRow, type Formula } from './formula.js';
import { languageOf, plainSentence, readProblem, sentencesOf, stem, type Sentence, type WordCheck } from './reading.js';
import { clozeClause, clozeProblem, EXAMPLE_HEADING } from './cloze-quality.js';
import { tableRows } from './table-ideas.js';
import { wordFormulasIn, type WordFormula } from './word-formula.js';
import { coverageIdeas } from './coverage-rules.js';
import { listTopic } from './list-topic.js';
import { sectionLabel } from './section-label.js';
import { offSubject } from './class-talk.js';
import { namedTerms } from './named-term.js';
import { proseDefinitions } from './prose-definitions.js';
import { namesByRole, personByRole } from './person-role.js';
import { telegraphicIdeas } from './telegraphic.js';
import { headingNames, lifeOf, namesOfNote } from './note-names.js';
import { cleanHeading, contextOf, fullName, lowerWordsIn, namesIn, termAt, timesWritten } from './course-names.js';

export { cleanHeading, contextOf, namesIn, condense };
import { conditionsOf, dangling, itemHead, inSection, isPersonName, personActs, personOfNote, workOfPerson, workOfSection } from './idea-rules.js';
import { ARTICLE, TERM, DEMONSTRATIVE, fold, ORDINAL, closed, condense, goodTerm, plainKeepingBold, MARKER, ideaOfSentence, laterReadings, type Found, type IdeaKind } from './sentence-idea.js';
import { escapeRegExp } from '../../lib/regexp.js';

export type { IdeaKind };
/** Strongest first: when two ideas name the same thing, the stronger stays. */
export const KIND_ORDER: readonly IdeaKind[] = ['enunciado', 'definicion', 'formula', 'fecha', 'persona', 'obra', 'encabezado', 'termino', 'fila'];

export interface KeyIdea {
  kind: IdeaKind;
  /** What the idea is called, as the note writes it: «enunciado de Kelvin-Planck», «proceso reversible». */
  term: string;
  /** The article the note gives the term («un», «el»…), for the question. */
  article: string;
  /** For a definition by what the term does («mide», «estudia»): that verb, which the question asks with. */
  verb?: string;
  /** What the note says of it: the statement, the definition, the formula, the event of a date. */
  body: string;
  /** The sentence it comes from (plain: no markdown marks). */
  sentence: string;
  noteId: number;
  /** Offset of the sentence in its note. */
  at: number;
  /** Stems of the term's content words, sorted: two ideas with the same key are one. */
  key: string;
  formula?: Formula;
  /** Its year, for a date (or the whole date, «el 15 de abril de 1874»). */
  year?: string;
  /** For a date: the question's clause («se inauguró la primera exposición impresionista»), asked «¿Cuándo …?». */
  when?: string;
  /** For a work: who made it, as the note names them («Édouard Manet»). */
  author?: string;
  /**
   * The section the idea comes from («Máquinas térmicas»), as a context cue for a question whose
   * term or sentence alone would not say what it is about (Wozniak: «context cues»).
   */
  context?: string;
  /** A question the sentence itself frames («¿Cuándo se dice que una demanda es inelástica?»), asked as is. */
  question?: string;
  /** How the episode says it when its own sentence would not read alone («Aplicación principal: …» → «La aplicación principal del principio de Pascal es …»). */
  said?: string;
  /** Whether the question needs `context` to be understood (a one-word term, «este enunciado» in the answer). */
  needsContext?: boolean;
  /** For a formula: the conditions its sentence puts on it («para un proceso reversible»), asked with it. */
  condition?: string;
  /** For a cloze: the part of its sentence it is made of, when not the one clozeClause would choose (the clause after a colon). */
  clause?: string;
  /** A person who opens a sentence that states another idea, or a definition in a clause of its own: carded from the same sentence (build.ts). */
  shares?: boolean;
  /** Said by a list item («- El subjetivismo: …»): the episode says it with its list. */
  item?: boolean;
  /** A summary of causes or consequences (coverage-rules.ts); `whole`: its answer is the sentences after it. */
  summary?: boolean;
  whole?: boolean;
  /** A key term taken by the relaxed rules (a sentence that states nothing else): a week has no more of these and table rows than stated ideas. */
  relaxed?: boolean;
  score: number;
}

/** A note of at most this many words is short: with no stated idea, it is carded from its key terms as they come. */
export const SHORT_NOTE_WORDS = 40;
/** Key terms taken from one note besides its stated ideas. */
export const TERMS_PER_NOTE = 2;
/** Adverbs the key-term rules may take for nouns. */
const ADVERBS = new Set(['casi', 'siempre', 'nunca', 'sólo', 'aún', 'todavía', 'además', 'incluso', 'apenas', 'bastante', 'luego', 'entonces']);
/** Verb forms by ending (first person plural, preterite, gerund, imperfect): never a term. */
const VERB_ENDING = /(?:amos|emos|imos|aron|ieron|ando|iendo|ábamos|aba|aban|aría|ería|iría)$/u;

/** The stems of a term's content words, sorted and joined: the idea's identity. */
export function ideaKey(term: string): string {
  const words = fold(term).match(/[\p{L}\d]+/gu) ?? [];
  // An ordinal tells ideas apart («primer principio», «segundo principio»).
  return [...new Set(words.filter((w) => !closed(w) || ORDINAL.test(w)).map(stem))].sort().join(' ');
}



/** The key ideas of one note, in the order of its text; `course` is every note (the TF-IDF background). */
export function keyIdeasOfNote(note: Note, course: readonly Note[], isWord: WordCheck, heading?: string): KeyIdea[] {
  const language = languageOf(note.texto);
  const sentences = sentencesOf(note.texto);
  // Read well, and about the subject: the teacher's word to the class, a title block or a worked
  // example («Un ejemplo sencillo. Marta abre una librería: …») states no idea (class-talk.ts).
  const aside = offSubject(note.texto);
  const good = sentences.filter((s) => !readProblem(s.text, language, isWord) && !aside(s));
  const names = namesIn(course.some((n) => n.id === note.id) ? course : [...course, note]);
  // A list's items are asked with what the list is of («Etapas del Barroco musical»), else with their section.
  const context = listTopic(note, course) ?? contextOf(heading, names);
  // A capitalised word is a name when the course writes it so after another word, or never writes it in lower case.
  const lower = lowerWordsIn(course.some((n) => n.id === note.id) ? course : [...course, note]);
  const properWord = (w: string) => names.has(w) || !lower.has(fold(w));
  const ideas: KeyIdea[] = [];
  const head0 = heading ? cleanHeading(heading) : undefined;
  /** Adds the idea `f` of sentence `s` when it reads as one (a term a question can name, an answer of a few words); whether it did. */
  const add = (f: Found, s: { text: string; at: number }, score: number): boolean => {
    const written = f.term.replace(/[.,:;]+$/u, '').trim();
    // «Presa: especie …»: a glossary line or a list item capitalises its head as a line opens; the
    // question asks «la presa» unless the course writes the word as a name («el Barroco»).
    const head = /^(\p{Lu})(\p{Ll}+)(?=\s|$)/u.exec(written);
    const term = f.item && f.kind === 'definicion' && head && !names.has(head[0]) && (isWord(fold(head[0])) || lower.has(fold(head[0]))) ? `${fold(head[1]!)}${written.slice(1)}` : written;
    if (f.kind !== 'fecha' && f.kind !== 'enunciado' && f.kind !== 'obra' && f.kind !== 'persona' && !f.marked && !f.question && !goodTerm(term)) return false;
    // A summary's list is its answer whole (condensing would keep only its first cause).
    const body = f.kind === 'formula' || f.whole ? f.body : condense(f.body);
    // «¿Qué es el punto?» → «unos 580 °C»: a quantity alone says what something measures, not what it is.
    if (f.kind === 'definicion' && !f.question && /^(?:(?:unos|unas|aproximadamente|cerca\s+de|alrededor\s+de|más\s+de|menos\s+de)\s+)?[\d.,]+\s*\S{0,6}$/u.test(body)) return false;
    // A short answer is fine for a question the sentence frames («¿cuál es el más electronegativo?» → «el flúor»).
    if (f.kind !== 'formula' && f.kind !== 'persona' && !f.question && body.split(/\s+/).length < 3) return false;
    // A one-word term («el foco») or an answer that points back («este enunciado») is asked with its section.
    const needsContext = f.needsContext || DEMONSTRATIVE.test(body) || (f.kind !== 'termino' && dangling(term)) || (f.kind !== 'fecha' && f.kind !== 'persona' && ideaKey(term).split(' ').length === 1 && !/^\p{Lu}/u.test(term));
    ideas.push({
      ...f, term, body, sentence: plainSentence(s.text), noteId: note.id, at: s.at,
      key: `${f.kind === 'formula' ? 'fórmula ' : ''}${ideaKey(f.kind === 'fecha' ? `${f.year} ${term}` : term)}`, score,
      ...(context ? { context } : {}), ...(needsContext ? { needsContext: true } : {}),
    });
    return true;
  };
  /** Whether an idea of the note already names every content stem of `term`. */
  const alreadyNamed = (term: string) => {
    const k = ideaKey(term).split(' ');
    return ideas.some((i) => k.every((w) => i.key.split(' ').includes(w)));
  };
  // A cloze only where the sentence stands alone and the blank takes one whole term (cloze-quality.ts).
  /** `fromColon`: a long sentence may give the clause after its colon (a term the note bolds there). */
  const clozeable = (s: { text: string }, term: string, lenient = false, fromColon = false) => {
    // A list item is a cloze's sentence only when it is one: a capital first, a full stop last.
    if (/^\s*[-*•]\s/u.test(s.text) && !/^\p{Lu}.*\.$/u.test(plainSentence(s.text))) return false;
    // A sentence that announces a list («… una serie de rasgos:») says nothing until the list does.
    if (/:\s*$/u.test(s.text)) return false;
    const plain = clozeClause(plainSentence(s.text), term, fromColon);
    if (!plain) return false;
    const at = termAt(plain, term);
    return at >= 0 && !clozeProblem(plain, term, at, heading, lenient);
  };
  // The rules that read a sentence by its section («En el enlace covalente …», «Su Canción del pirata …»).
  const section = head0 && contextOf(heading, names);
  for (const s of good) {
    const plain = plainSentence(s.text);
    // An item of a numbered list («1. **El tema de España**: …») is read as a list item too (the reader splits off its number).
    const raw = /(?:^|\n)[ \t]*\d{1,2}[.)][ \t]*$/u.test(note.texto.slice(0, s.at)) ? `- ${s.text}` : s.text;
    // «Conclusión: …», «Aplicaciones: …»: a generic label says something of its section (section-label.ts).
    const labelled = sectionLabel(plain, section);
    if (labelled === null) continue;
    if (labelled) { add(labelled, s, 3); continue; }
    const found = ideaOfSentence(plain, raw, names, properWord) ?? inSection(plain, head0) ?? workOfSection(plain, section, properWord);
    const head = found ? undefined : itemHead(raw);
    // A list item's head, blanked in the item and asked with its section (the item alone says too little).
    if (head && !clozeProblem(head.item, head.term, termAt(head.item, head.term), heading)) {
      add({ kind: 'termino', term: head.term, article: '', body: head.item, item: true, needsContext: true }, s, 1.5);
      continue;
    }
    if (!found) continue;
    if (found.kind === 'persona' && !/\s/u.test(found.term)) found.term = fullName(found.term, course);
    // A first reading that makes no good idea gives way to the next rule's (sentence-idea.ts laterReadings).
    if (!add(found, s, 3)) for (const f of laterReadings(plain, raw, properWord)) if (f.term !== found.term && add(f, s, 3)) break;
    // «Jean-Baptiste Lully (1632–1687), nacido en Florencia, dirigió … y creó la **tragédie lyrique**, la ópera francesa»:
    // the person who opens it is an idea of the sentence too (asked «¿Quién …?», answered with the name).
    const who = found.kind === 'persona' ? undefined : personActs(plain, properWord);
    if (who) add({ ...who, shares: true }, s, 3);
  }
  // People named as who did something, summaries of causes, bold terms explained (coverage-rules.ts):
  // a term the rule itself frames by a question is asked as is.
  const bolds = [...note.texto.matchAll(/\*\*([^*]{2,60})\*\*/gu)].map((m) => m[1]!.trim());
  for (const s of good) {
    // The sentences after it in its paragraph (a summary «fueron varias.» lists them there).
    const rest = note.texto.slice(s.at + s.text.length).split(/\n\s*\n/u)[0]!;
    const next = good.filter((x) => x.at > s.at && x.at < s.at + s.text.length + rest.length).map((x) => plainSentence(x.text));
    const k = sentences.findIndex((x) => x.at === s.at);
    // A short sentence is still whole («Ninguna ley puede contradecirla.»): what a name after it names.
    const prev = k > 0 ? sentences[k - 1]! : undefined;
    const before = prev && (good.includes(prev) || readProblem(prev.text, language, isWord) === 'corta') ? plainSentence(prev.text) : undefined;
    const around = { next, ...(before ? { before } : {}), ...(head0 ? { heading: head0 } : {}), first: s === good[0] };
    for (const f of coverageIdeas(plainSentence(s.text), plainKeepingBold(s.text), properWord, bolds, around)) add({ ...f, marked: f.question !== undefined }, s, 3);
  }
  // Works: a title in «…» or in italics; with its author («… de Édouard Manet») asked «¿De quién es…?», else a cloze on the title.
  // …or of the person the paragraph is about, the title asked by what the sentence says of it.
  const person = personOfNote(note.texto);
  for (const s of good) {
    const mine = workOfPerson(s.text.trim(), person);
    if (mine) add(mine, s, 2.2);
    for (const m of s.text.matchAll(/«([^»]{3,80})»|(?<![*\w])\*([^*\s][^*]{1,78}[^*\s])\*(?![*\w])/gu)) {
      const title = (m[1] ?? m[2])!.trim();
      if (!/^\p{Lu}/u.test(title) || title.split(/\s+/).length > 8) continue;
      // «… de James M. Cain»: a name cut at an initial is no author.
      const author = /^[»*]?\s+de\s+(\p{Lu}[\p{L}'’-]+(?:\s+(?:de\s+|van\s+|von\s+)?\p{Lu}[\p{L}'’-]+){0,3})(?![\p{L}'’-])(?!\s+\p{Lu}\.)/u.exec(s.text.slice(m.index + m[0].length))?.[1];
      // A work asked without its author's name in the sentence could be anyone's.
      const byName = [...plainSentence(s.text).replace(title, '').matchAll(/\p{Lu}[\p{L}'’-]+/gu)].some((w) => names.has(w[0]));
      // …or in the paragraph about its author («Antonio Vivaldi (1678–1741) …»): then its author is the cloze's cue.
      const mine = !author && !byName && person !== undefined;
      if (!author && !((byName || mine) && clozeable(s, title))) continue;
      add({ kind: 'obra', term: title, article: '', body: plainSentence(s.text), ...(author ? { author } : {}) }, s, 2.2);
      // By surname: the person's own card answers the full name, which a cue may not give away.
      if (mine && ideas.at(-1)?.term === title) Object.assign(ideas.at(-1)!, { context: person.split(/\s+/).at(-1), needsContext: true });
    }
  }
  // What the note bolds inside a sentence, one mark at a time:
  // - a person («… el economista británico **Alfred Marshall** en sus …»): the teacher marks them as a
  //   key person; asked who they were when their years and role follow, else a cloze on the name;
  // - any other term («… Mussolini inauguró los estudios de **Cinecittà**»): a key term whatever the
  //   sentence says of it; a cloze on it where no rule reads the sentence (merge keeps a stronger idea
  //   of the same name). A bold lead-in («**En serie**,», «**Primera ley.**») is a heading, not a term.
  for (const s of good) {
    for (const m of s.text.matchAll(/\*\*\*?([^*]{3,60}?)\*?\*\*/gu)) {
      const term = m[1]!.trim();
      if (isPersonName(term, properWord)) {
        if (term.length < 5) continue;
        // «… su nieto **Lorenzo el Magnífico** (1449–1492), poeta y protector de …»: their years and role, asked «¿Quién fue …?».
        const role = /^\s*\([^()]*\d{3,4}[^()]*\),\s+(\p{Ll}.+)$/u.exec(plainSentence(s.text.slice(m.index + m[0].length)))?.[1];
        const who = role && personActs(`${term} ${role}`, properWord);
        if (who && who.verb === 'fue') add({ ...who, shares: true }, s, 2);
        else if (clozeable(s, term)) add({ kind: 'termino', term, article: '', body: plainSentence(s.text), marked: true }, s, 2);
        continue;
      }
      // «**Primera fase**: la mortalidad …», «**Rodaje**. Se rueda …»: a bold head opening its line labels what follows.
      if (/^\s*(?:[-*•]\s+|\d{1,2}[.)]\s+)?$/u.test(s.text.slice(0, m.index)) && /^\s*[:.]/u.test(s.text.slice(m.index + m[0].length))) continue;
      // A title may open with its article («***La tierra tiembla***»).
      if (/[.:;,]$/u.test(term) || !goodTerm(term.replace(/^(?:El|La|Los|Las)\s+(?=\S)/u, ''))) continue;
      // The cloze is made of the clause after the colon when that is what says it.
      if (clozeable(s, term, false, true)) add({ kind: 'termino', term, article: '', body: plainSentence(s.text), clause: clozeClause(plainSentence(s.text), term, true)!, marked: true }, s, 2.4);
    }
  }
  // A term a sentence names by a naming verb anywhere in it («…, lo que se denominaba beneficio, …»):
  // a cloze in the clause that names it, when no idea has the term yet (named-term.ts).
  for (const s of good) {
    const plain = plainSentence(s.text);
    for (const term of namedTerms(plain)) {
      if (alreadyNamed(term)) continue;
      if (clozeable(s, term, false, true)) add({ kind: 'termino', term, article: '', body: plain, clause: clozeClause(plain, term, true)! }, s, 2.3);
    }
  }
  // Definitions long prose makes past a sentence's first words (prose-definitions.ts).
  // …and the people it introduces by their role («Carlomagno, rey de los francos …, gobernó …»: person-role.ts).
  for (const s of good) {
    const plain = plainSentence(s.text);
    for (const f of proseDefinitions(plain)) if (!alreadyNamed(f.term)) add(f, s, 2.6);
    const who = personByRole(plain);
    if (who && !alreadyNamed(who.term)) add({ ...who, shares: true }, s, 2.6);
    // «… por el fraile franciscano Luca Pacioli …»: a name after its role, a cloze where the sentence carries it.
    for (const name of namesByRole(plain)) if (!alreadyNamed(name) && clozeable(s, name)) add({ kind: 'termino', term: name, article: '', body: plain }, s, 2);
  }
  // A list taken as notes, lines without a full stop: «Término = …» and a period with its years (telegraphic.ts),
  // each grounded in its line when the line reads well once closed.
  for (const t of telegraphicIdeas(note.texto)) {
    // (A period's line may be a few words: «• Restauración 1874-1923 — turno de partidos».)
    const problem = readProblem(`${t.line.trim()}.`, language, isWord);
    if (!alreadyNamed(t.found.term) && (!problem || (problem === 'corta' && t.found.question))) add(t.found, { text: t.line, at: t.at }, 2.4);
  }
  // Formulas sit on their own line (no sentence): grounded in the sentence that introduces them.
  // Formulas in words on their own line too (word-formula.ts); a list of formulas alone (a «Formulario»)
  // names each by its words or by what the course calls its symbol («la tasa bruta de natalidad (TBN)»).
  for (const f of [...formulasIn(note.texto), ...wordFormulasIn(note.texto)]) {
    // A table row is neither a sentence nor a display line: its cells are asked as a row («fila»), never as a formula.
    if (onTableRow(note.texto, f.at)) continue;
    // «… si [S] = Km, entonces v0 = Vmax / 2»: an equality after «si» or «cuando» is a condition, not a formula to learn.
    if (/(?:^|\s)(?:si|cuando|mientras)\s*$/iu.test(note.texto.slice(Math.max(0, f.at - 12), f.at))) continue;
    const intro = introducingSentence(sentences, good, f.at, language, isWord);
    const own = 'name' in f ? (f as WordFormula).name : undefined;
    if (!intro && !('spoken' in f && wordFormulasIn(note.texto).some((w) => w.at === f.at))) continue;
    const named = ideas.filter((i) => i.at <= f.at && (i.kind === 'definicion' || i.kind === 'enunciado')).at(-1);
    // «La ecuación logística queda dN/dt = …»: the words just before a formula in its own sentence name it.
    const inline = /(?:^|[.:;]\s+)((?:el|la|los|las)\s+\p{Ll}[\p{L}\s]{2,40}?)\s+(?:queda|quedaría|es|se\s+escribe|se\s+expresa(?:\s+como)?|resulta)\s*:?\s*$/iu.exec(note.texto.slice(Math.max(0, f.at - 80), f.at).replace(/\*\*/gu, ''))?.[1];
    const said = meaningOf(f.subject, note.texto.replace(/\*\*/gu, '')) ?? own ?? inline ?? (intro ? introduced(intro.text, heading) : undefined) ?? meaningOf(f.subject, course.map((n) => n.texto).join('\n').replace(/\*\*/gu, ''));
    // «Aplicación principal: la prensa hidráulica.» before it: the formula is the prensa's (section-label.ts).
    const byLabel = !said && named?.said && named.body.split(/\s+/).length <= 4 ? named.body : undefined;
    const meaning = said ?? byLabel ?? named?.term;
    if (!meaning) continue;
    // The article as the text gives it; for a formula of the idea before it, that idea's.
    const article = said || byLabel ? fold(/^(el|la|los|las)\s/iu.exec((said ?? byLabel)!)?.[1] ?? '') : named!.article;
    const term = meaning.replace(/^(?:el|la|los|las)\s+/iu, '').replace(/[\p{L}'’-]+/gu, (w) => (names.has(`${w[0]!.toLocaleUpperCase('es')}${w.slice(1)}`) ? `${w[0]!.toLocaleUpperCase('es')}${w.slice(1)}` : w));
    // A condition another idea of its sentence answers («¿Cuándo ocurre …?» → «cuando …») would give that card away.
    // …nor one that is the formula itself («¿… del Km si [S] = Km?» would ask what it says).
    const squeezed = (x: string) => fold(x).replace(/\s+/gu, '');
    const condition = intro && [conditionsOf(plainSentence(intro.text))].find((c) => c && !ideas.some((i) => i.at === intro.at && fold(i.body).includes(fold(c))) && !squeezed(c).includes(squeezed(f.text)));
    add({ kind: 'formula', term, article, body: f.text, formula: f, ...(condition ? { condition } : {}) }, intro ?? { text: f.text, at: f.at }, 2.5);
  }
  // The section's heading, when one of its well-read sentences names it and can carry it as a cloze.
  const head = heading && cleanHeading(heading);
  if (head && goodTerm(head) && !EXAMPLE_HEADING.test(head)) {
    const k = ideaKey(head).split(' ');
    const s = good.find((x) => k.every((w) => ideaKey(x.text).split(' ').includes(w)) && clozeable(x, head));
    if (s) add({ kind: 'encabezado', term: head, article: '', body: plainSentence(s.text) }, s, 2);
  }
  // Key terms by TF-IDF against the course, each in a sentence that carries it as a cloze. A key term
  // comes back in the course, or the note marks it in bold; worked examples give none.
  const index = buildIndex(course.map((n) => n.texto));
  const row = index.rows[course.findIndex((n) => n.id === note.id)] ?? buildIndex([note.texto]).rows[0]!;
  const named = ideas.map((i) => i.key.split(' '));
  const bolded = [...note.texto.matchAll(/\*\*([^*]{2,60})\*\*/gu)].map((m) => fold(m[1]!.trim()));
  // Strict first (in a lecture, a key term comes back or is bolded, and is more than one common word);
  // a short note (a few sentences) with no idea at all takes its key terms as they come, by the same cloze rules.
  const takeTerms = (strict: boolean, compound = false) => {
  let terms = 0;
  for (const t of heading && EXAMPLE_HEADING.test(heading) ? [] : keyTerms(note.texto, (w) => row.get(w) ?? 0)) {
    if (terms >= TERMS_PER_NOTE) break;
    if (!t.words.every((w) => w.length > 2 && !ADVERBS.has(w) && !VERB_ENDING.test(w) && (isWord(w) || /^\p{Lu}/u.test(t.text)))) continue;
    // A lone common word («pintor», «energía») teaches little: a one-word term is one the note bolds.
    const bold = bolded.includes(fold(t.text));
    // A doctrine or a movement («Neoclasicismo») is a term of one word.
    if (t.words.length === 1 && (t.text.length < 5 || (strict && !bold) || (compound && !/ismos?$/u.test(t.text)))) continue;
    if (strict && !bold && timesWritten(t.text, course) < 2) continue;
    // A word of an idea already named («carga» in «cantidad de carga» is not another idea).
    const k = ideaKey(t.text).split(' ');
    if (named.some((n) => k.every((w) => n.includes(w)))) continue;
    // «el **Salon des Refusés** o Salón de los Rechazados»: the blank takes the name with its other name.
    const withOther = (x: Sentence) => new RegExp(`${escapeRegExp(t.text)}\\s+o\\s+\\p{Lu}[\\p{L}'’-]*(?:\\s+(?:de|del|de los|de las|la|el)?\\s*\\p{Lu}[\\p{L}'’-]*)*`, 'u').exec(plainSentence(x.text))?.[0] ?? t.text;
    // Relaxed, only in a sentence no idea speaks of yet (one card a sentence: it would be lost there).
    // Relaxed, the term is what its sentence is about: its subject, opening it after a definite article.
    // …and the sentence stands alone: «La curva tiene por eso pendiente negativa» leans on the one before.
    const leans = (x: Sentence) => /(?<![\p{L}])(?:por\s+eso|por\s+ello|por\s+(?:lo\s+)?tanto|ello|esto|est[ae]s?)(?![\p{L}])/iu.test(plainSentence(x.text));
    const topic = (x: Sentence) => !leans(x) && new RegExp(`^(?:el|la|los|las)\\s+${escapeRegExp(t.text)}\\s`, 'iu').test(plainSentence(x.text).replace(MARKER, ''));
    const s = good.find((x) => x.text.includes(t.text) && (!compound || (!ideas.some((i) => i.at === x.at) && (topic(x) || /ismos?$/u.test(t.text)))) && clozeable(x, withOther(x), !strict));
    if (!s) continue;
    named.push(k);
    terms++;
    add({ kind: 'termino', term: withOther(s), article: '', body: plainSentence(s.text), ...(strict ? {} : { relaxed: true }) }, s, t.score);
  }
  };
  // A table's rows: what goes with what, asked by its most descriptive column (table-ideas.ts);
  // a row the notes come back to («Inventó el *stiacciato*») scores higher: it is more of the week's.
  for (const r of tableRows(note.texto, context)) {
    ideas.push({ kind: 'fila', term: r.name, article: '', body: r.name, sentence: r.line, noteId: note.id, at: r.at, key: `fila ${ideaKey(r.name)}`, score: timesWritten(r.name, course), question: r.question, item: true });
  }
  takeTerms(true);
  if (ideas.length === 0 && (note.texto.match(/\p{L}+/gu) ?? []).length <= SHORT_NOTE_WORDS) takeTerms(false);
  // A sentence that states no idea still teaches its key terms of several words.
  else takeTerms(false, true);
  // A note in long prose: the names its heading lists, and with no idea at all the name the course
  // comes back to most, each a cloze in a sentence no idea took (note-names.ts).
  const writing = (n: string) => course.filter((c) => termAt(c.texto.replace(/\*+/gu, ''), n) >= 0).length;
  const candidates = [...headingNames(heading, properWord), ...(ideas.length === 0 ? namesOfNote(note.texto, names, writing, course.length).slice(0, 1) : [])];
  for (const name of candidates) {
    if (alreadyNamed(name)) continue;
    const free = good.filter((x) => !ideas.some((i) => i.at === x.at) && termAt(plainSentence(x.text), name) >= 0);
    // Who they were, when a sentence opens with them and an aside on their life; else a cloze.
    const life = free.map((x) => ({ x, f: lifeOf(plainSentence(x.text), name) })).find((l) => l.f);
    if (life) { add(life.f!, life.x, 1.2); continue; }
    const s = free.find((x) => clozeable(x, name));
    if (s) add({ kind: 'termino', term: name, article: '', body: plainSentence(s.text) }, s, 1.2);
  }
  return merge(ideas);
}

/**
 * The sentence that introduces a formula on the line after it: a well-read one just before, or one
 * that only looks cut because it hands over to the formula («… y por tanto su rendimiento es»).
 */
function introducingSentence(all: readonly Sentence[], good: readonly Sentence[], at: number, language: string, isWord: WordCheck): Sentence | undefined {
  const before = all.filter((s) => s.at + s.text.length <= at).at(-1);
  if (before && at - (before.at + before.text.length) <= 4 && readProblem(before.text, language, isWord) === 'cortada' && /\b(?:es|son|queda|vale|resulta)$/u.test(before.text.trim())) return before;
  const last = good.filter((s) => s.at <= at).at(-1);
  return last && at - (last.at + last.text.length) <= 200 ? last : undefined;
}

/** «El **rendimiento** de la máquina es …:» → «rendimiento de la máquina»: what a formula's sentence introduces. */
function introduced(sentence: string, heading?: string): string | undefined {
  const m = new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+(?:es|son|vale|se\\s+calcula|viene\\s+dad[oa])\\b`, 'iu').exec(plainSentence(sentence));
  const bold = /\*\*([^*]{2,60})\*\*/u.exec(sentence)?.[1];
  if (m && goodTerm(m[2]!) && (!bold || fold(m[2]!).includes(fold(bold)))) return m[2];
  if (bold) return bold;
  // «… y por tanto su rendimiento es»: the quantity, named in full by the section's heading when it names it.
  const own = /\b(?:su|sus|el|la|los|las)\s+(\p{L}+)\s+(?:es|son|queda|vale|resulta)\s*:?$/u.exec(plainSentence(sentence).replace(/[.:]$/u, ''));
  if (!own) return undefined;
  const head = heading && cleanHeading(heading);
  return head && ideaKey(head).split(' ').includes(stem(fold(own[1]!))) ? head : own[1];
}

/** One idea per key, the strongest kind (then the highest score, then the earliest) kept, in text order. */
function merge(ideas: readonly KeyIdea[]): KeyIdea[] {
  const best = new Map<string, KeyIdea>();
  const rank = (i: KeyIdea) => KIND_ORDER.indexOf(i.kind);
  for (const i of [...ideas].sort((a, b) => rank(a) - rank(b))) {
    if (!i.key) continue;
    // A heading or a term inside a stronger idea's name («Carnot» in «ciclo de Carnot») is that idea.
    const words = i.key.split(' ');
    const covering = [...best.values()].find((b) => b.key !== i.key && rank(b) < rank(i) && words.every((w) => b.key.split(' ').includes(w)));
    if (covering && (i.kind === 'encabezado' || i.kind === 'termino')) continue;
    const had = best.get(i.key);
    if (!had || rank(i) < rank(had) || (rank(i) === rank(had) && i.score > had.score)) best.set(i.key, i);
  }
  return [...best.values()].sort((a, b) => a.noteId - b.noteId || a.at - b.at);
}

/** The key ideas of a week: its notes' (in the order given: the material's), one per key. */
export function keyIdeasOfWeek(notes: readonly Note[], course: readonly Note[], isWord: WordCheck): KeyIdea[] {
  return merge(notes.flatMap((n) => keyIdeasOfNote(n, course, isWord, n.tema)));
}
