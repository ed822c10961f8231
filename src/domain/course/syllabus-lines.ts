/**
 * The shapes of a syllabus's lines (issue 42): which line starts a week, which is a table's header
 * row (and which column is the number, the dates, the content, the readings), which is a page footer
 * or header copied out of a PDF, which opens a section after the calendar, and which continues the
 * week above it. Pure, no dates: syllabus-dates.ts reads those.
 */

/**
 * What kind of line starts a week, in order of trust (the first kind present in the text wins): a
 * labelled week, a table row, a group's heading, a numbered list item.
 */
export type WeekKind = 'label' | 'table' | 'group' | 'list';
export interface WeekStart { kind: WeekKind; number: number; rest: string }

/** The words that name a week or a unit of a course before its number: «Semana 3», «Tema 2», «Lección 4». */
const LABEL_WORDS = new Set(['semana', 'sem', 'sem.', 'tema', 'unidad', 'lección', 'leccion', 'week', 'unit']);
/**
 * The words that name a group of weeks: «Bloque II: Tectónica de placas» over «Semana 1…», «Semana 2…»
 * (read as a second week 2, it refused the whole syllabus). They are weeks only where nothing else is.
 */
const GROUP_WORDS = new Set(['bloque', 'parte', 'módulo', 'modulo', 'unidad didáctica', 'unidad didactica']);
const LABELLED = /^(\p{L}+\.?(?:\s+did[aá]ctica)?)\s*(\d{1,3}|[IVXLC]{1,7})(?![\p{L}\d])(.*)$/u;
/** «S3 · …»: the short form, only with a number right after the S. */
const SHORT_LABEL = /^[Ss](\d{1,2})(?![\p{L}\d])\s*[·:.\-–—)]\s*(.*)$/u;
const TABLE_ROW = /^(\d{1,3})(?:\t|\s{2,})(.+)$/;
const LIST_ITEM = /^(\d{1,3})\s*[.)]\s+(.+)$/;

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };
function romanValue(s: string): number {
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN[s[i]!]!;
    total += v < (ROMAN[s[i + 1] ?? ''] ?? 0) ? -v : v;
  }
  return total;
}

/** A markdown table row «| 1 | 14-18 sept. | … |» as tab-separated cells; its «|---|» rule as nothing. */
export function unpipe(line: string): string {
  const t = line.trim();
  if (!t.startsWith('|')) return line;
  if (/^\|[\s|:-]+\|?$/.test(t)) return '';
  return t.replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim()).join('\t');
}

/** Markdown emphasis and headings, and list bullets, that a pasted text carries around its words. */
export function stripMarkup(s: string): string {
  return s.replace(/^#+\s*/, '').replace(/^[-*•]\s+/, '').replace(/\*\*|__/g, '').trim();
}

/** The week a line starts, if it starts one. */
export function weekStart(line: string): WeekStart | undefined {
  const clean = stripMarkup(line.trim());
  const labelled = LABELLED.exec(clean);
  const word = labelled?.[1]!.toLowerCase().replace(/\s+/g, ' ');
  if (labelled && word !== undefined && (LABEL_WORDS.has(word) || GROUP_WORDS.has(word))) {
    const n = /^\d/.test(labelled[2]!) ? Number(labelled[2]) : romanValue(labelled[2]!);
    return { kind: GROUP_WORDS.has(word) ? 'group' : 'label', number: n, rest: labelled[3] ?? '' };
  }
  const short = SHORT_LABEL.exec(clean);
  if (short) return { kind: 'label', number: Number(short[1]), rest: short[2] ?? '' };
  const row = TABLE_ROW.exec(clean);
  if (row) return { kind: 'table', number: Number(row[1]), rest: row[2]! };
  const item = LIST_ITEM.exec(clean);
  if (item) return { kind: 'list', number: Number(item[1]), rest: item[2]! };
  return undefined;
}

// ---- Tables ------------------------------------------------------------------------------------

export type ColumnRole = 'number' | 'dates' | 'content' | 'terms';
/** A header row: each column's role and, in a table aligned with spaces, where it starts. */
export interface TableHeader { roles: ColumnRole[]; starts: number[]; tabs: boolean }

const HEADER_WORDS: Array<[ColumnRole, RegExp]> = [
  ['number', /^(?:sem\.?|semanas?|n\.?º|n[uú]m\.?|#|week|s)$/i],
  ['dates', /^(?:fechas?|d[ií]as?|periodo|per[ií]odo|dates?)$/i],
  ['content', /^(?:contenidos?|temas?|t[ií]tulo|temario|materia|unidad(?:es)?|descripci[oó]n|sesi[oó]n|topics?)$/i],
  ['terms', /^(?:lecturas?|lectura obligatoria|bibliograf[ií]a|actividad(?:es)?|materiales?|pr[aá]cticas?|recursos|tareas?|observaciones|readings?)$/i],
];

/** A line's cells with where each starts: tabs part cells (empty ones kept), else runs of two or more spaces. */
export function cellsOf(line: string): Array<{ text: string; start: number }> {
  if (line.includes('\t')) {
    let at = 0;
    return line.split('\t').map((text) => {
      const cell = { text: text.trim(), start: at };
      at += text.length + 1;
      return cell;
    });
  }
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], start: m.index }));
}

