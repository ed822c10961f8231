/**
 * A change to the course, read from the owner's words (pure): rename a week («cambia el título de la
 * semana 3 a Barroco tardío»), remove one («quita la semana 5»), move its start («la semana 2 empieza
 * el 3 de marzo») or add one («añade una semana sobre el romanticismo»). A title keeps the owner's
 * own spelling and capitals.
 */
import { fold } from './text.js';

export type CourseEdit =
  | { cambio: 'titulo'; titulo: string }
  | { cambio: 'quitar'; renumerar?: true }
  | { cambio: 'inicio'; fecha: string }
  | { cambio: 'anadir'; titulo?: string };

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const MONTHS_EN = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const pad = (n: number) => String(n).padStart(2, '0');

/** A day of the year in the words, as MM-DD: «el 3 de marzo», «3/3», «march 3». */
export function dateOf(t: string): string | undefined {
  const es = /\b(\d{1,2}) de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)\b/.exec(t);
  if (es) return `${pad(es[2] === 'setiembre' ? 9 : MONTHS.indexOf(es[2]!) + 1)}-${pad(Number(es[1]))}`;
  const en = new RegExp(`\\b(${MONTHS_EN.join('|')}) (\\d{1,2})(?:st|nd|rd|th)?\\b`).exec(t);
  if (en) return `${pad(MONTHS_EN.indexOf(en[1]!) + 1)}-${pad(Number(en[2]))}`;
  const num = /\b(\d{1,2})[/-](\d{1,2})\b/.exec(t);
  if (num && Number(num[2]) >= 1 && Number(num[2]) <= 12) return `${pad(Number(num[2]))}-${pad(Number(num[1]))}`;
  return undefined;
}

const REMOVE = /\b(quita\w*|elimina\w*|borra\w*|suprime|remove|delete|drop|saca\w*)\b/;
const RENUMBER = /\b(renumer\w*|corre\w* las (demas|siguientes)|baja\w* (las demas|las siguientes|un numero))\b/;
const ADD = /\b(anade|anadir|agrega\w*|add|crea\w* (una|otra) semana|nueva semana|otra semana|una semana mas)\b/;
const START = /\b(empieza|empezara|comienza|comenzara|arranca|inicia|starts|begins|mueve|mover|move|pasa|cambia la fecha|fecha de inicio|start date)\b/;

/** Words between a week and its new title: «a», «como», «se llama», «:». */
const TITLE_LEAD = /^(?:\s|[:=,-]|a\b|como\b|por\b|to\b|as\b|se llama\b|se llamara\b|que se llame\b|de titulo\b|el titulo\b|con el titulo\b|titulo\b|called\b|named\b)+/;
const QUOTED = /["«“']([^"»”']+)["»”']/;

function clean(title: string): string | undefined {
  const s = title.replace(/^["«“'\s]+|["»”'\s.!?]+$/g, '').trim();
  return s.length > 0 ? s : undefined;
}

/** The title in the owner's spelling: quoted, else what follows the week and its joining words. */
function titleOf(text: string): string | undefined {
  const q = QUOTED.exec(text);
  if (q?.[1]) return clean(q[1]);
  // Fold character by character keeps the indices of `text` and its folded copy aligned.
  const folded = Array.from(text).map((ch) => fold(ch).charAt(0) || ch).join('');
  const week = /\b(?:semana|week)\s+(?:\d{1,2}|[a-z]+)\b/.exec(folded);
  if (!week) return undefined;
  const after = folded.slice(week.index + week[0].length);
  const lead = TITLE_LEAD.exec(after)?.[0].length ?? 0;
  return clean(Array.from(text).slice(week.index + week[0].length + lead).join(''));
}

/** The topic of a new week: «añade una semana sobre el romanticismo», «add a week on jazz». */
function newWeekTitle(text: string): string | undefined {
  const q = QUOTED.exec(text);
  if (q?.[1]) return clean(q[1]);
  const m = /\b(?:sobre|de|about|on|llamada|called)\s+(?:(?:el|la|los|las|the)\s+)?(.+)$/i.exec(text);
  if (!m?.[1] || /^(curso|course|mas|más)\b/i.test(m[1])) return undefined;
  return clean(m[1]);
}

/**
 * Words that can only mean a change to the course: a removing or renaming verb on «la semana N»,
 * «el título de la semana N», «la semana N empieza el …». Stronger than the classifier, which
 * reads a bag of words and could take «borra la semana 3» for a request to prepare it.
 */
const EDIT_CUES = [
  /\b(quita\w*|quitar|elimina\w*|borra\w*|saca\w*|suprime)\s+(la\s+)?(semana|semanas)\b/,
  /\b(remove|delete|drop)\s+(the\s+)?week\b/,
  /\b(renombra\w*|rename)\b.*\b(semana|week)\b/,
  /\b(titulo|nombre|title|name)\s+(de|of)\s+(la\s+|the\s+)?(semana|week)\b/,
  /\b(semana|week)\s+\w+\s+(empieza|comienza|arranca|starts|begins)\b/,
];
export const editsCourse = (t: string, text: string): boolean => {
  const both = `${t}\n${fold(text)}`;
  return EDIT_CUES.some((re) => re.test(both));
};

/** Which change the words ask for (folded words `t`, the owner's `text` for titles and dates). */
export function courseEdit(t: string, text: string): CourseEdit | undefined {
  // The rules read the corrected words and the plain folded text («30/3», «starts» kept as written).
  const both = `${t}\n${fold(text)}`;
  const fecha = dateOf(fold(text)) ?? dateOf(t);
  if (fecha && START.test(both)) return { cambio: 'inicio', fecha };
  if (ADD.test(both)) {
    const titulo = newWeekTitle(text);
    return titulo ? { cambio: 'anadir', titulo } : { cambio: 'anadir' };
  }
  // Removing marks the week without class; moving the later weeks down is asked for in words.
  if (REMOVE.test(both)) return RENUMBER.test(both) ? { cambio: 'quitar', renumerar: true } : { cambio: 'quitar' };
  if (fecha) return { cambio: 'inicio', fecha };
  const titulo = titleOf(text);
  return titulo ? { cambio: 'titulo', titulo } : undefined;
}
