/**
 * Terms a lecture marks or names in passing and then explains (docs/design.md §3): the forms key
 * ideas take where the sentence does not open with its term — what an emphasised name did («La
 * **ley Andreotti** (1949), impulsada por …, protegía …»), a term and its «es decir» («la idea del
 * *pedinamento*, es decir, el «seguimiento» de un personaje»), and a class named by what it is
 * («circuitos de **corriente continua**, aquellos en los que …»). Each returns what key-ideas.ts
 * needs to make the idea, or undefined. Pure.
 */
import { VERBS } from '../cards/lexicon.js';
import type { RuleIdea } from './idea-rules.js';
import { CARD_QUESTIONS } from '../../strings/study.js';
import { FULL_STOP } from './reading.js';

const fold = (s: string) => s.toLocaleLowerCase('es');
/** A term the note sets apart: in bold, in italics or in «». */
const MARKED = String.raw`(?:\*\*\*?([^*]{3,60}?)\*?\*\*|(?<![*\w])\*([^*\s][^*]{1,58}[^*\s])\*(?![*\w])|«([^»]{3,60})»)`;
/** What a term means ends at a stop, «, pero / aunque / que», or the comma before the sentence's own verb. */
const MEANING_END = new RegExp(String.raw`[:;]\s|${FULL_STOP}|,\s+(?:pero|aunque|que)\s|,\s+(?=\p{Ll}+(?:aba|aban|ía|ían|ó|ió|aron|ieron)\s)`, 'u');
/** What a subject did ends at «, y / pero …», a semicolon or a full stop. */
const DEED_END = new RegExp(String.raw`,\s+(?:y|pero|aunque|mientras)\s|;\s|${FULL_STOP}`, 'u');
/** What a named act did ends at «, y / pero / aunque» or a full stop. */
const ACT_END = new RegExp(String.raw`,\s+(?:y|pero|aunque)\s|${FULL_STOP}`, 'u');
/** A work's thesis ends at a colon, a semicolon or a full stop. */
const THESIS_END = new RegExp(String.raw`:\s|;\s|${FULL_STOP}`, 'u');
/** What a given name means ends at «, sustituidas / pero / aunque» or a full stop. */
const NAMED_END = new RegExp(String.raw`,\s+(?:sustituidas|pero|aunque)\s|${FULL_STOP}`, 'u');
/** A past or imperfect verb form (what a law, a work, an institution did). */
const PAST_VERB = /^(?:\p{Ll}+(?:aba|aban|ía|ían|ó|ió|aron|ieron)|dio|vio|hizo|puso|tuvo|dijo|trajo|quiso|pudo|supo|vino)$/u;
/** Past forms that only link or help («estaban sometidos», «había sido»): what follows them is no deed. */
const AUXILIARY = /^(?:estaba|estaban|estuvo|estuvieron|había|habían|hubo|tenía|tenían|era|eran|fue|fueron|podía|podían|debía|debían|solía|solían|quedó|quedaron|parecía|parecían)$/u;
/** An object or a complement opens what a subject did («a los ciudadanos …», «la producción …»), never an adverb («mal el gobierno …»). */
const DEED = /^(?:a|al|el|la|los|las|lo|un|una|unos|unas|su|sus|que|con|en|de|del|\d)\s/u;

/**
 * «La **ley Andreotti** (1949), impulsada por el subsecretario …, protegía la producción nacional con
 * ayudas …»: what the emphasised subject of the sentence did, asked «¿Qué protegía la ley Andreotti?»
 * with its verb and answered with the clause after it (up to «, pero», «;» or the end).
 */
