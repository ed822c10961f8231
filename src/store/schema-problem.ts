/**
 * The one describer of a schema's complaint about a state file: ajv's first error as a Spanish
 * phrase — where in the file, and what it should be. Every state file checked by a schema
 * (run.json, curso.json, the documents of store/document.ts) reports through it; a format may name
 * its own places in words (`place`: «la semana 2 de la lista» for `semanas/1`) and say more about
 * one field (`field`), and what it does not name is said the generic way.
 */
import type { ErrorObject } from 'ajv';
import { STORE } from '../strings/console.js';

export interface SchemaWords {
  /** The place a JSON pointer's parts name, in words; undefined: the generic «a › b». */
  place?: (parts: readonly string[]) => string | undefined;
  /** A whole phrase for one error (a field whose rule needs its own words); undefined: the generic one. */
  field?: (e: ErrorObject, parts: readonly string[]) => string | undefined;
}

/** The parts of an ajv instance path («/semanas/0/titulo» → semanas, 0, titulo). */
export const pathParts = (e: ErrorObject): string[] => e.instancePath.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));

/** One Spanish phrase for the first thing the schema found wrong. */
export function schemaProblem(e: ErrorObject, words: SchemaWords = {}): string {
  const parts = pathParts(e);
  const own = words.field?.(e, parts);
  if (own !== undefined) return own;
  const where = parts.length === 0 ? STORE.whole : (words.place?.(parts) ?? STORE.at(parts.join(' › ')));
  switch (e.keyword) {
    case 'required': return STORE.missing(where, String(e.params.missingProperty));
    case 'additionalProperties': return STORE.extra(where, String(e.params.additionalProperty));
    case 'type': return STORE.wrongType(where, STORE.kinds[String(e.params.type)] ?? String(e.params.type));
    case 'enum':
    case 'const': return STORE.unknownValue(where);
    default: return STORE.otherShape(where);
  }
}
