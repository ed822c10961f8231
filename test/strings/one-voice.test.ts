/**
 * One voice (docs/design.md §36): walks EVERY string exported by src/strings/ — constants, arrays,
 * objects and functions called with sample arguments — and fails on words a person must never
 * read: tool names, file paths and extensions, environment variables, engine codenames, English,
 * and usted forms. What only the model reads (strings/model.ts and strings/tool-descriptions.ts: it
 * needs the tool ids and their argument names) and what the person running the bot reads
 * (strings/console.ts, cli.ts and log.ts: the setting, flag or state file to fix is the point of
 * those lines) are walked too, for usted and English only.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as strings from '../../src/strings/index.js';
import type { Card, UsageMonth } from '../../src/store/index.js';
import type { DryRun } from '../../src/tools/contract.js';
import { ENGLISH, INTERNAL, ownWords, USTED, voiceProblems } from '../support/voice.js';

/** A note's own words are data: the sample arguments are neutral Spanish, so what fails is the template. */
const WORD = 'el cubismo';
const MONTH: UsageMonth = { billedUsd: 0.0123, billedTokens: 4200, estimatedTokens: 1600, modelNotes: { rows: 1, usd: 0.001 } };
const PREVIEW: DryRun = { summary: 'Haría la portada de la semana 3', writes: ['la portada'], estimateS: 3, cached: false, problems: ['falta algo'] };
const CARD = { id: 5, pregunta: '¿Qué es el cubismo?', respuesta: 'Un movimiento', id_nota: 3 } as unknown as Card;