export function markedSubjectDid(raw: string): RuleIdea | undefined {
  const m = new RegExp(String.raw`^(El|La|Los|Las)\s+\*\*\*?([^*]{3,60}?)\*?\*\*(?:\s+\([^()]*\))?,\s+([^,;:]{4,90}),\s+(\p{Ll}+)\s+(.+)$`, 'u').exec(raw.trim());
  if (!m || !PAST_VERB.test(m[4]!) || VERBS.has(fold(m[4]!)) || AUXILIARY.test(m[4]!) || !DEED.test(m[5]!)) return undefined;
  // The aside is a participle's phrase («impulsada por …», «creada en …»), not a second subject.
  if (!/^\p{Ll}+(?:ad[oa]s?|id[oa]s?)\s/u.test(m[3]!)) return undefined;
  const body = m[5]!.replace(/\*+/gu, '').split(/,\s+(?:pero|aunque|mientras)\s|;\s|\.\s/u)[0]!.replace(/[.;:]$/u, '').trim();
  if (body.split(/\s+/).length < 3) return undefined;
  return { kind: 'definicion', term: m[2]!.trim(), article: fold(m[1]!), body, verb: m[4]! };
}

/**
 * «… la idea del *pedinamento*, es decir, el «seguimiento» de un personaje: …»: a marked term (or one
 * the sentence names: «lo que llamamos X») and what it means after «es decir», «o sea» or «esto es».
 */
export function markedMeaning(raw: string): RuleIdea | undefined {
  const m = new RegExp(String.raw`(?:(?<![\p{L}])(el|la|los|las|del|al)\s+)?(?:${MARKED}|(?:lo\s+que\s+)?(?:llamamos|denominamos|se\s+llama|se\s+conoce\s+como)\s+([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,3}?)),\s+(?:es\s+decir|o\s+sea|esto\s+es),\s+(.+)$`, 'u').exec(raw) ??
    // «La anualidad, es decir, la duración de un año en el cargo, …»: the sentence's own subject, unmarked.
    new RegExp(String.raw`^([Ee]l|[Ll]a|[Ll]os|[Ll]as)\s+()()()(\p{Ll}[\p{L}'’-]*(?:\s+(?:de\s+(?:la\s+|los\s+|las\s+)?|del\s+)?\p{Ll}[\p{L}'’-]*){0,2}),\s+(?:es\s+decir|o\s+sea|esto\s+es),\s+(.+)$`, 'u').exec(raw.trim());
  if (!m) return undefined;
  const term = (m[2] || m[3] || m[4] || m[5])!.trim();
  // Its first claim: up to a stop, «, pero», or the comma before the sentence's own verb («…, sin …, impedía …»).
  const body = m[6]!.replace(/\*+/gu, '').split(MEANING_END)[0]!.replace(/[.;:,]$/u, '').trim();
  // «…, esto es, reforzando …»: a gerund says how, not what it is (the sentence keeps its cloze).
  if (body.split(/\s+/).length < 3 || term.split(/\s+/).length > 5 || /^\p{Ll}+(?:ando|iendo)\s/u.test(body)) return undefined;
  const article = fold(m[1] ?? '').replace(/^del$/u, 'el').replace(/^al$/u, 'el');
  return { kind: 'definicion', term, article, body };
}

/**
 * «… circuitos de **corriente continua**, aquellos en los que la corriente circula siempre en el mismo
 * sentido …»: a marked term followed by the class it names, «aquel / aquellos … que …». Asked
 * «¿Qué es X?» and answered with the apposition (its first claim).
 */
export function markedClass(raw: string): RuleIdea | undefined {
  const m = new RegExp(String.raw`(?:(\p{L}+s)\s+de\s+)?${MARKED},\s+((?:aquel|aquella|aquellos|aquellas)\s+(?:en\s+(?:el|la|los|las)\s+que|que|cuy[oa]s?|donde)\s+[^;:]+)`, 'u').exec(raw);
  if (!m) return undefined;
  const marked = (m[2] ?? m[3] ?? m[4])!.trim();
  // «circuitos de **corriente continua**, aquellos …»: a plural «aquellos» after a singular term is the
  // plural noun's before it («circuitos de corriente continua»); without one the class is unclear.
  const plural = /^aquell(?:os|as)\s/u.test(m[5]!);
  if (plural && /s$/u.test(marked) === false && !m[1]) return undefined;
  const term = plural && !/s$/u.test(marked) ? `${m[1]} de ${marked}` : marked;
  const body = m[5]!.replace(/\*+/gu, '').split(/,\s+(?:como|pero|aunque)\s|\.\s/u)[0]!.replace(/[.,]$/u, '').trim();
  if (body.split(/\s+/).length < 5 || term.split(/\s+/).length > 5) return undefined;
  const article = { aquel: 'el', aquella: 'la', aquellos: 'los', aquellas: 'las' }[m[5]!.split(/\s/u)[0]!] ?? '';
  return { kind: 'definicion', term, article, body };
}

