/**
 * One card per key idea (docs/design.md §3), by kind: a definition asks «¿Qué es …?» and answers
 * with what the note says; a statement asks «¿Qué dice el enunciado de …?» / «Enuncia …»; a formula
 * asks how the thing is calculated and answers with the formula and its words; a date asks the year;
 * a heading or a key term is a cloze on that term inside its well-read sentence — never a verb,
 * a function word or a number (key-ideas.ts only offers noun phrases). Pure.
 */
import type { NewCard } from '../../store/index.js';
import { ideaKey, type KeyIdea } from './key-ideas.js';
import { plainSentence, stem } from './reading.js';
import { clozeClause } from './cloze-quality.js';
import { dangling } from './idea-rules.js';
import { clauseAnswer, formulaCondition, ownerMissing, narrowWhen, oneClue, relatedQuantities, resolvePointers } from './card-wording.js';
import { CARD_QUESTIONS } from '../../strings/study.js';
import { articleFor } from './article.js';
import { escapeRegExp } from '../../lib/regexp.js';

export { articleFor };

export const BLANK = '_____';
export const CLOZE_PROMPT = CARD_QUESTIONS.clozePrompt;

/** The sentence of a cloze card's question, with its gap («Completa la frase (Cue): «… _____ …»» → «… _____ …»). */
export function clozeSentence(pregunta: string): string | undefined {
  return new RegExp(`^${CLOZE_PROMPT}(?:\\s*\\([^()]*\\))?\\s*:\\s*«([\\s\\S]*)»$`, 'u').exec(pregunta)?.[1];
}

const withArticle = (article: string, term: string) => {
  return `${article || articleFor(term)} ${term}`;
};

/** «de» and the term with its article, contracted («del rendimiento»). */
const ofTerm = (article: string, term: string) => `de ${withArticle(article, term)}`.replace(/^de el /u, 'del ');

/** The question with its context cue in front, when the idea needs one and the cue does not give the answer away. */
function cued(idea: KeyIdea, pregunta: string, respuesta: string, always = false): string {
  const c = idea.context;
  if (!c || (!always && !idea.needsContext)) return pregunta;
  const cue = c.toLocaleLowerCase('es');
  if (pregunta.toLocaleLowerCase('es').includes(cue) || cue.includes(respuesta.toLocaleLowerCase('es'))) return pregunta;
  const stems = (x: string) => new Set((x.toLocaleLowerCase('es').match(/\p{L}{4,}/gu) ?? []).map(stem));
  const cueStems = [...stems(c)];
  // A cue that only repeats the term asked adds nothing («(Rasgos del impresionismo) ¿Qué es el impresionismo?»).
  const term = stems(idea.term);
  // A term that points at something said before («el rendimiento de la máquina», «el primer principio»)
  // keeps a cue that adds any word to it («Máquinas térmicas»: which machine).
  // A list's item keeps a cue that says which list it is of («(Fases del modelo de transición demográfica) ¿Qué es el régimen demográfico antiguo?»).
  const adds = dangling(idea.term) || idea.item ? cueStems.every((w) => term.has(w)) : cueStems.some((w) => term.has(w));
  if (idea.kind !== 'termino' && idea.kind !== 'encabezado' && adds) return pregunta;
  // The cue may not name a short answer by another form of its words («Máquinas térmicas» for «máquina térmica»).
  const answer = stems(respuesta);
  if (respuesta.split(/\s+/).length <= 3 && cueStems.some((w) => answer.has(w))) return pregunta;
  return `(${c}) ${pregunta}`;
}

/**
 * The term as a question names it: a list's head of one capitalised plural word («Transformantes:
 * las placas…») is a common word the line capitalises — a name is one thing, not many — so it is
 * asked in lower case, unless its own sentence writes it capitalised after another word (a name).
 */
export function askedTerm(idea: Pick<KeyIdea, 'term' | 'item' | 'sentence'>): string {
  const t = idea.term;
  if (!idea.item || !/^\p{Lu}\p{Ll}+s$/u.test(t)) return t;
  const inside = new RegExp(`(?<=\\p{L}[^.:;!?]*\\s)${escapeRegExp(t)}(?![\\p{L}])`, 'u').test(idea.sentence);
  return inside ? t : t.toLocaleLowerCase('es');
}