/** Arguments for functions whose parameters are not plain words or numbers. */
const SAMPLES: Record<string, unknown[][]> = {
  'chat.S.statusBudget': [[1.5, 5], [6, 5]],
  'notes.sourceLabel': [[{ archivo: 'apuntes.pdf', pagina: 3 }], [{ archivo: 'apuntes.docx', pagina: null }], [undefined]],
  'notes.NOTES.header': [[13, 1, 2], [5, 1, 1, 'Semana 5 · Narración']],
  'notes.NOTES.weekHead': [['Semana 5 · Narración'], [null]],
  'notes.NOTES.line': [[29, 'La narración cuenta hechos…'], [3, 'Una escala mayor sigue…', true]],
  'notes.NOTES.hint': [[false], [true]],
  'notes.NOTES.noteHead': [[29, 'narración', 'Semana 5 · Narración', 'apuntes.pdf, página 3'], [3, 'general', null, undefined]],
  'notes.NOTES.moved': [[29, 'Semana 3 · Historia del arte', 2], [29, null, 0], [4, 'Semana 1', 1]],
  'notes.NOTES.alreadyThere': [[29, 'Semana 3 · Historia del arte'], [29, null]],
  'agent.CHECKPOINT.badVersion': [['el archivo de la ejecución', 9, [3]], ['el archivo de la ejecución', 7, [1, 2]]],
  'study.QUIZ_STEMS.called': [[true], [false]],
  'study.QUIZ_STEMS.statement': [[true], [false]],
  'study.CARD_QUESTIONS.formula': [['de la entropía', ''], ['de la entropía', 'a presión constante']],
  'cards.PROPOSAL.tally': [[3, 1, 1], [0, 0, 2]],
  'decisions.DECISION.refused': [['ya_decidida'], ['desconocida']],
  'cards.PROPOSAL.saved': [[4, 3, 1, 1], [0, 0, 0, 2], [1, 1, 0, 0]],
  'cards.editProblem': [[{ kind: 'vacia' }], [{ kind: 'delata_propia' }], [{ kind: 'delata_otra', respuesta: WORD }], [{ kind: 'la_delatan', pregunta: '¿Qué es?' }], [{ kind: 'repetida', respuesta: WORD }], [{ kind: 'hueco' }]],
  'chat.S.budgetSpent': [[5, 5]],
  'chat.S.spend': [[MONTH, 5], [{ ...MONTH, billedUsd: 6 }, 5]],
  'chat.wordsInWords': [[11_000], [1], [40], [0]],
  'chat.wordsOfTokens': [[11_000], [1], [0]],
  'agent.AGENT.stopBudget': [[12_000, 3_000, 60_000]],
  'model.reasonsForPrompt': [[[{ tool: 'narrar_resumen', semana: 4, motivo: 'mejor con mi voz', fecha: '2026-12-01T10:00:00.000Z' }]], [[]]],
  'tools.callInWords': [['crear_tarjetas', { id_nota: 5 }], ['generar_portada', { semana: 3 }], ['narrar_resumen', {}], ['buscar_notas', undefined]],
  'tools.stageOfNote': [['Crear tarjetas', 5]],
  'agent.AGENT.rejectedWhy': [['hoy no quiero audio']],
  'chat.S.runCost': [[MONTH], [{ billedUsd: 0, billedTokens: 0, estimatedTokens: 1600, modelNotes: { rows: 0, usd: 0 } }], [{ billedUsd: 0, billedTokens: 0, estimatedTokens: 0, modelNotes: { rows: 0, usd: 0 } }]],
  'chat.S.cancelledFinished': [[[]], [['Portada', 'Narración']]],
  'chat.S.pasteSaved': [[[4]], [[4, 5]]],
  'explicar.EXPLICAR.request': [[WORD, ['una línea', 'otra línea']]],
  'passages.PASSAGES.source': [[{ noteId: 12 }], [{ noteId: 12, origen: { archivo: 'apuntes del tema cinco', pagina: 2 } }]],
  'passages.PASSAGES.none': [[WORD, []], [WORD, ['el cubismo', 'la luz']], [WORD, ['a', 'b', 'c', 'd', 'e', 'f', 'g']]],
  'passages.passageMessages': [[WORD, [{ text: 'una línea', noteId: 3, tema: WORD, week: 3 }, { text: 'otra línea', noteId: 4, tema: WORD, origen: { archivo: 'apuntes', pagina: 2 } }]]],
  'chat.S.emptyWeek': [[3, 'Semana 3 · Historia del arte', ['tarjetas', 'narracion'], 'boton'], [3, 'Semana 3', ['narracion']], [3, 'Semana 3', ['tarjetas'], 'palabras']],
  'chat.S.quickText': [['p', 3], ['c', 3], ['r', 3], ['n', 3], ['v', 3], ['t', 3]],
  'chat.S.notYet': [['repaso'], ['exportar'], ['recordatorio', { hora: '09:00' }], ['recordatorio', { apagar: true }], ['recordatorio'], ['borrar_datos'], ['curso'], ['importar']],
  'erase.ERASE.done': [[{ notas: 1, tarjetas: 1, repasos: 1, semanas: 1, archivos: 1, trabajos: 1, usos: 1, auditoria: 1 }], [{ notas: 2, tarjetas: 2, repasos: 2, semanas: 2, archivos: 2, trabajos: 2, usos: 2, auditoria: 2 }], [{ notas: 0, tarjetas: 0, repasos: 0, semanas: 0, archivos: 0, trabajos: 0, usos: 0, auditoria: 0 }]],
  'chat.S.approvalWhat': [['generar_portada', 3], ['generar_portada', 3, 0], ['narrar_resumen', 3], ['crear_tarjetas', 3]],
  'chat.S.approvalCached': [[true], [false]],
  'chat.S.statusApprovals': [[0], [2]],
  'chat.S.coverCaption': [['Semana 3 · Historia del arte']],
  'chat.S.alreadySent': [['imagen', 3], ['audio', 3]],
  'repeat.REPEAT.weekHas': [[{ week: 3, title: 'Semana 3 · Historia del arte', quoted: 'portada', cover: true, episode: true, cards: 9, newSinceEpisode: 2, newSinceCards: 1 }], [{ week: 3, title: 'Semana 3', quoted: 'portada', cover: true, episode: true, cards: 2, newSinceEpisode: 0, goneSinceEpisode: 1, newSinceCards: 0 }], [{ week: 3, title: 'Semana 3', quoted: 'narracion', cover: false, episode: true, cards: 1 }]],
  'repeat.REPEAT.cardsOfNew': [[1], [4]],
  'repeat.newNotesLine': [[2, 2], [1, undefined], [0, 3], [0, 0], [0, 0, 1], [1, 1, 2]],
  'chat.S.statusTask': [[{ label: 'Portada', state: 'en_curso', attempt: 1 }], [{ label: 'Portada', state: 'pendiente', attempt: 1 }], [{ label: 'Portada', state: 'hecha', attempt: 1 }], [{ label: 'Narración', state: 'en_curso', attempt: 2 }]],
  'chat.S.statusWaits': [[{ kind: 'aprobacion', what: 'la portada de la semana 3' }], [{ kind: 'tarea', what: 'Portada' }], [{ kind: 'nada' }]],
  'agent.AGENT.usageEstimated': [[['lo leído: -5, y debía ser un número entero entre 0 y 2000000']]],
  'agent.AGENT.badUsageField': [['input_tokens', '-5', 2_000_000], ['cache_read_input_tokens', '1.5', 2_000_000]],
  'agent.REPORT.notesOfWeek': [['Semana 3', [1, 2]], ['Semana 3', []], ['Semana 3', [1, 2], true]],
  'agent.noNewCards': [[[{ note: 18, why: 'sin_ideas' }]], [[{ note: 3 }, { note: 5, why: 'pocos_terminos' }]], [[]]],
  'agent.REPORT.closestNote': [[WORD, 3], [WORD, 3, true], [WORD, undefined, undefined]],
  'agent.REPORT.cardsDone': [
    [[1, 2], [3], []], [[1, 2], [3], [1, 2]], [[1, 2], [3], [1]],
    [[1, 2, 3], [7, 8, 9], [], [{ notes: [7, 8], why: 'pocas_frases' }, { notes: [9], why: 'pocos_terminos' }], 3],
    [[1], [7], [], [{ notes: [7], why: 'ya_en_la_semana' }], 3],
  ],
  'agent.REPORT.cardsNotDoneFor': [[[7], 'la nota 7 tiene muy poco texto'], [[7, 8], 'falló']],
  'agent.REPORT.mediaDone': [['portada', 'la portada', 'maqueta'], ['narración', 'la narración', 'juguete']],
  'model.enumList': [[[1, 2, 3, 4]], [Array.from({ length: 14 }, (_, i) => i + 1)], [['juguete', 'xtts']]],
  'courseChat.COURSE_CHAT.show': [['Biología celular', [{ numero: 1, titulo: 'Célula', inicio: '2026-02-09' }, { numero: 2, titulo: 'Membrana', inicio: null }], false], ['Biología celular', [{ numero: 1, titulo: 'Célula', inicio: null }], true]],
  'courseChat.COURSE_CHAT.proposal': [['Biología celular', [{ numero: 1, titulo: 'Célula', inicio: '2026-02-09' }, { numero: 2, titulo: 'Membrana', inicio: null }]]],
  'courseChat.COURSE_CHAT.newVersion': [['Biología celular', [{ numero: 1, titulo: 'Célula', inicio: '2026-02-09' }]]],
  'courseChat.COURSE_CHAT.orphans': [[[12], 1, 0], [[3, 4], 6, 2], [[3], 0, 1]],
  'courseChat.COURSE_CHAT.dated': [[2, '2026-02-17']],
  'courseChat.COURSE_CHAT.published': [['Biología celular', 2, 1], ['Biología celular', 1, 0], ['Biología celular', 0, 0]],
  'console.COURSE_LINES.wouldOrphan': [[[13, 14], [10, 11], [3]], [[13], [], [3]], [[13], [10], []]],
  'agent.ASK.whichWeekFor': [['portada', 'del 1 al 14'], ['narracion', 'del 1 al 14']],
  'agent.CLI.approvedAnswer': [[true], [false]],
  'review.RS.nothingDue': [['hoy a las 20:00'], [undefined], [undefined, 3]],
  'review.RS.deckEmpty': [[], [3]],
  'review.RS.summary': [[3, { 1: 1, 2: 0, 3: 1, 4: 1 }, 'hoy a las 20:00'], [3, { 1: 1, 2: 0, 3: 1, 4: 1 }, undefined], [1, { 1: 1, 2: 0, 3: 0, 4: 0 }, 'hoy a las 20:00', 6, 1, 50_000]],
  'review.RS.stillDue': [[1], [6, 1, 50_000], [6, 2, 590_000], [0, 1, 50_000], [0, 2, 590_000]],
  'review.RS.endedNoneRated': [[3], [0, 2, 590_000]],
  'review.RS.rating': [[3, '1 d']],
  'review.RS.rated': [[3, '1 d']],
  'review.RS.reminderStatus': [['20:00', 'Europe/Madrid'], ['20:00', 'UTC'], [null, 'Madrid']],
  'review.RS.reminderOn': [['20:00', 'Europe/Madrid'], ['20:00', 'Etc/UTC'], ['20:00', 'America/Argentina/Buenos_Aires']],
  'review.zoneLabel': [['UTC'], ['Europe/Madrid'], ['GMT']],
  'review.RS.deckWeek': [[3, WORD], [undefined, undefined]],
  'review.RS.deckNote': [[4, 'Enunciado de Clausius'], [4]],
  'review.RS.cardHeader': [[5, 3, 2], [5, undefined, 2]],
  'review.weekCardsMessages': [[[CARD]]],
  'review.whenLabel': [[new Date('2026-11-30T20:00:00Z'), new Date('2026-11-30T10:00:00Z'), 'Europe/Madrid']],
  'review.intervalLabel': [[60_000], [3_600_000 * 5], [86_400_000 * 3], [86_400_000 * 800]],
  // Model-facing renderers (reasons the tools write for the model) as the owner then reads them.
  'agent.forOwner': OWNER_REASONS(),
  'agent.ownerReason': OWNER_REASONS(),
  'agent.plainWords': OWNER_REASONS(),
  'agent.AGENT.notDone': [['narrar_resumen', `falló (La herramienta narrar_resumen falló: ${strings.model.MEDIA.xttsNotConfigured})`], ['generar_portada', 'no aprobado, no se ejecutó']],
  'model.S.wrongType': [['semana', 'tres', 'integer']],
  'model.S.outOfEnum': [['motor', 'x', ['juguete', 'xtts']]],
  'model.S.invalidArgs': [['generar_portada', ['falta el campo obligatorio "semana"']], ['generar_portada', ['a', 'b']]],
  'model.S.unknownTool': [['borrar_todo', ['buscar_notas']]],
  'model.S.rejected': [['generar_portada', { reason: 'rechazado', note: 'no me gusta' }], ['generar_portada', { reason: 'expirado' }], ['generar_portada', { reason: 'cancelado' }]],
  'model.S.changedArgsInvalid': [['generar_portada', ['x']]],
  'model.S.dryRun': [['generar_portada', PREVIEW]],
  'model.S.genericPreview': [['buscar_notas', { consulta: WORD }]],
  'model.S.approvalPrompt': [['generar_portada', { semana: 3 }, PREVIEW, ['1) con la voz sintética']], ['generar_portada', { semana: 3 }, { ...PREVIEW, engine: 'maqueta', lane: 'cpu' }]],
  'model.previewFields': [[PREVIEW]],
  'chat.S.progressEta': [[1], [42], [75], [600]],
  'chat.S.approvalEstimate': [[1], [20], [150]],
  'chat.S.progressNothingDone': [['rehaz la portada', 'rechazado'], ['rehaz la portada', 'expirado']],
  'chat.S.summaryWorkTime': [[12, true], [12, false]],
  'chat.S.statusRunWaiting': [['prepara la semana 3', 12]],
  'chat.S.progressPaused': [['prepara la semana 3']],
  'chat.S.progressPausedForReason': [['prepara la semana 3', ['narrar el resumen de la semana']], ['prepara la semana 3', ['generar la portada de la semana', 'narrar el resumen de la semana']]],
  'tools.summaryInWords': [['buscar_notas'], ['crear_tarjetas'], ['generar_portada'], ['narrar_resumen'], ['registrar_uso']],
  'chat.S.progressEtaAfterAnswer': [[1], [42], [75], [600]],
  'chat.QUEUE.position': [[4, 120_000], [1, 5_000]],
  'console.CONFIG.invalid': [[['uno', 'dos']]],
  'console.PROBE.probeOk': [['imagen', 'http://127.0.0.1:9', 'responde PNG en base64, 1024×1024', 1200], ['voz', 'http://127.0.0.1:9', 'responde audio wav a 24000 Hz con la voz «ana»', 800]],
  'console.PROBE.probeFailed': [['imagen', 'http://127.0.0.1:9', 'unreachable', 'FLUX_URL', 'ECONNREFUSED'], ['voz', 'http://127.0.0.1:9', 'refused', 'XTTS_URL', 'HTTP 400']],
  'console.PROBE.imageHow': [['png', 'b64', 1024, 1024], ['jpeg', 'url', 512, 512], ['webp', 'data-url', 1024, 1024]],
  'reread.REREAD.list': [[[]], [[{ nombre: 'Tema5.pdf', notas: 4 }, { nombre: 'apuntes.txt', notas: 1 }]]],
  'reread.REREAD.proposal': [
    [{ nombre: 'Tema5.pdf', iguales: 1, cambiadas: 2, nuevas: 1, quitadas: 1, tuyas: 1, yaTenias: 2, semanaNuevas: 4, tarjetas: 1 }],
    [{ nombre: 'Tema5.pdf', iguales: 4, cambiadas: 0, nuevas: 0, quitadas: 0, tuyas: 2, yaTenias: 1, semanaNuevas: null, tarjetas: 0 }],
    [{ nombre: 'Tema5.pdf', iguales: 0, cambiadas: 1, nuevas: 3, quitadas: 2, tuyas: 0, yaTenias: 0, semanaNuevas: null, tarjetas: 3 }],
  ],
  'reread.REREAD.saved': [['Tema5.pdf', [14, 15], [16]], ['Tema5.pdf', [14], []], ['Tema5.pdf', [], [16, 17]]],
  'reread.REREAD.cards': [[[{ id: 2, nota: 14, motivo: 'cambiada', pregunta: '¿Qué es?', respuesta: 'Algo' }, { id: 3, nota: 16, motivo: 'quitada', pregunta: '¿Qué es?', respuesta: 'Algo' }]]],
  'reread.REREAD.cliCards': [[[{ id: 2, nota: 14, motivo: 'cambiada', pregunta: '¿Qué es?', respuesta: 'Algo' }]]],
  'console.PROBE.speechHow': [['wav', 24_000, 'ana'], ['pcm', 22_050, 'ana']],
  'model.ENGINE.imageUnavailable': [['unreachable'], ['not-found'], ['unknown-model'], ['unauthorized'], ['refused'], ['bad-answer'], ['timeout'], ['busy'], ['gpu-memory']],
  'model.ENGINE.voiceUnavailable': [['unreachable'], ['refused'], ['gpu-memory']],
  'model.ENGINE.unreadableImage': [['JPEG', 'corrupto']],
  'model.ENGINE.unknownImage': [['GIF8']],
  'model.MEDIA.critiqueFailed': [[['el título no se lee']]],
  'model.MEDIA.audioFailed': [[['hay silencio']]],
  'model.showValue': [[{ a: 1 }], ['texto']],
  'model.typeOfValue': [[1], ['x'], [null], [[1]], [1.5], [true]],
  'model.toolInWords': [['generar_portada'], ['narrar_resumen'], ['buscar_notas'], ['crear_tarjetas'], ['registrar_uso']],
  'model.choiceInWords': [['generar_portada', 'maqueta', true], ['generar_portada', 'maqueta', false], ['narrar_resumen', 'motor', 'juguete'], ['narrar_resumen', 'motor', 'xtts']],
  'tools.toolInWords': [['generar_portada'], ['narrar_resumen'], ['buscar_notas'], ['crear_tarjetas'], ['registrar_uso']],
  'material.MATERIAL.proposal': [
    [{ nombre: 'Tema 4.pdf', tipo: 'pdf', paginas: 3, semanas: [{ semana: 4, titulo: 'Música', notas: 5 }], sinSemana: 1, primeras: ['una línea\notra'] }],
    [{ nombre: 'foto', tipo: 'imagen', paginas: 1, semanas: [], sinSemana: 1, primeras: ['una línea'], borrador: 55 }],
    [{ nombre: 'foto', tipo: 'imagen', paginas: 1, semanas: [], sinSemana: 1, primeras: ['una línea'], dudosas: ['eCoSistema', '€s'] }],
    [{ nombre: 'apuntes', tipo: 'texto', paginas: null, semanas: [{ semana: 1, notas: 1 }], sinSemana: 0, primeras: ['x'.repeat(90)] }],
    ...(['etiqueta', 'fecha', 'titulo', 'mayoria', 'varias'] as const).map((kind) => [{ nombre: 'Tema5.pdf', tipo: 'pdf', paginas: 4, semanas: [{ semana: 5, notas: 6 }], sinSemana: 0, primeras: ['x'], yaTenias: 2, motivo: kind === 'etiqueta' ? { kind, etiqueta: 'Tema 5', donde: 'primera_pagina' } : kind === 'fecha' ? { kind, fecha: '8 de marzo de 2027' } : { kind } }]),
    [{ nombre: 'Tema5.pdf', tipo: 'pdf', paginas: 4, semanas: [{ semana: 5, notas: 6 }], sinSemana: 0, primeras: ['x'], yaTenias: 1, motivo: { kind: 'etiqueta', etiqueta: 'Tema5', donde: 'nombre' } }],
    [{ nombre: 'apuntes.md', tipo: 'texto', paginas: null, semanas: [{ semana: 5, notas: 6 }], sinSemana: 0, primeras: ['x'], motivo: { kind: 'encabezado', titulo: 'Segundo principio' } }],
    [{ nombre: 'Segundo_principio.txt', tipo: 'texto', paginas: null, semanas: [{ semana: 5, notas: 6 }], sinSemana: 0, primeras: ['x'], motivo: { kind: 'encabezado', titulo: 'Segundo principio', donde: 'nombre' } }],
    [{ nombre: 'Tema5_v2.pdf', tipo: 'pdf', paginas: 5, semanas: [{ semana: 5, notas: 3 }], sinSemana: 0, primeras: ['x', 'y', 'z'], yaTenias: 12, anterior: { nombre: 'Tema5.pdf', notas: 12 } }],
    [{ nombre: 'Tema5_v2.pdf', tipo: 'pdf', paginas: 5, semanas: [{ semana: 5, notas: 1 }], sinSemana: 0, primeras: ['x'], anterior: { nombre: 'Tema5.pdf', notas: 1 } }],
  ],
  'material.MATERIAL.problem': [
    [{ kind: 'demasiado_grande', bytes: 25e6 }], [{ kind: 'demasiadas_paginas', pages: 301 }], [{ kind: 'pdf_cifrado' }], [{ kind: 'pdf_roto' }],
    [{ kind: 'vacio' }], [{ kind: 'no_coincide', name: 'foto', named: 'imagen' }], [{ kind: 'no_coincide', name: 'tema', named: 'pdf' }],
    [{ kind: 'no_admitido', name: 'hoja' }], [{ kind: 'word_antiguo', name: 'tema' }], [{ kind: 'docx_roto', name: 'tema' }], [{ kind: 'ruido' }],
  ],
  'material.MATERIAL.saved': [[[4]], [[4, 5, 6]], [[4, 9]]],
  'material.MATERIAL.wordsFixed': [[2, []], [1, ['eCoSistema']], [0, ['€s', 'Parte']]],
  'tools.choiceInWords': [['generar_portada', 'maqueta', true], ['generar_portada', 'maqueta', false], ['narrar_resumen', 'motor', 'juguete'], ['narrar_resumen', 'motor', 'xtts']],
  'model.TOOL_ANSWERS.proposalRejected': [[['tarjeta 1: la pregunta o la respuesta está vacía', 'tarjeta 2: ya hay otro cloze de la misma frase (uno por frase)']]],
  'cards.problemForModel': [
    ...(['vacia', 'delata_propia', 'no_en_la_nota', 'no_es_termino', 'hueco', 'frase_ajena', 'misma_frase', 'frase_mal_leida'] as const).map((kind) => [{ kind }, 3, 6]),
    [{ kind: 'delata_otra', respuesta: WORD }, 3, 6], [{ kind: 'la_delatan', pregunta: '¿Qué es?' }, 3, 6], [{ kind: 'repetida', respuesta: WORD }, 3, 6], [{ kind: 'demasiadas', maximo: 1 }, 3, 6],
  ],
  'model.COVER_PROMPT.text': [[WORD, ['perspectiva', 'claroscuro'], 'líneas de fuga', 'azul tinta'], [WORD, [], 'líneas de fuga', 'azul tinta']],
  'cli.SIMULAR.someFinal': [[['500×2', '529×1']]],
  'cli.SIMULAR.lanes': [[null, 1, false], [4, 2, true]],
  'cli.PLAN.after': [[['T1', 'T2']]],
  'console.INDEX.snapshot': [[{ kind: 'sin_lista' }], [{ kind: 'repetida', word: 'luz' }], [{ kind: 'incompleta', word: 'luz' }], [{ kind: 'no_cuadra', word: 'luz' }]],
  'console.STORE_PROBLEMS.origin': [[4, 'otro', ['facturado', 'estimado']]],
  'console.STORE_PROBLEMS.noPrice': [['gpt-5', ['claude-sonnet-5-5']]],
  'console.STORE_PROBLEMS.reviewEntry': [[2, ['1', '2', '3', '4']]],
  'agent.CHECKPOINT.wrongFields': [[['task', 'turns']]],
  'toolDescriptions.COURSE_PROMPT.week': [[3, 'Historia del arte', false, ['perspectiva', 'claroscuro']], [4, 'Repaso', true, []], [5, 'Música', false, []]],
  'cli.PLAN.order': [[['T1', 'T2', 'T3']]],
  'cli.PLAN.criticalPath': [[['T1', 'T3'], '23 s']],
  'cli.PLAN.turnCritical': [[['notas.busqueda', 'portada.imagen'], '12,0 s']],
  'cli.MISUSE.unknownGrade': [['fatal', ['otra vez', 'difícil', 'bien', 'fácil']]],
  'console.SETTINGS.crashAfter': [[['tras-llamada', 'tras-escritura'], 'x:0']],
  'console.SCRIPT.invalid': [['guion.txt', ['respuesta 1: no es un objeto', 'respuesta 2: falta "stop_reason"']]],
  'console.SCRIPT.unused': [[[2, 3]]],
  'console.WORKER.engines': [[['maqueta', 'xtts'], 'otro', 'Uso: trabajador --carril gpu']],
  'console.WORKER.engineOneOf': [[['maqueta', 'flux'], '"otro"']],
  'log.FAULT.toolShape': [['una_herramienta', ['strict debe ser true', 'todas las propiedades deben ser obligatorias']]],
};

