/**
 * How a quiz's closing line names what to review (pure): as the cards name it — a person or a work
 * by its name, capitals kept («John Tuzo Wilson»), a term with its article and in the case its
 * lecture writes it («las placas», «el punto de Curie», «el Barroco»), a statement or a formula as
 * the quiz strings say them («el enunciado de Clausius», «la fórmula η = W / Q₁»).
 */
import type { QuizIdea } from './idea-types.js';
import { articleFor } from '../study/article.js';
import { QUIZ } from '../../strings/quiz.js';
import { escapeRegExp } from '../../lib/regexp.js';

/**
 * The term in the case its passage writes it: lower case where the passage writes it so, or only
 * where a sentence or a line opens with it; capitalised where the passage writes it so after
 * another word (a name: «el Barroco», «la Ilustración»).
 */
export function termAsWritten(term: string, passage: string): string {
  const lower = term.charAt(0).toLocaleLowerCase('es') + term.slice(1);
  if (lower === term) return term;
  const at = (t: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(t)}(?![\\p{L}\\p{N}])`, 'u');
  if (at(lower).test(passage)) return lower;
  // Written capitalised after another word of its sentence (not after a stop, a colon or a line's start): a name.
  const inside = new RegExp(`(?<=\\p{L}[^.:;!?\\n]*\\s)${escapeRegExp(term)}(?![\\p{L}\\p{N}])`, 'u');
  if (inside.test(passage)) return term;
  // A name of several capitalised words («Tectónica de Placas» aside) keeps its capitals wherever it stands.
  if (term.split(/\s+/u).filter((w) => /^\p{Lu}/u.test(w)).length >= 2) return term;
  return lower;
}

/** What to review for a missed question, as its card names it. */
export function missedName(idea: Pick<QuizIdea, 'kind' | 'term' | 'passage' | 'article'> & { statement?: string }): string {
  switch (idea.kind) {
    // A year alone says nothing to review («repasa 1808»): the event it dates, in a few words.
    case 'fecha': return idea.statement ? QUIZ.missedDate(idea.term, idea.statement) : idea.term;
    case 'persona':
    case 'obra': return idea.term;
    case 'definicion':
    case 'termino': {
      const term = termAsWritten(idea.term, idea.passage);
      return `${idea.article || articleFor(term)} ${term}`;
    }
    default: return QUIZ.missedLabel(idea.term, idea.kind);
  }
}
