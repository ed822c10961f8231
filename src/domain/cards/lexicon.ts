/**
 * Closed-class Spanish words the key-term finder must never offer as an answer: function words,
 * quantifiers, generic nouns (a card asking for "cosa" or "líneas" teaches nothing) and common
 * verb forms that the position rules alone cannot tell from nouns. Lower-case; pure data.
 */

/** A list written as one string, split at spaces (the empty ends of its lines dropped). */
const words = (list: readonly string[]): ReadonlySet<string> => new Set(list.filter(Boolean));

/** Articles and determiners: the word after one is a noun (or a quantifier, then a noun). */
export const DETERMINERS = words(`
  el la los las un una unos unas del al lo su sus mi mis tu tus este esta estos estas ese esa esos esas
  aquel aquella cada cualquier nuestro nuestra
`.split(/\s+/));

/** Prepositions: the word after one is a noun, or an infinitive (filtered by its ending). */
export const PREPOSITIONS = words(`
  a ante bajo con contra de desde durante en entre hacia hasta mediante para por según sin sobre tras
`.split(/\s+/));

/** Quantifiers and numerals: they sit between a determiner and a noun and are never the answer. */
export const QUANTIFIERS = words(`
  solo sola solos solas varios varias muchos muchas mucho mucha pocos pocas poco poca todo toda todos todas
  algún alguno alguna algunos algunas ningún ninguno ninguna otro otra otros otras mismo misma mismos mismas
  tanto tanta tantos tantas cuánto cuánta cuántos cuántas cuanto bastante bastantes demasiado demasiados
  uno dos tres cuatro cinco seis siete ocho nueve diez cien mil primer primero primera segundo segunda último última
  cierto cierta ciertos ciertas diversos diversas demás ambos ambas cada
`.split(/\s+/));

/** Other function words (pronouns, conjunctions, adverbs) that end a noun phrase. */
export const FUNCTION_WORDS = words(`
  y e o u ni que qué quien quienes cual cuales como cómo cuando donde porque pero sino aunque si no ya también
  muy más menos tan bien mal así aquí allí se le les me te nos os lo ella ello ellos ellas él yo tú usted
  es son era fue ser estar está están hay mientras pues entonces
`.split(/\s+/));

/** Nouns too generic to be what a card asks about on their own (they may head a compound). */
export const GENERIC_NOUNS = words(`
  cosa cosas parte partes tipo tipos forma formas manera maneras modo vez veces caso casos ejemplo ejemplos
  línea líneas número números conjunto valor valores grupo grupos día días año años momento algo nada
  lugar persona personas gente cantidad elemento
`.split(/\s+/));

/**
 * Everyday words a blank must never take alone: they fit any sentence («en _____» → «realidad», «la
 * clase del _____» → «jueves»), so the card asks for no knowledge. Only for a cloze's answer: as part
 * of a term («punto de fusión») or in a question they are fine.
 */
export const EVERYDAY_WORDS = words(`
  realidad verdad diferencia diferencias punto puntos aspecto aspectos cuestión cuestiones hecho hechos resto total
  mitad lado lados final medio fondo inicio comienzo principio fin idea ideas tema temas clase clases resultado
  semana semanas mes meses hora horas lunes martes miércoles jueves viernes sábado domingo
  enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
`.split(/\s+/));

/**
 * Nouns of a person's role or office («rey», «historiador»): a capitalised word beside one is a
 * person, not a place or an institution, even when it is a single name («Carlomagno», «Polibio»).
 */
export const PERSON_ROLES = words(`
  rey reina emperador emperatriz papa obispo arzobispo abad monje fraile cardenal sacerdote príncipe princesa
  duque duquesa conde condesa marqués señor caudillo califa sultán faraón cónsul tribuno senador dictador general
  historiador historiadora filósofo filósofa poeta poetisa dramaturgo novelista escritor escritora pintor pintora
  escultor escultora arquitecto arquitecta compositor compositora músico cantante director directora cineasta
  científico científica físico física químico química biólogo bióloga médico médica matemático matemática
  naturalista geógrafo economista sociólogo socióloga psicólogo psicóloga jurista teólogo político política
  ingeniero inventor astrónomo explorador navegante humanista ilustrado pensador pensadora orador
`.split(/\s+/));

/**
 * Words that make a phrase the role something plays, not the name of a thing: «El material preferido
 * es la piedra sillar» says which material was preferred; «material preferido» is no term to ask about.
 */
export const ROLE_WORD = /(?<![\p{L}])(?:preferid[oa]s?|favorit[oa]s?|predilect[oa]s?|habitual(?:es)?|usual(?:es)?|más|menos|mejor(?:es)?|peor(?:es)?)(?![\p{L}])/iu;

/** Common verb forms (3rd person present and preterite, infinitives) of verbs notes use to explain. */
export const VERBS = words(`
  resume resumen guarda guardan lee leen crea crean mide miden da dan recibe reciben devuelve devuelven
  sigue siguen suena suenan forma forman ayuda ayudan puede pueden debe deben tiene tienen hace hacen
  muestra muestran usa usan permite permiten sirve sirven indica indican explica explican define definen
  significa consiste consisten representa representan describe describen contiene contienen incluye incluyen
  produce producen depende dependen calcula calculan compara comparan combina combinan aplica aplican
  toca tocan suma suman cambia cambian llama llaman pinta pintan rompe rompen recupera recuperan
  alejan aleja pinta estudia estudian ocurre ocurren existe existen parece parecen
`.split(/\s+/));

/** Adjectives that follow a noun and have no tell-tale ending ("aire libre"). */
export const ADJECTIVES = words('libre libres alegre alegres grande grandes breve breves simple simples doble'.split(' '));

/** Endings of adjectives that follow a singular noun: clásico, única, estable, mayor, estándar, normal. */
export const ADJECTIVE_ENDING = /(ico|ica|ble|al|ar|or|ivo|iva|oso|osa|ado|ada|ido|ida|ente|ante|ista|ual|ior)$/;

/** Infinitives: after a preposition they are the action, not a term ("para sumar", "a medir"). */
export const INFINITIVE_ENDING = /(ar|er|ir|ír)$/;

/** Third-person preterite (rompió, mostró, pintó): a verb, not a term. */
export const PRETERITE_ENDING = /(ó|aron|ieron|aba|aban)$/;