/**
 * Everything the media tools tell the model (model.MEDIA, with engine-shaped arguments), each as a
 * tool failure: the owner reads it through forOwner / ownerReason.
 */
function OWNER_REASONS(): unknown[][] {
  const M = strings.model.MEDIA;
  const texts = [
    M.fluxNotConfigured, M.xttsNotConfigured,
    M.unreachable('xtts', 'http://127.0.0.1:9', 'XTTS_URL', 'motor:"juguete"'),
    M.unreachable('flux', 'http://127.0.0.1:9', 'FLUX_URL', 'maqueta:true'),
    M.notImplemented('flux', 'http://127.0.0.1:9', 'maqueta:true'), M.rateLimited('flux', 3), M.serverError('xtts', 500),
    M.overloaded('flux'), M.gpuOom('xtts'), M.timeout('flux', 30_000), M.network('xtts', 'ECONNRESET'),
    M.badRequest('flux', 400, 'bad size'), M.unauthorized('xtts', 401), M.badResponse('flux', 'no es PNG'),
    M.consentMissing('/srv/datos/consentimiento.json', 'no existe el registro de consentimiento'), M.consentExpired('2026-01-01'),
    M.critiqueFailed(['el título no se lee']), M.audioFailed(['hay silencio']), M.noNotes(3), M.ttsFailed('sin memoria'),
    M.coverDry(3, 'maqueta', 'cpu'), M.coverDry(3, 'maqueta', 'cpu', 0), M.narrationDry(3, 'xtts', 'gpu'),
    strings.model.ENGINE.imageUnavailable('not-found'), strings.model.ENGINE.voiceUnavailable('refused'),
  ];
  return texts.flatMap((t) => [[`falló (La herramienta narrar_resumen falló: ${t})`], [t]]);
}

