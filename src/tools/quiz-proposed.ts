/**
 * Questions a model proposes for a quiz (issue 45 item 5), checked with the rules the offline quiz
 * keeps, never trusted (pure). The model answers through one strict tool whose arguments are
 * validated with the agent's ajv validator (validate.ts); then every question must keep to the
 * quiz's rules: the right answer written in the passage it quotes, and that passage in one of the
 * notes shown; three distractors of the same kind as the answer (formulas with formulas, years
 * with years, terms of the same sort — kinds.ts), none a paraphrase of it nor of each other, none
 * named by the question, no word that only the question and the right option share; Telegram's
 * limits (question ≤ 300, options ≤ 100, explanation ≤ 200). One broken rule refuses the whole
 * proposal, and the quiz is made offline instead.
 */
import type { ObjectSchema } from './contract.js';
import { compileValidator } from './validate.js';
import { explanationOf, OPTIONS_PER_QUESTION, paraphrase, QUIZ_LIMITS, sameTerm, seedOf, type QuizQuestion } from '../domain/quiz/build.js';
import type { QuizIdea, QuizIdeaKind, SourceNote } from '../domain/quiz/ideas.js';
import { carriesTell, headOf, sortOfWord, tellTales } from '../domain/quiz/kinds.js';
import { formulaCues, leftLetters, sameLeftSide } from '../domain/quiz/formula-cues.js';
import { mulberry32 } from '../lib/prng.js';
import { fold } from '../lib/fold.js';

/** The tool the model must call. */
export const QUIZ_TOOL = 'proponer_preguntas';

export interface ProposedQuestion {
  id_nota: number;
  pregunta: string;
  correcta: string;
  distractores: string[];
  pasaje: string;
}

export const QUIZ_TOOL_SCHEMA: ObjectSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['preguntas'],
  properties: {
    preguntas: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id_nota', 'pregunta', 'correcta', 'distractores', 'pasaje'],
        properties: {
          id_nota: { type: 'integer' },
          pregunta: { type: 'string' },
          correcta: { type: 'string' },
          distractores: { type: 'array', items: { type: 'string' } },
          pasaje: { type: 'string' },
        },
      },
    },
  },
};

const validate = compileValidator<{ preguntas: ProposedQuestion[] }>(QUIZ_TOOL_SCHEMA);

/** Why a proposed question is refused (for the log; the student sees the offline quiz). */
export type ProposalProblem =
  | 'esquema' | 'ninguna' | 'nota_ajena' | 'pasaje_ajeno' | 'respuesta_ajena' | 'limites'
  | 'tres_distractores' | 'repetida' | 'otra_clase' | 'se_delata' | 'pista';

