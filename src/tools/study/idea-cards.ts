/**
 * One card per key idea (docs/design.md §3), by kind: a definition asks «¿Qué es …?» and answers
 * with what the note says; a statement asks «¿Qué dice el enunciado de …?» / «Enuncia …»; a formula
 * asks how the thing is calculated and answers with the formula and its words; a date asks the year;
 * a heading or a key term is a cloze on that term inside its well-read sentence — never a verb,
 * a function word or a number (key-ideas.ts only offers noun phrases). Pure.
 */
import type { NewCard } from '../../store/index.js';
import type { KeyIdea } from './key-ideas.js';
import { plainSentence } from './reading.js';

export const BLANK = '_____';
export const CLOZE_PROMPT = 'Completa la frase';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The definite article a term takes, when the note's own is unknown: by the head word's ending. */
export function articleFor(term: string): string {
  const head = term.toLocaleLowerCase('es').split(/\s+/)[0]!;
  if (/(?:a|ión|dad|tad|tud|umbre|sis|itis)$/u.test(head) && !/(?:ma|pa)$/.test(head)) return head.endsWith('s') && !head.endsWith('sis') ? 'las' : 'la';
  return /[^aeiouáéíóú]s$|es$/u.test(head) ? 'los' : 'el';
}
const withArticle = (article: string, term: string) => {
  return `${article || articleFor(term)} ${term}`;
};

/** The card of one idea (its question and answer), or undefined when its sentence cannot ask it. */
export function cardOfIdea(idea: KeyIdea): Pick<NewCard, 'tipo' | 'pregunta' | 'respuesta'> | undefined {
  switch (idea.kind) {
    case 'definicion': {
      const plural = /^(los|las|unos|unas)$/.test(idea.article);
      if (idea.verb === 'se caracteriza por') return { tipo: 'definicion', pregunta: `¿Por qué se caracteriza ${withArticle(idea.article, idea.term)}?`, respuesta: idea.body };
      return { tipo: 'definicion', pregunta: `¿Qué ${idea.verb ?? (plural ? 'son' : 'es')} ${withArticle(idea.article, idea.term)}?`, respuesta: idea.body };
    }
    case 'enunciado': {
      const pregunta = /^enunciado\b/iu.test(idea.term) ? `¿Qué dice ${withArticle(idea.article, idea.term)}?` : `Enuncia ${withArticle(idea.article, idea.term)}.`;
      return { tipo: 'enunciado', pregunta, respuesta: idea.body };
    }
    case 'formula': {
      if (!idea.formula) return undefined;
      // A formula of one quantity calculates it; one of several relates them (a law, an equilibrium).
      const verb = idea.formula.subject.replace(/[₀-₉⁰-⁹¹²³ᵞ\d]/gu, '').length <= 2 ? 'se calcula' : 'se expresa';
      return { tipo: 'formula', pregunta: `¿Con qué fórmula ${verb} ${withArticle(idea.article, idea.term)}?`, respuesta: `${idea.formula.text} (${idea.formula.spoken})` };
    }
    case 'fecha':
      return idea.year ? { tipo: 'fecha', pregunta: `¿En qué año ${idea.body.replace(/[.!]$/u, '')}?`, respuesta: idea.year } : undefined;
    case 'persona':
      return { tipo: 'definicion', pregunta: `¿Quién ${idea.verb ?? 'fue'} ${idea.body.replace(/[.!]$/u, '')}?`, respuesta: idea.term };
    case 'obra':
    case 'encabezado':
    case 'termino': {
      const sentence = plainSentence(idea.sentence);
      const m = new RegExp(`(^|[^\\p{L}])(${escapeRegExp(idea.term)})(?=[^\\p{L}]|$)`, 'u').exec(sentence);
      if (!m) return undefined;
      const at = m.index + m[1]!.length;
      const cloze = `${sentence.slice(0, at)}${BLANK}${sentence.slice(at + idea.term.length)}`;
      return { tipo: 'cloze', pregunta: `${CLOZE_PROMPT}: «${cloze}»`, respuesta: idea.term };
    }
  }
}
