/**
 * Key ideas a lecture states without «X es …» (docs/design.md §3), so that every idea of a week gets
 * a card: a person named as the agent of what a sentence tells («fundada por René Descartes»,
 * «dirigido por Adolfo Suárez»), a summary sentence of causes or consequences («Las causas de la
 * Transición fueron …»), a bold term explained after its colon («la **duda metódica**: duda de
 * todo …») and a bold term something is defined as («define a España como un **Estado social …**»).
 * Each returns what key-ideas.ts needs to make the idea, or undefined. Pure.
 */
import { DETERMINERS, FUNCTION_WORDS, PREPOSITIONS, QUANTIFIERS } from '../cards/lexicon.js';
import { isPersonName, type RuleIdea } from './idea-rules.js';
import { CARD_QUESTIONS } from '../../strings/study.js';

const fold = (s: string) => s.toLocaleLowerCase('es');
/** A sentence that points back itself («Este …», «Esto …»): not what a name after it names. */
const leaning = (s: string) => /^(?:Este|Esta|Esto|Estos|Estas|Ese|Esa|Eso)\s/u.test(s);
const closed = (w: string) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || QUANTIFIERS.has(w) || FUNCTION_WORDS.has(w);

const CRITIQUE = /^(?:critica|critican|rechaza|rechazan|niega|niegan|ataca|atacan|cuestiona|cuestionan|refuta|refutan|combate|combaten)$/u;
/** A list of people's names only («Gabriel Cisneros, Manuel Fraga y Miquel Roca»). */
const PEOPLE = /^\p{Lu}[\p{L}'’-]+(?:(?:\s+(?:de|del|y)\s+|\s+|,\s+)\p{Lu}[\p{L}'’-]+)+$/u;
const NAME = "(\\p{Lu}[\\p{L}'’-]+(?:\\s+(?:(?:de|del|van|von|da|di)\\s+)?\\p{Lu}[\\p{L}'’-]+){0,3})";
/** A past participle, as a passive agent follows it («fundada», «dirigidos», «propuesto», «escrita»). */
const PARTICIPLE = '(\\p{Ll}+(?:ad|id|ot|it|uest|ech|iert|uelt)[oa]s?)';
/** The verbs whose agent is who made or led something: a person named after them is what the sentence teaches. */
const AGENT_VERBS = /^(?:fund|dirig|propu|propuest|cre|escrit|redact|pint|compuest|descubiert|formul|invent|lider|encabez|gobern|defendid|desarroll|ide)/u;

/**
 * «La corriente fue fundada por René Descartes (1596–1650), …», «… el idealismo trascendental,
 * propuesto por Immanuel Kant …», «El Gobierno, dirigido por Adolfo Suárez, aprobó …»: the person
 * who founded, led or proposed something, asked «¿Por quién fue fundada la corriente?» /
 * «¿Por quién fue dirigido el Gobierno que aprobó …?» and answered with the name. A one-word name
 * counts when the note bolds it (`bold`).
 */
export function agentOf(s: string, properWord: (w: string) => boolean, bold: readonly string[] = []): RuleIdea | undefined {
  const re = new RegExp(`(?:^|,\\s+|\\s)((?:[Ee]l|[Ll]a|[Ll]os|[Ll]as)\\s+[\\p{L}'’-]+(?:\\s+(?!(?:el|la|los|las|un|una)\\s)\\p{Ll}[\\p{L}'’-]+){0,3}?)(,\\s+|\\s+(?:fue|fueron|es|son|había\\s+sido)\\s+)${PARTICIPLE}\\s+por\\s+${NAME}(?=[\\s,.;:(]|$)(\\s*\\([^)]*\\))?(.*)$`, 'u');
  const m = re.exec(s);
  if (!m) return undefined;
  const [, subject, link, participle, name, , after] = m as unknown as string[];
  if (!AGENT_VERBS.test(participle!) || closed(fold(subject!.split(/\s+/).at(-1)!))) return undefined;
  const person = name!.split(/\s+/).length > 1 ? isPersonName(name!, properWord) : bold.includes(name!) && properWord(name!);
  if (!person) return undefined;
  const plural = /s$/u.test(participle!);
  const subj = `${fold(subject!.split(/\s+/)[0]!)}${subject!.slice(subject!.indexOf(' '))}`;
  // «El Gobierno, dirigido por …, aprobó la Ley …»: what the subject then did tells which one it is.
  let which = '';
  if (/^,/u.test(link!)) {
    const did = /^,\s+(\p{Ll}+(?:ó|ió|aron|ieron|aba|aban|ía|ían))\s+([^,;:.]+)/u.exec(after!.trim() ? `, ${after!.replace(/^,?\s*/u, '')}` : '');
    // «… el idealismo trascendental, propuesto por Immanuel Kant en …»: an apposition names its own subject.
    // «… y convocó …»: a second thing done is another claim.
    if (did) which = ` que ${did[1]} ${did[2]!.split(/\s+y\s+(?=\p{Ll}+(?:ó|ió|aron|ieron)\s)/u)[0]!.trim()}`;
  }
  return { kind: 'persona', term: name!, article: '', body: `${subj}${which}`, question: `¿Por quién ${plural ? 'fueron' : 'fue'} ${participle} ${subj}${which}?`, needsContext: !which };
}

