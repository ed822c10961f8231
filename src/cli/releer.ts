/**
 * `cuaderno releer [DOCUMENTO | ARCHIVO] [--aprobar] [--json]` and
 * `cuaderno releer --tarjeta ID (--conservar | --borrar)` (issue 43 §7): the chat's «leer de nuevo».
 *
 * - No argument: the documents imported, with their notes.
 * - A path to a file: the import with those bytes (or that file's name) is read again from it.
 * - Words («tema 5», «Tema5.pdf»): the one document they name, from the file kept since its import (or
 *   its own text); one imported before files were kept needs its path (exit 1, the sentence says so).
 * Without --aprobar it prints what would change and changes nothing; --aprobar saves it (one commit,
 * domain/material/reread.ts) and lists the cards of changed passages, to keep or delete with --tarjeta.
 * --json prints `{"iguales": [ids], "cambiadas": [ids], "nuevas": [ids], "quitadas": [ids],
 * "tarjetas_a_revisar": [ids], "guardado": bool}`.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CliIO } from './common.js';
import { openNotebook } from '../store/index.js';
import { REREAD, type CardLine } from '../strings/reread.js';
import { MaterialError } from '../domain/material/errors.js';
import { createImports } from '../domain/material/imports.js';
import { createTesseractOcr } from '../domain/material/ocr.js';
import { createRereads, rereadView, type RereadRecord, type Rereads } from '../domain/material/reread.js';
import { documentsNamed } from '../domain/material/which-document.js';
import { readCourse } from '../tools/index.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';

const misuse = (message: string) => new CliMisuse(`${message}\nUso: npm run -s cuaderno -- ${REREAD.cliUsage}`);

const isFile = (p: string) => stat(p).then((s) => s.isFile(), () => false);

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, { aprobar: { type: 'boolean' }, json: { type: 'boolean' }, tarjeta: { type: 'string' }, conservar: { type: 'boolean' }, borrar: { type: 'boolean' } }, REREAD.cliUsage);
    if (values.tarjeta === undefined && (values.conservar || values.borrar)) throw misuse(REREAD.cliKeepOrDelete);
    const notebook = await openNotebook(config.dataDir, { prices: config.prices, keysDir: config.keysDir });
    const ocr = createTesseractOcr();
    try {
      const course = await readCourse(notebook);
      const imports = createImports({ dataDir: config.dataDir, notes: notebook.notes, ocr, course: async () => course, audit: notebook.audit });
      const rereads = createRereads({ dataDir: config.dataDir, imports, notes: notebook.notes, cards: notebook.cards, audit: notebook.audit, course: async () => course, ocr });
      // A re-read a killed process committed: finished before anything else reads the notes.
      await rereads.finishPending();
      if (values.tarjeta !== undefined) return await decide(rereads, values.tarjeta, values, io);
      if (positionals.length === 0) {
        const docs = await rereads.documents();
        io.stdout.write(`${values.json ? JSON.stringify(docs.map((d) => ({ nombre: d.record.nombre, notas: d.notas }))) : REREAD.list(docs.map((d) => ({ nombre: d.record.nombre, notas: d.notas })))}\n`);
        return EXIT.ok;
      }
      const asked = positionals.join(' ');
      let record: RereadRecord | string;
      try {
        record = await proposed(rereads, asked);
      } catch (e) {
        if (e instanceof MaterialError) throw new CliMisuse(e.message);
        throw e;
      }
      if (typeof record === 'string') {
        io.stderr.write(`${record}\n`);
        return EXIT.failed;
      }
      const touched = new Set([...record.plan!.cambiadas, ...record.plan!.quitadas].map((x) => x.id));
      const cards = (await notebook.cards.list()).filter((c) => touched.has(c.id_nota));
      const view = REREAD.proposal(rereadView(record, cards.length));
      if (!values.aprobar) {
        // A dry run leaves nothing behind.
        await rereads.discard(record.clave);
        return out(io, values.json, record, false, `${view}\n\n${REREAD.cliDryRun}`, cards.map((c) => c.id));
      }
      const done = await rereads.save(record.clave);
      if (!done) throw new CliMisuse(REREAD.gone);
      const deck = new Map((await notebook.cards.list()).map((c) => [c.id, c]));
      const lines: CardLine[] = (done.tarjetas ?? []).flatMap((t) => (deck.has(t.id) ? [{ ...t, pregunta: deck.get(t.id)!.pregunta, respuesta: deck.get(t.id)!.respuesta }] : []));
      const text = [view, '', REREAD.saved(done.nombre, done.plan!.cambiadas.map((x) => x.id), done.anadidas ?? []), ...(lines.length ? ['', REREAD.cliCards(lines)] : [])].join('\n');
      return out(io, values.json, done, true, text, (done.tarjetas ?? []).map((t) => t.id));
    } finally {
      await ocr.close();
    }
  });
}

/** The pending re-read of what `asked` names (a file's path, or words), or the sentence saying why not. */
async function proposed(rereads: Rereads, asked: string): Promise<RereadRecord | string> {
  if (await isFile(asked)) {
    const r = await rereads.startWith(path.basename(asked), new Uint8Array(await readFile(asked)));
    return r ?? REREAD.notFound(path.basename(asked));
  }
  const docs = await rereads.documents();
  const named = documentsNamed(asked, docs.map((d) => d.record));
  if (named.length !== 1) {
    const list = REREAD.list((named.length ? named.map((i) => docs[i]!) : docs).map((d) => ({ nombre: d.record.nombre, notas: d.notas })));
    return `${named.length ? REREAD.which : REREAD.notFound(asked)}\n${list}`;
  }
  const got = await rereads.start(docs[named[0]!]!.record.clave);
  if (!got) return REREAD.gone;
  if (got.kind === 'grupo_fotos') return REREAD.photoGroup(got.nombre);
  if (got.kind === 'falta_archivo') {
    // The terminal gives the file by its path: no re-read is left waiting for one.
    await rereads.discard(got.record.clave);
    return REREAD.cliNeedFile(got.record.nombre);
  }
  return got.record;
}

