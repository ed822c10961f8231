/**
 * The podcast script of a week (stage `guion`): an episode that explains the week (docs/design.md §3).
 * It opens with the AI-voice disclosure (docs/design.md §3) and the week's title; then the week's key ideas
 * (study/key-ideas.ts) in the order of the material, each said with its own sentence of the notes
 * (extractive: nothing is invented), formulas said in words; every note says at least its most
 * central sentence; up to about three minutes, the key terms' sentences and the most central sentences
 * left (TextRank), all in the order they come; then a recap of the ideas and a closing line. Only sentences read well are said: no page header, footer, code or date band of a
 * page, and no numbering of its own that could skip. Deterministic and offline. The notes' text is
 * quoted as content, never followed as instructions.
 */
import { CuadernoError } from '../../errors.js';
import { DEFAULT_TOPIC, type Note } from '../notebook.js';
import { isFileTopic } from '../material/split.js';
import { cleanHeading, keyIdeasOfWeek, type KeyIdea } from '../study/key-ideas.js';
import { speakFormulasIn } from '../study/formula.js';
import { sayQuantities } from './say-quantities.js';
import { languageOf, plainSentence, readProblem, sentencesOf, type WordCheck } from '../study/reading.js';
import { offSubject } from '../study/class-talk.js';
import { textRank } from '../study/textrank.js';
import { EXAMPLE_HEADING, leansOnBefore } from '../study/cloze-quality.js';
import { MSG } from './messages.js';
import { DETERMINERS, FUNCTION_WORDS, PREPOSITIONS, QUANTIFIERS } from '../cards/lexicon.js';
import { articleFor } from '../study/idea-cards.js';
import { NARRATION } from '../../strings/narration.js';
import { wholeUpTo } from './clauses.js';
import { namesItsSubject, opensWithVerb, shareSubject } from './leaning.js';

/** At most four minutes of speech at 150 words a minute. */
export const MAX_WORDS = 600;
/** What the episode aims at when the notes have enough to say: about three and a half minutes (the week said, within four). */
export const TARGET_WORDS = 540;
/** Most words of one idea's sentence; a longer one is said up to its first clause. */
const SENTENCE_WORDS = 32;
/** Most words of a key idea's own sentence (a definition or a statement is said whole when it can be). */
const IDEA_WORDS = 32;

// The student hears these (strings/narration.ts).
const CLOSING = NARRATION.closing;
const PADDING = NARRATION.padding;
const LEADS = NARRATION.leads;
/**
 * Words a line's lead-in adds, on average: one line in four gets one («Además,», «Por otra parte,»),
 * of one to three words. Counting three for every line left episodes near three minutes for a target
 * of three and a half.
 */
const LEAD_WORDS = 1;

export interface NarrationScript {
  text: string;
  words: number;
}

