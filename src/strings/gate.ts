/**
 * The gate's sentences (bot/gate.ts): a tap or a command the person pressing or writing may not
 * use. The stranger's and «este botón es de otra persona» are chat.ts's.
 */
export const GATE = Object.freeze({
  /** A member who is not the notebook's owner asks for a notebook-wide action (erase it all, replace the course). */
  ownerOnly: () => 'Eso solo puede hacerlo la persona a la que pertenece este cuaderno.',
  /** Data no button of this bot ever carried. */
  tapUnknown: () => 'No conozco este botón, así que no hago nada con él.',
});