/**
 * «Las causas de la Transición fueron la muerte de Franco …», «Sus consecuencias fueron profundas:
 * la Constitución consolidó …»: a sentence that sums up causes or consequences, asked «¿Cuáles
 * fueron las causas de la Transición?» and answered with what it lists.
 */
export function summaryOf(s: string, next: readonly string[] = []): RuleIdea | undefined {
  const m = /^(Las|Sus)\s+(causas|consecuencias|razones|motivos|efectos|características|rasgos)((?:\s+(?:de|del)\s+[^:]{2,60}?)?)\s+(fueron|son|eran)\s+(?:(?:tres|cuatro|cinco|dos|varias|muchas|duraderas|profundas|importantes|claras)\s*)?[:.]?\s*(.*)$/u.exec(s);
  if (!m) return undefined;
  // «Las causas de la revolución fueron varias.»: the sentences after it, in its paragraph, list them.
  const body = (m[5]!.replace(/[.]$/u, '').trim() || next.slice(0, 3).join(' ').replace(/[.]$/u, '')).trim();
  if (body.split(/\s+/).length < 4) return undefined;
  const of = m[3]!.trim();
  const term = `${m[2]}${of ? ` ${of}` : ''}`;
  const whose = m[1] === 'Sus' ? `sus ${m[2]}` : `las ${term}`;
  return { kind: 'definicion', term, article: '', body, summary: true, whole: !m[5], question: `¿Cuáles ${m[4]} ${whose}?`, needsContext: m[1] === 'Sus' || /\b(?:este|esta|estos|estas)\b/u.test(of) };
}

/**
 * «Descartes aplica la **duda metódica**: duda de todo …», «La forma política del Estado es la
 * **monarquía parlamentaria**: el rey es …»: a term the note bolds, with its article, explained after
 * its colon; asked «¿Qué es la duda metódica?».
 */
export function boldColon(raw: string): RuleIdea | undefined {
  const m = /(?:^|(\p{L}+)\s+)([Ee]l|[Ll]a|[Ll]os|[Ll]as)\s+\*\*([^*]{3,60})\*\*:\s+(.+)$/u.exec(raw);
  // «Hume critica la **causalidad**: nunca …»: what follows says what is wrong with it, not what it is.
  // «bajo» opens a term as a noun («el **bajo continuo**»), not as a preposition.
  const first = fold(m?.[3]!.split(/\s+/)[0] ?? '');
  if (!m || CRITIQUE.test(m[1] ?? '') || m[3]!.split(/\s+/).length > 5 || (closed(first) && first !== 'bajo')) return undefined;
  const body = m[4]!.replace(/\*\*/g, '').replace(/^[«"]|[»"]?[.]?$/gu, '').trim();
  if (body.split(/\s+/).length < 3) return undefined;
  const article = fold(m[2]!);
  const term = m[3]!.trim();
  // «… conocidos como los **padres de la Constitución**: Gabriel Cisneros, …»: a group of people, named.
  if (/^(los|las)$/u.test(article) && PEOPLE.test(body)) return { kind: 'definicion', term, article, body, question: `¿Quiénes fueron ${article} ${term}?` };
  return { kind: 'definicion', term, article, body };
}

/**
 * «El artículo 1 define a España como un **Estado social y democrático de Derecho**, …»: what
 * something is defined as, asked «¿Cómo define el artículo 1 a España?» → the bold term.
 */
