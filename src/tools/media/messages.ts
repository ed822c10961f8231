/**
 * Every Spanish string the media tools show to the model or the owner, in one place so they can be
 * reviewed together. Code identifiers stay English; these are what the chat shows.
 */
export const MSG = {
  fluxNotConfigured:
    'El motor de imagen en GPU (flux) no está configurado: falta FLUX_URL. Use maqueta:true (portada procedural en CPU) o pida al titular que configure FLUX_URL.',
  xttsNotConfigured:
    'El motor de voz en GPU (xtts) no está configurado: falta XTTS_URL. Use motor:"juguete" (voz sintética local en CPU) o pida al titular que configure XTTS_URL.',
  unreachable: (engine: string, url: string, envVar: string, fallback: string) =>
    `No se puede conectar con el servidor de ${engine} en ${url}. Use ${fallback} o pida al titular que revise ${envVar} y que el servidor esté encendido.`,
  notImplemented: (engine: string, url: string, fallback: string) =>
    `El servidor de ${engine} en ${url} no implementa el protocolo esperado (404). Use ${fallback}.`,
  rateLimited: (engine: string, s?: number) => `El servidor de ${engine} pide esperar${s !== undefined ? ` ${s} s` : ''} (429).`,
  serverError: (engine: string, status: number) => `El servidor de ${engine} falló (HTTP ${status}); se puede reintentar.`,
  overloaded: (engine: string) => `El servidor de ${engine} está sobrecargado (529); se puede reintentar.`,
  gpuOom: (engine: string) =>
    `El servidor de ${engine} se quedó sin memoria de GPU; no se reintenta mientras otro modelo ocupe la GPU. Use el motor de CPU o inténtelo más tarde.`,
  timeout: (engine: string, ms: number) => `El servidor de ${engine} no respondió en ${Math.round(ms / 1000)} s.`,
  network: (engine: string, detail: string) => `Error de red con el servidor de ${engine}: ${detail}.`,
  badRequest: (engine: string, status: number, detail: string) => `El servidor de ${engine} rechazó la petición (HTTP ${status}): ${detail}`,
  unauthorized: (engine: string, status: number) => `El servidor de ${engine} no autoriza la petición (HTTP ${status}).`,
  badResponse: (engine: string, reason: string) => `Respuesta no válida del servidor de ${engine}: ${reason}. No se ha escrito nada.`,
  consentMissing: (file: string, reason: string) =>
    `La voz del titular solo se usa con su consentimiento registrado y no hay uno válido (${reason}; ${file}). Use motor:"juguete" o pida al titular que registre su consentimiento.`,
  consentExpired: (date: string) =>
    `El consentimiento de voz del titular caducó el ${date}. Use motor:"juguete" o pida al titular que lo renueve.`,
  critiqueFailed: (problems: string[]) => `La portada no pasa la revisión automática y no se entrega: ${problems.join('; ')}.`,
  audioFailed: (problems: string[]) => `La narración no pasa la revisión automática y no se entrega: ${problems.join('; ')}.`,
  noNotes: (week: number) => `No hay notas de la semana ${week}; no se puede escribir el contenido.`,
  ttsFailed: (detail: string) => `El sintetizador de voz local falló: ${detail}.`,
  /** Opening sentence of every narration (SPEC §3: narrations carry an AI disclosure). */
  disclosure: 'Aviso: esta narración usa una voz generada por inteligencia artificial.',
  watermark: (engine: string) => `Generado por IA (motor ${engine}) para Cuaderno Vivo. Voz sintética.`,
  coverDry: (week: number, engine: string, lane: string) =>
    `Generaría la portada de la semana ${week} con el motor ${engine} (${lane === 'gpu' ? 'GPU' : 'CPU'}).`,
  narrationDry: (week: number, engine: string, lane: string) =>
    `Escribiría el guion de la semana ${week} y lo narraría con el motor ${engine} (${lane === 'gpu' ? 'GPU, voz del titular' : 'CPU, voz sintética'}).`,
} as const;