/**
 * «… el derecho de veto de los tribunos, conocido como *intercessio*, …», «las comedias de ambiente
 * burgués, llamadas «de teléfonos blancos» por …»: a noun phrase and the name it is known by, asked
 * «¿Qué es X?» and answered with the phrase. An unmarked name is one to three words up to the next
 * stop; key-ideas.ts keeps it only when it reads as a term.
 */
export function knownAs(raw: string): RuleIdea | undefined {
  const m = new RegExp(String.raw`(?:^|\s)((?:el|la|los|las|un|una|unos|unas)\s+[^,;:()]{4,80}?),\s+(?:(?:conocid|llamad|denominad)[oa]s?\s+(?:también\s+)?(?:como\s+)?)(?:${MARKED}|([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,2}?))(?=\s*[,.;:)(]|\s+(?:por|que|en|de|desde|y)\s|$)`, 'iu').exec(raw);
  if (!m) return undefined;
  const term = (m[2] ?? m[3] ?? m[4] ?? m[5])!.trim().replace(/\*+/gu, '');
  // «Los tribunos tenían el derecho de …, conocido como …»: the sentence's subject is not what is named;
  // the phrase starts at the next article.
  const phrase = m.index === 0 ? m[1]!.replace(/^\S+\s+[^\s]+(?:\s+\S+)*?\s+(?=(?:el|la|los|las|un|una|unos|unas)\s)/u, '') : m[1]!;
  if (m.index === 0 && phrase === m[1]) return undefined;
  const body = phrase.replace(/\*+/gu, '').trim();
  if (body.split(/\s+/).length < 3 || /^(?:así|como|también)$/iu.test(term)) return undefined;
  return { kind: 'definicion', term, article: '', body };
}

/**
 * «La colegialidad, que consiste en que cada cargo …», «el *cursus honorum*, que consistía en …»: a
 * term and what it consists in, asked «¿En qué consiste …?». The term opens the sentence or follows
 * its article; key-ideas.ts keeps it only when it reads as a term.
 */
export function consistsIn(raw: string): RuleIdea | undefined {
  const m = new RegExp(String.raw`(?:^|\s)([Ee]l|[Ll]a|[Ll]os|[Ll]as)\s+(\*{0,3}[\p{L}][\p{L}'’-]*(?:\s+(?:de\s+(?:la\s+|los\s+|las\s+)?|del\s+)?[\p{L}][\p{L}'’-]*){0,3}\*{0,3}),\s+que\s+(consiste|consisten|consistía|consistían)\s+en\s+([^;]+)`, 'u').exec(raw);
  if (!m) return undefined;
  const term = m[2]!.replace(/\*+/gu, '').trim();
  // «La colegialidad, que consistía en …, evitaba …»: when the term opens the sentence, its own verb
  // follows the relative clause's comma.
  const end = m.index === 0 ? /\.\s|,\s/u : /\.\s|,\s+(?:pero|aunque)\s/u;
  const body = m[4]!.replace(/\*+/gu, '').split(end)[0]!.replace(/[.,]$/u, '').trim();
  if (body.split(/\s+/).length < 3) return undefined;
  return { kind: 'definicion', term, article: fold(m[1]!), body, question: CARD_QUESTIONS.consistsAs(m[3]!, `${fold(m[1]!)} ${term}`) };
}

/**
 * «Cónsules y pretores tenían lo que se conocía como imperium, el poder supremo de mando militar y
 * judicial, …»: a name given with «lo que se conoce como / llamamos» and the apposition after it.
 */
