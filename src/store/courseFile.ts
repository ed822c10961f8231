/**
 * `curso.json`: the owner's course (docs/design.md §2), one versioned document per data folder (in class mode
 * each student's folder has its own). Validated with an ajv schema on every read — one Spanish
 * sentence per kind of damage, the file left as it is — and written atomically. No file means "no
 * course of their own": `read()` gives null and the tools layer uses the demo course.
 *
 * The store is lower than tools/, so the shape is declared here (StoredCourse); domain/course/course.ts
 * declares the same `Course` and TypeScript checks they agree where the toolbox passes it up.
 */
import type { ErrorObject } from 'ajv';
import { CuadernoError } from '../errors.js';
import { stateSchema } from '../lib/state-schemas.js';
import { writeFileAtomic } from './atomic.js';
import { ValidatedJsonFile, type ShapeCheck } from './jsonFile.js';
import { withFileLock } from './lock.js';

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

/** One sentence per kind of damage, naming the week when the damage is inside one. */
function describe(error: ErrorObject, data: Record<string, unknown>): string {
  const parts = error.instancePath.split('/').filter(Boolean);
  if (parts[0] === 'version' || (error.keyword === 'required' && error.params.missingProperty === 'version')) {
    return `tiene la versión ${JSON.stringify(data.version)} y este programa solo entiende la ${COURSE_STATE_VERSION}`;
  }
  if (parts.length === 0) {
    if (error.keyword === 'additionalProperties') return `tiene un campo que no se conoce ("${String(error.params.additionalProperty)}")`;
    return 'debería ser un objeto JSON con "version", "titulo" y "semanas"';
  }
  if (parts[0] === 'titulo') return 'no tiene un "titulo" de texto (entre 1 y 200 caracteres)';
  if (parts.length === 1) return `"semanas" debería ser una lista de 1 a ${COURSE_LIMITS.weeks} semanas`;
  const where = `la semana ${Number(parts[1]) + 1} de la lista`;
  switch (parts[2]) {
    case 'numero': return `${where} no tiene un "numero" entero del 1 al ${COURSE_LIMITS.weeks}`;
    case 'titulo': return `${where} no tiene un "titulo" de 1 a ${COURSE_LIMITS.title} caracteres`;
    case 'inicio': return `${where} tiene un "inicio" que no es una fecha AAAA-MM-DD ni null`;
    case 'terminos': return `${where} tiene unos "terminos" que no son una lista de textos`;
    case 'sin_clase': return `${where} tiene un "sin_clase" que no es true (si hay clase, quítalo)`;
    default: return `${where} no es un objeto {numero, titulo, inicio, terminos}`;
  }
}

export const checkCourse: ShapeCheck<StoredCourse> = (data) => {
  const validate = validator();
  if (!validate(data)) return { ok: false, problem: describe(validate.errors![0]!, data as Record<string, unknown>) };
  const doc = data as unknown as CourseDocument;
  const bad = doc.semanas.findIndex((w, i) => w.numero !== i + 1);
  if (bad >= 0) return { ok: false, problem: `las semanas deben ir numeradas 1, 2, 3… en orden, sin huecos ni repeticiones (en la posición ${bad + 1} está la ${doc.semanas[bad]!.numero})` };
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
  if (!checked.ok) throw new CuadernoError('VALIDATION', `El curso no es válido: ${checked.problem}.`, { field: 'curso' });
  return doc;
}

export function createCourseFile(file: string): CourseFile {
  const adapter = new ValidatedJsonFile<StoredCourse>(file, checkCourse, 'si lo borras, vuelves al curso de ejemplo (las notas y las tarjetas se conservan).');
  return {
    file,
    read: () => adapter.read(),
    write: async (course) => {
      const doc = courseDocument(course);
      await withFileLock(file, () => writeFileAtomic(file, `${JSON.stringify(doc, null, 2)}\n`));
    },
  };
}
