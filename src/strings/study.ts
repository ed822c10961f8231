/**
 * What a card or a quiz asks of the student's notes: the question templates that domain/study,
 * domain/cards and domain/quiz fill with the note's own words, and the words a formula is said with.
 * The note's words are data; only the frame around them is said here.
 */

/** How a formula's operators are said aloud (a card's answer in words, the week's episode). */
export const SAID_OPERATORS: Readonly<Record<string, string>> = Object.freeze({
  '=': 'es', '+': 'más', '−': 'menos', '-': 'menos', '–': 'menos', '/': 'entre', '×': 'por', '·': 'por', '*': 'por', '^': 'elevado a',
  '≤': 'menor o igual que', '≥': 'mayor o igual que', '<': 'menor que', '>': 'mayor que', '≈': 'aproximadamente', '%': 'por ciento', '√': 'raíz de',
});

/** The other words a formula is said with: its brackets where they must be said, «|x|», «=» and a differential's «d de». */
export const SAID_FORMULA = Object.freeze({
  open: { '(': 'abre paréntesis', '[': 'abre corchete' } as Readonly<Record<string, string>>,
  close: { ')': 'cierra paréntesis', ']': 'cierra corchete' } as Readonly<Record<string, string>>,
  absolute: 'valor absoluto',
  equals: 'es',
  equalsAgain: ', es decir,',
  of: 'de',
  /** «R1 + R2 + … + Rn»: the terms of a series not written. */
  ellipsis: 'puntos suspensivos',
  /** «x̄», the mean of x. */
  bar: 'barra',
  /** «xi», x with its index. */
  sub: 'sub',
  /** «∇V», the gradient of V. */
  gradient: 'el gradiente de',
  /** Fractions written as one character («½ C (ΔV)²»). */
  fractions: { '½': 'un medio', '⅓': 'un tercio', '⅔': 'dos tercios', '¼': 'un cuarto', '¾': 'tres cuartos' } as Readonly<Record<string, string>>,
});

/** How a formula's functions are said aloud, where their written name is not a word. */
export const SAID_FUNCTIONS: Readonly<Record<string, string>> = Object.freeze({ cte: 'constante', ln: 'logaritmo neperiano de' });

/** A card's question; `subject` comes with its article («la entropía»). */
export const CARD_QUESTIONS = Object.freeze({
  clozePrompt: 'Completa la frase',
  consists: (subject: string, plural = false) => `¿En qué ${plural ? 'consisten' : 'consiste'} ${subject}?`,
  /** The same in the note's own tense and number («¿En qué consistía el cursus honorum?»). */
  consistsAs: (verb: string, subject: string) => `¿En qué ${verb} ${subject}?`,
  /** A work asked by what it says («¿Qué obra sostiene que …?»), answered with its title. */
  workThat: (verb: string, what: string) => `¿Qué obra ${verb} ${what}?`,
  characterized: (subject: string, plural = false) => `¿Por qué se ${plural ? 'caracterizan' : 'caracteriza'} ${subject}?`,
  formula: (ofTerm: string, narrowed: string) => `¿Cuál es la fórmula ${ofTerm}${narrowed ? ` ${narrowed}` : ''}?`,
  /** An equation named as such («la ecuación logística»): asked for itself, never «la fórmula de la ecuación». */
  equation: (equation: string, narrowed: string) => `¿Cuál es ${equation}${narrowed ? ` ${narrowed}` : ''}?`,
  inYear: (what: string) => `¿En qué año ${what}?`,
  workBy: (title: string) => `¿De quién es la obra «${title}»?`,
  happensIn: (article: string, term: string) => `¿Qué ocurre en ${article} ${term}?`,
  periodYears: (named: string) => `¿Qué años abarca ${named}?`,
  trait: (described: string) => `¿Qué nombre recibe lo que se describe así: «${described}»?`,
  happensWhen: (verb: string, subject: string) => `¿Cuándo ${verb} ${subject}?`,
  workOf: (who: string, verb: string, claim: string) => `¿Qué obra de ${who} ${verb} ${claim}?`,
  workWhere: (verb: string, who: string, claim: string) => `¿En qué obra ${verb} ${who} ${claim}?`,
  whenSaid: (subject: string, verb: string, quality: string) => `¿Cuándo se dice que ${subject} ${verb} ${quality}?`,
  whySaid: (subject: string, verb: string, quality: string, term: string) => `¿Por qué se dice que ${subject} ${verb} ${quality} ${term}?`,
  whatWere: (term: string) => `¿Cuáles fueron las ${term}?`,
  calledBy: (article: string, head: string, said: string) => `¿Cómo se llama ${article} ${head}: «${said}»?`,
  /** What a «¿Cuándo…?» becomes when its key holds a day, a year, or a year with a preposition. */
  whenDate: 'en qué fecha',
  whenYear: 'en qué año',
});

