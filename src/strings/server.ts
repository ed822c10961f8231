/** Every Spanish sentence the embedded chat server says (the page's own texts live in public/app.js). */

export const S = Object.freeze({
  portInUse: (host: string, port: number) =>
    `El puerto ${port} de ${host} ya está en uso: cierre el programa que lo ocupa o elija otro con CHAT_PORT (por ejemplo CHAT_PORT=${port + 1}).`,
  notLoopback: (host: string) =>
    `El chat local solo escucha en esta máquina (127.0.0.1, ::1 o localhost) y "${host}" no lo es: usa una dirección local para el chat.`,
  cannotListen: (host: string, port: number, why: string) => `No se pudo abrir el chat local en ${host}:${port}: ${why}.`,
  ready: (url: string) => `Chat local listo: abre ${url} en tu navegador (sin bot de Telegram conectado, te respondo desde aquí).`,
  emptyText: 'Escribe un mensaje antes de enviarlo.',
  tooLong: (max: number) => `El mensaje es demasiado largo: como máximo ${max} caracteres.`,
  staleButton: 'Ese botón ya no está disponible.',
  badJson: 'La petición del chat no se entendió (se esperaba JSON).',
  foreignOrigin: 'Petición rechazada: solo se acepta desde la página del chat.',
  foreignHost: 'Petición rechazada: este servidor solo atiende a 127.0.0.1 / localhost.',
  notFound: 'No existe esa página.',
  chatCorrupt: (file: string, why: string, aside: string) =>
    `El historial del chat local (${file}) no se pudo leer (${why}): se apartó a ${aside} y el chat empieza vacío; sus datos del bot no se tocan.`,
  chatCorruptStuck: (file: string, why: string) =>
    `El historial del chat local (${file}) no se pudo leer (${why}) ni apartar: muévalo o bórrelo a mano y vuelva a arrancar.`,
  chatUnreadable: (file: string, why: string) =>
    `No se pudo abrir el historial del chat local (${file}): ${why}. Revise los permisos o muévalo y vuelva a arrancar.`,
  chatSaveFailed: (file: string, why: string) =>
    `No se pudo guardar el historial del chat local en ${file} (${why}); se reintentará con el próximo mensaje.`,
  fileNotFound: 'Ese archivo no existe (¿se reinició el servidor?).',
});
