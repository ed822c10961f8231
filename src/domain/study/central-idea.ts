/**
 * A section's central idea, for a section whose sentences no rule reads as a definition, a statement,
 * a date or a key term (docs/design.md §3: every section of the week is covered before any gets a
 * second card). The candidates are the terms the section stands for — those the teacher bolds, its
 * heading's subject, and its key terms the week comes back to (TF-IDF against the course) — each in
 * the section's most central sentence that holds it (TextRank over the section's sentences), read
 * well and able to carry it as a cloze (cloze-quality.ts), asked with the section as its cue. A list
 * item counts as a sentence here («- si Exy > 0, los bienes son **sustitutivos**: …»). Pure.
 */
import type { Note } from '../notebook.js';
import { buildIndex } from '../tfidf.js';
import { keyTerms } from '../cards/keyterms.js';
import { DETERMINERS, FUNCTION_WORDS, GENERIC_NOUNS, PREPOSITIONS, QUANTIFIERS, VERBS } from '../cards/lexicon.js';
import { clozeClause, clozeProblem, EXAMPLE_HEADING } from './cloze-quality.js';
import { cleanHeading, contextOf, namesIn, termAt, timesWritten } from './course-names.js';
import { ideaKey, type KeyIdea } from './key-ideas.js';
import { languageOf, plainSentence, readProblem, sentencesOf, type WordCheck } from './reading.js';
import { textRank } from './textrank.js';
import { talksToClass } from './class-talk.js';

/** Key terms of the section tried besides its bold terms and its heading. */
const TERMS_TRIED = 3;

const fold = (s: string) => s.toLocaleLowerCase('es');
/** A formula's symbol in a sentence: an increment («ΔP»), a Greek letter, a lone capital past the sentence's first word («Q₁»). */
const SYMBOL = /(?:Δ\p{L}+|[α-ωΑ-Ω]|(?<=\s)\p{Lu}[₀-₉\d]*)(?![\p{L}\d])/u;
const closed = (w: string) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || QUANTIFIERS.has(w) || FUNCTION_WORDS.has(w) || VERBS.has(w);

/** A term a cloze may blank: one to five words, letters, no closed word at either end. */
function blankable(term: string, isWord: WordCheck): boolean {
  const words = fold(term).split(/\s+/);
  if (words.length > 5 || !/\p{L}{3}/u.test(term) || closed(words[0]!) || closed(words.at(-1)!) || words.some((w) => VERBS.has(w))) return false;
  if (words.length === 1 && GENERIC_NOUNS.has(words[0]!)) return false;
  // Words, or a name (a page's debris is neither).
  return words.every((w) => isWord(w) || /^\p{Lu}/u.test(term));
}

/** The central ideas of `note`, the best first: cloze ideas the card rules try in turn (build.ts). */
export function centralIdeas(note: Note, course: readonly Note[], week: readonly Note[], isWord: WordCheck): KeyIdea[] {
  const heading = note.tema ?? '';
  if (EXAMPLE_HEADING.test(heading)) return [];
  const language = languageOf(note.texto);
  const sentences = sentencesOf(note.texto).map((s) => ({ ...s, plain: plainSentence(s.text) }))
    // A formula's legend («P es el precio y ΔP su variación») is asked with its formula, never as a cloze.
    .filter((s) => !readProblem(s.plain, language, isWord) && !talksToClass(s.plain) && !/:\s*$/u.test(s.plain) && !SYMBOL.test(s.plain));
  if (sentences.length === 0) return [];
  const ranks = textRank(sentences.map((s) => s.plain));
  const central = sentences.map((s, i) => ({ s, r: ranks[i]! })).sort((a, b) => b.r - a.r || a.s.at - b.s.at).map((x) => x.s);
  const index = buildIndex(course.map((n) => n.texto));
  const row = index.rows[course.findIndex((n) => n.id === note.id)] ?? buildIndex([note.texto]).rows[0]!;
  const bold = [...note.texto.matchAll(/\*\*([^*]{2,60})\*\*/gu)].map((m) => m[1]!.trim());
  const head = cleanHeading(heading).split(/:\s+/u).at(-1)!.replace(/^(?:el|la|los|las)\s+/iu, '');
  const names = namesIn(course);
  // A capital is a name's only when the course writes the word so after another word («Frente a …» opens a sentence).
  // The best by TF-IDF, in the order the section names them (what it opens with is what it is about).
  const recurring = keyTerms(note.texto, (w) => row.get(w) ?? 0)
    .filter((t) => timesWritten(t.text, week) >= 2 && (!/^\p{Lu}/u.test(t.text) || names.has(t.text.split(/\s+/u)[0]!)))
    // A lone common word that comes back («célula», «calculadoras», «notación») is the lecture's
    // everyday vocabulary as often as a term it teaches: it needs the teacher's bold or the heading (a
    // judge found these blanks filler on unseen lectures). Names and terms of several words stay.
    .filter((t) => /\s/u.test(t.text) || /^\p{Lu}/u.test(t.text))
    .slice(0, TERMS_TRIED).sort((a, b) => a.at - b.at).map((t) => t.text);
  const terms = [...new Set([...bold, head, ...recurring])].filter((t) => t && blankable(t, isWord));
  const context = contextOf(heading, names);
  const out: KeyIdea[] = [];
  for (const term of terms) {
    for (const s of central) {
      const clause = termAt(s.plain, term) >= 0 ? clozeClause(s.plain, term) : undefined;
      const at = clause ? termAt(clause, term) : -1;
      if (!clause || at < 0 || clozeProblem(clause, term, at, heading, true)) continue;
      // A lone common word the teacher did not bold is a noun only after its article («la pendiente»; never «pide», «casi»).
      if (!/[\s\p{Lu}]/u.test(term) && !bold.includes(term) && !/(?:^|\s)(?:el|la|los|las|un|una|unos|unas)\s+$/iu.test(clause.slice(0, at))) continue;
      out.push({ kind: 'termino', term, article: '', body: clause, sentence: s.plain, noteId: note.id, at: s.at, key: ideaKey(term), score: 0, needsContext: true, ...(context ? { context } : {}) });
      break;
    }
  }
  return out;
}
