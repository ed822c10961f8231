/**
 * Anki's collection schema (version 11, what `.apkg` files carry as `collection.anki2`) and the
 * JSON of its `col` row: one note type with two fields and one template, the deck "Cuaderno Vivo".
 * Field names and formats follow Anki's own legacy schema (rslib/src/storage/schema11.sql).
 */
export const SCHEMA_SQL = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null,
  dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null,
  tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null,
  usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null,
  factor integer not null, reps integer not null, lapses integer not null, left integer not null, odue integer not null,
  odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null,
  lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;

export const DECK_NAME = 'Cuaderno Vivo';
export const FIELD_NAMES = ['Pregunta', 'Respuesta'] as const;
/** Anki's legacy collections always hold the "Default" deck (id 1) and its options group (id 1). */
const DEFAULT_DECK_ID = 1;

function deck(id: number, name: string, modS: number) {
  return {
    id, name, mod: modS, usn: -1, lrnToday: [0, 0], revToday: [0, 0], newToday: [0, 0], timeToday: [0, 0],
    collapsed: false, browserCollapsed: false, desc: '', dyn: 0, conf: 1, extendNew: 0, extendRev: 0,
  };
}

/** The JSON columns of the `col` row for one note type `modelId` and one deck `deckId`. */
export function colJson(modelId: number, deckId: number, modS: number, nextPos: number, deckName = DECK_NAME, subdecks: ReadonlyArray<{ id: number; name: string }> = []) {
  const field = (name: string, ord: number) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] });
  const models = {
    [modelId]: {
      id: modelId, name: 'Cuaderno Vivo (pregunta y respuesta)', type: 0, mod: modS, usn: -1, sortf: 0, did: deckId,
      tmpls: [{ name: 'Tarjeta 1', ord: 0, qfmt: `{{${FIELD_NAMES[0]}}}`, afmt: `{{FrontSide}}<hr id=answer>{{${FIELD_NAMES[1]}}}`, bqfmt: '', bafmt: '', did: null, bfont: '', bsize: 0 }],
      flds: FIELD_NAMES.map(field),
      css: '.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }',
      latexPre: '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
      latexPost: '\\end{document}', latexsvg: false, req: [[0, 'any', [0]]], tags: [], vers: [],
    },
  };
  const decks = {
    [DEFAULT_DECK_ID]: deck(DEFAULT_DECK_ID, 'Default', modS),
    [deckId]: deck(deckId, deckName, modS),
    // Anki nests a deck under another by its name: "Biología celular::Semana 3 · Mitosis".
    ...Object.fromEntries(subdecks.map((d) => [d.id, deck(d.id, `${deckName}::${d.name}`, modS)])),
  };
  const dconf = {
    1: {
      id: 1, name: 'Default', mod: 0, usn: 0, maxTaken: 60, autoplay: true, timer: 0, replayq: true, dyn: false,
      new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
      lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
      rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
    },
  };
  const conf = {
    activeDecks: [deckId], curDeck: deckId, newSpread: 0, collapseTime: 1200, timeLim: 0, estTimes: true, dueCounts: true,
    curModel: modelId, nextPos, sortType: 'noteFld', sortBackwards: false, addToCur: true,
  };
  return { conf, models, decks, dconf };
}
