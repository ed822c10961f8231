/**
 * `cuaderno repaso [--ahora ISO] [--json]` (cards due at that instant) and
 * `cuaderno calificar <id> <otra|dificil|bien|facil> [--ahora ISO] [--json]` (one FSRS answer):
 * the same review service the bot's /repasar uses, on the notebook in CUADERNO_DATA_DIR.
 */
import type { CliIO } from './common.js';
import type { Config } from '../config.js';
import { openNotebook } from '../store/index.js';
import { GRADE_WORDS, STATE_NAMES, gradeFromWord } from '../domain/review/fsrs.js';
import { createReviewService } from '../domain/review/service.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';
import { CLI_LINES } from '../strings/console.js';
import { MISUSE } from '../strings/cli.js';

const REPASO_USAGE = 'repaso [--ahora ISO] [--json]';
const CALIFICAR_USAGE = `calificar <id> <${Object.values(GRADE_WORDS).join('|')}> [--ahora ISO] [--json]`;
const FLAGS = { ahora: { type: 'string' }, json: { type: 'boolean' } } as const;

/** `--ahora` as a date: an ISO 8601 date-time with a zone (Z or ±hh:mm), else misuse. */
function instant(raw: string | undefined, usage: string): Date {
  if (raw === undefined) return new Date();
  const m = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(raw);
  // Date.parse rolls 2026-02-30 over to March: check the calendar day exists.
  const ok = m !== null && new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)).getUTCDate() === +m[3]! && +m[2]! >= 1 && +m[2]! <= 12;
  if (!ok) throw new CliMisuse(MISUSE.withUsage(MISUSE.badInstant(raw), usage));
  return new Date(raw);
}

async function service(config: Readonly<Config>) {
  const nb = await openNotebook(config.dataDir, { prices: config.prices, keysDir: config.keysDir });
  return createReviewService({ deck: nb.cards, store: nb.reviews, ...config.review });
}

export async function runRepaso(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, FLAGS, REPASO_USAGE);
    if (positionals.length) throw new CliMisuse(`Argumento inesperado: ${positionals[0]}\nUso: npm run -s cuaderno -- ${REPASO_USAGE}`);
    const due = await (await service(config)).due(instant(values.ahora, REPASO_USAGE));
    const rows = due.map((d) => ({ id: d.card.id, id_nota: d.card.id_nota, semana: d.card.semana ?? null, pregunta: d.card.pregunta, respuesta: d.card.respuesta, vence: d.fsrs.due }));
    if (values.json) io.stdout.write(`${JSON.stringify(rows)}\n`);
    else if (rows.length === 0) io.stdout.write(`${CLI_LINES.nothingDue}\n`);
    else io.stdout.write(rows.map((r) => `${String(r.id).padStart(3)}  (nota ${r.id_nota})  ${r.pregunta}\n     → ${r.respuesta}`).join('\n') + '\n');
    return EXIT.ok;
  });
}

export async function runCalificar(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, FLAGS, CALIFICAR_USAGE);
    const [idRaw, word, extra] = positionals;
    if (idRaw === undefined || word === undefined || extra !== undefined) throw new CliMisuse(MISUSE.usageOnly(CALIFICAR_USAGE));
    const id = Number(idRaw);
    if (!Number.isSafeInteger(id) || id <= 0) throw new CliMisuse(MISUSE.withUsage(MISUSE.notCardId(idRaw), CALIFICAR_USAGE));
    const grade = gradeFromWord(word);
    if (grade === undefined) throw new CliMisuse(MISUSE.unknownGrade(word, Object.values(GRADE_WORDS)));
    const now = instant(values.ahora, CALIFICAR_USAGE);
    const result = await (await service(config)).rate(id, grade, now);
    if (result.kind !== 'applied') throw new CliMisuse(MISUSE.noCard(id));
    const s = result.entry.despues;
    const out = { id, vence: s.due, estabilidad: s.stability, dificultad: s.difficulty, estado: STATE_NAMES[s.state], repeticiones: s.reps, fallos: s.lapses };
    if (values.json) io.stdout.write(`${JSON.stringify(out)}\n`);
    else io.stdout.write(`${CLI_LINES.rated(id, out.estado, out.vence, out.estabilidad, out.dificultad)}\n`);
    return EXIT.ok;
  });
}
