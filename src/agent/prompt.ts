/** The system prompt lives with every other string the model reads (src/strings/model.ts). */
export { SYSTEM_PROMPT } from '../strings/model.js';