export function definedAs(raw: string): RuleIdea | undefined {
  const m = /^((?:El|La|Los|Las)\s+[\p{L}\d'’ -]{2,40}?)\s+(define|definen|considera|consideran|describe|describen)\s+(a\s+\p{Lu}[\p{L}'’-]+|a\s+(?:el|la|los|las)\s+[\p{L}'’-]+|al\s+[\p{L}'’-]+)\s+como\s+(?:un|una|el|la)\s+\*\*([^*]{3,80})\*\*/u.exec(raw);
  if (!m) return undefined;
  const subject = `${fold(m[1]!.split(/\s+/)[0]!)}${m[1]!.slice(m[1]!.indexOf(' '))}`;
  return { kind: 'definicion', term: m[4]!.trim(), article: '', body: m[4]!.trim(), question: `¿Cómo ${m[2]} ${subject} ${m[3]}?` };
}

/**
 * «La Constitución es **rígida**: su reforma exige …»: a quality the note bolds, and after its colon
 * what makes it so; asked «¿Por qué se dice que la Constitución es rígida?».
 */
export function boldQuality(raw: string): RuleIdea | undefined {
  const m = /^(El|La|Los|Las)\s+(\p{L}[\p{L}-]+(?:\s+\p{Ll}[\p{L}-]+)?)\s+(es|son)\s+\*\*(\p{Ll}[\p{L}-]+)\*\*:\s+(.+)$/u.exec(raw);
  if (!m || closed(fold(m[2]!.split(/\s+/).at(-1)!)) || closed(m[4]!)) return undefined;
  const body = m[5]!.replace(/\*\*/g, '').replace(/[.]$/u, '').trim();
  if (body.split(/\s+/).length < 4) return undefined;
  return { kind: 'definicion', term: `${m[2]} ${m[4]}`, article: '', body, question: CARD_QUESTIONS.whySaid(fold(m[1]!), m[2]!, m[3]!, m[4]!) };
}

/**
 * The ideas these rules find in one well-read sentence (`plain`: without marks; `raw`: with its bold
 * marks), besides what the sentence's own rule finds: a sentence may name a person and state a term.
 * `around`: the sentences after it in its paragraph, the one before it, its section's heading, and
 * whether it opens its note.
 */
export function coverageIdeas(plain: string, raw: string, properWord: (w: string) => boolean, bold: readonly string[], around: { next?: readonly string[]; before?: string; heading?: string; first?: boolean } = {}): RuleIdea[] {
  const line = raw.replace(/^\s*[-*•]\s+/u, '');
  const own = around.first ? sectionSummary(plain, around.heading) : undefined;
  return [own, namesBefore(plain, around.before), agentOf(plain, properWord, bold), summaryOf(plain, around.next), boldColon(line), boldQuality(line), definedAs(line), boldClaim(line), calledAtEnd(plain, line), factorsOf(plain)].filter((i): i is RuleIdea => i !== undefined);
}

/**
 * In a section headed «Consecuencias» or «Causas», its first sentence «La revolución acabó con …» says
 * them: asked «¿Cuáles fueron las consecuencias de la revolución?» (its subject says of what).
 */
export function sectionSummary(s: string, heading: string | undefined): RuleIdea | undefined {
  const h = /^(?:\d+\.\s*)?(?:las\s+)?(consecuencias|causas|efectos)$/iu.exec((heading ?? '').trim());
  const m = /^(El|La|Los|Las)\s+(\p{Ll}[\p{L}-]+(?:\s+\p{Ll}[\p{L}-]+)?)\s+\p{Ll}+(?:ó|ió|aron|ieron)\s/u.exec(s);
  if (!h || !m || closed(fold(m[2]!.split(/\s+/).at(-1)!))) return undefined;
  const what = fold(h[1]!);
  const term = `${what} de ${fold(m[1]!)} ${m[2]}`;
  return { kind: 'definicion', term, article: '', body: s.replace(/[.]$/u, ''), summary: true, question: CARD_QUESTIONS.whatWere(term) };
}

/**
 * «Ninguna ley puede contradecirla. Este principio se llama **supremacía constitucional**, …»: a name
 * given to what the sentence before says, asked «¿Cómo se llama el principio: «Ninguna ley …»?».
 */
