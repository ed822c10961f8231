/**
 * The course's name from the lines before the first week (issues 25 and 42): an «Asignatura: X» or
 * «Módulo: X» line if there is one, else the first line that reads like a name. A line is cut into
 * segments at « · », « — », «|» and runs of spaces; each loses what is not the name — codes
 * («(código 800511)», «(0485)»), credits («6 ECTS»), group, term («2º cuatrimestre»), the academic
 * year, the words that say "programme" («Calendario de la asignatura», «Guía docente de») and those
 * an owner wraps a name in («mi curso es», «, 4 semanas») — and the first segment left is the name.
 * Lines about where and who (university, faculty, degree, teacher, platform) are never the name; a
 * «label: value» line is, whole, only when no other line reads as one and its label says nothing
 * about the course's circumstances («Física II: Electricidad y magnetismo», not «Evaluación: …»). A
 * heading in capitals is written in sentence case; any other keeps the owner's capitalisation.
 */
import { MAX_WEEK_TITLE } from './course.js';
import { findDates } from './syllabus-dates.js';
import { stripMarkup, tableHeader } from './syllabus-lines.js';

/** «Asignatura: X» names the course outright. */
const NAMED = /^(?:asignatura|materia|m[oó]dulo|course|subject)\s*:\s*(.+)$/i;
const PROGRAMME = '(?:(?:programa(?:ci[oó]n\\s+did[aá]ctica)?|cronograma|temario|calendario|planificaci[oó]n(?:\\s+semanal)?|gu[ií]a(?:\\s+docente)?|syllabus)(?![a-záéíóúñ]))';
const PROGRAMME_PREFIX = new RegExp(`^${PROGRAMME}(?:\\s+(?:de(?:l|\\s+la)?|por))?(?:\\s+(?:asignatura|curso|clases|sesiones|semanas|m[oó]dulo))?\\s*[:\\-–—]?\\s*`, 'i');
const PROGRAMME_SUFFIX = new RegExp(`\\s*[-–—:·|]\\s*${PROGRAMME}\\s*$`, 'i');
/**
 * «Historia de España: programa del primer cuatrimestre», «Ecología: temario de la asignatura»: what
 * follows the colon says what the text is, not what the course is called.
 */
const PROGRAMME_TAIL = new RegExp(`(?:\\s*:|\\s+[-–—·|])\\s*(?:${PROGRAMME}|curso(?![a-záéíóúñ]))[^:]*$`, 'i');
/** What is left dangling once a term or a year is taken off the end («… del»): never end a name on it. */
const DANGLING = /\s+(?:de(?:\s+l[ao]s?)?|del|al?|en|y|e|o|u|para|por|con|sobre|el|la|los|las)$/iu;
/** How an owner names the course in a lead-in line: «mi curso es …», «el temario de …», «Curso de …». */
const OWNER_PREFIX = /^(?:(?:este|esta)\s+es\s+)?(?:(?:mi|el|la|nuestro|nuestra|tu)\s+(?:curso|asignatura|materia|temario|programa)(?:\s+(?:es|se\s+llama|de\s+la|del|de))?|(?:curso|asignatura|materia)\s+(?:es|se\s+llama|de\s+la|del|de))(?!\p{L})\s*[:\-–—]?\s*/iu;
/** «, 4 semanas», «(12 temas)»: how long the course is, not what it is called. */
const WEEK_COUNT = /[\s,;(\-–—]*\b\d{1,3}\s+(?:semanas|temas|unidades|lecciones|weeks)(?!\p{L})\)?/giu;
/** What is said about a course beside its name: codes, credits, hours, group, term, academic year. */
const NOT_THE_NAME = [
  /\(?\s*c[oó]d(?:igo|\.)?\s*:?\s*[\w.-]*\d[\w.-]*\s*\)?/giu,
  /\(\s*\d[\d.\s-]*\)/g,
  /\b\d+(?:[.,]\d+)?\s*(?:cr[eé]ditos|ECTS|h(?:oras)?\s+semanales|h\b)(?:\s+ECTS)?(?:\s*\(ECTS\))?/giu,
  /\bgrupo\s+[\p{L}\d]{1,4}\b/giu,
  /\b(?:(?:1|2|3|4)\s*(?:\.\s*)?(?:º|er|o|ª)?|primer|segundo|tercer|cuarto)\s+(?:cuatrimestre|semestre|trimestre|curso)\b/giu,
  /\b(?:curso\s+(?:acad[eé]mico\s+)?)?\d{2,4}\s*[-–/]\s*\d{2,4}\b/giu,
  /\b(?:spring|fall|autumn|winter|summer)\s+\d{4}\b/giu,
];
/** A lead-in made only of these words introduces the list without naming it («Estos son los temas:»). */
const FILLER = new Set(['este', 'esta', 'estos', 'estas', 'es', 'son', 'aquí', 'aqui', 'tienes', 'va', 'van', 'mi', 'mis', 'tu', 'tus', 'el', 'la', 'los', 'las', 'del', 'de', 'que', 'hay', 'lista', 'temas', 'semanas', 'unidades', 'lecciones', 'curso', 'asignatura', 'materia', 'temario', 'programa', 'por', 'clases', 'sesiones', 'teóricas', 'semanal', 'avisos', 'foro', 'dudas']);
/** Lines about where and who, not what: the institution, the degree, the teacher, the platform. */
const NOT_A_TITLE = /^(?:universidad|universitat|university|facultad|faculty|escuela|departamento|department|grado|doble\s+grado|m[aá]ster|master|curso|grupo|aula|cfg[sm]|ciclo|profesor|profesora|coordinador|coordinadora|horario|aprobad)/iu;
/** A segment naming the platform a page was copied from, beside the course's name: «Campus Virtual — Ecología». */
const PLATFORM = /^(?:campus(?:\s+virtual)?|aula\s+virtual|moodle|blackboard|canvas|exportad|exportaci[oó]n)/iu;
/** «Profesora: …», «Horario: …»: a short label and a colon. */
const KEY_VALUE = /^[\p{L} ]{1,25}:\s/u;
/**
 * Labels of what is said about a course (its assessment, tutoring, code, a task on the platform):
 * a line opening with one is never the name. Any other «X: Y» line («Física II: Electricidad y
 * magnetismo») may be the whole name, but only when no plain line before the weeks reads as one.
 */
