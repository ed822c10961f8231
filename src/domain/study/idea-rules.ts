/**
 * More ways a sentence states a key idea (docs/design.md §3), for lectures that do not write
 * «X es …»: people who did something, a titled work dated by what happened to it, a cause («… porque
 * …»), a named rule that closes its own sentence («…; es la regla del octeto») and a list item
 * «Término: lo que es». Each returns what key-ideas.ts needs to make the idea, or undefined. Pure.
 */
import { DETERMINERS, FUNCTION_WORDS, PREPOSITIONS, QUANTIFIERS, VERBS } from '../cards/lexicon.js';
import { articleFor } from './article.js';
import { CARD_QUESTIONS } from '../../strings/study.js';
import { fold as bare } from '../../lib/fold.js';

export interface RuleIdea {
  kind: 'persona' | 'fecha' | 'definicion' | 'enunciado' | 'obra' | 'termino';
  author?: string;
  term: string;
  article: string;
  body: string;
  verb?: string;
  year?: string;
  when?: string;
  question?: string;
  needsContext?: boolean;
  /** Said by a list item: the episode says it with its list, never alone. */
  item?: boolean;
  /** A summary whose answer is its whole list of sentences, never condensed to the first. */
  whole?: boolean;
  /** A summary of causes or consequences: a main idea of the week, said whole in the episode. */
  summary?: boolean;
}

const fold = (s: string) => s.toLocaleLowerCase('es');
const closed = (w: string) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || QUANTIFIERS.has(w) || FUNCTION_WORDS.has(w);
/** The small words inside a person's name («José de Espronceda», «Vincent van Gogh»). */
// «Piero della Francesca», «Lorenzo el Magnífico» (an epithet after the name).
export const NAME_LINKS = new Set(['de', 'del', 'van', 'von', 'da', 'di', 'la', 'della', 'dei', 'el']);
const NAMED = 'enunciado|teorema|ley|principio|postulado|axioma|regla|lema|paradoja|criterio|efecto|modelo';

/** Whether a term is a person's name: capitalised words, the name's small links between them, each capitalised word a name. */
export function isPersonName(term: string, properWord: (w: string) => boolean): boolean {
  const words = term.split(/\s+/);
  if (words.length < 2 || NAME_LINKS.has(words[0]!) || NAME_LINKS.has(words.at(-1)!)) return false;
  return words.every((w) => NAME_LINKS.has(w) || (/^\p{Lu}/u.test(w) && !closed(fold(w)) && properWord(w)));
}

/** A question's clause: its first claim, up to «, y …», «; » or «, que …» (one card, one fact). */
// «… ciudades alemanas y, desde 1723, fue …»: a claim cut before an aside never ends on its conjunction.
const firstClaim = (s: string) => s.split(/;\s|,\s+(?:y|pero|aunque|que)\s|\.\s/u)[0]!.replace(/[.,:;]+$/u, '').replace(/\s+(?:y|e|o|u|ni)$/u, '').trim();

/**
 * «Gilbert Lewis propuso en 1916 que …», «Rosalía de Castro escribió en gallego …»: a person (two or
 * more capitalised words, each a name the course writes as one) and what they did, asked «¿Quién …?».
 */
