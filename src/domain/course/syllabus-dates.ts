/**
 * The dates of a syllabus (issue 42), read by chrono-node's Spanish parser (`chrono.es`, strict: no
 * «hoy», no bare weekdays) and one custom parser of ours for what it misses: day ranges with a month
 * name («del 8 al 12 de febrero», «semana del 1 al 5 de marzo», «14–18 sept.», «28 sept.–2 oct.»,
 * «21 dic.–8 ene.», «14 septiembre - 18 septiembre») and abbreviated months chrono does not know
 * («sept.»). Only a week's first day matters: its start is the Monday of the week holding it.
 *
 * Years are decided for the whole list at once (`placeYears`), because a date without a year means
 * nothing alone: a written year wins; else the academic year the text names («2026–27», «2026/2027»,
 * «curso 26-27»); else a full date written before the calendar (the guide's approval, «3 de julio de
 * 2026») from which the calendar runs forward; else the academic year that holds `now`. Within the
 * list, dates run forward: each one is the first such day on or after the one before, so a list from
 * September to January crosses into the next year. Pure: `now` is a parameter.
 */
import * as chrono from 'chrono-node';

/** A date as written: day and month, and the year only when the text gives it. */
export interface WrittenDate { day: number; month: number; year?: number }
/** A date found in a line, with where it was written (to take it out of the title). */
export interface FoundDate { date: WrittenDate; index: number; text: string }

const MONTH_STEMS: Array<[RegExp, number]> = [
  [/^ene/, 1], [/^feb/, 2], [/^mar/, 3], [/^abr/, 4], [/^may/, 5], [/^jun/, 6],
  [/^jul/, 7], [/^ago/, 8], [/^sep|^set/, 9], [/^oct/, 10], [/^nov/, 11], [/^dic/, 12],
];
/** A month as written: the whole name or a stem of three or four letters, with or without a dot. */
const MONTH = '(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|ene|feb|mar|abr|may|jun|jul|ago|sept|sep|set|oct|nov|dic)\\.?(?![\\p{L}])';
const monthOf = (word: string): number => MONTH_STEMS.find(([re]) => re.test(word.toLowerCase()))?.[1] ?? 0;

/**
 * «[semana] [del] D [de MES] (al|a|-|–) D [de] MES [de AAAA]» and «D [de] MES» alone — the shapes
 * chrono's Spanish parser leaves out or reads only in part. Groups: d1, m1 (optional), d2, m2, y.
 */
const RANGE = new RegExp(
  `(?:semana\\s+)?(?:del?\\s+)?(\\d{1,2})(?:\\s+(?:de\\s+)?(${MONTH}))?\\s*(?:al|a|[-–—])\\s*(\\d{1,2})\\s+(?:de\\s+)?(${MONTH})(?:\\s+(?:de\\s+)?(\\d{4}))?`,
  'iu',
);
const SINGLE = new RegExp(`(?:semana\\s+del?\\s+)?(\\d{1,2})\\s+(?:de\\s+)?(${MONTH})(?:\\s+(?:de\\s+)?(\\d{4}))?`, 'iu');

const validDay = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();

const rangeParser: chrono.Parser = {
  pattern: () => new RegExp(`(?<![\\p{L}\\d])${RANGE.source}`, 'iu'),
  extract: (context, match) => {
    const d1 = Number(match[1]);
    const m2 = monthOf(match[4]!);
    const m1 = match[2] ? monthOf(match[2]) : m2;
    const start: Record<string, number> = { day: d1, month: m1 };
    if (match[5] && m1 <= m2) start.year = Number(match[5]);
    if (!validDay(start.year ?? 2000, m1, d1) || !validDay(2000, m2, Number(match[3]))) return null;
    return context.createParsingResult(match.index!, match[0], start, { day: Number(match[3]), month: m2 });
  },
};

const singleParser: chrono.Parser = {
  pattern: () => new RegExp(`(?<![\\p{L}\\d])${SINGLE.source}`, 'iu'),
  extract: (context, match) => {
    const start: Record<string, number> = { day: Number(match[1]), month: monthOf(match[2]!) };
    if (match[3]) start.year = Number(match[3]);
    return validDay(start.year ?? 2000, start.month!, start.day!) ? context.createParsingResult(match.index!, match[0], start) : null;
  },
};

/** «3-2» (day-month): chrono reads «3/2» but not with a hyphen; where it counts is syllabus.ts's rule. */
const dayMonthParser: chrono.Parser = {
  pattern: () => /(?<![\d/.:-])(\d{1,2})-(\d{1,2})(?![\d/.-])/,
  extract: (context, match) => {
    const day = Number(match[1]);
    const month = Number(match[2]);
    return validDay(2000, month, day) ? context.createParsingResult(match.index!, match[0], { day, month }) : null;
  },
};

/** chrono's strict Spanish parser, and ours beside it (merged by `findDates`: the longer reading of a span wins, ours on a tie). */
const theirs = chrono.es.strict;
const ours = new chrono.Chrono({ parsers: [rangeParser, singleParser, dayMonthParser], refiners: [] });

/** A reference far from any real course, so chrono's own guess of a year is never taken for a fact. */
const REFERENCE = new Date(Date.UTC(2000, 5, 15, 12));