/** The header row's columns when `line` is one (two or more cells, each a known column name). */
export function tableHeader(line: string): TableHeader | undefined {
  const raw = line.replace(/\s+$/, '');
  const cells = cellsOf(raw);
  if (cells.length < 2) return undefined;
  const roles: ColumnRole[] = [];
  for (const c of cells) {
    const role = HEADER_WORDS.find(([, re]) => re.test(c.text.trim()))?.[0];
    if (!role) return undefined;
    roles.push(role);
  }
  if (!roles.includes('content') && !roles.includes('dates')) return undefined;
  return { roles, starts: cells.map((c) => c.start), tabs: raw.includes('\t') };
}

/** A row's cells by role under `header` (by position in a table aligned with spaces). */
export function cellsByRole(line: string, header: TableHeader): Record<ColumnRole, string[]> {
  const out: Record<ColumnRole, string[]> = { number: [], dates: [], content: [], terms: [] };
  const cells = cellsOf(line);
  cells.forEach((c, i) => {
    if (!c.text) return;
    let column = i;
    if (!header.tabs) {
      column = 0;
      header.starts.forEach((s, j) => { if (s <= c.start + 3) column = j; });
    }
    const role = header.roles[Math.min(column, header.roles.length - 1)]!;
    out[role].push(c.text);
  });
  return out;
}

// ---- Lines that are not weeks ------------------------------------------------------------------

/** A page footer or header a PDF leaves between the weeks: «Página 1 de 2», «- 3 -», «3 / 12». */
const FOOTER = /p[aá]gina\s+\d+(?:\s*(?:de|\/)\s*\d+)?|^\s*[-–]?\s*\d{1,3}\s*(?:\/\s*\d{1,3})?\s*[-–]?\s*$/i;
export const isFooter = (line: string) => FOOTER.test(line);

/** The headings of the sections that follow the calendar: from one on, nothing is a week. */
const SECTION_AFTER = /^(?:\d+\.?\s*)?(?:evaluaci[oó]n|sistema\s+de\s+evaluaci[oó]n|criterios\s+de\s+(?:evaluaci[oó]n|calificaci[oó]n)|bibliograf[ií]a|competencias|calificaci[oó]n(?:es)?|participantes|metodolog[ií]a|resultados\s+de\s+aprendizaje|referencias|grading|assessment|bibliography)(?![\p{L}])/iu;
export const opensLaterSection = (line: string) => SECTION_AFTER.test(stripMarkup(line.trim()));

/** «Archivo: …», «Tarea: …», «Lectura: …»: an activity under a week (an LMS export), not its title. */
const ACTIVITY = /^(?:archivo|recurso|tarea|cuestionario|foro|lectura|p[aá]gina|url|enlace|v[ií]deo|entrega|actividad|carpeta|etiqueta|wiki|glosario|taller|encuesta|pr[aá]ctica|seminario|material)(?:\s+[\p{L}\d]+)?\s*:\s/iu;
export const isActivity = (line: string) => ACTIVITY.test(line.trim());

/** The words of a week without class. */
const NO_CLASS = /no\s+hay\s+clases?|sin\s+clases?|no\s+lectiv[oa]|vacaciones|festivo|semana\s+santa|navidad/i;
export const isNoClass = (text: string) => NO_CLASS.test(text);

/** Words a title does not end with: the line breaks there and the next line goes on with it. */
const OPEN_END = /(?:^|\s)(?:y|e|o|u|de|del|la|el|los|las|al|a|en|con|por|para|sobre|entre|sus?|un|una)$|[,:;\-–]$/i;

/** Whether `next` continues a title that ends in `title` (the title's line broke in a PDF). */
export function continues(title: string, next: string): boolean {
  const t = next.trim();
  if (!t || isActivity(t) || isFooter(t) || isNoClass(t)) return false;
  return /^\p{Ll}/u.test(t) || OPEN_END.test(title.trim());
}