export function personActs(s: string, properWord: (w: string) => boolean): RuleIdea | undefined {
  // Their years may follow the name («John Locke (1632–1704) comparó …»).
  // …and an aside after them («Antonio Vivaldi (1678–1741), sacerdote veneciano, dio su forma …»).
  const m = /^(\p{Lu}[\p{L}'’-]+(?:\s+(?:(?:de|del|van|von|da|di|della|dei|el)\s+)?\p{Lu}[\p{L}'’-]+){1,3})(?:\s+\([^()]*\d{3,4}[^()]*\))?(?:,\s+[^,;:()]{3,80},)?\s+(\p{Ll}[\p{L}]+)\s+(.+)$/u.exec(s);
  if (!m || !isPersonName(m[1]!, properWord)) return undefined;
  // «Miguel de Unamuno, catedrático …, es el guía del grupo»: who they are, asked «¿Quién es …?».
  if (/^(?:es|fue|era)$/u.test(m[2]!) && /^(?:el|la|un|una)\s/u.test(m[3]!)) return { kind: 'persona', term: m[1]!, article: '', body: firstClaim(m[3]!), verb: m[2]! };
  if (closed(m[2]!)) return undefined;
  // «Sandro Botticelli (1445–1510), pintor …, autor de *La Primavera* …»: a role, not a verb («¿Quién fue el autor de …?»).
  if (!VERBS.has(m[2]!) && (/^(?:y|de|del)\s/u.test(m[3]!) || !/(?:[aeo]|an|en|ó|ió|aron|ieron|ía|ían)$/u.test(m[2]!))) {
    // The role is the apposition, up to the next comma (what follows is another claim).
    const role = firstClaim(`${m[2]} ${m[3]}`).split(/,\s/u)[0]!;
    // «poeta y protector de …»: a role in -a or of two nouns says no gender; asked without an article.
    const article = /a$/u.test(m[2]!) || /^\p{Ll}+\s+y\s/u.test(role) ? '' : `${articleFor(m[2]!)} `;
    return role.split(/\s+/).length < 3 ? undefined : { kind: 'persona', term: m[1]!, article: '', body: `${article}${role}`, verb: 'fue' };
  }
  // A long first claim stops at its first comma: one clue, not the person's whole career.
  const claim = firstClaim(m[3]!);
  // …but not a comma inside a title («con Roma, ciudad abierta (1945), …»: after a capitalised word).
  const comma = [...claim.matchAll(/,\s/gu)].find((c) => !/\p{Lu}[\p{L}'’-]*$/u.test(claim.slice(0, c.index)))?.index ?? -1;
  const body = (comma > 0 && claim.slice(0, comma).split(/\s+/).length >= 4 ? claim.slice(0, comma) : claim).replace(/\s+(?:y|e|o|u|ni)$/u, '');
  if (body.split(/\s+/).length < 3) return undefined;
  return { kind: 'persona', term: m[1]!, article: '', body, verb: m[2]! };
}

/**
 * «Don Álvaro o la fuerza del sino, del duque de Rivas, se estrenó en 1835 …»: a titled subject, an
 * aside saying whose it is, and a past event with its year, asked «¿Cuándo se estrenó …?».
 */
export function titledDate(s: string): RuleIdea | undefined {
  const m = /^(\p{Lu}[\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,7}?),\s+(?:de|del)\s+[^,]{3,40},\s+((?:se\s+)?\p{Ll}+(?:ó|ió))\s+en\s+(?:el\s+año\s+)?(1\d{3}|20\d{2})(?=[\s,.;:]|$)/u.exec(s);
  if (!m || closed(fold(m[1]!.split(/\s+/)[0]!))) return undefined;
  return { kind: 'fecha', term: m[1]!, article: '', body: s, year: m[3]!, when: `${m[2]} ${m[1]}` };
}

/**
 * «Los átomos se unen porque el conjunto que forman tiene menos energía …»: a cause, asked
 * «¿Por qué se unen los átomos?» and answered with what follows «porque».
 */
export function cause(s: string): RuleIdea | undefined {
  const m = /^(El|La|Los|Las)\s+(\p{Ll}[\p{L}-]+(?:\s+(?!se\s)\p{Ll}[\p{L}-]+)?)\s+((?:se\s+)?\p{Ll}+)\s+porque\s+(.+)$/u.exec(s);
  if (!m || closed(fold(m[2]!.split(/\s+/).at(-1)!)) || closed(m[3]!.replace(/^se\s+/u, ''))) return undefined;
  const subject = `${fold(m[1]!)} ${m[2]}`;
  return { kind: 'definicion', term: m[2]!, article: fold(m[1]!), body: firstClaim(m[4]!), question: `¿Por qué ${m[3]} ${subject}?` };
}

/**
 * «El crecimiento logístico ocurre cuando los recursos son limitados: …»: a process or a state
 * defined by when it happens, asked «¿Cuándo ocurre el crecimiento logístico?» and answered with
 * its condition (its first claim: what follows a colon elaborates it).
 */
export function happensWhen(s: string): RuleIdea | undefined {
  const m = /^(El|La|Los|Las|Un|Una)\s+(\p{Ll}[\p{L}-]+(?:\s+(?:de\s+(?:la\s+|los\s+|las\s+)?|del\s+)?\p{L}[\p{L}-]+){0,3}?)\s+(ocurre|ocurren|se\s+produce|se\s+producen|tiene\s+lugar|tienen\s+lugar|sucede|suceden)\s+(cuando|si)\s+(.+)$/u.exec(s);
  if (!m || m[2]!.split(/\s+/).some((w) => closed(fold(w)) && !/^(?:de|del|la|los|las)$/u.test(w)) || closed(fold(m[2]!.split(/\s+/).at(-1)!))) return undefined;
  const article = /^un/iu.test(m[1]!) ? articleFor(m[2]!) : fold(m[1]!);
  const body = `${m[4]} ${m[5]!.split(/:\s|;\s/u)[0]!}`.replace(/[.,]+$/u, '');
  return { kind: 'definicion', term: m[2]!, article, body, question: CARD_QUESTIONS.happensWhen(m[3]!, `${article} ${m[2]}`) };
}

/**
 * «Casi todos buscan completar su capa … con ocho electrones; es la regla del octeto, que …»: a
 * named rule that the sentence names after saying it. The rule says what comes before.
 */
export function namedAfter(s: string): RuleIdea | undefined {
  const m = new RegExp(`^(.{20,}?)[;:]\\s+(?:esto\\s+)?(?:es|son|se\\s+llama|se\\s+conoce\\s+como)\\s+(el|la)\\s+((?:${NAMED})\\s+(?:de|del)\\s+(?:la\\s+|los\\s+|las\\s+)?[\\p{L}'’-]+(?:\\s+[\\p{L}'’-]+){0,2}?)(?=[,.;]|\\s+que\\s|$)`, 'iu').exec(s);
  if (!m) return undefined;
  return { kind: 'enunciado', term: m[3]!, article: fold(m[2]!), body: firstClaim(m[1]!), needsContext: true };
}

/**
 * A list item «El subjetivismo: el poeta expresa sus emociones más íntimas»: a term and what it is,
 * asked with the section as its cue (the list's subject is the section's).
 */
export function listItem(raw: string): RuleIdea | undefined {
  // The item carries its own article: «El subjetivismo: …» names a term; «Temas de la vida moderna: …» labels examples.
  const m = /^\s*[-*•]\s+(el|la|los|las)\s+(\p{L}[\p{L}'’-]*(?:\s+[\p{L}'’-]+){0,4}):\s+(.+)$/iu.exec(raw) ??
    // A bare head of one or two words that are no closed words («Profase: los cromosomas se condensan…»)
    // names a stage or a kind as well: a label of examples takes more words («Temas de la vida moderna»).
    /^\s*[-*•]\s+()(\p{Lu}[\p{L}'’-]{3,}(?:\s+\p{L}[\p{L}'’-]{2,})?):\s+(.+)$/u.exec(raw);
  // «- **El tema de España**: …»: a head the note bolds names a term even with «de» inside it.
  const bold = /^\s*[-*•]\s+\*\*(?:(el|la|los|las)\s+)?(\p{L}[^*:]{2,58})\*\*:\s+(.+)$/iu.exec(raw);
  const words = (bold?.[2] ?? '').split(/\s+/);
  // …when what follows says what it is, not what someone does («La literatura del pasado: releen a Berceo …»).
  // («La intrahistoria: es el concepto que …» says what it is in the sentence after).
  const doing = (rest: string) => { const w = fold(rest.split(/\s/u)[0]!); return VERBS.has(w) || /^(?:es|son|fue|fueron|era|eran)$/u.test(w) || (/^\p{Ll}+(?:an|en|ó|ió|aron|ieron)$/u.test(w) && !DETERMINERS.has(w)); };
  if (!m && bold && words.length <= 6 && !closed(fold(words[0]!)) && !closed(fold(words.at(-1)!)) && !doing(bold[3]!)) return item(bold[1] ?? '', bold[2]!, bold[3]!);
  if (!m) return glossaryLine(raw, doing);
  if (m[2]!.split(/\s+/).some((w) => closed(fold(w)))) return undefined;
  return item(m[1]!, m[2]!, m[3]!);
}