/** A pointer in a question to something the card does not hold: «ese sentido», «dicha ley», «¿Cuáles fueron sus …?». */
const POINTER = /(?<![\p{L}])(?:ese|esa|esos|esas|este|esta|estos|estas|aquel|aquella|aquellos|aquellas|dicho|dicha|dichos|dichas)\s+(\p{L}+)|^¿(?:Cuál|Cuáles|Qué)\s+(?:fue|fueron|es|son|era|eran)\s+(?:su|sus)\s+(\p{L}+)/iu;

/**
 * Whether a question stands alone: a pointer in it is resolved only by a cue that names what it
 * points at («(Giro hacia el conocimiento) ¿Cuáles fueron las causas de este giro?»); else the card
 * would ask about something the student cannot see («la ley que fija ese sentido»).
 */
export function standsAlone(pregunta: string): boolean {
  if (clozeSentence(pregunta) !== undefined) return true;
  const cue = /^\(([^()]*)\)\s+/u.exec(pregunta)?.[1];
  const asked = pregunta.replace(/^\([^()]*\)\s+/u, '');
  // «¿En qué año se introdujeron allí veintinueve renos…?»: a place the card never names.
  if (/(?<![\p{L}])(?:allí|allá|ahí)(?![\p{L}])/iu.test(asked)) return false;
  const m = POINTER.exec(asked);
  if (!m) return true;
  const noun = stem((m[1] ?? m[2])!.toLocaleLowerCase('es'));
  return cue !== undefined && (cue.toLocaleLowerCase('es').match(/\p{L}+/gu) ?? []).map(stem).includes(noun);
}

/** The card of one idea (its question and answer), or undefined when its sentence cannot ask it or its question would not stand alone. */
export function cardOfIdea(idea: KeyIdea): Pick<NewCard, 'tipo' | 'pregunta' | 'respuesta'> | undefined {
  const made = askIdea(idea);
  return made && standsAlone(made.pregunta) ? made : undefined;
}

function askIdea(idea: KeyIdea): Pick<NewCard, 'tipo' | 'pregunta' | 'respuesta'> | undefined {
  // The question narrowed to one answer and one clue (card-wording.ts).
  const card = (tipo: NewCard['tipo'], pregunta: string, respuesta: string, always = false) => ({ tipo, pregunta: cued(idea, oneClue(narrowWhen(pregunta, respuesta)), respuesta, always), respuesta });
  switch (idea.kind) {
    case 'definicion': {
      if (idea.question) return card('definicion', idea.question, idea.body);
      // «Transformantes: …» is a common word a list's line capitalises: asked «los transformantes».
      const term = askedTerm(idea);
      // The verb agrees with the term's number, the note's article or the noun's own («¿Qué son las pruebas…?»).
      const plural = /^(los|las|unos|unas)$/.test(idea.article || articleFor(term));
      // «su poder…»: whose, the card would not say.
      if (ownerMissing(idea.body)) return undefined;
      if (!idea.verb && clauseAnswer(idea.body)) return card('definicion', CARD_QUESTIONS.consists(withArticle(idea.article, term), plural), idea.body);
      if (/^se caracterizan? por$/u.test(idea.verb ?? '')) return card('definicion', CARD_QUESTIONS.characterized(withArticle(idea.article, term), plural), idea.body);
      return card('definicion', `¿Qué ${idea.verb ?? (plural ? 'son' : 'es')} ${withArticle(idea.article, term)}?`, idea.body);
    }
    case 'enunciado': {
      const pregunta = /^enunciado\b/iu.test(idea.term) ? `¿Qué dice ${withArticle(idea.article, idea.term)}?` : `Enuncia ${withArticle(idea.article, idea.term)}.`;
      return card('enunciado', pregunta, idea.body);
    }
    case 'formula': {
      if (!idea.formula) return undefined;
      // The formula, and the same said in words (how it is read aloud).
      const narrowed = [formulaCondition(idea.condition), relatedQuantities(idea.formula.text)].filter(Boolean).join(' ');
      // «La fórmula de la elasticidad precio es: Ed = …» names its term with the word itself: the
      // question asks the formula of what it names, never «la fórmula de la fórmula de…».
      const of = ofTerm(idea.article, idea.term).replace(/^de (?:la |el )?f[óo]rmula (?=de |del )/iu, '');
      if (/^ecuaci[óo]n\s/iu.test(idea.term)) return card('formula', CARD_QUESTIONS.equation(`la ${idea.term}`, narrowed), formulaAnswer(idea.formula.text, idea.formula.spoken));
      return card('formula', CARD_QUESTIONS.formula(of, narrowed), formulaAnswer(idea.formula.text, idea.formula.spoken));
    }
    case 'fecha':
      if (idea.when) return card('fecha', `¿Cuándo ${idea.when}?`, idea.year!, true);
      return idea.year ? card('fecha', CARD_QUESTIONS.inYear(idea.body.replace(/[.!]$/u, '')), idea.year, true) : undefined;
    case 'persona':
      if (idea.question) return card('definicion', idea.question, idea.term);
      return card('definicion', `¿Quién ${idea.verb ?? 'fue'} ${idea.body.replace(/[.!]$/u, '')}?`, idea.term);
    case 'obra':
      if (idea.question) return card('definicion', idea.question, idea.term);
      if (idea.author) return card('definicion', CARD_QUESTIONS.workBy(idea.term), idea.author);
      return cloze(idea);
    case 'fila':
      // Its question carries its own cue (the section) and reads the row's header.
      return idea.question ? { tipo: 'definicion', pregunta: idea.question, respuesta: idea.body } : undefined;
    case 'encabezado':
    case 'termino':
      return cloze(idea);
  }
}

