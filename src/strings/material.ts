/**
 * What the student reads about importing their material (a PDF, a text file, a photo of a page):
 * the proposal before saving, its buttons, and one sentence for each file that cannot be read.
 */
import type { ImportKind, MaterialProblem } from '../domain/material/kinds.js';
import type { WeekReason } from '../domain/material/document-week.js';
import type { MaterialKind } from '../domain/material/sniff.js';
import { count, quote } from './count.js';
import { listed } from './list.js';
import { MESSAGE_TEXT_MAX } from '../lib/message-pack.js';
import { sentenceCase } from '../lib/name-case.js';

const KIND_WORDS: Readonly<Record<MaterialKind, string>> = Object.freeze({
  texto: 'un texto',
  pdf: 'un PDF',
  imagen: 'una foto',
  word: 'un documento de Word',
});

/** What the proposal shows, as plain data (rendered by `MATERIAL.proposal`). */
export interface ProposalView {
  /** What the student reads it by: the file's name, or a pasted text's title (`pegado`). */
  nombre: string;
  /** A text the student pasted: no file, so no file's name to speak of. */
  pegado?: true;
  tipo: ImportKind;
  paginas: number | null;
  /** Notes per week, in week order, with the week's name when it has one. */
  semanas: { semana: number; titulo?: string; notas: number }[];
  sinSemana: number;
  /** The first line of each note, in order. */
  primeras: string[];
  /** OCR confidence (0–100) when the text is only a draft to correct. */
  borrador?: number;
  /** Why the notes go to their week. */
  motivo?: WeekReason;
  /** Notes left out because the notebook already holds them. */
  yaTenias?: number;
  /** A new version of a document already saved: its name and how many of its notes the notebook holds. */
  anterior?: { nombre: string; notas: number };
  /** Lines OCR could not read well (left out of the notes): the page or photo each was on, and where on it. */
  ilegibles?: { pagina: number; zona: 'arriba' | 'centro' | 'abajo' }[];
  /** Words read that look misread, for the student to check and fix one by one. */
  dudosas?: string[];
}

const ZONE_WORDS: Readonly<Record<'arriba' | 'centro' | 'abajo', string>> = Object.freeze({ arriba: 'en la parte de arriba', centro: 'en el centro', abajo: 'en la parte de abajo' });

/**
 * «No he podido leer bien 4 líneas (en la parte de arriba de la foto) y no las guardo: si las
 * necesitas, vuelve a hacer la foto con más luz.» — lines OCR left out, never dropped silently.
 */
/** The words that look misread, and how to fix one without retyping the page. */
function doubtfulLine(words: readonly string[]): string {
  const [first] = words;
  return `Puede que haya leído mal ${words.length === 1 ? 'esta palabra' : 'estas palabras'}: ${words.map((w) => `«${w}»`).join(', ')}. Para arreglar una, responde a este mensaje con la palabra y cómo es, por ejemplo «${first} → …» (una por línea).`;
}

function unreadLine(v: ProposalView, lines: NonNullable<ProposalView['ilegibles']>): string {
  const one = lines.length === 1;
  const pages = [...new Set(lines.map((l) => l.pagina))].sort((a, b) => a - b);
  let where: string;
  let again: string;
  if (v.tipo === 'pdf') {
    where = pages.length === 1 ? `en la página ${pages[0]}` : `en las páginas ${listed(pages)}`;
    again = pages.length === 1 ? 'vuelve a escanear esa página con más luz' : 'vuelve a escanear esas páginas con más luz';
  } else if ((v.paginas ?? 1) > 1) {
    where = pages.length === 1 ? `en la foto ${pages[0]}` : `en las fotos ${listed(pages)}`;
    again = pages.length === 1 ? 'vuelve a hacer esa foto con más luz' : 'vuelve a hacer esas fotos con más luz';
  } else {
    const zones = (['arriba', 'centro', 'abajo'] as const).filter((z) => lines.some((l) => l.zona === z));
    where = `${listed(zones.map((z) => ZONE_WORDS[z]))} de la foto`;
    again = 'vuelve a hacer la foto con más luz';
  }
  return `No he podido leer bien ${count(lines.length, 'línea', 'líneas')} (${where}) y no ${one ? 'la' : 'las'} guardo: si ${one ? 'la' : 'las'} necesitas, ${again}.`;
}