/** Labels that open a line without naming a term («Ejemplo: …», «Nota: …», «Tema 5: …»). */
const LABELS = new Set(['nota', 'notas', 'ejemplo', 'ejemplos', 'observacion', 'importante', 'atencion', 'recuerda', 'resumen', 'conclusion',
  'conclusiones', 'definicion', 'definiciones', 'tema', 'semana', 'capitulo', 'unidad', 'leccion', 'fuente', 'fuentes', 'pregunta', 'respuesta',
  'objetivo', 'objetivos', 'solucion', 'ejercicio', 'problema', 'datos', 'resultado', 'bibliografia', 'idea', 'clave', 'aviso', 'ojo', 'pista']);

/** A head that opens with a verb of the lecture's own voice («Pasamos a voltios: …», «Calculando: …»). */
const SAYS = /^(?:\p{L}+(?:amos|emos|imos|ando|iendo)|hay|veamos|recordemos|sea|sean)$/u;

/**
 * A glossary line, the way a lecture lists its terms without bullets — a paragraph of its own
 * «Presa: especie cuya población crece de forma exponencial en ausencia del depredador.»: a head
 * of one to four words (no closed word at either end, no label such as «Ejemplo»), then what it is
 * — a noun phrase, not what someone does — ending as a sentence ends. A definition, as «X es …» gives.
 */