export function knownAsThen(raw: string): RuleIdea | undefined {
  const m = new RegExp(String.raw`lo\s+que\s+(?:se\s+conoc(?:e|ía)\s+como|llamamos|se\s+llama(?:ba)?)\s+(?:(el|la|los|las)\s+)?([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,2}),\s+((?:el|la|los|las|un|una)\s+\p{Ll}[^,;:()]{6,})`, 'u').exec(raw.replace(/\*+/gu, ''));
  if (!m) return undefined;
  return { kind: 'definicion', term: m[2]!, article: fold(m[1] ?? ''), body: m[3]!.trim() };
}

/**
 * «Los comicios centuriados, que se reunían en el Campo de Marte, agrupaban a los ciudadanos …»: the
 * subject that opens the sentence, an aside about it, and what it did (a past verb), asked «¿Qué
 * agrupaban los comicios centuriados?». key-ideas.ts keeps the subject only when it reads as a term.
 */
export function subjectDid(raw: string): RuleIdea | undefined {
  const m = new RegExp(String.raw`^(El|La|Los|Las)\s+(\p{Ll}[\p{L}'’-]*(?:\s+(?:de\s+(?:la\s+|los\s+|las\s+)?|del\s+)?[\p{L}][\p{L}'’-]*){0,3}),\s+((?:que|quien|quienes)\s+[^,;:]{4,90}|\p{Ll}+(?:ad[oa]s?|id[oa]s?)\s+[^,;:]{3,90}),\s+(\p{Ll}+)\s+(.+)$`, 'u').exec(raw.replace(/\*+/gu, '').trim());
  if (!m || !PAST_VERB.test(m[4]!) || VERBS.has(fold(m[4]!)) || AUXILIARY.test(m[4]!) || !DEED.test(m[5]!)) return undefined;
  const body = m[5]!.split(DEED_END)[0]!.replace(/[.;:]$/u, '').trim();
  if (body.split(/\s+/).length < 3) return undefined;
  return { kind: 'definicion', term: m[2]!, article: fold(m[1]!), body, verb: m[4]! };
}

/** Kinds of named act or body a history lecture names with a capital («la ley Hortensia», «la Ley de las Doce Tablas»). */
const NAMED_ACT = String.raw`(?:[Ll]ey|[Ll]eyes|[Tt]ratado|[Ee]dicto|[Pp]az|[Cc]oncilio|[Cc]onstitución|[Dd]eclaración|[Cc]ódigo|[Bb]atalla|[Pp]acto|[Aa]cuerdo)`;

/**
 * «… la Ley de las Doce Tablas, la primera recopilación escrita del derecho romano, …» and «… la ley
 * Hortensia del 287 a. C., que dio a los plebiscitos fuerza de ley …»: a named act with what it was
 * (an apposition, asked «¿Qué fue …?») or what it did (asked with its verb).
 */
export function namedAct(raw: string): RuleIdea | undefined {
  const s = raw.replace(/\*+/gu, '');
  const name = String.raw`(${NAMED_ACT}\s+(?:(?:de|del)\s+(?:(?:la|las|los|el)\s+)?)?\p{Lu}[\p{L}'’-]*(?:\s+(?:de\s+)?\p{Lu}[\p{L}'’-]*){0,3})`;
  const year = String.raw`(?:\s+(?:de|del)\s+(?:año\s+)?\d{1,4}(?:\s+[ad]\.\s+C\.)?|\s+\(\d{1,4}[^()]*\))?`;
  const what = new RegExp(String.raw`(?:^|\s)(el|la|los|las)\s+${name}${year},\s+((?:el|la|los|las|un|una)\s+\p{Ll}[^,;:()]{8,})`, 'iu').exec(s);
  if (what) return { kind: 'definicion', term: what[2]!, article: fold(what[1]!), body: what[3]!.trim(), verb: /^(?:los|las)$/iu.test(what[1]!) ? 'fueron' : 'fue' };
  const did = new RegExp(String.raw`(?:^|\s)(el|la|los|las)\s+${name}${year},\s+que\s+(\p{Ll}+)\s+([^;]+)`, 'iu').exec(s);
  if (!did || !PAST_VERB.test(did[3]!) || AUXILIARY.test(did[3]!)) return undefined;
  const body = did[4]!.split(ACT_END)[0]!.replace(/[.,]$/u, '').trim();
  return body.split(/\s+/).length < 3 ? undefined : { kind: 'definicion', term: did[2]!, article: fold(did[1]!), body, verb: did[3]! };
}

