/**
 * `curso.json`: the owner's course (docs/design.md §2), one versioned document per data folder (in class mode
 * each student's folder has its own): a durable document (store/document.ts) locked on each change.
 * Validated with an ajv schema on every read — one Spanish sentence per kind of damage, through the
 * one describer, the file left as it is — and written atomically. No file means "no course of their
 * own": `read()` gives null and the tools layer uses the demo course.
 *
 * The store is lower than tools/, so the shape is declared here (StoredCourse); domain/course/course.ts
 * declares the same `Course` and TypeScript checks they agree where the toolbox passes it up.
 */
import { CuadernoError } from '../errors.js';
import { stateSchema } from '../lib/state-schemas.js';
import type { ShapeCheck } from './jsonFile.js';
import { DurableDocument, type DocumentFormat } from './document.js';
import { schemaProblem, type SchemaWords } from './schema-problem.js';
import { COURSE_DOC } from '../strings/console.js';

export const COURSE_FILE = 'curso.json';
export const COURSE_STATE_VERSION = 1;
/** Bounds of a course (the tools layer re-exports them as MAX_WEEKS, MAX_WEEK_TITLE). */
export const COURSE_LIMITS = Object.freeze({ weeks: 60, title: 200 });

export interface StoredCourse {
  titulo: string;
  /** `sin_clase: true` only on a week without class (a holiday kept in the guide's numbering). */
  semanas: Array<{ numero: number; titulo: string; inicio: string | null; terminos: string[]; sin_clase?: true }>;
}
interface CourseDocument extends StoredCourse {
  version: typeof COURSE_STATE_VERSION;
}

const DATE = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
const SCHEMA = {
  type: 'object',
  required: ['version', 'titulo', 'semanas'],
  additionalProperties: false,
  properties: {
    version: { const: COURSE_STATE_VERSION },
    titulo: { type: 'string', minLength: 1, maxLength: 200 },
    semanas: {
      type: 'array',
      minItems: 1,
      maxItems: COURSE_LIMITS.weeks,
      items: {
        type: 'object',
        required: ['numero', 'titulo', 'inicio', 'terminos'],
        additionalProperties: false,
        properties: {
          numero: { type: 'integer', minimum: 1, maximum: COURSE_LIMITS.weeks },
          titulo: { type: 'string', minLength: 1, maxLength: COURSE_LIMITS.title, pattern: '\\S' },
          inicio: { anyOf: [{ type: 'null' }, { type: 'string', pattern: DATE }] },
          terminos: { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 80 } },
          sin_clase: { const: true },
        },
      },
    },
  },
} as const;

// Compiled on first use (or ahead of it, while the bot waits), not at import.
const validator = stateSchema(SCHEMA);

/**
 * The course's own words for the schema's complaints (schema-problem.ts, the one describer): one
 * phrase per kind of damage, naming the week when the damage is inside one.
 */
const courseWords = (data: unknown): SchemaWords => ({
  field: (error, parts) => {
    if (parts[0] === 'version' || (error.keyword === 'required' && error.params.missingProperty === 'version')) {
      return COURSE_DOC.version((data as Record<string, unknown>).version, COURSE_STATE_VERSION);
    }
    if (parts.length === 0) return error.keyword === 'additionalProperties' ? COURSE_DOC.extra(String(error.params.additionalProperty)) : COURSE_DOC.notObject;
    if (parts[0] === 'titulo') return COURSE_DOC.title;
    if (parts.length === 1) return COURSE_DOC.weeks(COURSE_LIMITS.weeks);
    const where = COURSE_DOC.week(Number(parts[1]) + 1);
    switch (parts[2]) {
      case 'numero': return COURSE_DOC.weekNumber(where, COURSE_LIMITS.weeks);
      case 'titulo': return COURSE_DOC.weekTitle(where, COURSE_LIMITS.title);
      case 'inicio': return COURSE_DOC.weekStart(where);
      case 'terminos': return COURSE_DOC.weekTerms(where);
      case 'sin_clase': return COURSE_DOC.weekNoClass(where);
      default: return COURSE_DOC.weekShape(where);
    }
  },
});

export const checkCourse: ShapeCheck<StoredCourse> = (data) => {
  const validate = validator();
  if (!validate(data)) return { ok: false, problem: schemaProblem(validate.errors![0]!, courseWords(data)) };
  const doc = data as unknown as CourseDocument;
  const bad = doc.semanas.findIndex((w, i) => w.numero !== i + 1);
  if (bad >= 0) return { ok: false, problem: COURSE_DOC.order(bad + 1, doc.semanas[bad]!.numero) };
  return { ok: true, value: { titulo: doc.titulo, semanas: doc.semanas } };
};

export interface CourseFile {
  readonly file: string;
  /** The course on disk, or null when the folder has none (then the demo course applies). */
  read(): Promise<StoredCourse | null>;
  /** Replaces the course (validated first: a bad course throws the same sentence a bad file would). */
  write(course: StoredCourse): Promise<void>;
}

/** The course as `curso.json` holds it, checked: a bad course throws the same sentence a bad file would. */
export function courseDocument(course: StoredCourse): StoredCourse & { version: typeof COURSE_STATE_VERSION } {
  const doc = { version: COURSE_STATE_VERSION as typeof COURSE_STATE_VERSION, titulo: course.titulo, semanas: course.semanas.map((w) => ({ numero: w.numero, titulo: w.titulo, inicio: w.inicio, terminos: [...w.terminos], ...(w.sin_clase ? { sin_clase: true as const } : {}) })) };
  const checked = checkCourse(doc);
  if (!checked.ok) throw new CuadernoError('VALIDATION', COURSE_DOC.invalid(checked.problem), { field: 'curso' });
  return doc;
}

/**
 * The course's document: null while the folder has none. Its one version is checked by the schema,
 * which names a version it does not know in the course's own words (so the version is the check's).
 */
const COURSE_FORMAT: DocumentFormat<CourseDocument | null> = {
  version: COURSE_STATE_VERSION,
  empty: () => null,
  check: (data) => {
    const checked = checkCourse(data);
    return checked.ok ? { ok: true, value: data as CourseDocument } : checked;
  },
  versionOf: () => COURSE_STATE_VERSION,
  recovery: COURSE_DOC.recovery,
  lock: { kind: 'each-change' },
};

export function createCourseFile(file: string): CourseFile {
  const doc = new DurableDocument(file, COURSE_FORMAT);
  return {
    file,
    read: async () => {
      const course = await doc.current();
      return course && { titulo: course.titulo, semanas: course.semanas };
    },
    // Replaced whole: a damaged file is overwritten by the new course, not refused.
    write: async (course) => doc.replace(courseDocument(course)),
  };
}
