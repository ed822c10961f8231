/** The article a term takes in a question or a cue (docs/design.md §3). Pure. */

/** Feminine nouns the endings below would take for masculine («la luz», «la matriz», «las raíces»). */
const FEMININE = /^(?:\p{L}*triz|\p{L}*trices|luz|luces|cruz|cruces|voz|voces|paz|nariz|narices|ra[ií]z|ra[ií]ces|hoz|vez|tez|piel|pieles|miel|sal|sales|red|redes|pared|paredes|sed|ley|leyes|imagen|im[aá]genes|col|coles|lombriz|lombrices|cicatriz|codorniz|perdiz)$/u;
/** Words after a head that are no adjective agreeing with it (a preposition, an article, a conjunction, a noun in apposition: «el hombre rana»). */
const NOT_AN_ADJECTIVE = /^(?:rana|clave|tipo|modelo|piloto|estrella|fantasma|bomba|madre|puente|cumbre|base|de|del|a|al|o|y|e|u|la|las|lo|los|para|contra|sobre|entre|hacia|hasta|durante|mediante|tras|como|cuya|cuyo|cuyas|cuyos|otra|otro|otras|otros|cada|toda|todo|todas|todos|misma|mismo|mismas|mismos|\p{L}*istas?)$/u;

/** The definite article a term takes, when the note's own is unknown: by the head word's ending. */
export function articleFor(term: string): string {
  // «elasticidad-precio»: a compound takes the article of its first noun.
  const words = term.toLocaleLowerCase('es').split(/[\s-]+/u);
  const head = words[0]!;
  if (FEMININE.test(head)) return /s$/u.test(head) ? 'las' : 'la';
  // Feminine nouns in -e that the endings below would take for masculine («la profase», «la serie»).
  if (/(?:fase|clase|base|frase|serie|especie|superficie|fuente|gente|muerte|suerte|mente|parte|sangre|torre|llave|nave|nube|noche|calle|clave|corriente|carne|leche|fiebre|hambre|razón|sinrazón)$/u.test(head)) return 'la';
  if (/(?:fases|clases|bases|frases|series|especies|superficies|fuentes|muertes|partes|torres|llaves|naves|nubes|noches|calles|claves|corrientes)$/u.test(head)) return 'las';
  // A head whose ending says no gender («dorsales», «fósiles», «cráter») takes the one its adjective shows: «las dorsales oceánicas».
  const adjective = words[1];
  if (/(?:[^aeiouáéíóú]|e|es)$/u.test(head) && !/(?:ión|iones|dad|dades|tad|tades|tud|tudes|umbre|umbres|sis|itis)$/u.test(head) && adjective && !NOT_AN_ADJECTIVE.test(adjective)) {
    const plural = /s$/u.test(head) && !/sis$/u.test(head);
    if (/as$/u.test(adjective) && plural) return 'las';
    if (/os$/u.test(adjective) && plural) return 'los';
    if (/a$/u.test(adjective) && !plural) return 'la';
    if (/o$/u.test(adjective) && !plural) return 'el';
  }
  if (/(?:a|ión|dad|tad|tud|umbre|sis|itis)$/u.test(head) && !/(?:ma|pa)$/.test(head)) return head.endsWith('s') && !head.endsWith('sis') ? 'las' : 'la';
  // Plurals: «las aplicaciones», «los problemas», «las esclusas», «los vasos».
  if (/(?:ones|dades|tades|tudes|umbres)$/u.test(head)) return 'las';
  if (/(?:mas|pas)$/u.test(head)) return 'los';
  if (/as$/u.test(head)) return 'las';
  return /[^aeiouáéíóú]s$|es$|os$/u.test(head) ? 'los' : 'el';
}