/** What a work does as a sentence's subject: its thesis or its story. */
const WORK_SAYS = /^(?:sostiene|defiende|afirma|propone|plantea|analiza|estudia|cuenta|narra|describe|explica|expone|muestra|argumenta|denuncia|retrata)$/u;

/**
 * «*La ética protestante y el espíritu del capitalismo* (1904–1905) sostiene que ciertas creencias …»:
 * a title in italics that opens its sentence and what it says, asked «¿Qué obra sostiene que …?»
 * and answered with the title.
 */
export function workSays(raw: string): RuleIdea | undefined {
  const m = /^(?:[-*•]\s+)?(?:\*\*)?\*([^*\s][^*]{1,78}[^*\s])\*(?:\*\*)?(?:\s*\([^()]*\))?,?\s+(\p{Ll}+)\s+(.+)$/u.exec(raw.trim());
  if (!m || !WORK_SAYS.test(m[2]!) || !/^\p{Lu}/u.test(m[1]!)) return undefined;
  // «…, en especial el calvinismo …,»: an aside between commas is an example, not the thesis.
  const what = m[3]!.replace(/\*+/gu, '').split(THESIS_END)[0]!.replace(/,\s+(?:en especial|sobre todo|por ejemplo|como)\s[^,]+,/gu, '').replace(/[.,]$/u, '').trim();
  if (what.split(/\s+/).length < 4 || what.split(/\s+/).length > 35) return undefined;
  return { kind: 'obra', term: m[1]!, article: '', body: what, question: CARD_QUESTIONS.workThat(m[2]!, what) };
}

/**
 * «… lo que Weber llamó el desencantamiento del mundo: la pérdida de las explicaciones mágicas …»: a
 * name someone gave, and after its colon what it is.
 */
export function calledColon(raw: string): RuleIdea | undefined {
  const m = new RegExp(String.raw`(?:llamó|llamaron|llamamos|denominó|denominaron|bautizó)\s+(?:(el|la|los|las)\s+)?([\p{L}][\p{L}'’-]*(?:\s+(?:de\s+(?:la\s+|los\s+|las\s+)?|del\s+)?[\p{L}][\p{L}'’-]*){0,3}):\s+((?:el|la|los|las|un|una)\s+\p{Ll}[^;:]{6,})`, 'u').exec(raw.replace(/\*+/gu, ''));
  if (!m) return undefined;
  const body = m[3]!.split(NAMED_END)[0]!.replace(/[.,]$/u, '').trim();
  return { kind: 'definicion', term: m[2]!, article: fold(m[1] ?? ''), body };
}

/**
 * «… los que entonaban el ditirambo, un canto coral en honor de Dioniso …», «… por una hamartía, un
 * error o falta de juicio, …»: a term the prose introduces in passing, explained by the apposition
 * after its comma (the way a lecture written without emphasis brings in a new word). The apposition
 * opens with «un / una» (what kind of thing it is) or is a bare plural and its «que» («cantos que
 * comentan …»): a definite article after a comma is as often the next item of a list or a role;
 * its answer is its first clause. key-ideas.ts keeps the term only when it reads as one.
 */
