/** The system prompt lives with every other string the model reads (src/strings/model.ts). */
export { reasonsForPrompt, systemPrompt } from '../strings/model.js';
