/**
 * A worked example inside a lecture's prose (docs/design.md §3): a paragraph that opens «Un ejemplo
 * sencillo.», «Por ejemplo, …», «Veamos un ejemplo», «Imagina dos clases que…», «Supongamos que…».
 * Its sentences are about Marta's bookshop or two imagined classes, not the subject: carded they made
 * «¿Qué es la Marta abre una librería?». A section headed as an example is EXAMPLE_HEADING's
 * (cloze-quality.ts); this is the same for a paragraph. Pure.
 */

/** The first words of a paragraph that is an example. */
const OPENS_EXAMPLE = /^(?:[-*•]\s+)?(?:\*\*|_|\*)?(?:(?:un|otro|veamos\s+un|pongamos\s+(?:un|por\s+caso)|por)\s+ejemplo|ejemplo(?:\s+(?:resuelto|práctico|numérico|de\s+clase))?\s*[:.]|imagina(?:mos)?\s|supongamos\s|pensemos\s+en\s|tomemos\s)/iu;

/** The spans [from, to) of `text`'s paragraphs that are worked examples. */
export function exampleSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const m of text.matchAll(/[^\n](?:[^\n]|\n(?!\s*\n))*/gu)) {
    if (OPENS_EXAMPLE.test(m[0].trimStart())) spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

/** Whether offset `at` lies in one of `spans`. */
export const inSpans = (spans: readonly [number, number][], at: number) => spans.some(([a, b]) => at >= a && at < b);