/** What a document opens with, as a reason names it: a PDF's first page, a photo's top, a text's beginning. */
type Opening = 'pagina' | 'foto' | 'fotos' | 'texto' | 'documento';

/**
 * «porque dice «Tema 5» en la primera página» — why a document's notes go to week `semana`. What its
 * name said is said of the title of a text the student pasted: they made no file. A photo has no
 * pages: its opening is «el principio de la foto» (a group's, «la primera foto»).
 */
function reasonLine(r: WeekReason, semana: number | undefined, opening: Opening): string | undefined {
  if (r.kind === 'varias') return 'Trata de varias semanas: cada apartado va a la suya.';
  if (semana === undefined || r.kind === 'elegida') return undefined;
  const named = opening === 'texto' ? 'el título del texto' : 'el nombre del archivo';
  const start = { pagina: 'la primera página', foto: 'el principio de la foto', fotos: 'la primera foto', texto: 'el principio del texto', documento: 'el principio del documento' }[opening];
  const inStart = { pagina: 'en la primera página', foto: 'al principio de la foto', fotos: 'en la primera foto', texto: 'al principio del texto', documento: 'al principio del documento' }[opening];
  // A title compared with the week's: «el título del documento, «…», trata de lo mismo que el de esa semana».
  const own = r.kind === 'encabezado' && r.donde === 'nombre' ? named : opening === 'foto' || opening === 'fotos' ? `el título de ${opening === 'foto' ? 'la foto' : 'la primera foto'}` : 'el título del documento';
  const why = {
    etiqueta: r.kind === 'etiqueta' ? (r.donde === 'nombre' ? `${named} dice «${r.etiqueta}»` : `dice «${r.etiqueta}» ${inStart}`) : '',
    fecha: r.kind === 'fecha' ? `la fecha del documento, «${r.fecha}», cae en esa semana` : '',
    titulo: `${start} trata de lo mismo que el título de esa semana`,
    encabezado: r.kind === 'encabezado' ? `${own}, «${sentenceCase(r.titulo)}», trata de lo mismo que ${own === 'el nombre del archivo' ? 'el título' : 'el'} de esa semana` : '',
    mayoria: 'la mayoría de los apartados tratan de esa semana',
  }[r.kind];
  return `Todo va a la semana ${semana} porque ${why}.`;
}

/** What the proposal's document opens with (reasonLine). */
function openingOf(v: Pick<ProposalView, 'tipo' | 'paginas' | 'pegado'>): Opening {
  if (v.tipo === 'imagen') return (v.paginas ?? 1) > 1 ? 'fotos' : 'foto';
  if (typeof v.paginas === 'number') return 'pagina';
  return v.pegado === true ? 'texto' : 'documento';
}

/** First line of a note, cut to fit one line of a phone. */
const FIRST_LINE_MAX = 70;
/** The line that counts the notes a long proposal does not list. */
const moreNotes = (rest: number) => `… y ${count(rest, 'nota más', 'notas más')} (todas se guardan).`;
/** Room kept for that line (and its line break) whatever the count. */
const MORE_NOTES_ROOM = moreNotes(99_999).length + 1;

export const MATERIAL_BUTTONS = Object.freeze({
  save: '✅ Guardar',
  changeWeek: '📅 Cambiar semana',
  discard: '❌ Descartar',
  noWeek: 'Sin semana',
});