function glossaryLine(raw: string, doing: (rest: string) => boolean): RuleIdea | undefined {
  const g = /^\s*(?:(el|la|los|las)\s+)?(\p{Lu}[\p{L}'’-]{2,}(?:\s+[\p{L}'’-]+){0,3}):\s+(\p{L}.{12,})[.!]\s*$/u.exec(raw);
  if (!g || raw.includes('\n')) return undefined;
  const head = g[2]!.split(/\s+/);
  // The head names a thing: no label, no closed word at either end, no verb («Tiene dos grandes fases: …» announces a list).
  if (LABELS.has(bare(head[0]!)) || closed(fold(head[0]!)) || closed(fold(head.at(-1)!)) || /\d/u.test(g[2]!) || head.some((w) => doing(w)) || SAYS.test(fold(head[0]!)) || doing(g[3]!)) return undefined;
  return item(g[1] ?? '', g[2]!, g[3]!);
}

/** A list item's idea: its head, and the first claim of what follows it. */
/** A single capitalised adjective by its ending («Rígida», «Derivada», «Normativa», «Flexible»). */
const TRAIT = /^\p{Lu}\p{Ll}+(?:ida|ido|ada|ado|iva|ivo|ble|aria|ario|osa|oso)$/u;

function item(article: string, head: string, rest: string): RuleIdea | undefined {
  const body = firstClaim(rest.replace(/\*\*/g, ''));
  if (body.split(/\s+/).length < 3) return undefined;
  // «3. **Rígida**: para reformarla no basta …»: a bare adjective heads a trait of the list's subject, not a
  // term («¿Qué es la rígida?» asks nothing): asked which trait the description is, answered with it.
  if (!article && TRAIT.test(head.replace(/\*\*/g, ''))) {
    const described = body.replace(/\s*\((?:[^()]*\b(?:vemos|veremos|vimos|apartado|tema|página))[^()]*\)$/u, '');
    return { kind: 'definicion', term: head.replace(/\*\*/g, ''), article: '', body: head.replace(/\*\*/g, ''), question: CARD_QUESTIONS.trait(described), needsContext: true, item: true };
  }
  return { kind: 'definicion', term: head.replace(/\*\*/g, ''), article: fold(article), body, needsContext: true, item: true };
}

