/**
 * The owner's words made comparable (pure): lower case, accents folded, typos in keywords corrected,
 * numbers in words read. The classifier and the slot rules read the same words, so they never
 * disagree about what a sentence says.
 */
import levenshtein from 'damerau-levenshtein';
import { fold } from '../../lib/fold.js';

export { fold };

/** Cardinal and ordinal numbers in words (folded), Spanish and English, up to the length of a term. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  uno: 1, una: 1, primera: 1, primer: 1, one: 1, first: 1,
  dos: 2, segunda: 2, two: 2, second: 2,
  tres: 3, tercera: 3, three: 3, third: 3,
  cuatro: 4, cuarta: 4, four: 4, fourth: 4,
  cinco: 5, quinta: 5, five: 5, fifth: 5,
  seis: 6, sexta: 6, six: 6, sixth: 6,
  siete: 7, septima: 7, seven: 7, seventh: 7,
  ocho: 8, octava: 8, eight: 8, eighth: 8,
  nueve: 9, novena: 9, nine: 9, ninth: 9,
  diez: 10, decima: 10, ten: 10, tenth: 10,
  once: 11, undecima: 11, eleven: 11, eleventh: 11,
  doce: 12, duodecima: 12, twelve: 12, twelfth: 12,
  trece: 13, thirteen: 13, catorce: 14, fourteen: 14, quince: 15, fifteen: 15,
  dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19, veinte: 20,
  veintiuno: 21, veintiun: 21, veintidos: 22, veintitres: 23, veinticuatro: 24, veinticinco: 25,
  veintiseis: 26, veintisiete: 27, veintiocho: 28, veintinueve: 29,
  // Tens are words of their own: without them «cuarenta» was corrected to «cuarta» and read as 4.
  treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90, cien: 100,
};

/** «cuarenta y dos»: a ten (30–90) and a unit joined by «y» (folded words), or undefined. */
export function compoundNumber(ten: string | undefined, unit: string | undefined): number | undefined {
  const t = ten === undefined ? undefined : NUMBER_WORDS[ten];
  const u = unit === undefined ? undefined : NUMBER_WORDS[unit];
  return t !== undefined && u !== undefined && t >= 30 && t <= 90 && t % 10 === 0 && u >= 1 && u <= 9 ? t + u : undefined;
}

/**
 * Words a typo is corrected towards (folded). Only these ever change, and only words of five
 * letters or more, so a note's subject ("media", "pandas") is never rewritten into a keyword.
 */
const LEXICON: ReadonlySet<string> = new Set([
  ...Object.keys(NUMBER_WORDS),
  'hola', 'holi', 'buenas', 'buenos', 'dias', 'tardes', 'noches', 'saludos', 'gracias', 'agradezco', 'perfecto', 'genial',
  'prepara', 'prepare', 'preparar', 'preparame', 'prepareme', 'organiza', 'organice', 'organizar', 'semana', 'semanas',
  'portada', 'caratula', 'narra', 'narre', 'narrar', 'narracion', 'podcast', 'audio', 'episodio',
  'tarjeta', 'tarjetas', 'fichas', 'busca', 'buscar', 'busque', 'buscame', 'encuentra', 'notas', 'nota',
  'ayuda', 'estado', 'gasto', 'gastado', 'cancelar', 'cancela', 'rehaz', 'rehaga', 'rehacer', 'repite', 'vuelve', 'nuevo',
  'sobre', 'acerca', 'tengo', 'numero', 'favor', 'porfa', 'motor', 'juguete', 'genera', 'genere', 'repaso',
  'repasar', 'repasemos', 'recuerdame', 'recordatorio', 'recordatorios', 'exporta', 'exportar', 'importa', 'importar',
  'borra', 'borrar', 'elimina', 'eliminar', 'datos', 'titulo', 'cambia', 'renombra', 'empieza', 'comienza', 'apuntes',
  'tarde', 'noche', 'manana', 'cuarto', 'menos', 'nueva', 'nuevas', 'nuevos', 'cuanto', 'cuanta', 'cuantos', 'cuantas', 'quita', 'quitar', 'saca', 'mueve', 'mover', 'regenera', 'arranca', 'empezar', 'llama', 'cambio',
  'hello', 'morning', 'evening', 'thanks', 'thank', 'ready', 'cover', 'narrate', 'cards', 'flashcards',
  'search', 'notes', 'about', 'status', 'cancel', 'again', 'please', 'voice', 'start', 'review', 'remind', 'delete',
]);

/**
 * Words already corrected: a student writes the same few words again and again, and a correction
 * compares the word with every keyword (≈ 300 edit distances). Emptied when full, so its memory is
 * bounded whatever is written.
 */
const CORRECTED = new Map<string, string>();
const CORRECTED_MAX = 5_000;

/** The nearest keyword within one edit (two for words of eight letters or more); the word itself otherwise. */
function correct(word: string): string {
  if (word.length < 5 || LEXICON.has(word) || /\d/.test(word)) return word;
  let best = CORRECTED.get(word);
  if (best === undefined) {
    best = nearestKeyword(word);
    if (CORRECTED.size >= CORRECTED_MAX) CORRECTED.clear();
    CORRECTED.set(word, best);
  }
  return best;
}

function nearestKeyword(word: string): string {
  const limit = word.length >= 8 ? 2 : 1;
  let best = word;
  let bestSteps = limit + 1;
  for (const k of LEXICON) {
    if (Math.abs(k.length - word.length) > limit) continue;
    const { steps } = levenshtein(word, k);
    if (steps < bestSteps) {
      best = k;
      bestSteps = steps;
    }
  }
  return best;
}

/** Chat spellings read as the word they stand for. */
const SLANG: Readonly<Record<string, string>> = {
  q: 'que', k: 'que', ke: 'que', xq: 'porque', pq: 'porque', tb: 'tambien', tmb: 'tambien', xfa: 'porfa', plis: 'porfa',
  pls: 'please', plz: 'please', u: 'you', ur: 'your', sem: 'semana', nº: 'numero', 'n°': 'numero',
};

/** Laughter, however long: «jajaja», «jejeje», «hahaha», «xD». */
const LAUGH = /^(?:(?:j[aeiou]){2,}j?|(?:ha){2,}h?|(?:he){2,}h?|x+d+)$/;

export interface Words {
  /** The owner's words, lower case, accents kept (what a search or a subject is made of). */
  raw: string[];
  /** The same words folded and with typos in keywords corrected (what the rules read). */
  norm: string[];
  /** `norm` joined by single spaces. */
  t: string;
}

/** Splits a message into words; a clock time ("21:30") stays one word. */
export function words(text: string): Words {
  const raw = text.toLowerCase().normalize('NFC').split(/(?:(?<!\d):|:(?!\d)|[^\p{L}\p{N}:°])+/u).filter((w) => w.length > 0);
  const norm = raw.map((w) => SLANG[w] ?? (LAUGH.test(fold(w)) ? 'jaja' : correct(fold(w).replace(/(\p{L})\1{2,}/gu, '$1$1'))));
  return { raw, norm, t: norm.join(' ') };
}

/** A number written in digits or in words, if the word is one. */
export function numberOf(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  if (/^\d{1,3}$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}