function countWords(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/**
 * A sentence as the episode says it: plain, formulas in words, not over SENTENCE_WORDS where it can
 * be cut to a whole sentence (its main clause kept, clauses.ts); else whole.
 */
function spoken(sentence: string, keepColon = false, limit = SENTENCE_WORDS): string {
  let s = plainSentence(sentence);
  if (countWords(s) > limit) {
    const whole = s;
    // Up to «; » or an example, keeping what a colon introduces (a law's statement follows its colon).
    const first = s.split(/;\s|:\s+(?:por ejemplo|p\. ej\.)|,\s+(?:pero|aunque|mientras que)\s/iu)[0]!.trim();
    if (wholeUpTo(whole, countWords(first))) s = first;
    // Still long: up to its last clause boundary within the limit, never mid-phrase, nor before its
    // main clause («Con el auge del Camino de Santiago, y sobre todo después de que …» says nothing).
    if (countWords(s) > limit) {
      const head = s.split(/\s+/).slice(0, limit).join(' ');
      const cut = Math.max(head.lastIndexOf(', y que '), head.lastIndexOf(', '), head.lastIndexOf('; '));
      if (cut > head.length / 2 && wholeUpTo(whole, countWords(head.slice(0, cut)))) s = head.slice(0, cut);
    }
    // (A sentence kept whole already ends with its full stop; «…, es decir» cut off says nothing.)
    s = `${s.replace(/[,;:.]+$/u, '').replace(/,?\s+(?:es decir|o sea|esto es)$/u, '')}.`;
  }
  // A sentence that hands over to a table or a list («… en el orden siguiente:») ends where the page goes on.
  if (!keepColon) s = s.replace(/,?\s*(?:en el orden siguiente|de la siguiente manera|de la forma siguiente|así|como sigue)?\s*:$/u, '.');
  return sayQuantities(speakFormulasIn(s)).replace(/\s+([,.])/g, '$1');
}

/** How an idea is said: its sentence, and for a formula the formula in words. */
function ideaLines(idea: KeyIdea): string[] {
  // A summary of causes or consequences is said with its whole list: cut, it would drop some of them;
  // «Las causas fueron varias.» is said with the sentences that list them.
  if (idea.summary) return idea.whole ? [spoken(idea.sentence), ...sentencesOf(`${idea.body}.`).map((x) => spoken(x.text, false, IDEA_WORDS))] : [spoken(idea.sentence, false, LIST_WORDS)];
  // A labelled line («Enunciado: …») is said as a sentence that names its section (section-label.ts).
  if (idea.said) return [spoken(idea.said, false, IDEA_WORDS)];
  if (idea.kind !== 'formula' || !idea.formula) return [spoken(idea.sentence, false, IDEA_WORDS)];
  const said = spoken(idea.sentence, true);
  // «… y por tanto su rendimiento es» hands over to the formula: it goes on with the formula's right-hand side.
  if (/\bes$/u.test(said)) return [`${said} ${idea.formula.spoken.replace(/^.*?\bes\s+/u, '')}.`];
  if (/:$/u.test(said)) return [NARRATION.formulaAfterColon(said.slice(0, -1), idea.formula.spoken)];
  // A formula written inside its sentence is already said with it.
  if (plainSentence(idea.sentence).includes(idea.formula.text)) return [said];
  return [said, NARRATION.formula(idea.formula.spoken)];
}

/**
 * A sentence after a lead-in («Además, …»): its first word lower-cased when it is a common word —
 * a function word, or a word the dictionary knows that the notes never capitalise mid-sentence.
 */
function lowerFirst(s: string, isWord: WordCheck, names: ReadonlySet<string>): string {
  const first = /^\p{L}+/u.exec(s)?.[0] ?? '';
  const lower = first.toLocaleLowerCase('es');
  // A capitalised word before another is a name («Gilbert Lewis», «Don Álvaro»), even one the dictionary knows.
  const common = DETERMINERS.has(lower) || PREPOSITIONS.has(lower) || FUNCTION_WORDS.has(lower) || QUANTIFIERS.has(lower) || (isWord(lower) && !names.has(first) && !/^\p{L}+\s+\p{Lu}/u.test(s));
  return common ? `${lower}${s.slice(first.length)}` : s;
}

/** Most words of one list item as the episode says it (its first clause). */
const ITEM_WORDS = 8;
/** A sentence whose whole point is what the page shows after it («… este esquema.», «… la siguiente tabla:»). */
const POINTS_AT_PAGE = /(?:\b(?:este|esta|estos|estas)\s+(?:esquema|fórmula|fórmulas|expresión|ecuación|ecuaciones|gráfico|gráfica|tabla|figura|dibujo)|\blo\s+siguiente|\bla\s+siguiente\s+\p{L}+)\s*[.:]?$/iu;

/** Most words of a list said as one sentence. */
const LIST_WORDS = 60;

/**
 * An item's first clause, up to ITEM_WORDS words: cut short, it ends at its last comma or on a
 * content word, never on «y», «hacia» or «el» («el ansia de libertad, en el arte y» → «el ansia de libertad»).
 */
export function itemClause(item: string, limit = ITEM_WORDS): string {
  const ws = item.split(/\s+/);
  if (ws.length <= limit) return item.replace(/[,:;.]+$/u, '');
  // An enumeration is said whole when it ends soon after («en legislativo, ejecutivo y judicial»):
  // cut at its commas, it would leave out what the item lists.
  const enumeration = /^(.*?\p{L}+(?:,\s+\p{L}+)+\s+y\s+\p{L}+)(?=[,;:.]|$)/u.exec(item)?.[1];
  if (enumeration && countWords(enumeration) > limit && countWords(enumeration) <= limit + 4) return enumeration;
  let cut = ws.slice(0, limit).join(' ');
  if (cut.includes(', ')) cut = cut.slice(0, cut.lastIndexOf(', '));
  const open = (w: string) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || FUNCTION_WORDS.has(w) || QUANTIFIERS.has(w);
  const kept = cut.split(/\s+/);
  while (kept.length > 1 && open(kept.at(-1)!.toLocaleLowerCase('es').replace(/[,:;.]+$/u, ''))) kept.pop();
  return kept.join(' ').replace(/[,:;.]+$/u, '');
}

/** Most words of a defining item's body («Profase: los cromosomas se condensan, …»). */
const DEFINED_ITEM_WORDS = 16;

/**
 * An item that names a term or a stage and says what it is («Profase: los cromosomas se condensan,
 * desaparece la envoltura nuclear…»): its name and what it says, up to its first «;» or sentence end
 * and DEFINED_ITEM_WORDS words — the name alone would say nothing of it.
 */
export function definedItem(item: string): string | undefined {
  const m = /^(\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*)?):\s+(.+)$/u.exec(item);
  if (!m) return undefined;
  const body = m[2]!.split(/;\s|\.\s|\.$/u)[0]!;
  const ws = body.split(/\s+/);
  if (ws.length < 3) return undefined;
  return `${m[1]}: ${ws.length <= DEFINED_ITEM_WORDS ? body : itemClause(body, DEFINED_ITEM_WORDS)}`.replace(/[,:;.]+$/u, '');
}

