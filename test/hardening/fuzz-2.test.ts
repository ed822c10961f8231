/** The dispatcher's seeded fuzz test (fuzz-support.ts): half 2 of its 10,000 generated calls. Tier: rapido. */
import { fuzzHalf } from './fuzz-support.js';

fuzzHalf(2);