const chars = (s: string) => Array.from(s).length;
const foldSpaces = (s: string) => fold(s).replace(/\s+/g, ' ').trim();
const plain = (s: string) => foldSpaces(s.replace(/\*\*|__|`/g, '').replace(/[«»"“”]/g, ''));

/** What an option is: a formula, a year, or a term (a name) — options of a question are all one. */
export function shapeOf(option: string): 'formula' | 'fecha' | 'termino' {
  if (option.includes('=')) return 'formula';
  if (/^\d{3,4}$/u.test(option.trim())) return 'fecha';
  return 'termino';
}

/** The sort a term's head names (kinds.ts), or undefined when the table does not know it. */
const sortOfTerm = (term: string) => sortOfWord(headOf(term)) ?? (/ismo$/u.test(headOf(term)) ? 'movimiento' : undefined);

/** The first broken rule of one proposed question, or undefined when it keeps to every one. */
export function problemOf(p: ProposedQuestion, notes: readonly SourceNote[]): ProposalProblem | undefined {
  const note = notes.find((n) => n.id === p.id_nota);
  if (!note) return 'nota_ajena';
  const passage = plain(p.pasaje);
  if (!passage || !plain(note.texto).includes(passage)) return 'pasaje_ajeno';
  if (!p.correcta.trim() || !passage.includes(foldSpaces(p.correcta))) return 'respuesta_ajena';
  const options = [p.correcta, ...p.distractores];
  if (chars(p.pregunta) > QUIZ_LIMITS.question || options.some((o) => !o.trim() || chars(o) > QUIZ_LIMITS.option)) return 'limites';
  if (p.distractores.length !== OPTIONS_PER_QUESTION - 1) return 'tres_distractores';
  if (options.some((a, i) => options.some((b, j) => i < j && (foldSpaces(a) === foldSpaces(b) || sameTerm(a, b) || paraphrase(a, b, 0.9))))) return 'repetida';
  const shape = shapeOf(p.correcta);
  if (p.distractores.some((d) => shapeOf(d) !== shape)) return 'otra_clase';
  if (shape === 'termino' && p.distractores.some((d) => sortOfTerm(d) !== sortOfTerm(p.correcta))) return 'otra_clase';
  if (options.some((o) => foldSpaces(p.pregunta).includes(foldSpaces(o)))) return 'se_delata';
  // Two formulas of one quantity are two right answers; the initials the question says must be on every option.
  if (shape === 'formula' && options.some((a, i) => options.some((b, j) => i < j && sameLeftSide(a, b)))) return 'repetida';
  if (shape === 'formula' && formulaCues(p.pregunta, p.correcta).some((c) => p.distractores.some((d) => !leftLetters(d).has(c)))) return 'pista';
  const tells = tellTales(p.pregunta, p.correcta);
  if (tells.some((t) => p.distractores.some((d) => !carriesTell(d, t)))) return 'pista';
  return undefined;
}

const KIND: Record<ReturnType<typeof shapeOf>, QuizIdeaKind> = { formula: 'formula', fecha: 'fecha', termino: 'definicion' };

/**
 * The quiz questions of a model's tool input, options shuffled by `quizId`; or the problems that
 * refuse it (every question is checked, so the log says all that was wrong).
 */
export function checkProposal(input: unknown, notes: readonly SourceNote[], quizId: string): { questions: QuizQuestion[] } | { problems: Array<{ i: number; problem: ProposalProblem }> } {
  const v = validate(input);
  if (!v.ok) return { problems: [{ i: -1, problem: 'esquema' }] };
  const asked = v.value.preguntas;
  if (asked.length === 0) return { problems: [{ i: -1, problem: 'ninguna' }] };
  const problems = asked.flatMap((p, i) => {
    const problem = problemOf(p, notes);
    return problem ? [{ i, problem }] : [];
  });
  // One question never names another one's answer (the student would read it there).
  asked.forEach((p, i) => {
    if (asked.some((o, j) => j !== i && foldSpaces(p.pregunta).includes(foldSpaces(o.correcta)))) problems.push({ i, problem: 'se_delata' });
  });
  if (problems.length > 0) return { problems };
  const random = mulberry32(seedOf(quizId));
  const questions = asked.map((p) => {
    const note = notes.find((n) => n.id === p.id_nota)!;
    const file = note.origen?.archivo ?? note.archivo;
    const page = note.origen ? note.origen.pagina : note.pagina;
    const idea: QuizIdea = {
      kind: KIND[shapeOf(p.correcta)], term: p.correcta.trim(), statement: p.pregunta.trim(), passage: p.pasaje.replace(/\s+/g, ' ').trim(),
      source: { noteId: note.id, ...(file ? { file } : {}), ...(typeof page === 'number' ? { page } : {}) },
    };
    const options = [idea.term, ...p.distractores.map((d) => d.trim())];
    for (let i = options.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [options[i], options[j]] = [options[j]!, options[i]!];
    }
    return { idea, question: idea.statement, options, correct: options.indexOf(idea.term), explanation: explanationOf(idea) };
  });
  return { questions };
}