/** Every date written in `text`, in order, each with the span it occupies. */
export function findDates(text: string): FoundDate[] {
  const read = (results: chrono.ParsedResult[]): FoundDate[] => results.flatMap((r) => {
    if (!r.start.isCertain('day') || !r.start.isCertain('month')) return [];
    const year = r.start.isCertain('year') ? r.start.get('year')! : undefined;
    return [{ index: r.index, text: r.text, date: { day: r.start.get('day')!, month: r.start.get('month')!, ...(year !== undefined ? { year } : {}) } }];
  });
  const candidates = [...read(ours.parse(text, REFERENCE)), ...read(theirs.parse(text, REFERENCE))];
  const overlaps = (a: FoundDate, b: FoundDate) => a.index < b.index + b.text.length && b.index < a.index + a.text.length;
  const kept: FoundDate[] = [];
  for (const c of candidates) {
    if (kept.some((k) => overlaps(k, c) && k.text.length >= c.text.length)) continue;
    for (let i = kept.length - 1; i >= 0; i--) if (overlaps(kept[i]!, c)) kept.splice(i, 1);
    kept.push(c);
  }
  return kept.sort((a, b) => a.index - b.index);
}

/** Date-shaped text chrono could not read as a day of the calendar («31/2/2026», «30 de febrero»). */
const DATE_SHAPED = new RegExp(`\\b\\d{4}-\\d{1,2}-\\d{1,2}\\b|\\b\\d{1,2}\\/\\d{1,2}\\/\\d{2,4}\\b|\\b\\d{1,2}\\s+de\\s+${MONTH}`, 'iu');
export function unreadableDate(text: string, found: readonly FoundDate[]): string | undefined {
  let rest = text;
  for (const f of found) rest = rest.replace(f.text, ' ');
  return DATE_SHAPED.exec(rest)?.[0];
}

// ---- Years -------------------------------------------------------------------------------------

/** The academic year starts in August: a month from here on belongs to its first calendar year. */
const ACADEMIC_START_MONTH = 8;
/** «2026–27», «2026/2027», «26-27», «curso 2026-2027»: two consecutive years. */
const ACADEMIC_YEAR = /(?<!\d)(\d{2}|\d{4})\s*[-–—/]\s*(\d{2}|\d{4})(?!\d)/g;

/** The first year of the academic year the text names, if it names one. */
export function namedAcademicYear(text: string): number | undefined {
  for (const m of text.matchAll(ACADEMIC_YEAR)) {
    const a = m[1]!.length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
    const b = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    const short = m[1]!.length === 2;
    // «26-27» alone could be pages or chapters: only after «curso» is it a year.
    if (short && !/curso\s*(?:acad[eé]mico\s*)?$/i.test(text.slice(0, m.index).slice(-25))) continue;
    if (b === a + 1 && a >= 2000 && a <= 2100) return a;
  }
  return undefined;
}

const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;
const isoOf = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);

/** Where the dates of a list start counting from: the academic year's first year, or a day before the calendar. */
export type YearClue = { academic: number } | { after: WrittenDate & { year: number } };

/** The clue for the years of the list (see the module comment), from the text before the calendar. */
export function yearClue(text: string, before: string, now: Date): YearClue {
  const named = namedAcademicYear(text);
  if (named !== undefined) return { academic: named };
  const full = findDates(before).find((f) => f.date.year !== undefined);
  if (full) return { after: full.date as WrittenDate & { year: number } };
  const y = now.getUTCFullYear();
  return { academic: now.getUTCMonth() + 1 >= ACADEMIC_START_MONTH ? y : y - 1 };
}

/**
 * Gives each written date of the list (in order) a full day number: its own year when written;
 * else the first such day on or after the date before it (the first date: within the academic
 * year, or on or after the clue's day). Undefined entries stay undefined.
 */
export function placeYears(dates: ReadonlyArray<WrittenDate | undefined>, clue: YearClue): Array<number | undefined> {
  let last: number | undefined = 'after' in clue ? dayNumber(clue.after.year, clue.after.month, clue.after.day) : undefined;
  return dates.map((d) => {
    if (!d) return undefined;
    let day: number;
    if (d.year !== undefined) day = dayNumber(d.year, d.month, d.day);
    else if (last === undefined && 'academic' in clue) day = dayNumber(d.month >= ACADEMIC_START_MONTH ? clue.academic : clue.academic + 1, d.month, d.day);
    else {
      const y = new Date(last! * 86_400_000).getUTCFullYear();
      day = dayNumber(y, d.month, d.day);
      // A week may repeat the day before it (two weeks written on the same Monday): not a year later.
      if (day < last! - 7) day = dayNumber(y + 1, d.month, d.day);
    }
    last = day;
    return day;
  });
}

/** `YYYY-MM-DD` of the Monday of the week holding `day` (a day number). */
export function mondayOf(day: number): string {
  const weekday = (new Date(day * 86_400_000).getUTCDay() + 6) % 7;
  return isoOf(day - weekday);
}

/** `YYYY-MM-DD` of a day number. */
export const isoDay = isoOf;
/** The day number of `YYYY-MM-DD`. */
export const dayOfIso = (ymd: string) => dayNumber(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)), Number(ymd.slice(8, 10)));
