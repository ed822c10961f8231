/** The media tools' words live with every other string (src/strings/model.ts, docs/design.md §34). */
export { MEDIA as MSG } from '../../strings/model.js';
