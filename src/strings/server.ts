/** Every Spanish sentence the embedded chat server says, and the chat page's own words (`PAGE`, handed to the page). */

export const S = Object.freeze({
  portInUse: (host: string, port: number) =>
    `El puerto ${port} de ${host} ya está en uso: cierra el programa que lo ocupa o arranca el chat en otro puerto (por ejemplo el ${port + 1}).`,
  notLoopback: (host: string) =>
    `El chat local solo escucha en esta máquina (127.0.0.1, ::1 o localhost) y "${host}" no lo es: usa una dirección local para el chat.`,
  cannotListen: (host: string, port: number, why: string) => `No se pudo abrir el chat local en ${host}:${port}: ${why}.`,
  ready: (url: string) => `Chat local listo: abre ${url} en tu navegador (sin bot de Telegram conectado, te respondo desde aquí).`,
  emptyText: 'Escribe un mensaje antes de enviarlo.',
  tooLong: (max: number) => `El mensaje es demasiado largo: como máximo ${max} caracteres.`,
  staleButton: 'Ese botón ya no está disponible.',
  pollClosed: 'Esa pregunta ya está respondida o cerrada.',
  badJson: 'La petición del chat no se entendió (se esperaba JSON).',
  foreignOrigin: 'Petición rechazada: solo se acepta desde la página del chat.',
  foreignHost: 'Petición rechazada: este servidor solo atiende a 127.0.0.1 / localhost.',
  notFound: 'No existe esa página.',
  internal: 'Error interno del chat local.',
  chatCorrupt: (file: string, why: string, aside: string) =>
    `El historial del chat local (${file}) no se pudo leer (${why}): se apartó a ${aside} y el chat empieza vacío; tus datos del cuaderno no se tocan.`,
  chatCorruptStuck: (file: string, why: string) =>
    `El historial del chat local (${file}) no se pudo leer (${why}) ni apartar: muévelo o bórralo a mano y vuelve a arrancar.`,
  chatUnreadable: (file: string, why: string) =>
    `No se pudo abrir el historial del chat local (${file}): ${why}. Revisa los permisos o muévelo y vuelve a arrancar.`,
  chatSaveFailed: (file: string, why: string) =>
    `No se pudo guardar el historial del chat local en ${file} (${why}); se reintentará con el próximo mensaje.`,
  idMarkDamaged: (file: string, why: string) =>
    `La numeración de los mensajes del chat local (${file}) no se pudo leer (${why}): los mensajes nuevos siguen con números que nunca se usaron; el historial y tus datos del cuaderno no se tocan.`,
  chatArchiveFailed: (file: string, why: string) => `No se pudo archivar mensajes antiguos del chat en ${file}: ${why}.`,
  bodyTooLarge: 'Ese mensaje es demasiado grande para el chat: escríbelo más corto o mándalo como archivo.',
  uploadsBusy: 'El chat está recibiendo otros archivos ahora mismo: vuelve a mandarlo en unos segundos.',
  needSecretTitle: 'Este chat es privado',
  needSecret:
    'Para entrar, abre la dirección completa que apareció donde arrancaste el bot, en la línea «Chat local listo». Así nadie más en este ordenador puede leer tu chat ni responder por ti.',
  fileNotFound: 'Ese archivo no existe (¿se reinició el servidor?).',
  fileTooBig: 'Ese archivo pesa más de 20 MB: mándalo en partes más pequeñas.',
});

/** The 401 page, whole: the sentence, nothing that runs. */
export const NEED_SECRET_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${S.needSecretTitle}</title></head><body><h1>${S.needSecretTitle}</h1><p>${S.needSecret}</p></body></html>\n`;

/** Every sentence the local chat page itself shows (served to it as /textos.js). */
export const PAGE = Object.freeze({
  online: 'bot · en línea',
  connecting: 'conectando…',
  reconnecting: 'sin conexión, reintentando…',
  edited: 'editado',
  copyHint: 'Tócalo para copiarlo',
  copied: 'Copiado',
  photoAlt: 'Imagen enviada por el bot',
  audio: 'Audio',
  voice: 'Nota de voz',
  recordVoice: 'Grabar una nota de voz',
  stopRecording: 'Parar y enviar la nota de voz',
  micUnavailable: 'No puedo usar el micrófono: permite el acceso en el navegador, o adjunta un archivo de audio.',
  document: 'Archivo',
  download: 'Descargar',
  sendFailed: 'No se pudo enviar el mensaje; inténtalo de nuevo.',
  buttonFailed: 'No se pudo pulsar el botón; inténtalo de nuevo.',
  quotePhoto: '📷 Foto',
  quoteAudio: '🎧 Audio',
  quoteDocument: '📄 Archivo',
  quoteGo: 'Ir al mensaje citado',
  quoteGone: 'Ese mensaje ya no está en el chat.',
  unreachable: 'No llego al bot: comprueba que sigue en marcha donde lo arrancaste y vuelve a intentarlo.',
  keyboard: 'Opciones del mensaje',
  quiz: 'Test',
  quizClosed: 'Test cerrado',
  quizRight: 'Correcta',
  quizWrong: 'Incorrecta',
  quizYours: 'tu respuesta',
  quizExplanation: 'Explicación',
  empty: 'Escribe, por ejemplo, «prepara la semana 1» o abre el menú de comandos.',
  /** The empty chat's button, as Telegram shows «Empezar» on a chat never opened: it sends /start. */
  start: 'Empezar',
  you: 'Tú',
  bot: 'Bot',
  actions: {
    typing: 'escribiendo…',
    upload_photo: 'subiendo foto…',
    record_voice: 'grabando audio…',
    upload_voice: 'subiendo audio…',
    upload_document: 'subiendo archivo…',
    record_video: 'grabando vídeo…',
    upload_video: 'subiendo vídeo…',
    record_video_note: 'grabando vídeo…',
    upload_video_note: 'subiendo vídeo…',
    choose_sticker: 'eligiendo sticker…',
    find_location: 'buscando ubicación…',
  },
});
