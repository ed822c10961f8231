/** The media tools' words live with every other string (src/strings/model.ts, CONVENTIONS §14). */
export { MEDIA as MSG } from '../../strings/model.js';