export function namesBefore(s: string, before: string | undefined): RuleIdea | undefined {
  const m = /^(Este|Esta)\s+(\p{Ll}+)\s+se\s+(?:llama|denomina|conoce\s+como)\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,3}?)(?=\s*[,.;:]|$)/u.exec(s);
  if (!m || !before || before.split(/\s+/).length < 3 || leaning(before)) return undefined;
  const term = m[3]!;
  if (closed(fold(term.split(/\s+/)[0]!)) || closed(fold(term.split(/\s+/).at(-1)!))) return undefined;
  const said = before.replace(/[.]$/u, '');
  return { kind: 'definicion', term, article: '', body: term, question: CARD_QUESTIONS.calledBy(m[1] === 'Esta' ? 'la' : 'el', m[2]!, said), needsContext: true };
}

/**
 * A bold term that opens its sentence and is said in the past or by what it holds: «La **teoría de los
 * afectos** sostiene que cada obra …» (a statement, asked «Enuncia la teoría de los afectos.»), «La
 * **Camerata Florentina** fue un grupo de poetas …» (a definition, asked «¿Qué fue …?»). The bold says
 * the teacher marked it; «X es …» is read by key-ideas.ts.
 */
export function boldClaim(raw: string): RuleIdea | undefined {
  const m = /^(El|La|Los|Las)\s+\*\*([^*]{3,60})\*\*\s+(?:sostiene|sostienen|afirma|afirman|defiende|defienden|establece|establecen)\s+que\s+(.+)$/u.exec(raw);
  if (m) return { kind: 'enunciado', term: m[2]!.trim(), article: fold(m[1]!), body: m[3]!.replace(/\*\*/gu, '') };
  // «El **neomalthusianismo**, en el siglo XX, defendió el control …»: what a doctrine held, asked «¿Qué defendió …?».
  const held = /^(El|La|Los|Las)\s+\*\*([^*]{3,60})\*\*(?:,\s+[^,;:]{3,40},)?\s+((?:defendi|propus|propuso|sostuv|critic|rechaz|introduj|impuls|reivindic)\p{Ll}*)\s+((?:el|la|los|las|un|una)\s+[^;:]+?)\.?$/u.exec(raw);
  if (held) return { kind: 'definicion', term: held[2]!.trim(), article: fold(held[1]!), body: held[4]!.replace(/\*\*/gu, ''), verb: held[3]! };
  const f = /^(El|La|Los|Las)\s+\*\*([^*]{3,60})\*\*\s+(fue|fueron|era|eran)\s+((?:un|una|unos|unas)\s+\p{Ll}.+)$/u.exec(raw);
  if (!f || f[4]!.split(/\s+/).length < 4) return undefined;
  return { kind: 'definicion', term: f[2]!.trim(), article: fold(f[1]!), body: f[4]!.replace(/\*\*/gu, ''), verb: f[3]! };
}

/**
 * «… hace falta un índice de 2,1 hijos por mujer, el llamado **nivel de reemplazo generacional**.»: the
 * sentence ends naming in bold what it has just described; a cloze on that name asks the description.
 */
export function calledAtEnd(plain: string, raw: string): RuleIdea | undefined {
  const m = /,\s+(?:el|la|los|las|lo)\s+(?:llamad[oa]s?|denominad[oa]s?|conocid[oa]s?\s+como)\s+\*\*([^*]{3,60})\*\*\s*[.;]?$/u.exec(raw);
  if (!m || raw.slice(0, m.index).split(/\s+/).length < 6) return undefined;
  return { kind: 'termino', term: m[1]!.trim(), article: '', body: plain };
}

/**
 * «Los factores que explican una natalidad baja son la incorporación de la mujer al trabajo, …»: what
 * explains or causes something, asked «¿Qué factores explican una natalidad baja?» and answered with the list.
 */
export function factorsOf(s: string): RuleIdea | undefined {
  const m = /^(?:Los|Las)\s+(factores|causas|razones|motivos|rasgos|características)\s+que\s+(explican|causan|provocan|determinan|definen|caracterizan)\s+(.{3,60}?)\s+(?:son|fueron)\s+(.+?)\.?$/u.exec(s);
  if (!m || m[4]!.split(/\s+/).length < 4) return undefined;
  return { kind: 'definicion', term: `${m[1]} que ${m[2]} ${m[3]}`, article: '', body: m[4]!, question: `¿Qué ${m[1]} ${m[2]} ${m[3]}?` };
}