/**
 * «… muere por **apoptosis**, la muerte celular programada»: a term the note bolds and, in the
 * apposition after its comma, what it is — a definition, as «X es …» would give.
 */
export function boldApposition(raw: string): RuleIdea | undefined {
  // Bold or italics: the teacher marks a term either way («el *recorrido*, la diferencia entre …»);
  // in italics a capital opens a title («*Cristo muerto*»), whose apposition describes a work, not a term.
  const found = /(?:(?<![\p{L}])(el|la|los|las|un|una)\s+)?(?:\*\*([^*]{3,60})\*\*|(?<![*\w])\*([^*\s][^*]{1,58}[^*\s])\*(?![*\w])),\s+((?:un|una|el|la|los|las)\s+\p{Ll}[^,;:.]{8,}?)(?=[,;:.]|$)/iu.exec(raw);
  const m = found && [found[0], found[1], found[2] ?? found[3], found[4]] as const;
  // (The pattern ignores case for its articles: the title's capital is checked here.)
  if (!found || !m || m[2]!.split(/\s+/).length > 5 || (found[3] && /^\p{Lu}/u.test(found[3]))) return undefined;
  // «… ópera prima de **Luchino Visconti**, una adaptación …»: after «de» a name is the complement of
  // the noun before it, and the apposition that noun's («muere por **apoptosis**, la muerte …» is the term's).
  if (!m[1] && /(?:^|\s)(?:de|del)\s+$/iu.test(raw.slice(0, found.index)) && /^\p{Lu}\S*\s+\p{Lu}/u.test(m[2]!)) return undefined;
  // «la **fuga**, una composición en la que un tema, el sujeto, se imita …»: a relative clause cut at an
  // aside's comma has no verb yet; its answer runs to the end of the clause.
  const rest = raw.slice(found.index + m[0].length);
  const open = /\s(?:que|en\s+(?:el|la|los|las)\s+que|donde|cuy[oa]s?)\s+(?:\p{L}+\s+){0,3}\p{L}+$/u.test(m[3]!) && rest.startsWith(',');
  const body = (open ? `${m[3]!}${/^[^;.]*/u.exec(rest)![0]}` : m[3]!).replace(/\*+/gu, '').trim();
  // The apposition opens with a noun, never with a verb or another closed word («…, la que …»).
  const noun = fold(body.split(/\s+/)[1]!);
  if (closed(noun) || body.split(/\s+/).length < 3) return undefined;
  // «una *prima pratica*, la polifonía …»: asked with the definite article.
  const article = ({ un: 'el', una: 'la' } as Record<string, string>)[fold(m[1] ?? '')] ?? fold(m[1] ?? '');
  return { kind: 'definicion', term: m[2]!.trim(), article, body };
}

/** «Don Juan Tenorio, de José Zorrilla, …»: a title and, in an aside, the person who wrote or made it. */
export function authoredWork(s: string, properWord: (w: string) => boolean): RuleIdea | undefined {
  const m = /^(\p{Lu}[\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,7}?),\s+de\s+(\p{Lu}[\p{L}'’-]+(?:\s+(?:(?:de|del|van|von|da|di)\s+)?\p{Lu}[\p{L}'’-]+){1,3}),/u.exec(s);
  // A title may open with its article when a capitalised word follows («La Regenta»), never with another closed word.
  const [first, second] = m?.[1]!.split(/\s+/) ?? [];
  if (!m || (closed(fold(first!)) && !(/^(?:el|la|los|las)$/iu.test(first!) && second && /^\p{Lu}/u.test(second))) || !isPersonName(m[2]!, properWord)) return undefined;
  return { kind: 'obra', term: m[1]!, article: '', body: s, author: m[2]! };
}

/**
 * «Si los átomos son iguales, …, el enlace es apolar»: when something is so, asked «¿Cuándo es
 * apolar el enlace?» and answered with the condition.
 */