/**
 * A note's lists, each said as one sentence: the sentence that announces it (or the note's heading)
 * and the first clause of every item («Rasgos del impresionismo: interés por la luz y sus cambios,
 * pincelada suelta, rápida y visible, …»). Extractive: every word is the notes'.
 */
function listsOf(note: Note, language: string, isWord: WordCheck): Array<{ noteId: number; at: number; text: string; list: true }> {
  const out: Array<{ noteId: number; at: number; text: string; list: true }> = [];
  const all = sentencesOf(note.texto);
  let i = 0;
  while (i < all.length) {
    if (!/^\s*[-*•]\s/u.test(all[i]!.text)) { i++; continue; }
    const start = i;
    while (i < all.length && /^\s*[-*•]\s/u.test(all[i]!.text)) i++;
    const items = all.slice(start, i).filter((s) => !readProblem(s.text.replace(/[.:]?\s*$/u, '.'), language, isWord) || plainSentence(s.text).split(/\s+/).length < 8)
      .map((s) => definedItem(plainSentence(s.text)) ?? itemClause(plainSentence(s.text).split(/[:;.]\s|\.$/u)[0]!))
      .filter((t) => t.split(/\s+/).length >= 2);
    if (items.length < 2) continue;
    const before = start > 0 ? plainSentence(all[start - 1]!.text) : '';
    const lead = /:$/u.test(before) ? before.slice(0, -1) : note.tema ? cleanHeading(note.tema) : '';
    if (!lead) continue;
    const said = items.map((t, k) => (k === 0 ? `${t[0]!.toLocaleLowerCase('es')}${t.slice(1)}` : t.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLocaleLowerCase('es'))));
    const text = `${lead[0]!.toLocaleUpperCase('es')}${lead.slice(1)}: ${said.slice(0, -1).join('; ')} y ${said.at(-1)}.`;
    out.push({ noteId: note.id, at: all[start]!.at, text, list: true });
  }
  return out;
}

/** A main idea of the week: a statement, a formula, a heading's idea, a definition by its own words (not a framed question) or a summary of causes or consequences. */
export const isMain = (i: KeyIdea) => i.kind === 'enunciado' || i.kind === 'formula' || i.kind === 'encabezado' || (i.kind === 'definicion' && (!i.question || i.summary === true));