export const MATERIAL = Object.freeze({
  /** «De «Tema 4.pdf» (3 páginas): 5 notas para la semana 4 «Genética», 1 sin semana», then each note's first line. */
  /**
   * The proposal in at most `max` characters (Telegram's message limit by default, lib/message-pack.ts):
   * the notes' first lines are listed while they fit, the rest counted in one line — a document of
   * eighty notes once failed with «message is too long» and the student saw only an internal error.
   */
  proposal(v: ProposalView, max = MESSAGE_TEXT_MAX): string {
    // A group of photos is named «20 fotos» already: no count after it.
    const what = v.tipo === 'pdf' && v.paginas !== null ? ` (${count(v.paginas, 'página', 'páginas')})` : v.tipo === 'imagen' && (v.paginas ?? 1) === 1 ? ' (foto)' : v.tipo === 'voz' ? ' (nota de voz)' : '';
    // A week's title that ends a sentence of its own («… de peregrinación.») loses its full stop inside the quotes: the line has one.
    const groups = v.semanas.map((g) => `${count(g.notas, 'nota', 'notas')} para la semana ${g.semana}${g.titulo ? ` «${g.titulo.replace(/[.]+$/u, '')}»` : ''}`);
    if (v.sinSemana > 0) groups.push(groups.length ? `${v.sinSemana} sin semana` : `${count(v.sinSemana, 'nota', 'notas')} sin semana`);
    const lines = v.primeras.map((l, i) => {
      const first = withoutEmphasis(l.split('\n')[0]!.trim());
      return `${i + 1}. ${quote(first, FIRST_LINE_MAX)}`;
    });
    const draft = v.borrador !== undefined
      ? ['', `Ojo: he leído la imagen con poca seguridad (${v.borrador} %). Si algo está mal, responde a este mensaje con el texto corregido antes de guardar.`]
      : [];
    const doubtful = v.dudosas?.length && v.borrador === undefined ? ['', doubtfulLine(v.dudosas)] : [];
    const reason = v.motivo ? reasonLine(v.motivo, v.semanas.length === 1 ? v.semanas[0]!.semana : undefined, openingOf(v)) : undefined;
    const total = v.primeras.length;
    const had = v.anterior
      ? [`Es una versión nueva de «${v.anterior.nombre}»: ya tenías ${count(v.anterior.notas, 'nota', 'notas')} de este documento; ${total === 0 ? 'no hay nada nuevo que añadir' : `añado ${total === 1 ? '1 nueva' : `${total} nuevas`}`}.`]
      : v.yaTenias ? [v.yaTenias === 1 ? '1 ya la tenías en tu cuaderno: no la añado otra vez.' : `${v.yaTenias} ya las tenías en tu cuaderno: no las añado otra vez.`] : [];
    const unread = v.ilegibles?.length ? [unreadLine(v, v.ilegibles)] : [];
    const about = [...(reason ? [reason] : []), ...had, ...unread];
    const head = [`De «${v.nombre}»${what}: ${groups.join(', ')}.`, ...about, ''].join('\n');
    const tail = [...draft, ...doubtful].join('\n');
    const room = max - head.length - tail.length - MORE_NOTES_ROOM;
    let used = 0;
    let shown = 0;
    while (shown < lines.length && used + lines[shown]!.length + 1 <= room) used += lines[shown++]!.length + 1;
    const listedLines = shown === lines.length ? lines : [...lines.slice(0, shown), moreNotes(lines.length - shown)];
    return [head, ...listedLines, ...draft, ...doubtful].join('\n');
  },
  alreadyHad: (nombre: string, notas: number) => `Ya lo tenía: «${nombre}» ya está en tu cuaderno (${count(notas, 'nota', 'notas')}), no añado nada.`,
  saved: (ids: readonly number[]) => ids.length === 1
    ? `Guardado: la nota ${ids[0]} ya está en tu cuaderno.`
    : `Guardado: las notas ${ids.every((id, i) => i === 0 || id === ids[i - 1]! + 1) ? `${ids[0]}–${ids.at(-1)}` : ids.join(', ')} ya están en tu cuaderno.`,
  discarded: 'Descartado: no he guardado nada.',
  chooseWeek: '¿De qué semana son estas notas?',
  corrected: 'He cambiado el texto por el tuyo. Revisa las notas y guárdalas cuando estén bien.',
  /** After a reply of «palabra → arreglo» lines: how many words changed, and those not found. */
  wordsFixed: (fixed: number, missing: readonly string[]) => [
    ...(fixed > 0 ? [`He arreglado ${count(fixed, 'palabra', 'palabras')}. Revisa las notas y guárdalas cuando estén bien.`] : []),
    ...(missing.length ? [`No encuentro ${listed(missing.map((w) => `«${w}»`))} en el texto: escríbela${missing.length === 1 ? '' : 's'} tal como aparece${missing.length === 1 ? '' : 'n'} arriba.`] : []),
  ].join(' '),
  gone: 'Esa propuesta ya no está: mándame el archivo otra vez.',
  reading: (nombre: string) => `Leyendo «${nombre}»…`,
  pastedName: 'texto pegado',
  /** The name of an import made of photos sent together. */
  photoGroupName: (n: number) => `${n} fotos`,
  /** Photos sent together beyond the limit: the first ones are read, the rest are not. */
  tooManyPhotos: (sent: number, max: number, rest: number) => `Me has mandado ${sent} fotos juntas y leo ${max} como mucho de una vez: preparo las ${max} primeras; ${rest === 1 ? 'mándame la otra' : `mándame las otras ${rest}`} en otro mensaje.`,
  /** The terminal's lines for `importar`. */
  cliNotFound: (file: string) => `No encuentro el archivo «${file}»: revisa el nombre y la carpeta.`,
  cliBadWeek: (value: string) => `La semana tiene que ser un número entero positivo, como 3 (me diste «${value}»).`,
  cliDryRun: 'No he guardado nada: repite la orden con --aprobar para guardar estas notas.',

  problem(p: MaterialProblem): string {
    switch (p.kind) {
      case 'demasiado_grande':
        return `Ese archivo pesa ${(p.bytes / 1024 / 1024).toFixed(1)} MB y como mucho leo 20 MB: divídelo en partes y mándamelas por separado.`;
      case 'demasiadas_paginas':
        return `Ese PDF tiene ${p.pages} páginas y como mucho leo 300: mándamelo en partes.`;
      case 'pdf_cifrado':
        return 'Ese PDF está protegido con contraseña: guárdalo de nuevo sin contraseña y vuelve a mandármelo.';
      case 'pdf_roto':
        return 'No puedo abrir ese PDF porque parece dañado: prueba a exportarlo otra vez.';
      case 'vacio':
        return 'No encuentro texto en ese archivo: está vacío, así que no he guardado nada.';
      case 'no_coincide':
        return `«${p.name}» se llama como ${KIND_WORDS[p.named]} pero no lo es por dentro: comprueba que me mandas el archivo correcto.`;
      case 'no_admitido':
        return `No sé leer «${p.name}»: mándame un PDF, un documento de Word, un texto o una foto de la página.`;
      case 'word_antiguo':
        return `No sé leer «${p.name}» en ese formato: guárdalo como .docx o como PDF y mándamelo.`;
      case 'docx_roto':
        return `No puedo abrir «${p.name}» porque parece dañado: guárdalo otra vez desde tu editor o mándamelo como PDF.`;
      case 'ruido':
        return 'En esa imagen no distingo texto, solo manchas: hazle una foto más nítida, de frente y con buena luz.';
      case 'imagen_enorme':
        return `Esa imagen tiene ${p.megapixels.toLocaleString('es-ES')} megapíxeles y como mucho leo ${p.maxMegapixels}: hazle una foto con menos resolución o recórtala.`;
      case 'demasiado_pesado':
        return 'Leer ese archivo me pide demasiada memoria o demasiado tiempo (pasa con archivos dañados o hechos a propósito): guárdalo otra vez desde tu editor o mándamelo en partes más pequeñas.';
    }
  },
});

/** The title a pasted text's import shows when its first line gives none. */
export const PASTE_NAME = 'Texto pegado';

/**
 * A note's Markdown emphasis taken off for showing it in a chat (pure): the notes keep their
 * «**término**» (the study rules read what a teacher bolds), but a chat shows plain text, where the
 * marks would stand as asterisks. Only paired marks that hug a word go («2 * 3» stays). It lives
 * beside the proposal that shows a note's first line: the import's path crosses as few files as it can.
 */
export function withoutEmphasis(text: string): string {
  return text
    .replace(/(\*{1,3}|_{2})(?=\S)([^*\n]*?\S)\1(?![*\w])/gu, '$2')
    .replace(/(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])/gu, '$1');
}