export function condition(s: string): RuleIdea | undefined {
  const m = /^Si\s+([^,]{6,80}?),\s+(?:como\s+[^,]+,\s+)?(?:[^,]*?\s+y\s+)?(el|la|los|las)\s+(\p{Ll}[\p{L}-]+)\s+(es|son)\s+(\p{Ll}[\p{L}-]+)(?:\s+y\s+[^,]+)?\.?$/u.exec(s);
  if (!m || closed(m[3]!) || closed(m[5]!)) return undefined;
  return { kind: 'definicion', term: `${m[3]} ${m[5]}`, article: '', body: `si ${m[1]}`, question: `¿Cuándo ${m[4]} ${m[5]} ${m[2]} ${m[3]}?`, needsContext: true };
}

/** «En la escala de Pauling el flúor es el más electronegativo»: the one that is most so, asked «¿cuál es el más …?». */
export function superlative(s: string): RuleIdea | undefined {
  const m = /^(?:En\s+(el|la|los|las)\s+([^,]{3,50}?),?\s+)?(el|la)\s+(\p{Ll}[\p{L}-]+)\s+es\s+(el|la)\s+(más|menos)\s+(\p{Ll}[\p{L}-]+)(?=[\s,.;]|$)/u.exec(s);
  if (!m || closed(m[4]!) || closed(m[7]!)) return undefined;
  const where = m[2] ? `En ${m[1]} ${m[2]}, ¿cuál` : '¿Cuál';
  return { kind: 'definicion', term: m[2] ?? `${m[6]} ${m[7]}`, article: '', body: `${m[3]} ${m[4]}`, question: `${where} es ${m[5]} ${m[6]} ${m[7]}?`, needsContext: !m[2] };
}

/**
 * In a section named after what it explains («El enlace covalente»), «En el enlace covalente dos no
 * metales comparten …» says what happens in it: asked «¿Qué ocurre en el enlace covalente?».
 */
export function inSection(s: string, heading: string | undefined): RuleIdea | undefined {
  if (!heading) return undefined;
  const m = new RegExp(`^En\\s+(el|la|los|las)\\s+(${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}),?\\s+(\\p{L}.+)$`, 'iu').exec(s);
  if (!m || m[3]!.split(/\s+/).length < 4) return undefined;
  return { kind: 'definicion', term: m[2]!, article: m[1]!, body: firstClaim(m[3]!), question: CARD_QUESTIONS.happensIn(m[1]!, m[2]!) };
}

// A title: an article and a word (and the capitalised words after it), or a capitalised word that is not an article; maybe «de …».
const TITLE = '((?:El|La|Los|Las)\\s+[\\p{L}-]+(?:\\s+\\p{Lu}[\\p{L}-]+)*|(?!(?:El|La|Los|Las)\\s)\\p{Lu}[\\p{L}-]+)(?:\\s+(?:de|del|de\\s+la|de\\s+los|de\\s+las)\\s+[\\p{L}-]+)?';

/**
 * In a section named after a person («José de Espronceda»), a title the sentence capitalises
 * («Su Canción del pirata canta …», «En El estudiante de Salamanca recrea …») is one of their works,
 * asked «¿Qué obra de … canta …?» / «¿En qué obra recrea … …?».
 */
export function workOfSection(s: string, heading: string | undefined, properWord: (w: string) => boolean): RuleIdea | undefined {
  if (!heading || !isPersonName(heading, properWord)) return undefined;
  // By surname: the full name is likely another card's answer («¿Quién es el poeta …?» → «José de Espronceda»).
  const who = heading.split(/\s+/).at(-1)!;
  const own = new RegExp(`^(?:Su|Sus)\\s+(${TITLE})\\s+(\\p{Ll}+)\\s+(.+)$`, 'u').exec(s);
  if (own && !closed(own[3]!)) {
    return { kind: 'obra', term: own[1]!, article: '', body: s, question: CARD_QUESTIONS.workOf(who, own[3]!, firstClaim(own[4]!)) };
  }
  const inside = new RegExp(`^En\\s+(${TITLE})\\s+(\\p{Ll}+)\\s+(.+)$`, 'u').exec(s);
  if (inside && !closed(inside[3]!)) {
    return { kind: 'obra', term: inside[1]!, article: '', body: s, question: CARD_QUESTIONS.workWhere(inside[3]!, who, firstClaim(inside[4]!)) };
  }
  return undefined;
}

