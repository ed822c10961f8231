/**
 * What sort of thing a quiz idea names, and which words give its answer away (pure).
 *
 * A distractor is plausible only when it names the same sort of thing as the right option: a
 * quantity beside quantities, a process beside processes, a law beside laws (docs/design.md §3).
 * The idea's kind already separates statements, formulas and years; among terms, the sort is read
 * from the term's head noun («Proceso reversible» → proceso) or, when the head says nothing, from
 * the genus of its definition («… es una magnitud que …» → cantidad), and a term in «-ismo» is a
 * movement. The table is small and general on purpose: a head it does not know gives the sort
 * 'otro', which only stands beside other 'otro' terms of the same document or week.
 */
import { fold } from '../../lib/fold.js';

export type Sort = string;


/** Head nouns and genera, by the sort of thing they name. */
const SORTS: Record<string, readonly string[]> = {
  cantidad: ['magnitud', 'cantidad', 'energia', 'suma', 'medida', 'variacion', 'cociente', 'razon', 'proporcion', 'tasa', 'indice', 'valor',
    'elasticidad', 'ingreso', 'coste', 'costo', 'precio', 'calor', 'trabajo', 'entropia', 'temperatura', 'presion', 'volumen', 'potencia',
    'rendimiento', 'capacidad', 'fuerza', 'masa', 'velocidad', 'aceleracion', 'densidad', 'carga', 'intensidad', 'beneficio', 'renta',
    'gasto', 'porcentaje', 'numero', 'producto'],
  // A cycle is not a process to a student («¿Qué ciclo…?» beside «Proceso adiabático» is a 50/50 of cycles).
  ciclo: ['ciclo'],
  // «El paso de sustancias…», «el transporte…»: what happens, like a process.
  proceso: ['proceso', 'transformacion', 'reaccion', 'expansion', 'compresion', 'cambio', 'fenomeno', 'transicion', 'evolucion',
    'paso', 'transporte', 'difusion', 'absorcion', 'sintesis', 'division', 'formacion', 'degradacion'],
  dispositivo: ['maquina', 'motor', 'aparato', 'dispositivo', 'instrumento', 'frigorifico', 'refrigerador', 'bomba', 'herramienta'],
  movimiento: ['movimiento', 'corriente', 'tendencia', 'escuela', 'estilo', 'vanguardia'],
  tecnica: ['practica', 'tecnica', 'metodo', 'procedimiento', 'pincelada', 'recurso', 'modo'],
  bien: ['bien', 'mercancia', 'servicio'],
  ley: ['ley', 'principio', 'teorema', 'postulado', 'regla', 'enunciado'],
  persona: ['pintor', 'pintora', 'autor', 'autora', 'cientifico', 'cientifica', 'fisico', 'fisica', 'economista', 'escritor', 'escritora', 'artista'],
  obra: ['obra', 'cuadro', 'lienzo', 'libro', 'tratado', 'novela', 'poema'],
};
const SORT_OF_WORD = new Map(Object.entries(SORTS).flatMap(([sort, words]) => words.map((w) => [w, sort] as const)));

/**
 * Words that name nothing by themselves: «el conjunto de tendencias» is about tendencias. Not
 * «parte»: «la parte de la física que estudia…» is a discipline, not a physicist.
 */