/** «la ley de Ohm», «el Barroco», «Velázquez»: a term as the recap names it. */
const named = (i: KeyIdea) => (i.article ? `${i.article.replace(/^un$/, 'el').replace(/^una$/, 'la')} ${i.term}` : /^\p{Lu}/u.test(i.term) ? i.term : `${articleFor(i.term)} ${i.term}`);

/** Most words of a heading said before a line («Bóveda de arista: nace del cruce…»); a longer one reads as a sentence of its own. */
const HEADING_LEAD_WORDS = 6;

/**
 * A heading that labels a part of the lecture, not a thing its line speaks of: «Valoración: conviene
 * distinguir…» said the label as if it were the sentence's subject.
 */
const GENERIC_HEADING = /^(?:valoraci[oó]n|conclusi[oó]n(?:es)?|resumen|introducci[oó]n|s[ií]ntesis|recapitulaci[oó]n|balance|comentario|observaciones|notas?|ideas?\s+(?:clave|principales)|repaso|esquema|ejemplos?|ejercicios?|preguntas?|contexto|bibliograf[ií]a|para\s+terminar|en\s+resumen|a\s+modo\s+de\s+conclusi[oó]n)(?:\s+(?:final(?:es)?|general(?:es)?|cr[ií]tica|personal))?$/iu;

/**
 * The heading of the section `line` opens, as the episode says it before the line, with its article
 * («la bóveda de arista»): the heading's line right before it in the note (a short section joined to
 * the one before keeps its heading as a line, material/split.ts), else, for the note's first
 * sentence, the note's topic when it is a heading (not DEFAULT_TOPIC, nor its file's name). None for
 * a line that has a label of its own («Consecuencia inmediata: …»), nor for a heading that is long, a
 * question or a generic label of the lecture's parts («Valoración», «Conclusión»).
 */
function sectionHeading(note: Note, prev: { text: string } | undefined, line: string, isWord: WordCheck): string | undefined {
  if (!prev && (note.tema === DEFAULT_TOPIC || (note.origen && isFileTopic(note.tema, note.origen.archivo)))) return undefined;
  const h = cleanHeading(prev ? plainSentence(prev.text) : note.tema);
  if (!h || /:\s/u.test(line) || /[¿?.!…:;]/u.test(h) || countWords(h) > HEADING_LEAD_WORDS || GENERIC_HEADING.test(h)) return undefined;
  const first = h.split(/\s+/u, 1)[0]!;
  const lower = first.toLocaleLowerCase('es');
  // Its own article, or a name («Velázquez»), said as written; a common noun takes its article.
  if (/^(?:el|la|los|las)$/u.test(lower)) return `${lower}${h.slice(first.length)}`;
  if (/^\p{Lu}/u.test(first) && !isWord(lower)) return h;
  const common = `${lower}${h.slice(first.length)}`;
  return `${articleFor(common)} ${common}`;
}