/**
 * The conditions a formula's sentence puts on it («Para un proceso reversible a temperatura constante,
 * …», «… si el gas es ideal»): a formula asked without them would be unfaithful.
 */
export function conditionsOf(sentence: string): string | undefined {
  const found: string[] = [];
  const QUALITY = '(?:ideal|ideales|reversible|reversibles|irreversible|aislad[oa]s?|cerrad[oa]s?|abiert[oa]s?|isoterm[oa]s?|adiabátic[oa]s?|isóbar[oa]s?|isócor[oa]s?|cuasiestátic[oa]s?)';
  const re = new RegExp(`(?<![\\p{L}])((?:si|cuando|siempre\\s+que|solo\\s+si)\\s+(?:(?!\\s+y\\s)[^,.;:]){4,50}|a\\s+(?:temperatura|presión|volumen)\\s+constante|(?:para|en)\\s+(?:un|una|el|la|los|las)\\s+\\p{L}+(?:\\s+${QUALITY})+)(?![\\p{L}])`, 'giu');
  for (const m of sentence.matchAll(re)) {
    const c = `${fold(m[1]![0]!)}${m[1]!.slice(1)}`;
    if (c.split(/\s+/).length <= 8 && !found.some((f) => f.includes(c))) found.push(c);
  }
  const said = found.join(' y ');
  return said && said.split(/\s+/).length <= 14 ? said : undefined;
}

/**
 * A term that leans on what the lecture said before: its complement with a definite article («de la
 * máquina»: which one?) or an ordinal alone («primer principio»: of what?).
 */
export function dangling(term: string): boolean {
  const t = term.toLocaleLowerCase('es');
  return /\s(?:del|de\s+(?:la|el|los|las))\s+\p{L}+$/u.test(t) || /^(?:primer|primera|segundo|segunda|tercer|tercera|cuarto|cuarta)\s+\p{L}+$/u.test(t);
}

/**
 * A list item that opens with what it is about («- El ansia de libertad, en el arte y en la
 * política», «- Fuerzas dipolo-dipolo entre moléculas polares»): that head, as a cloze asked with
 * the list's section as its cue. Undefined for an item of a word or two, or one that is all head.
 */
// «- Barroco temprano (1600–1640), con centro en …»: the head ends before its years too.
export function itemHead(raw: string): { term: string; item: string } | undefined {
  const m = /^\s*[-*•]\s+(.+)$/u.exec(raw);
  if (!m) return undefined;
  const item = m[1]!.replace(/\*\*|__|(?<![*\w])\*(?=\S)|(?<=\S)\*(?![*\w])/gu, '').trim();
  const h = /^(?:(?:el|la|los|las)\s+)?(\p{L}[\p{L}'’-]*(?:\s+[\p{L}'’-]+){0,4}?)(?=,\s|\s+\(\d|\s+(?:entre|en|con|sin|para|hacia|como|cuando|que|presentes?)\s)/iu.exec(item);
  if (!h) return undefined;
  const rest = item.slice(h[0].length).replace(/^,/u, '').trim();
  if (rest.split(/\s+/).length < 3 || h[1]!.length < 5) return undefined;
  return { term: h[1]!, item };
}

/**
 * «En España el Romanticismo llega tarde, hacia 1833, …»: when something happened, its year in an
 * aside, asked «En España, ¿cuándo llega el Romanticismo?» (the place kept in front) → «hacia 1833».
 */
