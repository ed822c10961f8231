/**
 * What the student reads about voice memos (issue 27): the memo kept when no transcription server
 * is there, the transcript on its way to an import proposal, and one sentence per audio that cannot
 * be read. Plain Spanish with «tú».
 */
export const VOICE_BUTTONS = Object.freeze({
  transcribe: '🎙️ Transcribir ahora',
});

export const VOICE = Object.freeze({
  /**
   * No engine: the memo stays on disk and is transcribed when the bot starts with one. Who can add
   * one is whoever runs the bot — maybe the student, on their own computer.
   */
  kept: 'He guardado tu nota de voz. Todavía no puedo pasarla a texto: me falta un servidor de transcripción, que instala quien pone en marcha el bot (si eres tú, la guía de instalación explica cómo). En cuanto lo tenga, la transcribo y te enseño lo que he entendido.',
  transcribing: 'Escuchando tu nota de voz…',
  /** The transcript was empty: nothing to propose. */
  empty: 'No he entendido nada en esa nota de voz: prueba a grabarla otra vez, más cerca del micrófono.',
  unreadable: 'No puedo leer ese audio: mándamelo como nota de voz o como archivo OGG (Opus) o WAV.',
  tooLong: (minutes: number) => `Esa nota de voz dura más de ${minutes} minutos, que es lo máximo que transcribo: pártela en trozos más cortos.`,
  tooBig: (mb: number) => `Ese audio pesa más de ${mb} MB, que es lo máximo que leo: pártelo en trozos más cortos.`,
  /** The engine failed (busy, down, refused): the memo is kept. */
  failed: 'No he podido transcribir tu nota de voz ahora: la he guardado y puedes volver a intentarlo con el botón.',
  gone: 'Esa nota de voz ya no está guardada: mándamela otra vez.',
  /** The proposal's name for a memo: «nota de voz del 1 de diciembre, 19:05». */
  memoName: (when: string) => `nota de voz del ${when}`,
});
