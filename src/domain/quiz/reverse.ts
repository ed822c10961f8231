/**
 * A question the other way round, for a lecture too small to give a term three wrong terms of its
 * sort (pure): the term in the question, its definition or statement the right option, and the
 * same lecture's other definitions or statements the wrong ones — «¿Cuál es la definición de
 * «Elasticidad cruzada»?» beside what the lecture says of «Elasticidad renta» and «Bien normal».
 * The rules of build.ts hold the other way round too (docs/design.md §3): options of one kind (a
 * definition beside definitions, a statement beside statements), from the idea's own document,
 * then its week; never two alike, never another definition of the same thing, never one that names
 * the asked term, never one of another shape (a quantity or a deed beside a definition); each word
 * the question shares with the right option carried by every wrong one,
 * else the question points at its answer; and each option whole, within Telegram's 100 characters
 * (a definition cut short no longer says what tells it apart).
 */
import type { QuizIdea } from './idea-types.js';
import { carriesTell, tellTales } from './kinds.js';
import { fold } from '../../lib/fold.js';
import { QUIZ_STEMS } from '../../strings/study.js';

/** What reverse questions need of build.ts, handed in (build.ts calls this module). */
export interface ReverseKit {
  optionMax: number;
  wrong: number;
  paraphrase: (a: string, b: string, share?: number) => boolean;
  sameTerm: (a: string, b: string) => boolean;
  shuffled: <T>(items: readonly T[], random: () => number) => T[];
}

/** Share of content words at which two definitions are one (build.ts's near-copy of a statement). */
const COPY = 0.9;

/** Definitions beside definitions, statements beside statements. */
const familyOf = (idea: QuizIdea): 'definicion' | 'enunciado' | undefined =>
  idea.kind === 'definicion' || idea.kind === 'termino' ? 'definicion' : idea.kind === 'enunciado' ? 'enunciado' : undefined;

/** A definition or statement as an option: whole, its first letter a capital, its closing stop gone. */
export const optionOfStatement = (statement: string): string => {
  const s = statement.replace(/\s+/gu, ' ').replace(/[\s.;:,]+$/u, '').trim();
  return s.charAt(0).toLocaleUpperCase('es') + s.slice(1);
};

/** A quantity alone («Unos 580 °C»), a deed in a past tense («Publicó en 1915…»), or what a thing is or does. */
type Shape = 'cantidad' | 'hecho' | 'definicion';

/**
 * The shape of a definition or statement as an option: a quantity or a deed beside definitions is
 * ruled out at sight (and is no definition), so options are offered only beside ones of their shape.
 */
export function shapeOfStatement(statement: string): Shape {
  const s = statement.trim().toLocaleLowerCase('es');
  if (/^(?:(?:unos|unas|aproximadamente|cerca\s+de|casi|más\s+de|menos\s+de|alrededor\s+de|hasta|entre)\s+)?[\d.,]+(?:\s|$)/u.test(s)) return 'cantidad';
  const first = s.split(/\s+/u)[0] ?? '';
  if (/^\p{L}+(?:ó|aron|ieron)$/u.test(first)) return 'hecho';
  return 'definicion';
}

/** Whether an idea's statement can stand as an option by itself. */
function standsAlone(idea: QuizIdea, max: number): boolean {
  const s = optionOfStatement(idea.statement);
  // A hidden term («___»), a question of its own or a cut sentence («…») is no definition to offer; nor a condition alone («si…», «cuando…»).
  return !idea.mention && Array.from(s).length <= max && !/_|[¿?]|…$/u.test(s) && !/^(?:si|cuando)\s/iu.test(idea.statement) && s.split(/\s+/u).length >= 3;
}

/**
 * The reverse question of `idea` and its options, the right one first (the caller shuffles), or
 * undefined when its lecture has too few definitions or statements that fit.
 */
export function reverseOf(idea: QuizIdea, pool: readonly QuizIdea[], random: () => number, sameWeek: (o: QuizIdea) => boolean, documentOf: (i: QuizIdea) => string, kit: ReverseKit): { question: string; answer: string; wrong: string[] } | undefined {
  const family = familyOf(idea);
  if (!family || !standsAlone(idea, kit.optionMax) || Array.from(idea.term).length > kit.optionMax) return undefined;
  const answer = optionOfStatement(idea.statement);
  const shape = shapeOfStatement(answer);
  const question = family === 'definicion' ? QUIZ_STEMS.definitionOf(idea.term) : QUIZ_STEMS.statementOf(idea.term);
  const tells = tellTales(idea.term, answer);
  const doc = pool.filter((o) => documentOf(o) === documentOf(idea));
  const near = pool.filter((o) => !doc.includes(o) && sameWeek(o));
  const picked: string[] = [];
  for (const other of [...kit.shuffled(doc, random), ...kit.shuffled(near, random)]) {
    if (picked.length === kit.wrong) break;
    if (other === idea || familyOf(other) !== family || !standsAlone(other, kit.optionMax)) continue;
    const option = optionOfStatement(other.statement);
    // A definition among definitions: never a quantity or a deed beside one (nor one beside them).
    if (shapeOfStatement(option) !== shape) continue;
    // Another definition of the same thing is right too; one that names the asked term points at it or away from it.
    if (kit.sameTerm(other.term, idea.term) || fold(option).includes(fold(idea.term))) continue;
    if ([answer, ...picked].some((p) => kit.paraphrase(p, option, COPY))) continue;
    if (tells.some((t) => !carriesTell(option, t))) continue;
    picked.push(option);
  }
  return picked.length === kit.wrong ? { question, answer, wrong: picked } : undefined;
}
