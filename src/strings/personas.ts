/**
 * Class mode on the local chat page: who the page can play (the teacher and two students) and the
 * words of its persona switcher (webchat/personas.ts, public/app.js).
 */
export const PERSONA_NAMES = Object.freeze({ teacher: 'Profesora', studentA: 'Alumna A', studentB: 'Alumno B' });

/** The switcher's words, served to the page with the rest of its texts (`CV_TEXTS.personas`). */
export const PERSONAS_PAGE = Object.freeze({
  joining: 'Entrando en la clase con la invitación…',
});
