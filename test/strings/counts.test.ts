/**
 * A number in a sentence reads right at one: «1 tarjeta», «un segundo», never «1 tarjetas» or
 * «unos 1 s». Each case here is one a template got wrong (the owner saw «unos 1 s más» and
 * «7 tarjetas y 1 repasos»), asserted at 1 and at a number above it.
 */
import { describe, expect, it } from 'vitest';
import { S } from '../../src/strings/chat.js';
import { RS } from '../../src/strings/review.js';
import { AUDIT, CLI_LINES, CONFIG, INDEX, START } from '../../src/strings/console.js';
import { REPORT } from '../../src/strings/agent.js';

describe('durations in words', () => {
  it('one second or one minute is said as one, with the verb in the singular', () => {
    expect(S.progressEtaAfterAnswer(1)).toBe('⏱ Cuando respondas: un segundo más');
    expect(S.progressEtaAfterAnswer(42)).toBe('⏱ Cuando respondas: unos 42 s más');
    expect(S.progressEtaAfterAnswer(75)).toBe('⏱ Cuando respondas: un minuto más');
    expect(S.progressEtaAfterAnswer(600)).toBe('⏱ Cuando respondas: unos 10 min más');
    expect(S.progressEta(1)).toMatch(/^⏱ Queda un segundo de trabajo/);
    expect(S.progressEta(75)).toMatch(/^⏱ Queda un minuto de trabajo/);
    expect(S.progressEta(42)).toMatch(/^⏱ Quedan unos 42 s de trabajo/);
    expect(S.approvalEstimate(1)).toBe('• Tardará un segundo');
    expect(S.approvalEstimate(20)).toBe('• Tardará unos 20 s');
    expect(S.approvalEstimate(150)).toBe('• Tardará unos 3 min');
  });
});

describe('counts with their noun', () => {
  it('the Anki export, in the chat and in the console', () => {
    expect(RS.exportCaption(7, 1)).toMatch(/^Tu mazo para Anki: 7 tarjetas y 1 repaso\. /);
    expect(RS.exportCaption(1, 0)).toMatch(/^Tu mazo para Anki: 1 tarjeta y 0 repasos\. /);
    expect(CLI_LINES.exported('mazo.apkg', 1, 1)).toBe('Mazo exportado a mazo.apkg: 1 tarjeta y 1 repaso.');
    expect(CLI_LINES.exported('mazo.apkg', 6, 5)).toBe('Mazo exportado a mazo.apkg: 6 tarjetas y 5 repasos.');
  });

  it('what is left after a review: due now, and apart what comes back within minutes', () => {
    expect(RS.stillDue(1)).toBe('Te queda 1 tarjeta para repasar ahora; sigue cuando quieras con /repasar.');
    expect(RS.stillDue(6, 1, 50_000)).toBe('Te quedan 6 tarjetas para repasar ahora, y 1 más vuelve en 1 min; sigue cuando quieras con /repasar.');
    expect(RS.stillDue(0, 1, 50_000)).toBe('Ahora no te queda ninguna; 1 tarjeta vuelve en 1 min: repásala entonces con /repasar.');
    expect(RS.stillDue(0, 2, 9 * 60_000 + 1)).toBe('Ahora no te queda ninguna; 2 tarjetas vuelven en los próximos 10 min: repásalas entonces con /repasar.');
  });

  it('the console lines of the audit log, usage, the scripted model and the search index', () => {
    expect(AUDIT.intact(1, 1)).toBe('Registro íntegro: 1 línea, 1 llamada.');
    expect(AUDIT.intact(4, 2)).toBe('Registro íntegro: 4 líneas, 2 llamadas.');
    expect(AUDIT.damaged(1, 'auditoria.jsonl', 1)).toBe('1 problema en auditoria.jsonl (1 línea).');
    expect(AUDIT.quarantined(1, 'x.cuarentena')).toBe('1 fragmento cortado apartado en x.cuarentena');
    expect(AUDIT.quarantined(2, 'x.cuarentena')).toBe('2 fragmentos cortados apartados en x.cuarentena');
    expect(AUDIT.emptied(1)).toMatch(/^el registro no tiene la única entrada firmada que tenía/);
    expect(AUDIT.legacyOnly(1)).toMatch(/^la única línea es de un registro antiguo sin cadena, aceptada como prefijo/);
    expect(AUDIT.legacyPrefix(1)).toMatch(/^línea 1: registro antiguo/);
    expect(CLI_LINES.usageTotal('0', 1)).toBe('Total: 0 USD facturados (1 fila)');
    expect(CLI_LINES.usageModelNotes(1, '0.6')).toMatch(/ 0\.6 USD en 1 fila \(solo/);
    expect(CONFIG.scriptShort('guion', 1, 2)).toMatch(/tiene 1 respuesta y se pidió la número 2/);
    expect(START.classMigrated(1)).toMatch(/\(1 elemento movido\)\.$/);
    expect(INDEX.rebuilt('notas.idx', 'estaba dañado', 1)).toMatch(/lo he rehecho a partir de la única nota\.$/);
  });

  it('the report of cards a run made or found already made', () => {
    expect(REPORT.cardsDone([4], [7], [4])).toBe('Tarjetas: la de la nota 7 ya estaba en el mazo (número 4); no se duplicó.');
    expect(REPORT.cardsDone([4, 5], [7], [4])).toBe('Tarjetas: 1 nueva y 1 que ya estaba en el mazo (números 4, 5) de la nota 7.');
  });
});
