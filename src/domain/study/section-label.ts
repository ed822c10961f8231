/**
 * A line a lecture opens with a generic label — «Conclusión: …», «Aplicaciones: …», «Consecuencia
 * inmediata: …», «Enunciado (Pascal, 1653): …» — says something of its *section*, not of a term
 * called «conclusión» (docs/design.md §3). Read as a definition it made cards such as «¿Qué es la
 * conclusión?» or «¿Qué es los aplicaciones?», which ask nothing a student can answer. So:
 * - «Enunciado: …» under a section named as a law («Principio de Pascal», «Ley de Ohm») is that law's
 *   statement: «Enuncia el principio de Pascal.»;
 * - any other label is asked of its section when the section's heading is a short name:
 *   «¿Cuál es la aplicación principal del principio de Pascal?», «¿Cuáles son las aplicaciones de
 *   los vasos comunicantes?»;
 * - a label whose section gives no such name («Presión atmosférica y experimento de Torricelli»)
 *   makes no idea: the question would need words the card does not have.
 * Pure.
 */
import { fold as bare } from '../../lib/fold.js';
import { articleFor } from './article.js';
import { goodTerm, type Found } from './sentence-idea.js';

/** Generic labels (lower case, no accents) and the article each takes in a question. */
export const LABEL_ARTICLE: Readonly<Record<string, string>> = {
  conclusion: 'la', conclusiones: 'las', consecuencia: 'la', consecuencias: 'las', aplicacion: 'la', aplicaciones: 'las',
  valor: 'el', valores: 'los', caracteristica: 'la', caracteristicas: 'las', ventaja: 'la', ventajas: 'las',
  inconveniente: 'el', inconvenientes: 'los', propiedad: 'la', propiedades: 'las', uso: 'el', usos: 'los',
  funcion: 'la', funciones: 'las', finalidad: 'la', causa: 'la', causas: 'las', efecto: 'el', efectos: 'los',
  origen: 'el', significado: 'el', interpretacion: 'la', resultado: 'el', resultados: 'los', objetivo: 'el',
  objetivos: 'los', importancia: 'la', limitacion: 'la', limitaciones: 'las', requisito: 'el', requisitos: 'los',
  condicion: 'la', condiciones: 'las', unidad: 'la', unidades: 'las', enunciado: 'el', idea: 'la',
};

/** «Aplicación principal», «Valores de referencia», «Enunciado (Blaise Pascal, 1653)»: a label of up to three words, an aside, a colon. */
const LABEL_LINE = /^(?:[-*•]\s+)?(\p{Lu}\p{Ll}+(?:\s+(?:de\s+)?\p{Ll}+)?)(?:\s*\([^()]{1,60}\))?\s*:\s+(\S.*)$/u;
/** A heading that names a law, a principle or a theorem: a label «Enunciado» under it is that law's statement. */
const NAMED_HEADING = /^(?:(?:primer|primera|segundo|segunda|tercer|tercera)\s+)?(principio|ley|teorema|postulado|axioma|regla|lema)\s+(?:de|del)\s+\S/iu;

/**
 * The idea of a labelled line, given its section's name as a cue writes it (contextOf): a Found;
 * `null` when the line is labelled but its section gives no name to ask it of; undefined when the
 * line opens with no generic label.
 */
export function sectionLabel(sentence: string, section: string | undefined): Found | null | undefined {
  const m = LABEL_LINE.exec(sentence);
  if (!m) return undefined;
  const label = m[1]!;
  // «Lectura recomendada: Begon…», «Bibliografía: …»: what to read, not what to learn.
  if (/^(?:lecturas?|bibliografia|referencias|webgrafia|material|materiales|enlaces)$/u.test(bare(label.split(/\s+/)[0]!))) return null;
  const article = LABEL_ARTICLE[bare(label.split(/\s+/)[0]!)];
  if (!article) return undefined;
  const body = m[2]!.replace(/[.;]\s*$/u, '');
  if (body.split(/\s+/).length < 2) return null;
  // The section as a name inside a sentence: its first letter lowered unless it is a name («Pascal»).
  const subject = section && /^\p{Lu}\p{Ll}/u.test(section) && !/^\p{Lu}\p{Ll}*\s+\p{Lu}/u.test(section) ? `${section[0]!.toLocaleLowerCase('es')}${section.slice(1)}` : section;
  if (!subject || /\s(?:y|e|o|u|vs\.?)\s|[:;,()]/u.test(subject) || /\d/u.test(subject) || subject.split(/\s+/).length > 6 || !goodTerm(subject)) return null;
  const named = NAMED_HEADING.exec(subject);
  if (bare(label) === 'enunciado') {
    if (!named) return null;
    const article = /^ley$/iu.test(named[1]!) ? 'la' : articleFor(subject);
    return { kind: 'enunciado', term: subject, article, body, said: `${capital(article)} ${subject} dice que ${body}.` };
  }
  const of = articleFor(subject);
  const ofSubject = of === 'el' ? `del ${subject}` : `de ${of} ${subject}`;
  const plural = /s$/u.test(article);
  const term = `${fold(label)} ${ofSubject}`;
  return {
    kind: 'definicion', term, article, body,
    question: `¿${plural ? 'Cuáles son' : 'Cuál es'} ${article} ${fold(label)} ${ofSubject}?`,
    said: `${capital(article)} ${fold(label)} ${ofSubject} ${plural ? 'son' : 'es'} ${body}.`,
  };
}

const fold = (s: string) => s.toLocaleLowerCase('es');
const capital = (s: string) => `${s[0]!.toLocaleUpperCase('es')}${s.slice(1)}`;