/** A cloze on the idea's term inside its sentence, with the section as a cue when the sentence does not say it. */
function cloze(idea: KeyIdea): Pick<NewCard, 'tipo' | 'pregunta' | 'respuesta'> | undefined {
  const sentence = idea.clause ?? clozeClause(plainSentence(idea.sentence), idea.term);
  if (!sentence) return undefined;
  // «La atracción entre ambos…», «este problema»: a sentence that points at one the card lacks is
  // asked only when its section names what it points at, and then with the section as its cue.
  const pointing = resolvePointers(sentence, idea.context);
  if (pointing.unresolved) return undefined;
  const m = new RegExp(`(^|[^\\p{L}])(${escapeRegExp(idea.term)})(?=[^\\p{L}]|$)`, 'u').exec(sentence);
  if (!m) return undefined;
  const at = m.index + m[1]!.length;
  const text = `${sentence.slice(0, at)}${BLANK}${sentence.slice(at + idea.term.length)}`;
  const cue = idea.context && !ideaKey(idea.context).split(' ').every((w) => ideaKey(sentence).split(' ').includes(w)) ? idea.context : undefined;
  // A list item says little alone: its section is its cue unless the cue holds the whole answer.
  const itemCue = idea.item && cue !== undefined && !ideaKey(idea.term).split(' ').every((w) => ideaKey(cue).split(' ').includes(w));
  const prompt = cue && (itemCue || pointing.text !== sentence || cued({ ...idea, needsContext: true }, 'x', idea.term) !== 'x') ? `${CLOZE_PROMPT} (${cue})` : CLOZE_PROMPT;
  return { tipo: 'cloze', pregunta: `${prompt}: «${text}»`, respuesta: idea.term };
}

/**
 * A formula card's answer: the formula, then how it is read aloud («η = W / Q₁ (se lee: …)»). The
 * one place that writes this form; `formulaOfAnswer` is the one that reads it back.
 */
export function formulaAnswer(written: string, spoken: string): string {
  return `${written} (se lee: ${spoken})`;
}

/** The formula of a card's answer as written, without how it is read aloud. */
export function formulaOfAnswer(answer: string): string {
  return answer.replace(/\s*\(se lee:[^)]*\)\s*$/u, '');
}
