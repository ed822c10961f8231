/**
 * What a person must never read from the bot (docs/design.md §36), as patterns shared by the strings
 * walk (test/strings/one-voice.test.ts) and the whole-session browser test: internal names, English,
 * usted. `ownWords` drops what the bot quotes back («…», commands, flags) before judging its words.
 */
export const TOOL_NAMES = ['buscar_notas', 'crear_tarjetas', 'proponer_tarjetas', 'generar_portada', 'narrar_resumen', 'registrar_uso'];

export const INTERNAL: ReadonlyArray<readonly [string, RegExp]> = [
  ['a tool name', new RegExp(`\\b(${TOOL_NAMES.join('|')})\\b`)],
  ['a source path', /\bsrc\//],
  ['a file extension', /\.(json|png|wav|csv|ts|js)\b/i],
  ['an environment variable', /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/],
  ['an engine codename', /\b(flux|xtts|espeak|maqueta|juguete)\b/i],
  ['jargon', /\b(prompt|similitud|caché|cache|lane|carril|checkpoint|GPU|CPU)\b/i],
  // What the model counts in, or a paraphrase of it; a person reads money and words (issue 28).
  ['a unit a person cannot picture', /\b(tokens|fragmentos de texto)\b/i],
  // A zone code or a file name of the repository means nothing to the person reading (issue 28).
  ['a code a person cannot use', /\b(UTC|GMT|README)\b/],
];

export const ENGLISH = /\b(the|and|please|failed|fetch|error:|engine|mockup|toy|path|file|request|timeout|undefined|NaN|true|false|null|week|notes|cover|download)\b/i;

/** A subjunctive after «que» («pide a quien administra el bot que lo configure») is tú's grammar, not usted. */
export const USTED = /(?<!\bque (?:lo |la |le |los |las |se )?)\b(usted|ustedes|su|sus|prepare|rehaga|narre|abra|escriba|complete|elija|cierre|use|revise|revíselo|corrija|corríjalo|borre|bórrelo|actualice|empiece|indique|pida|vuelva|muévalo|añada|defina|defínala|compruebe|restáurelo|continúe|reanude|configure|registre|renueve|inténtelo|aprueba|apruebe|intente|espere|pulse|toque|envíe|guarde|cree|haga|diga|llame|siga)\b/i;

/** The bot's own words: what it quotes (the owner's words «…», commands, flags) taken out. */
export function ownWords(text: string): string {
  return text.replace(/«[^»]*»/g, '«»').replace(/(^|\s)[/-]{1,2}[a-z][\w-]*/g, '$1');
}

/** Every problem in one text the bot wrote: internal names, English, usted. */
export function voiceProblems(text: string): string[] {
  const own = ownWords(text);
  const found: string[] = [];
  for (const [what, re] of INTERNAL) {
    const m = re.exec(own);
    if (m) found.push(`${what} «${m[0]}»`);
  }
  const e = ENGLISH.exec(own);
  if (e) found.push(`English «${e[0]}»`);
  const u = USTED.exec(own);
  if (u) found.push(`usted «${u[0]}»`);
  return found;
}
