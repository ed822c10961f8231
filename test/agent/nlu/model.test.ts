/**
 * The committed model is what the training corpus makes: retraining gives the same bytes (NLP.js
 * starts from zero weights and draws nothing at random). The synchronous `classify` used by the bot
 * gives exactly the scores of NLP.js's own asynchronous pipeline.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { IntentClassifier, trainClassifier } from '../../../src/agent/nlu/classifier.js';
import { MODEL_URL } from '../../../src/agent/nlu/read.js';
import { HELD_OUT, OLDER, TRAINING_PHRASES, trainingItems } from '../../fixtures/frases/corpus.js';

describe('the intent model', () => {
  it('is retrained byte for byte from the training corpus (npm run train:nlu)', async () => {
    const started = performance.now();
    const retrained = await trainClassifier(trainingItems());
    console.log(`Entrenamiento: ${trainingItems().length} frases en ${Math.round(performance.now() - started)} ms`);
    const committed = await readFile(MODEL_URL, 'utf8');
    expect(retrained.length).toBe(committed.length);
    expect(retrained === committed, 'src/agent/nlu/model.json is stale: run `npm run train:nlu`').toBe(true);
  });

  it('classifies synchronously exactly as the NLP.js pipeline does', async () => {
    const model = IntentClassifier.fromJSON(await readFile(MODEL_URL, 'utf8'));
    const texts = [...TRAINING_PHRASES, ...HELD_OUT, ...OLDER].map(([text]) => text);
    for (const text of texts) {
      const sync = model.classify(text);
      const piped = await model.classifyWithPipeline(text);
      expect(sync.map((c) => c.intent), text).toEqual(piped.map((c) => c.intent));
      sync.forEach((c, i) => expect(c.score, text).toBeCloseTo(piped[i]!.score, 12));
    }
  });

  it('tells a known request from an unknown word', async () => {
    const model = IntentClassifier.fromJSON(await readFile(MODEL_URL, 'utf8'));
    expect(model.classify('prepara la semana 3')[0]).toMatchObject({ intent: 'preparar' });
    expect(model.classify('zzxq')[0]).toEqual({ intent: 'None', score: 1 });
  });
});