export function appositionTerm(raw: string): RuleIdea | undefined {
  const s = raw.replace(/\*+/gu, '');
  // A name («las Grandes Dionisias, …, la fiesta que …») may take a definite article's apposition with its «que».
  const re = new RegExp(String.raw`(?:^|\s)(el|la|los|las|un|una)\s+(\p{L}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?),\s+(?:también\s+llamad[oa]s?\s+[^,]{3,40},\s+)?((?:un|una)\s+\p{Ll}{3,}[^,;:()]{12,}|\p{Ll}{3,}s\s+que\s[^,;:()]{8,}|(?:el|la|los|las)\s+\p{Ll}{3,}\s+que\s[^,;:()]{8,})`, 'gu');
  for (const m of s.matchAll(re)) {
    const body = m[3]!.replace(/[.\s]+$/u, '').trim();
    if (/^(?:el|la|los|las)\s/u.test(body) && !/^\p{Lu}/u.test(m[2]!)) continue;
    // «…, un coro, un actor y una máscara»: another item follows; a list, not an apposition
    // («un error o falta de juicio» is one thing named twice).
    if (/^(?:el|la|los|las|un|una)\s+\p{Ll}+(?:\s+\p{Ll}+)?\s+(?:y|e|o)\s+(?:el|la|los|las|un|una|unos|unas)\s/u.test(body) || body.split(/\s+/).length < 4) continue;
    // «… mediante un objeto, como una rama, un puñado de tierra, una lanza o …»: items of a list of examples.
    const after = s.slice(m.index + m[0].length);
    if (/(?:^|\s)como\s*$/u.test(s.slice(0, m.index + 1)) || /^,\s+(?:y\s+|o\s+)?(?:un|una|unos|unas|el|la|los|las)\s/u.test(after) || /^\s+(?:y|o|e|u)\s+(?:un|una|el|la)\s/u.test(after)) continue;
    // «…, un bien de lujo tiene Er > 1»: a clause with its own verb is a new claim, not what the term is;
    // «…, mientras que …» is a conjunction, not a plural.
    if (/^(?:mientras|pues|tras|más|menos)\s/u.test(body) || /\s(?:tiene|tienen|es|son|hay|está|están|era|eran)\s/u.test(body.split(/\s+que\s/u)[0]!)) continue;
    // A name's apposition is who or what it is; a common word must be one the sentence explains, not a role («el rey, el hombre que …»).
    return { kind: 'definicion', term: m[2]!, article: fold(m[1]!), body: body.split(/\s+(?:que\s+(?:a\s+menudo|hoy)|y\s+de\s+ahí)\s/u)[0]! };
  }
  return undefined;
}

/**
 * «Para evitarlo se usa el *recorrido intercuartílico*, que es la diferencia entre el tercer cuartil y
 * el primero:»: a marked term and, in the relative clause after it, what it is — wherever the term
 * stands in its sentence. Asked «¿Qué es X?», answered with the clause's first claim.
 */
export function markedWhichIs(raw: string): RuleIdea | undefined {
  const m = new RegExp(String.raw`(?:(?<![\p{L}])(el|la|los|las)\s+)${MARKED},\s+que\s+(?:es|son|era|eran)\s+((?:un|una|unos|unas|el|la|los|las)\s+\p{Ll}.+)$`, 'u').exec(raw);
  if (!m) return undefined;
  const term = (m[2] ?? m[3] ?? m[4])!.trim();
  const body = m[5]!.replace(/\*+/gu, '').split(MEANING_END)[0]!.replace(/[.;:,]$/u, '').trim();
  if (body.split(/\s+/).length < 3 || term.split(/\s+/).length > 5) return undefined;
  return { kind: 'definicion', term, article: fold(m[1]!), body };
}

/**
 * «- En la **fermentación láctica** el piruvato se reduce a ácido láctico (lactato).»: a sentence set
 * in a term the note bolds says what happens in it, wherever its section is (idea-rules.ts inSection
 * reads the same shape for the section's own heading). Asked «¿Qué ocurre en la fermentación láctica?».
 */
export function markedSetting(raw: string): RuleIdea | undefined {
  const m = /^En\s+(el|la|los|las)\s+\*\*([^*]{3,60})\*\*,?\s+((?:el|la|los|las|un|una)\s+\p{L}.+)$/u.exec(raw.trim().replace(/^[-*•]\s+/u, ''));
  if (!m) return undefined;
  const body = m[3]!.replace(/\*+/gu, '').split(MEANING_END)[0]!.replace(/[.;:,]$/u, '').trim();
  if (body.split(/\s+/).length < 4) return undefined;
  return { kind: 'definicion', term: m[2]!.trim(), article: m[1]!, body, question: CARD_QUESTIONS.happensIn(m[1]!, m[2]!.trim()) };
}