/** A quiz question's opening, followed by what the note says (domain/quiz/build.ts). */
export const QUIZ_STEMS = Object.freeze({
  called: (plural: boolean) => (plural ? '¿Cómo se llaman ' : '¿Cómo se llama '),
  statement: (pointsAtOne: boolean) => (pointsAtOne ? '¿Cuál de estos dice ' : '¿Qué enunciado dice '),
  formula: '¿Qué fórmula da ',
  year: '¿En qué año ',
  /** A dated line of the student's notes, asked as they wrote it (domain/quiz/dated.ts). */
  lineYear: (line: string) => `¿De qué año es esto de tus apuntes: «${line}»?`,
  /** A work's author and year, when the note does not say how it was made. */
  workWho: (title: string) => `¿De quién es «${title}»?`,
  workWhen: (title: string, author: string) => `¿De qué año es «${title}», de ${author}?`,
  /** The other way round (domain/quiz/reverse.ts): the term asked, its definition or statement among the lecture's. */
  definitionOf: (term: string) => `¿Cuál es la definición de «${term}»?`,
  statementOf: (term: string) => `¿Qué dice «${term}»?`,
});

/** Why a note gives no cards, as the model reads it in the refusal. */
export const CARD_REFUSALS = Object.freeze({
  tooShort: (noteId: number) => `la nota ${noteId} tiene muy poco texto para hacer tarjetas: no hay ningún término clave que preguntar; elige otra nota.`,
});

/** Units said aloud after a number in the episode («1000 kg/m³» → «1000 kilogramos por metro cúbico»); longest first. */
export const SAID_UNITS: readonly (readonly [string, string])[] = Object.freeze([
  ['kg/m³', 'kilogramos por metro cúbico'], ['g/cm³', 'gramos por centímetro cúbico'], ['m/s²', 'metros por segundo al cuadrado'],
  ['N/m²', 'newtons por metro cuadrado'], ['km/h', 'kilómetros por hora'], ['m/s', 'metros por segundo'],
  ['km²', 'kilómetros cuadrados'], ['cm²', 'centímetros cuadrados'], ['m²', 'metros cuadrados'], ['cm³', 'centímetros cúbicos'],
  ['m³', 'metros cúbicos'], ['°C', 'grados'], ['kJ', 'kilojulios'], ['kcal', 'kilocalorías'], ['kPa', 'kilopascales'], ['Pa', 'pascales'],
  ['km', 'kilómetros'], ['kg', 'kilogramos'], ['cm', 'centímetros'], ['mm', 'milímetros'], ['%', 'por ciento'],
] as const);
/** Units by their symbol, said in a unit's definition («1 V = 1 J/C» → «un voltio es un julio por culombio»): singular, plural. */
export const SAID_SI_UNITS: Readonly<Record<string, readonly [string, string]>> = Object.freeze({
  V: ['voltio', 'voltios'], J: ['julio', 'julios'], C: ['culombio', 'culombios'], F: ['faradio', 'faradios'], N: ['newton', 'newtons'],
  W: ['vatio', 'vatios'], A: ['amperio', 'amperios'], Ω: ['ohmio', 'ohmios'], m: ['metro', 'metros'], s: ['segundo', 'segundos'],
  eV: ['electronvoltio', 'electronvoltios'], Pa: ['pascal', 'pascales'], T: ['tesla', 'teslas'], H: ['henrio', 'henrios'],
  Wb: ['weber', 'webers'], K: ['kelvin', 'kelvin'], Hz: ['hercio', 'hercios'], kg: ['kilogramo', 'kilogramos'], g: ['gramo', 'gramos'],
});
/** How a unit's definition is said: «un voltio», its power, «es», «por». */
export const SAID_UNIT_EQUATION = Object.freeze({ one: 'un', is: 'es', per: 'por', squared: 'cuadrado', cubed: 'cúbico' });
/** A power said aloud: «10⁵» → «10 elevado a 5». */
export const SAID_POWER = (base: string, exponent: string, negative: boolean) => `${base} elevado a ${negative ? 'menos ' : ''}${exponent}`;
