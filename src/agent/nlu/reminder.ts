/**
 * A reminder's slots (pure): the time of day («a las 9», «a las 21:30», «a las 7 de la tarde»,
 * «at 9pm», «a las nueve y media»), how often («cada día», «todos los días», «los lunes») and
 * whether the owner wants the reminders off.
 */
import { numberOf } from './text.js';

export type Every = 'dia' | 'lunes' | 'martes' | 'miercoles' | 'jueves' | 'viernes' | 'sabado' | 'domingo';
export interface ReminderSlots {
  /** HH:MM, 24 h. */
  hora?: string;
  cada?: Every;
  apagar?: boolean;
}

const DAYS: ReadonlyArray<readonly [RegExp, Every]> = [
  [/\b(lunes|monday|mondays)\b/, 'lunes'],
  [/\b(martes|tuesday|tuesdays)\b/, 'martes'],
  [/\b(miercoles|wednesday|wednesdays)\b/, 'miercoles'],
  [/\b(jueves|thursday|thursdays)\b/, 'jueves'],
  [/\b(viernes|friday|fridays)\b/, 'viernes'],
  [/\b(sabados?|saturday|saturdays)\b/, 'sabado'],
  [/\b(domingos?|sunday|sundays)\b/, 'domingo'],
];
const DAILY = /\b(cada dia|todos los dias|diario|diaria|diariamente|a diario|every day|everyday|daily|each day|every morning|every night|every evening|cada manana|cada noche|cada tarde|todas las (mananas|noches|tardes))\b/;
const OFF = /\b(no me recuerdes|no me avises|deja de recordar\w*|quita\w* (el|los) recordatorios?|borra\w* (el|los) recordatorios?|elimina\w* (el|los) recordatorios?|cancela\w* (el|los) recordatorios?|desactiva\w*|apaga\w*|sin recordatorios?|stop remind\w*|turn off|no more reminders|no quiero (mas )?recordatorios?|basta de recordatorios?)\b/;

const HOUR = '(\\d{1,2}|[a-z]+)';
const AT = new RegExp(`\\b(?:a las|a la|sobre las|hacia las|at|by|para las|las)\\s+${HOUR}(?::(\\d{2}))?(?:\\s*(h|am|pm|hrs|horas))?\\b`, 'g');
const CLOCK = /\b(\d{1,2}):(\d{2})\b|\b(\d{1,2})\s*(am|pm)\b/;

/** The time of day in the words, as HH:MM. */
export function timeOf(t: string): string | undefined {
  let h: number | undefined;
  let m = 0;
  let suffix: string | undefined;
  const at = [...t.matchAll(AT)].find((x) => numberOf(x[1]) !== undefined);
  if (at) {
    h = numberOf(at[1]);
    m = at[2] ? Number(at[2]) : 0;
    suffix = at[3];
  }
  if (h === undefined) {
    const c = CLOCK.exec(t);
    if (c) {
      h = Number(c[1] ?? c[3]);
      m = c[2] ? Number(c[2]) : 0;
      suffix = c[4];
    }
  }
  if (h === undefined) return /\bmediodia|noon\b/.test(t) ? '12:00' : undefined;
  if (!at?.[2] && !CLOCK.exec(t)?.[2]) {
    if (/\by media\b/.test(t)) m = 30;
    else if (/\by cuarto\b/.test(t)) m = 15;
    else if (/\bmenos cuarto\b/.test(t)) { h -= 1; m = 45; }
  }
  const afternoon = suffix === 'pm' || /\bde la (tarde|noche)\b|\bpor la (tarde|noche)\b|\bin the (evening|afternoon)\b|\bat night\b|\btonight\b/.test(t);
  if (afternoon && h < 12) h += 12;
  if (suffix === 'am' && h === 12) h = 0;
  if (h < 0 || h > 23 || m > 59) return undefined;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Everything a reminder message says (folded words `t`). */
export function reminderSlots(t: string): ReminderSlots {
  if (OFF.test(t)) return { apagar: true };
  const out: ReminderSlots = {};
  const hora = timeOf(t);
  if (hora) out.hora = hora;
  const day = DAYS.find(([re]) => re.test(t))?.[1];
  const cada = DAILY.test(t) ? 'dia' : day;
  if (cada) out.cada = cada;
  return out;
}
