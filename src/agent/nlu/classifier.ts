/**
 * The intent classifier: NLP.js's neural NLU (`@nlpjs/nlu` with the Spanish stemmer of
 * `@nlpjs/lang-es`), a one-layer network over word stems made for chatbot intents.
 *
 * Deterministic by construction: NLP.js starts every weight at zero and trains full-batch with no
 * random draw, so the same corpus in the same order gives the same weights, byte for byte
 * (test/agent/nlu/model.test.ts retrains and compares with the committed `model.json`).
 * Training takes about a second, so the trained model is committed and only loaded at start-up.
 *
 * `classify` is synchronous (the bot's reading of a message is): it runs the very steps of
 * NLP.js's asynchronous `process` pipeline, which are synchronous underneath; a test checks both
 * give the same scores on the whole corpus.
 */
import core from '@nlpjs/core';
import langEs from '@nlpjs/lang-es';
import nluPkg, { type NluInput, type NluNeural as Nlu, type Tokens } from '@nlpjs/nlu';
import { NUMBER_WORDS, words } from './text.js';

export interface Classification {
  intent: string;
  score: number;
}
export interface TrainingItem {
  utterance: string;
  intent: string;
}

/** The settings the model is trained and run with (NLP.js names). */
const SETTINGS = Object.freeze({ locale: 'es', spellCheck: true, spellCheckDistance: 1, useNoneFeature: false, log: false });
/**
 * Articles, prepositions and conjunctions say nothing of the intent; in a one-layer network they
 * only pick up weights by chance («con la GPU» pushed every class below zero). They are left out.
 */
const GLUE = new Set(['el', 'la', 'los', 'las', 'lo', 'un', 'unos', 'unas', 'de', 'del', 'al', 'a', 'con', 'en', 'y', 'e', 'o', 'u', 'por', 'the', 'an', 'of', 'to', 'for', 'with', 'in', 'and', 'or', 'at']);
/** Number words that are also articles («una portada») stay words. */
const ARTICLES = new Set(['una', 'uno', 'un', 'one']);

/**
 * The text the classifier reads: folded, typos corrected (text.ts), and every number — digits,
 * clock times, numbers in words — one token, so «semana 12» reads like «semana 3».
 */
export function classifierText(text: string): string {
  return words(text).norm
    .filter((w) => !GLUE.has(w))
    .map((w) => (/^\d/.test(w) || (w in NUMBER_WORDS && !ARTICLES.has(w)) ? 'numero' : w)).join(' ');
}

/** A container with NLP.js's text pipeline (what `containerBootstrap` registers) and Spanish. */
function container(): unknown {
  const c = new core.Container();
  for (const piece of [core.ArrToObj, core.Normalizer, core.Stemmer, core.Stopwords, core.Tokenizer, langEs.LangEs]) c.use(piece);
  return c;
}

/** Trains on `corpus` (in its order) and returns the model as JSON text, ending in a newline. */
export async function trainClassifier(corpus: readonly TrainingItem[]): Promise<string> {
  const nlu = new nluPkg.NluNeural({ ...SETTINGS }, container());
  await nlu.train(corpus.map((c) => ({ utterance: classifierText(c.utterance), intent: c.intent })));
  return `${JSON.stringify(nlu.toJSON())}\n`;
}

export class IntentClassifier {
  private readonly normalizer = new langEs.NormalizerEs();
  private readonly tokenizer = new langEs.TokenizerEs(undefined, true);
  private readonly stemmer = new langEs.StemmerEs();

  private constructor(private readonly nlu: Nlu) {}

  /** Loads a model written by `trainClassifier`. */
  static fromJSON(model: string): IntentClassifier {
    const nlu = new nluPkg.NluNeural({ ...SETTINGS }, container());
    nlu.fromJSON(JSON.parse(model));
    return new IntentClassifier(nlu);
  }

  /** The intents and their scores (summing to 1), best first; `None` when no known word is there. */
  classify(text: string): Classification[] {
    const tokens = this.stemmer.stem(this.tokenizer.tokenize(this.normalizer.normalize(classifierText(text)), true)).filter((x) => x);
    let input: NluInput = { tokens: Object.fromEntries(tokens.map((t) => [t, 1])) as Tokens, settings: { ...this.nlu.settings } };
    input.tokens = this.nlu.spellCheck.check(input.tokens, SETTINGS.spellCheckDistance);
    input = this.nlu.normalizeClassifications(this.nlu.filterNonActivated(this.nlu.innerProcess(this.nlu.textToFeatures(input))));
    return (input.classifications ?? [{ intent: 'None', score: 1 }]).map(({ intent, score }) => ({ intent, score }));
  }

  /** The same through NLP.js's own asynchronous pipeline (what `classify` must agree with). */
  async classifyWithPipeline(text: string): Promise<Classification[]> {
    const out = await this.nlu.process(classifierText(text));
    return out.classifications.map(({ intent, score }) => ({ intent, score }));
  }
}