const EMPTY_GENUS = new Set(['conjunto', 'tipo', 'clase', 'forma', 'grupo', 'serie', 'aquel', 'aquella', 'aquellos', 'aquellas', 'lo', 'que']);
const ARTICLES = new Set(['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'de', 'del']);

/** The sort a noun names, if the table knows it («procesos» → proceso). */
export function sortOfWord(word: string): Sort | undefined {
  const w = fold(word);
  return SORT_OF_WORD.get(w) ?? SORT_OF_WORD.get(w.replace(/es$/u, '')) ?? SORT_OF_WORD.get(w.replace(/s$/u, ''));
}

const letters = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** The head noun of a term: its first word («Ciclo de Carnot» → ciclo). */
export const headOf = (term: string): string => fold(letters(term).find((w) => !ARTICLES.has(fold(w))) ?? '');

/** The genus of a definition: its first noun after the article, skipping empty ones. */
function genusOf(statement: string): string | undefined {
  for (const w of letters(statement).slice(0, 6)) {
    const f = fold(w);
    if (ARTICLES.has(f) || EMPTY_GENUS.has(f)) continue;
    return f;
  }
  return undefined;
}

/** The sort of thing an idea names (see the module comment). */
/** An idea as sorting reads it (ideas.ts's QuizIdea has these fields; named here so neither imports the other). */
export interface SortedIdea { kind: string; term: string; statement: string }

export function sortOf(idea: SortedIdea): Sort {
  switch (idea.kind) {
    case 'enunciado': return 'ley';
    case 'formula':
    case 'fecha':
    case 'persona':
    case 'obra': return idea.kind;
    default: {
      const head = headOf(idea.term);
      const byHead = sortOfWord(head);
      if (byHead) return byHead;
      if (/ismo$/u.test(head)) return 'movimiento';
      const genus = genusOf(idea.statement);
      return (genus && sortOfWord(genus)) || 'otro';
    }
  }
}

/** Words too common to tie a question to an option or two notes to one subject. */
const COMMON = new Set(['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'de', 'del', 'y', 'o', 'en', 'a', 'al', 'que', 'por', 'para', 'con',
  'sin', 'se', 'su', 'sus', 'es', 'son', 'lo', 'como', 'mas', 'muy', 'cada', 'todo', 'toda', 'todos', 'todas', 'entre', 'cuando', 'donde',
  'sobre', 'desde', 'hacia', 'segun', 'durante', 'tambien', 'porque', 'mismo', 'misma', 'mismos', 'mismas', 'puede', 'pueden', 'manera',
  'forma', 'mayor', 'menor', 'tanto', 'otro', 'otra', 'otros', 'otras', 'aquel', 'aquella', 'cual', 'cuyo', 'cuya', 'hace', 'hacen', 'tiene',
  'tienen', 'modo', 'parte', 'vez', 'veces', 'solo', 'siempre', 'nunca', 'dos', 'tres', 'uno', 'este', 'esta', 'ese', 'esa', 'dice']);

/** A word's stem for comparing: folded, its first five letters («demandada» ~ «demanda», «energías» ~ «energía»). */
const stem = (w: string) => fold(w).slice(0, 5);

/** The content stems of a text. */
export function contentStems(text: string, minLength = 3): Set<string> {
  return new Set(letters(text).filter((w) => w.length >= minLength && !COMMON.has(fold(w))).map(stem));
}

/**
 * The words a question shares with its right option: unless a distractor shares each of them too,
 * the question points at its answer («el ciclo reversible…» beside one option naming a cycle).
 */
export function tellTales(statement: string, term: string): string[] {
  const asked = contentStems(statement.replace(/_+/gu, ' '));
  const shared = [...contentStems(term)].filter((s) => asked.has(s));
  // A word of the question inside a compound of the answer points at it too («partiendo del
  // impresionismo» beside «Postimpresionismo»): a word of six letters or more, found within another.
  const words = (t: string) => letters(t).map((w) => fold(w)).filter((w) => w.length >= 6 && !COMMON.has(w));
  const said = words(term);
  const inside = words(statement).filter((a) => said.some((w) => w !== a && w.includes(a))).map((a) => `${WITHIN}${a}`);
  return [...shared, ...new Set(inside)];
}

/** Marks a tell-tale that is a whole word found inside an option's word, not a stem. */
const WITHIN = '⊂';

/** Whether an option carries a tell-tale: the stem as one of its words, or the word inside one of them. */
export function carriesTell(option: string, tell: string): boolean {
  if (tell.startsWith(WITHIN)) return letters(option).some((w) => fold(w).includes(tell.slice(WITHIN.length)));
  return contentStems(option).has(tell);
}