function out(io: CliIO, json: boolean | undefined, r: RereadRecord, saved: boolean, text: string, toReview: readonly number[]): number {
  const p = r.plan!;
  if (json) {
    io.stdout.write(`${JSON.stringify({ iguales: p.iguales.map((x) => x.id), cambiadas: p.cambiadas.map((x) => x.id), nuevas: r.anadidas ?? [], quitadas: p.quitadas.map((x) => x.id), tarjetas_a_revisar: toReview, guardado: saved })}\n`);
  } else io.stdout.write(`${text}\n`);
  return EXIT.ok;
}

/** `--tarjeta ID --conservar | --borrar`: the word on a card offered after a re-read. */
async function decide(rereads: Rereads, id: string, v: { conservar?: boolean | undefined; borrar?: boolean | undefined; json?: boolean | undefined }, io: CliIO): Promise<number> {
  if (v.conservar === v.borrar) throw misuse(REREAD.cliKeepOrDelete);
  const card = /^[1-9]\d{0,8}$/.test(id) ? Number(id) : undefined;
  const r = card === undefined ? undefined : (await rereads.all()).find((x) => x.estado === 'revisar' && (x.tarjetas ?? []).some((t) => t.id === card));
  if (!r || card === undefined) throw new CliMisuse(REREAD.cliNoSuchCard(id));
  const got = await rereads.decide(r.clave, card, v.conservar === true);
  if (!got?.decided) throw new CliMisuse(REREAD.cliNoSuchCard(id));
  io.stdout.write(`${v.json ? JSON.stringify({ tarjeta: card, conservada: v.conservar === true }) : v.conservar ? REREAD.kept(card) : REREAD.removed(card)}\n`);
  return EXIT.ok;
}
