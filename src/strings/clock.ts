/**
 * The student's clock and the reminder asked for in words (issue 46, items 4 and 6): the zone
 * question, the one-tap proposal of a reminder, and the zone in words — a city, never a code, never
 * «UTC» nor «hora universal».
 */

/** Zones offered as buttons when the bot asks (any other IANA name can be typed). */
export const COMMON_ZONES: readonly string[] = Object.freeze([
  'Europe/Madrid', 'Atlantic/Canary', 'America/Mexico_City', 'America/Bogota', 'America/Argentina/Buenos_Aires', 'America/Lima', 'America/Santiago',
]);

/** Spanish names of the cities of the common zones (the IANA name is English). */
const CITY_NAMES: Readonly<Record<string, string>> = Object.freeze({
  Canary: 'Canarias', Mexico_City: 'Ciudad de México', Bogota: 'Bogotá', Buenos_Aires: 'Buenos Aires', Lisbon: 'Lisboa', London: 'Londres',
  New_York: 'Nueva York', Sao_Paulo: 'São Paulo', Havana: 'La Habana', Panama: 'Panamá', Asuncion: 'Asunción', Brussels: 'Bruselas',
});

/** True for the zones that are no place (UTC, GMT): the bot then names no zone at all. */
export function isUniversal(zone: string): boolean {
  return /^(Etc\/)?(UTC|GMT|UCT|Zulu|Universal|Greenwich)([+-]0)?$/i.test(zone);
}

/** «Madrid», «Canarias», «Ciudad de México» for a zone; undefined for UTC-like zones (no place to name). */
export function zoneCity(zone: string): string | undefined {
  if (isUniversal(zone)) return undefined;
  const city = zone.split('/').at(-1)!;
  return CITY_NAMES[city] ?? city.replace(/_/g, ' ');
}

/** « (hora de Madrid)» after a time, or nothing when the zone is no place. */
export const inZone = (zone: string) => {
  const city = zoneCity(zone);
  return city ? ` (hora de ${city})` : '';
};

export const CLOCK = Object.freeze({
  /** The zone button: the city. */
  zoneButton: (zone: string) => zoneCity(zone) ?? zone,
  confirmButton: '✅ Sí, recuérdamelo',
  cancelButton: 'No, gracias',
  /** Telegram cannot tell the bot the student's zone: asked once, with the first reminder. */
  askZone: (hour: string | undefined) =>
    `${hour ? `Te recordaré repasar cada día a las ${hour}. ` : ''}¿En qué zona horaria estás? Toca tu ciudad, o escríbeme el nombre de tu zona (por ejemplo, Europe/Lisbon) para que te avise a tu hora.`,
  /** The proposal of a reminder understood in words: one tap sets it. */
  propose: (hour: string, zone: string, weekly: boolean) =>
    `¿Te recuerdo repasar cada día a las ${hour}${inZone(zone)}? Solo te aviso los días que tengas tarjetas pendientes.${weekly ? ' (Por ahora los avisos son diarios, no de un día de la semana.)' : ''}`,
  /** A reminder asked for without a time. */
  whichHour: () => '¿A qué hora te aviso para repasar? Dímelo así: «recuérdame repasar cada día a las 20:00».',
  /** The proposal answered: what was set, in the student's zone. */
  set: (hour: string, zone: string) => `🔔 Hecho: te recordaré tus repasos cada día a las ${hour}${inZone(zone)}, solo si tienes tarjetas pendientes.`,
  declined: () => 'De acuerdo, no te pongo ningún aviso.',
  /** The zone chosen (a button or a typed name). */
  zoneSet: (zone: string) => {
    const city = zoneCity(zone);
    return city ? `🕘 Hecho: desde ahora uso la hora de ${city}.` : '🕘 Hecho: desde ahora uso esa hora.';
  },
  /** A typed zone the runtime does not know. */
  zoneUnknown: (typed: string) => `No conozco la zona «${typed}». Escríbela como Continente/Ciudad, por ejemplo Europe/Madrid o America/Bogota.`,
  gone: () => 'Esa propuesta ya no está vigente. Pídemelo otra vez, por ejemplo «recuérdame repasar cada día a las 9».',
});
