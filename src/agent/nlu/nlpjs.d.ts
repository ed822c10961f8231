/** The few parts of NLP.js (CommonJS, untyped) the intent classifier uses. */
declare module '@nlpjs/core' {
  export class Container {
    use(plugin: unknown): void;
  }
  const core: { Container: typeof Container; ArrToObj: unknown; Normalizer: unknown; Stemmer: unknown; Stopwords: unknown; Tokenizer: unknown };
  export default core;
}

declare module '@nlpjs/lang-es' {
  export class LangEs {}
  export class NormalizerEs {
    normalize(text: string): string;
  }
  export class TokenizerEs {
    constructor(container?: unknown, shouldNormalize?: boolean);
    tokenize(text: string, normalize?: boolean): string[];
  }
  export class StemmerEs {
    stem(tokens: string[]): string[];
  }
  const langEs: { LangEs: typeof LangEs; NormalizerEs: typeof NormalizerEs; TokenizerEs: typeof TokenizerEs; StemmerEs: typeof StemmerEs };
  export default langEs;
}

declare module '@nlpjs/nlu' {
  export type Tokens = Record<string, number>;
  export interface NluInput {
    tokens: Tokens;
    settings: Record<string, unknown>;
    classifications?: Array<{ intent: string; score: number }>;
  }
  export class NluNeural {
    constructor(settings: Record<string, unknown>, container: unknown);
    settings: Record<string, unknown>;
    spellCheck: { check(tokens: Tokens, distance: number): Tokens };
    train(corpus: Array<{ utterance: string; intent: string }>): Promise<unknown>;
    process(utterance: string): Promise<{ classifications: Array<{ intent: string; score: number }> }>;
    textToFeatures(input: NluInput): NluInput;
    innerProcess(input: NluInput): NluInput;
    filterNonActivated(input: NluInput): NluInput;
    normalizeClassifications(input: NluInput): NluInput;
    toJSON(): unknown;
    fromJSON(json: unknown): void;
  }
  const nlu: { NluNeural: typeof NluNeural };
  export default nlu;
}