const list = (xs: readonly string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} y ${xs.at(-1)}`);

/**
 * Builds the script from the week's own notes (`topic`: its title as a sentence reads it; `isWord`:
 * the dictionary's check, study/reading.ts); throws NOT_FOUND when the week has no notes.
 */
export function buildNarrationScript(week: number, topic: string, mine: readonly Note[], isWord: WordCheck = () => true): NarrationScript {
  if (mine.length === 0) throw new CuadernoError('NOT_FOUND', MSG.noNotes(week), { field: 'semana' });
  const intro = NARRATION.intro(MSG.disclosure, week, topic);
  const notes = [...mine].sort((a, b) => a.id - b.id);
  const allIdeas = keyIdeasOfWeek(notes, notes, isWord);
  // A list item's idea is said with its list (a fragment alone would not read as a sentence).
  const ideas = allIdeas.filter((i) => i.kind !== 'termino' && !i.item);
  const said = new Set<string>();
  // Each chosen line keeps where it comes from, so the episode follows the material's order.
  // `summary`: a summary of the week's causes or consequences («Sus consecuencias fueron …»), whose
  // «sus» is the week's own topic: said where it stands, leaning on no sentence before it.
  // `headed`: said after its section's heading («Bóveda de arista: nace…»), which leads it in.
  const chosen: Array<{ noteId: number; at: number; lines: string[]; summary?: boolean; headed?: boolean }> = [];
  // The recap names what the week defines and states, and its people: not a work or a heading.
  // An idea asked by a question of its own («¿Por qué se unen los átomos?») has no name to recap.
  // One name per thing: «el potencial eléctrico V» and «el potencial eléctrico» are said once.
  const bare = (n: string) => n.replace(/\s+[\p{Lu}\p{Script=Greek}][\p{L}₀-₉\d]?$/u, '').toLocaleLowerCase('es');
  const recapNames = ideas.filter((i) => (i.kind === 'definicion' || i.kind === 'enunciado' || i.kind === 'persona') && !i.question).map(named);
  const recapped = recapNames.filter((n, k) => recapNames.findIndex((m) => bare(m) === bare(n)) === k).slice(0, 6);
  const recap = recapped.length > 1 ? `En resumen, esta semana has visto ${list(recapped)}.` : '';
  // Every line may get a lead-in of up to LEAD_WORDS words: counted before it is chosen.
  let words = countWords(intro) + countWords(recap) + countWords(CLOSING);
  // A list whose items each define or state something («- Profase: …») is a main idea, said as one sentence.
  const statedLists = notes.flatMap((n) => {
    if (!allIdeas.some((i) => i.noteId === n.id && i.item && i.kind === 'definicion')) return [];
    return listsOf(n, languageOf(n.texto), isWord).filter((l) => allIdeas.some((i) => i.noteId === n.id && i.item && i.kind === 'definicion' && i.at >= l.at));
  });
  // The week's main ideas first (what it defines, states and writes as formulas, and its stated lists),
  // then its people, works, dates and framed questions with the words left: a secondary detail never
  // takes the place of a main idea; all are said in the order of the material.
  for (const l of statedLists) {
    const w = LEAD_WORDS + countWords(l.text);
    if (words + w > MAX_WORDS) continue;
    said.add(l.text);
    chosen.push({ noteId: l.noteId, at: l.at, lines: [l.text] });
    words += w;
  }
  for (const idea of ideas.filter(isMain)) {
    if (said.has(idea.sentence) && idea.kind !== 'formula') continue;
    const lines = ideaLines(idea).filter((l, i) => i > 0 || !said.has(idea.sentence));
    const w = LEAD_WORDS + lines.reduce((s, l) => s + countWords(l), 0);
    if (lines.length === 0 || words + w > MAX_WORDS) continue;
    said.add(idea.sentence);
    // A summary said with the sentences that list its causes: those are said once.
    if (idea.whole) for (const x of sentencesOf(`${idea.body}.`)) said.add(x.text);
    chosen.push({ noteId: idea.noteId, at: idea.at, lines, ...(idea.summary ? { summary: true } : {}) });
    words += w;
  }
  const pool = notes.flatMap((n) => {
    const language = languageOf(n.texto);
    // A list item is a fragment («Sombras coloreadas, nunca negras»): said only as part of an idea.
    // Nor is a worked example's data or a question of the notes.
    if (EXAMPLE_HEADING.test(n.tema ?? '')) return [];
    const aside = offSubject(n.texto);
    const sentences = sentencesOf(n.texto).filter((s) => !readProblem(s.text, language, isWord) && !aside(s) && !/^\s*[-*•]\s/u.test(s.text) && !/[¿?]/u.test(s.text)).map((s) => ({ noteId: n.id, at: s.at, text: plainSentence(s.text), list: false }));
    const lists = listsOf(n, language, isWord);
    // The sentence that announces a list («… son sobre todo cuatro:») is said with the list.
    const announcing = (x: { text: string; at: number }) => /:$/u.test(x.text) && lists.some((l) => l.at > x.at && !sentences.some((y) => y.at > x.at && y.at < l.at));
    return [...sentences.filter((x) => !announcing(x)), ...lists].sort((a, b) => a.at - b.at);
  }).filter((s) => !said.has(s.text) && !(s.list && chosen.some((c) => c.noteId === s.noteId && c.at === s.at)));
  const ranks = textRank(pool.map((s) => s.text));
  const byRank = pool.map((_, i) => i).sort((a, b) => ranks[b]! - ranks[a]!);
  // A note none of whose ideas was said still gets its most central sentence: the week is all of it.
  const silent = new Set(notes.map((n) => n.id).filter((id) => !chosen.some((c) => c.noteId === id)));
  for (const i of byRank) {
    const s = pool[i]!;
    if (!silent.has(s.noteId)) continue;
    const line = spoken(s.text, false, s.list ? LIST_WORDS : SENTENCE_WORDS);
    if (words + LEAD_WORDS + countWords(line) > MAX_WORDS) continue;
    silent.delete(s.noteId);
    said.add(s.text);
    chosen.push({ noteId: s.noteId, at: s.at, lines: [line] });
    words += LEAD_WORDS + countWords(line);
  }
  // Then, up to about three minutes, the sentences of the week's key terms and the most central ones left.
  const terms = allIdeas.filter((i) => i.kind === 'termino' && !i.item && !said.has(i.sentence));
  for (const idea of terms) {
    if (words >= TARGET_WORDS) break;
    if (said.has(idea.sentence)) continue;
    const line = spoken(idea.sentence);
    if (words + LEAD_WORDS + countWords(line) > MAX_WORDS) continue;
    said.add(idea.sentence);
    chosen.push({ noteId: idea.noteId, at: idea.at, lines: [line] });
    words += LEAD_WORDS + countWords(line);
  }
  // The people, works, dates and framed questions compete with the week's other sentences by how
  // central their sentence is (TextRank): a secondary detail never crowds out a central sentence.
  const rankOf = (text: string) => { const k = pool.findIndex((p) => p.text === text); return k < 0 ? 0 : ranks[k]!; };
  const secondary = ideas.filter((i) => !isMain(i)).map((idea) => ({ idea, rank: rankOf(idea.sentence) }));
  const fill = [...secondary.map((x) => ({ rank: x.rank, idea: x.idea as KeyIdea | undefined, i: -1 })), ...byRank.map((i) => ({ rank: ranks[i]!, idea: undefined as KeyIdea | undefined, i }))]
    .sort((a, b) => b.rank - a.rank || (a.idea ? -1 : 0) - (b.idea ? -1 : 0));
  if (words < TARGET_WORDS) {
    for (const { idea, i } of fill) {
      if (words >= TARGET_WORDS) break;
      if (idea) {
        if (said.has(idea.sentence) && idea.kind !== 'formula') continue;
        const lines = ideaLines(idea).filter((l, k) => k > 0 || !said.has(idea.sentence));
        const w = LEAD_WORDS + lines.reduce((n, l) => n + countWords(l), 0);
        if (lines.length === 0 || words + w > MAX_WORDS) continue;
        said.add(idea.sentence);
        chosen.push({ noteId: idea.noteId, at: idea.at, lines });
        words += w;
        continue;
      }
      if (said.has(pool[i]!.text)) continue;
      const line = spoken(pool[i]!.text, false, pool[i]!.list ? LIST_WORDS : SENTENCE_WORDS);
      if (words + LEAD_WORDS + countWords(line) > MAX_WORDS) continue;
      said.add(pool[i]!.text);
      chosen.push({ noteId: pool[i]!.noteId, at: pool[i]!.at, lines: [line] });
      words += LEAD_WORDS + countWords(line);
    }
  }
  chosen.sort((a, b) => a.noteId - b.noteId || a.at - b.at);
  // Words the notes capitalise after another word: names («Caravaggio», «Roma»).
  const names = new Set(notes.flatMap((n) => [...n.texto.matchAll(/[\p{Ll},;] (\p{Lu}\p{Ll}+)/gu)].map((m) => m[1]!)));
  // A line that leans on the sentence before it («Allí se vio…», «Por otro, …») is said after that
  // sentence, or not at all: heard alone, its subject would be missing. A line that says its own
  // subject («Además, el tímpano es…») is led by that sentence only when it speaks of the same thing,
  // else said alone (leaning.ts): another thing's sentence before it read as its context. A line that
  // opens with its verb («Nace del cruce…») is led like a leaning one, and when it opens its section
  // by the section's heading: said after another section's line, it said something of that one's
  // subject.
  for (let i = 0; i < chosen.length; i++) {
    const c = chosen[i]!;
    if (c.summary) continue;
    const leaning = leansOnBefore(c.lines[0]!);
    const verbFirst = !leaning && opensWithVerb(c.lines[0]!, isWord, names);
    if (!leaning && !verbFirst) continue;
    const note = notes.find((n) => n.id === c.noteId)!;
    const all = sentencesOf(note.texto);
    const k = all.findIndex((x) => x.at === c.at);
    const prev = k > 0 ? all[k - 1]! : undefined;
    const prevText = prev && plainSentence(prev.text);
    // The sentence before, when it is one: not a list item, a heading's line or a line read badly.
    const sentence = prev && !/^\s*[-*•]\s/u.test(prev.text) && !readProblem(prev.text, languageOf(note.texto), isWord) ? prevText : undefined;
    const before = chosen[i - 1];
    if (sentence && before && before.noteId === c.noteId && before.at === prev!.at) continue;
    if (leaning && sentence && namesItsSubject(c.lines[0]!) && !shareSubject(sentence, c.lines[0]!)) continue;
    const lead = sentence && !leansOnBefore(sentence) ? spoken(prev!.text) : undefined;
    const heading = !sentence && verbFirst ? sectionHeading(note, prev, c.lines[0]!, isWord) : undefined;
    if (lead && !said.has(sentence!) && words + countWords(lead) <= MAX_WORDS) {
      c.lines.unshift(lead);
      said.add(sentence!);
      words += countWords(lead);
    } else if (heading && words + countWords(heading) <= MAX_WORDS) {
      const led = NARRATION.regarding(heading);
      c.lines[0] = `${led} ${lowerFirst(c.lines[0]!, isWord, names)}`;
      c.headed = true;
      words += countWords(led);
    } else if (!verbFirst) {
      words -= LEAD_WORDS + c.lines.reduce((n, l) => n + countWords(l), 0);
      chosen.splice(i--, 1);
    }
  }
  // A line heard already (a list item and its idea's sentence say the same words) is said once; a
  // sentence that only points at what the page shows next («El modelo supone este esquema.») says
  // nothing heard alone.
  const heard: string[] = [];
  const plainKey = (l: string) => l.toLocaleLowerCase('es').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  for (let i = 0; i < chosen.length; i++) {
    const c = chosen[i]!;
    c.lines = c.lines.filter((l) => {
      const k = plainKey(l);
      if (POINTS_AT_PAGE.test(l.trim()) || heard.some((h) => h.includes(k))) return false;
      heard.push(k);
      return true;
    });
    if (c.lines.length === 0) chosen.splice(i--, 1);
  }
  const body = chosen.map((c, i) => {
    const given = i === 0 ? LEADS[0]! : i === chosen.length - 1 && chosen.length > 2 ? NARRATION.last : i % 4 === 0 ? LEADS[1 + ((i / 4) % (LEADS.length - 1))]! : '';
    // A lead-in that runs into its line («Por último, …») would run into the heading that leads it.
    const lead = c.headed && (given.endsWith(',') || given === NARRATION.also) ? '' : given;
    const [first, ...rest] = c.lines;
    const opened = lead.endsWith(',') || lead === NARRATION.also ? `${lead} ${lowerFirst(first!, isWord, names)}` : lead ? `${lead} ${first}` : first!;
    return [opened, ...rest].join(' ');
  });
  const parts = [intro, ...body, ...(recap ? [recap] : []), ...(countWords([intro, ...body].join(' ')) < 60 ? [PADDING] : []), CLOSING];
  const text = parts.join(' ').replace(/\s+/g, ' ').trim();
  return { text, words: countWords(text) };
}
