/** The article a term takes in a question or a cue (docs/design.md §3). Pure. */

/** The definite article a term takes, when the note's own is unknown: by the head word's ending. */
export function articleFor(term: string): string {
  // «elasticidad-precio»: a compound takes the article of its first noun.
  const head = term.toLocaleLowerCase('es').split(/[\s-]+/u)[0]!;
  // Feminine nouns in -e that the endings below would take for masculine («la profase», «la serie»).
  if (/(?:fase|clase|base|frase|serie|especie|superficie|fuente|gente|muerte|suerte|mente|parte|sangre|torre|llave|nave|nube|noche|calle|clave|corriente|carne|leche|fiebre|hambre|razón|sinrazón)$/u.test(head)) return 'la';
  if (/(?:fases|clases|bases|frases|series|especies|superficies|fuentes|muertes|partes|torres|llaves|naves|nubes|noches|calles|claves|corrientes)$/u.test(head)) return 'las';
  if (/(?:a|ión|dad|tad|tud|umbre|sis|itis)$/u.test(head) && !/(?:ma|pa)$/.test(head)) return head.endsWith('s') && !head.endsWith('sis') ? 'las' : 'la';
  // Plurals: «las aplicaciones», «los problemas», «las esclusas», «los vasos».
  if (/(?:ones|dades|tades|tudes|umbres)$/u.test(head)) return 'las';
  if (/(?:mas|pas)$/u.test(head)) return 'los';
  if (/as$/u.test(head)) return 'las';
  return /[^aeiouáéíóú]s$|es$|os$/u.test(head) ? 'los' : 'el';
}