/** Every string reachable from `value`, with where it came from. */
function* walk(value: unknown, where: string, depth = 0): Generator<[string, string]> {
  if (depth > 6) return;
  if (typeof value === 'string') yield [where, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${where}[${i}]`, depth + 1);
  else if (typeof value === 'function') {
    const given = SAMPLES[where];
    const argsList = given ?? defaultArgs(value as (...a: unknown[]) => unknown);
    let called = 0;
    for (const args of argsList) {
      let out: unknown;
      try {
        out = (value as (...a: unknown[]) => unknown)(...args);
      } catch (e) {
        // Plain guesses may not fit (a word where a number is meant); given samples must.
        if (!given) continue;
        throw new Error(`${where}(${JSON.stringify(args)}) threw (${(e as Error).message})`, { cause: e });
      }
      called++;
      yield* walk(out, `${where}(${args.map((a) => JSON.stringify(a)).join(', ')})`, depth + 1);
    }
    if (called === 0) throw new Error(`${where}: no sample arguments fit; give it some in SAMPLES`);
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) yield* walk(v, where ? `${where}.${k}` : k, depth + 1);
  }
}

/** Plain parameters: numbers where a number reads naturally, else a neutral word. */
function defaultArgs(fn: (...a: unknown[]) => unknown): unknown[][] {
  const n = fn.length;
  if (n === 0) return [[]];
  return [Array(n).fill(3), Array(n).fill(WORD)];
}

const all = [...walk(strings, '')];
/** Not the owner's chat: the model's tool results and descriptions, and the console and CLI of whoever runs the bot. */
const isModelFacing = (where: string) => ['model.', 'toolDescriptions.', 'console.', 'cli.', 'log.'].some((surface) => where.startsWith(surface));

describe('one voice: every string in src/strings/', () => {
  it('walks hundreds of strings from every surface', () => {
    for (const surface of ['chat.', 'review.', 'agent.', 'tools.', 'model.', 'server.', 'console.']) expect(all.some(([w]) => w.startsWith(surface)), surface).toBe(true);
    expect(all.length).toBeGreaterThan(300);
  });

  it('names no tool, path, environment variable or engine where a person reads it', () => {
    const found: string[] = [];
    for (const [where, text] of all) {
      if (isModelFacing(where)) continue;
      for (const [what, re] of INTERNAL) {
        const m = re.exec(ownWords(text));
        if (m) found.push(`${where}: ${what} «${m[0]}» in: ${text}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('says tú, in Spanish, everywhere (the model too)', () => {
    const found: string[] = [];
    for (const [where, text] of all) {
      const own = ownWords(text);
      const u = USTED.exec(own);
      if (u) found.push(`${where}: usted «${u[0]}» in: ${text}`);
      const e = isModelFacing(where) ? /\b(the|please|failed|fetch|engine|mockup|toy|week|notes|cover|download)\b/i.exec(own) : ENGLISH.exec(own);
      if (e) found.push(`${where}: English «${e[0]}» in: ${text}`);
    }
    expect(found).toEqual([]);
  });

  it('fails on what it is meant to catch (the checks can fail)', () => {
    const bad = ['Use motor:"juguete"', 'sube PRESUPUESTO_MENSUAL_USD', 'portadas/semana_03.png', 'Prompt de portada', 'abra el chat en su navegador', 'Failed to fetch', 'a las 9 (hora de UTC)', 'el README explica cómo', 'Repase estas ideas con sus tarjetas'];
    const caught = bad.map((t) => INTERNAL.some(([, re]) => re.test(ownWords(t))) || USTED.test(ownWords(t)) || ENGLISH.test(ownWords(t)));
    expect(caught).toEqual(bad.map(() => true));
    expect(ownWords('Ya estoy con «prepare la semana 3»')).not.toMatch(USTED);
  });
});

describe('one voice in what the student hears', () => {
  it('the narration script\'s own sentences say tú, in plain Spanish (issue 28: it ended in usted)', () => {
    const N = strings.narration.NARRATION;
    const problems = [N.closing, N.padding, ...N.leads, strings.model.MEDIA.disclosure].flatMap((t) => voiceProblems(t).map((p) => `${p} in: ${t}`));
    expect(problems).toEqual([]);
  });
});

describe('one voice in docs/chat.md', () => {
  it('the session transcript quotes the bot in tú, without internal names', () => {
    const doc = readFileSync('docs/chat.md', 'utf8');
    const session = doc.slice(doc.indexOf('## Una sesión'), doc.indexOf('### Cambiar antes de aprobar'));
    const botLines = session.split('\n').filter((l) => l.startsWith('> ') && !l.startsWith('> **Ana:**')).map((l) => l.replace(/^> (\*\*Cuaderno Vivo\*\*)?/, '').replace(/\*\([^)]*\)\*/g, ''));
    expect(botLines.length).toBeGreaterThan(60);
    expect(botLines.flatMap((l) => voiceProblems(l).map((p) => `${p} in: ${l}`))).toEqual([]);
  });
});
