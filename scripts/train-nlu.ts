/**
 * `npm run train:nlu`: trains the intent classifier on the training part of the labelled corpus and
 * writes src/agent/nlu/model.json. Deterministic: the same corpus gives the same bytes
 * (test/agent/nlu/model.test.ts retrains and compares).
 */
import { writeFile } from 'node:fs/promises';
import { trainClassifier } from '../src/agent/nlu/classifier.js';
import { MODEL_URL } from '../src/agent/nlu/read.js';
import { trainingItems } from '../test/fixtures/frases/corpus.js';

const items = trainingItems();
const started = performance.now();
const model = await trainClassifier(items);
await writeFile(MODEL_URL, model);
console.log(`Modelo entrenado con ${items.length} frases en ${Math.round(performance.now() - started)} ms → ${MODEL_URL.pathname}`);