export function asideDate(s: string): RuleIdea | undefined {
  const m = /^(?:(En\s+\p{Lu}[\p{L}]+(?:\s+\p{Lu}[\p{L}]+)?),?\s+)?([Ee]l|[Ll]a|[Ll]os|[Ll]as)\s+(\p{L}[\p{L}-]+(?:\s+\p{Ll}[\p{L}-]+)??)\s+((?:se\s+)?\p{Ll}+)\b[^,]{0,30},\s+((?:hacia|en|desde|hasta)\s+(?:el\s+año\s+)?(?:1\d{3}|20\d{2}))(?=[\s,.;]|$)/u.exec(s);
  if (!m || closed(fold(m[3]!.split(/\s+/).at(-1)!)) || closed(m[4]!.replace(/^se\s+/u, ''))) return undefined;
  const ask = `cuándo ${m[4]} ${fold(m[2]!)} ${m[3]}?`;
  return { kind: 'definicion', term: m[3]!, article: fold(m[2]!), body: m[5]!, question: m[1] ? `${m[1]}, ¿${ask}` : `¿${ask[0]!.toLocaleUpperCase('es')}${ask.slice(1)}` };
}

/**
 * «Tiene dos fases: la interfase, en la que la célula crece y duplica su ADN, …»: a stage named
 * with what happens in it, asked «¿Qué ocurre en la interfase?» and answered with that clause.
 */
export function inWhich(s: string): RuleIdea | undefined {
  const m = /(?:^|,\s+|:\s+)(el|la|los|las)\s+(\p{Ll}[\p{L}-]{3,}(?:\s+\p{Ll}[\p{L}-]{3,})?),\s+en\s+(?:el|la|los|las)\s+que\s+([^,;:.]+?)(?=\s*(?:,\s+y\s+(?:el|la|los|las)\s|[;:.]|$))/u.exec(s);
  if (!m || m[2]!.split(/\s+/).some((w) => closed(w)) || m[3]!.split(/\s+/).length < 4) return undefined;
  return { kind: 'definicion', term: m[2]!, article: m[1]!, body: m[3]!, question: CARD_QUESTIONS.happensIn(m[1]!, m[2]!), needsContext: true };
}

/** The person a paragraph is about: its note opens with their name and life years («**Johann Sebastian Bach** (1685–1750) …»). */
export function personOfNote(text: string): string | undefined {
  return /^\s*(?:\*\*)?(\p{Lu}[\p{L}'’-]+(?:\s+(?:(?:de|del|van|von|da|di)\s+)?\p{Lu}[\p{L}'’-]+){1,3})(?:\*\*)?\s*\(\s*\d{3,4}\s*[–-]\s*\d{3,4}\s*\)/u.exec(text)?.[1];
}

/**
 * A work of the person its paragraph is about, named in italics in a sentence that leaves them
 * implicit: «Su oratorio *El Mesías* se estrenó en Dublín en 1742 …» → «¿Qué oratorio de
 * Händel se estrenó en Dublín en 1742?»; «En *El clave bien temperado* (1722) reunió
 * preludios y fugas …» → «¿En qué obra reunió Bach preludios y fugas …?». Answered
 * with the title (a work and its author, docs/design.md §3).
 */
export function workOfPerson(raw: string, person: string | undefined): RuleIdea | undefined {
  if (!person) return undefined;
  // By surname, as a lecture names them again («Händel»): the person's own card answers the full name.
  const surname = person.split(/\s+/).at(-1)!;
  const su = /^Su\s+(\p{Ll}+)\s+\*([^*]{3,60})\*\s+((?:se\s+)?\p{Ll}+(?:ó|ió|aron|ieron)\s+[^,;.]+?)(?=\s+y\s+|[,;.]|$)/u.exec(raw);
  if (su && !closed(su[1]!)) return { kind: 'obra', term: su[2]!.trim(), article: '', body: su[2]!.trim(), question: `¿Qué ${su[1]} de ${surname} ${su[3]}?` };
  const en = /^En\s+\*([^*]{3,60})\*(?:\s+\(\d{3,4}\))?\s+(\p{Ll}+(?:ó|ió|aron|ieron))\s+([^,;.]+)/u.exec(raw);
  if (en) return { kind: 'obra', term: en[1]!.trim(), article: '', body: en[1]!.trim(), question: CARD_QUESTIONS.workWhere(en[2]!, surname, en[3]!.trim()) };
  return undefined;
}