const LABEL = /^(?:(?:criterios?\s+de\s+)?evaluaci[oó]n|calificaci[oó]n|grading|assessment|ex[aá]m(?:en|enes)|nota|notas|tareas?|cuestionarios?|foros?|archivos?|entregas?|pr[aá]cticas?|laboratorio|bibliograf[ií]a|lecturas?|horarios?|tutor[ií]as?|c[oó]digo|cr[eé]ditos|instructor|docentes?|tutora?|contacto|correo|e-?mail|tel[eé]fono|despacho|lugar|fechas?|inicio|duraci[oó]n|modalidad|idioma|(?:pre)?requisitos|objetivos?|descripci[oó]n|competencias|metodolog[ií]a|importante|atenci[oó]n|avisos?|web|enlaces?|plataforma|titulaci[oó]n|centro|sede|semestre|cuatrimestre|periodo|tipo|car[aá]cter|responsable|clases|sesiones|teor[ií]a)(?!\p{L})/iu;
const SEGMENTS = /\s+[·—–|]\s+|\s{2,}|\t/;

function tidy(s: string): string {
  let t = s.replace(/\(\s*\)/g, ' ').replace(/\s+/g, ' ').replace(/^[\s:.\-–—)|·,;]+/, '').replace(/[\s:\-–—(|·,;]+$/, '').trim();
  for (let cut = t.replace(DANGLING, ''); cut !== t && cut; cut = t.replace(DANGLING, '')) t = cut.replace(/[\s:\-–—(|·,;]+$/, '');
  return t;
}

function nameOf(segment: string): string {
  let t = segment.replace(PROGRAMME_TAIL, '').replace(PROGRAMME_PREFIX, '').replace(PROGRAMME_SUFFIX, '').replace(OWNER_PREFIX, '').replace(WEEK_COUNT, '');
  for (const re of NOT_THE_NAME) t = t.replace(re, ' ');
  return tidy(t);
}

/** With `labelled`, a «X: Y» line whose X is no LABEL reads too (the second pass of courseTitle). */
function reads(t: string, labelled = false): boolean {
  if (!t || !/\p{L}{3}/u.test(t) || Array.from(t).length > MAX_WEEK_TITLE) return false;
  if (t.toLocaleLowerCase('es').split(/\s+/).every((w) => FILLER.has(w))) return false;
  const keyValue = KEY_VALUE.test(t) && (!labelled || LABEL.test(t));
  return !NOT_A_TITLE.test(t) && !PLATFORM.test(t) && !keyValue && findDates(t).length === 0 && !/@/.test(t);
}

/** The course's name from the lines before the first week (see the module comment). */
export function courseTitle(lines: string[]): string | undefined {
  const cleaned = lines.map((l) => stripMarkup(l.trim())).filter((l) => l && !tableHeader(l));
  for (const l of cleaned) {
    const m = NAMED.exec(l);
    if (m?.[1]) return sentenceCase(nameOf(m[1].split(SEGMENTS)[0]!));
  }
  for (const labelled of [false, true]) {
    for (const l of cleaned) {
      const segments = l.split(SEGMENTS);
      if (NOT_A_TITLE.test(nameOf(segments[0]!))) continue;
      const name = segments.map(nameOf).find((t) => reads(t, labelled));
      if (name) return sentenceCase(name);
    }
  }
  return undefined;
}

/** «QUÍMICA ORGÁNICA I» → «Química orgánica I»; a title with any lower-case letter is left alone. */
function sentenceCase(s: string): string {
  if (/\p{Ll}/u.test(s)) return s;
  const words = s.split(' ').map((w) => (/^[IVX]{1,4}$/.test(w) ? w : w.toLocaleLowerCase('es')));
  const first = words[0] ?? '';
  words[0] = first.charAt(0).toLocaleUpperCase('es') + first.slice(1);
  return words.join(' ');
}
