/**
 * The callback registry (bot/callbacks.ts) as a table: every button the keyboards make is of a
 * declared kind; every kind reads back what it writes and nothing another kind writes; old versions
 * still read; and no `callback_data` is written anywhere in src/ but through the registry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'grammy';
import type { InlineKeyboardMarkup, MessageEntity } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { CALLBACK_DATA_MAX_BYTES, CALLBACKS, decodeCallback, type CallbackKindName } from '../../src/bot/callbacks.js';
import { proposalKeyboard as cardsKeyboard } from '../../src/bot/card-proposals.js';
import { COMMAND_ROLES, commandOf } from '../../src/bot/gate.js';
import { confirmDeleteKeyboard, orphanKeyboard, proposalKeyboard as courseKeyboard, publishedKeyboard, withSyllabusButton } from '../../src/bot/course-keyboards.js';
import { approvalKeyboard, busyKeyboard, closingKeyboard, coverOnlyKeyboard, noReasonKeyboard, pasteKeyboard, quickKeyboard, redoKeyboard, wavKeyboard } from '../../src/bot/keyboards.js';
import { importKeyboard, importWeekKeyboard } from '../../src/bot/material-keyboards.js';
import { pageKeyboard, questionKeyboard, ratingKeyboard, removeKeyboard, startKeyboard } from '../../src/bot/review-keyboards.js';
import { transcribeKeyboard } from '../../src/bot/voice.js';
import { startKeyboard as firstMinuteKeyboard } from '../../src/bot/start-keyboards.js';
import { passageKeyboard } from '../../src/bot/passage-answer.js';
import { reminderKeyboard, zoneKeyboard } from '../../src/bot/reminder-wish.js';
import type { CardBatch } from '../../src/domain/cards/proposals.js';

type Tap<K extends CallbackKindName> = Parameters<(typeof CALLBACKS)[K]['format']>[0];

/** Taps of every kind (the type makes a new kind without samples fail to compile). */
const SAMPLES: { [K in CallbackKindName]: Array<Tap<K>> } = {
  approval: [{ approvalId: 'AbC-12_x', approved: true, hash: '0123456789' }, { approvalId: 'AbC-12_x', approved: false }],
  noReason: ['AbC-12_x'],
  quick: [{ kind: 'semana', action: 'p', week: 3 }, { kind: 'semana', action: 't', week: 14 }, { kind: 'orden', name: 'notas' }],
  wav: [1, 999],
  paste: ['pDBgC5nG'],
  busy: [{ discard: false, runId: 'tg101-20300101-abc' }, { discard: true, runId: 'tg101-20300101-abc' }],
  closing: [{ what: 'tarjetas', runId: 'tg101-x' }, { what: 'cronograma', runId: 'tg101-x' }],
  importMaterial: [{ kind: 'guardar', key: 'a1b2c3d4e5f6a7b8c9d0e1f2' }, { kind: 'semana', key: 'a1b2c3d4' }, { kind: 'descartar', key: 'a1b2c3d4' }, { kind: 'elegir', key: 'a1b2c3d4', week: 12 }, { kind: 'elegir', key: 'a1b2c3d4', week: null }],
  course: [{ op: 'u', key: '0123456789abcdef' }, { op: 'm', key: '0123456789abcdef', week: 3 }, { op: 'D', key: '0123456789abcdef' }, { op: 'k', key: '0123456789abcdef' }],
  reroute: [{ to: 'material', key: '0123456789abcdef' }, { to: 'temario', key: 'a1b2c3d4e5f6a7b8c9d0e1f2' }],
  voice: ['7f4aa8dd048365d17f463570'],
  cardProposal: [{ kind: 'a', key: '99c7c60954', i: 0 }, { kind: 'e', key: '99c7c60954', i: 11 }, { kind: 'g', key: '99c7c60954' }],
  review: [{ kind: 'start' }, { kind: 'rate', card: 4, count: 2, grade: 3 }, { kind: 'remove', card: 9 }, { kind: 'page', page: 2 }],
  erase: [{ confirm: true, by: 101 }, { confirm: false, by: 101 }],
  classStudent: [{ action: 'quitar', student: 301 }, { action: 'quitar_si', student: 301 }, { action: 'no', by: 100 }],
  start: ['curso', 'material', 'semana'],
  quiz: [{ quiz: '0f8c3a52-5b1e-4c1e-9d0a-2b7f6c1d9e84' }],
  passageCards: [1, 123_456_789],
  note: [{ kind: 'page', page: 2, week: 0 }, { kind: 'page', page: 1, week: 60 }, { kind: 'open', note: 29 }, { kind: 'move', note: 29, week: 0 }, { kind: 'move', note: 123_456_789, week: 14 }, { kind: 'delete', note: 29 }, { kind: 'dropCards', note: 29 }, { kind: 'keepCards', note: 1 }, { kind: 'stay', note: 7 }],
  noteCard: [{ kind: 'edit', card: 4 }, { kind: 'deleteAsk', card: 4 }, { kind: 'delete', card: 123_456_789 }, { kind: 'keep', card: 4 }],
  zone: [{ zone: 'Europe/Madrid' }, { zone: 'America/Argentina/Buenos_Aires', hour: '09:00' }, { zone: 'Etc/GMT+5', hour: '23:59' }],
  reminderWish: [{ set: true, hour: '09:00' }, { set: true, hour: '21:30' }, { set: false }],
  reread: [{ kind: 'leer', key: 'a1b2c3d4e5f6a7b8c9d0e1f2' }, { kind: 'guardar', key: 'a1b2c3d4' }, { kind: 'descartar', key: 'a1b2c3d4' }, { kind: 'conservar', key: 'a1b2c3d4e5f6a7b8c9d0e1f2', card: 12 }, { kind: 'borrar', key: 'a1b2c3d4', card: 999_999_999 }],
};

const kinds = Object.keys(CALLBACKS) as CallbackKindName[];
const dataOf = (k: InlineKeyboardMarkup) => k.inline_keyboard.flat().map((b) => ('callback_data' in b ? b.callback_data : undefined));

describe('the callback registry', () => {
  it.each(kinds)('%s: each tap is written once, read back the same, by this kind alone, within 64 bytes', (name) => {
    const kind = CALLBACKS[name] as { format(t: unknown): string; parse(d: string): unknown };
    for (const tap of SAMPLES[name] as unknown[]) {
      const data = kind.format(tap);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES);
      expect(kind.parse(data)).toEqual(tap);
      expect(decodeCallback(data)?.kind).toBe(name);
      const readers = kinds.filter((k) => (CALLBACKS[k] as { parse(d: string): unknown }).parse(data) !== undefined);
      expect(readers).toEqual([name]);
    }
  });

  it('who may press: the requester for per-request buttons, the owner for notebook-wide ones, the teacher for the class', () => {
    const role = (data: string) => decodeCallback(data)?.role;
    expect(role('imp:g:a1b2c3d4')).toBe('requester');
    expect(role('ap:AbC:0123:s')).toBe('requester');
    expect(role('cu:u:0123456789abcdef')).toBe('owner');
    expect(role('cu:x:0123456789abcdef')).toBe('requester');
    expect(role('bd:si:101')).toBe('owner');
    expect(decodeCallback('bd:si:101')?.subject).toBe(101);
    expect(role('cl:quitar:301')).toBe('teacher');
    expect(decodeCallback('cl:no:100')).toEqual({ kind: 'classStudent', role: 'member', subject: 100 });
    expect(role('wav:3')).toBe('member');
    // A note is anyone's to look at; moving or deleting it (or its cards) is the owner's.
    expect(role('nt:v:29')).toBe('member');
    expect(role('nt:e:29')).toBe('requester');
    for (const data of ['nt:w:29', 'nt:m:29:3', 'nt:d:29', 'nt:D:29', 'nt:X:29', 'nc:d:4', 'nc:D:4']) expect(role(data), data).toBe('owner');
  });

  it('an older wire version still reads (a chart button under a report sent long ago); unknown data is no kind', () => {
    expect(decodeCallback('gt:tg101-x')).toMatchObject({ kind: 'closing' });
    expect(CALLBACKS.closing.parse('gt:tg101-x')).toEqual({ what: 'cronograma', runId: 'tg101-x' });
    for (const bad of ['', 'zz:1', 'imp:g:ZZ', 'wav:0', 'ap:x:y', 'cl:quitar:', 'bd:si:x', '{"semana":3}', 'constructor:1', '__proto__:x']) expect(decodeCallback(bad)).toBeUndefined();
    expect(decodeCallback(undefined)).toBeUndefined();
  });

  it('every button every keyboard makes is of a declared kind', () => {
    const batch = { clave: '99c7c60954', estado: 'pendiente', tarjetas: [{ estado: 'propuesta' }, { estado: 'aceptada' }] } as unknown as CardBatch;
    const keyboards: Record<string, InlineKeyboardMarkup> = {
      approval: approvalKeyboard('AbC-12_x', [{ hash: '0123456789' }, { hash: 'abcdef', label: 'voz sintética' }]),
      noReason: noReasonKeyboard('AbC-12_x'),
      quick: quickKeyboard('p', [1, 2, 3, 4, 5], true),
      coverOnly: coverOnlyKeyboard(2),
      redo: redoKeyboard('audio', 2),
      wav: wavKeyboard(3),
      paste: pasteKeyboard('pDBgC5nG'),
      busy: busyKeyboard('tg101-x'),
      closing: closingKeyboard('tg101-x', { cards: true, chart: true }),
      import: importKeyboard('a1b2c3d4e5f6a7b8c9d0e1f2a1b2c3d4e5f6a7b8c9d0e1f2a1b2c3d4e5f6a7b8'),
      importWeek: importWeekKeyboard('a1b2c3d4e5f6a7b8c9d0e1f2a1b2c3d4e5f6a7b8c9d0e1f2a1b2c3d4e5f6a7b8', [1, 2, 3], (w) => `tema ${w} ${'á'.repeat(200)}`),
      course: courseKeyboard('0123456789abcdef', true),
      published: publishedKeyboard('0123456789abcdef'),
      orphan: orphanKeyboard('0123456789abcdef', [1, 2]),
      confirmDelete: confirmDeleteKeyboard('0123456789abcdef'),
      syllabus: withSyllabusButton(importKeyboard('a1b2c3d4e5f6a7b8c9d0e1f2'), 'a1b2c3d4e5f6a7b8c9d0e1f2a1b2c3d4e5f6a7b8c9d0e1f2a1b2c3d4e5f6a7b8'),
      voice: transcribeKeyboard('7f4aa8dd048365d17f463570a1b2c3d4e5f6a7b8c9d0e1f2a1b2c3d4e5f6a7b8'),
      cards: cardsKeyboard(batch),
      question: questionKeyboard(4, 2, true),
      rating: ratingKeyboard(4, 2, { 1: '1 min', 2: '6 min', 3: '1 día', 4: '3 días' }, true),
      remove: removeKeyboard(4),
      start: startKeyboard(),
      page: pageKeyboard(2, 3),
      firstMinute: firstMinuteKeyboard(false),
      firstMinuteWeek: firstMinuteKeyboard(true, { week: 3, title: 'Semana 3 · Termodinámica' }),
      passages: passageKeyboard([12, 7, 12]),
      zones: zoneKeyboard('09:00'),
      zonesAlone: zoneKeyboard(),
      reminder: reminderKeyboard('09:00'),
    };
    for (const [name, k] of Object.entries(keyboards)) {
      const data = dataOf(k);
      expect(data.length, name).toBeGreaterThan(0);
      for (const d of data) expect(decodeCallback(d), `${name}: ${d}`).toBeDefined();
    }
  });

  it('no callback data is written in src/ but through the registry', () => {
    const root = path.resolve('src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.startsWith(`webchat${path.sep}`));
    const prefixes = [...new Set(kinds.flatMap((k) => CALLBACKS[k].wires.map((w) => w.prefix)))];
    // Comments may name the formats; code may not write them.
    const code = (line: string) => (/^\s*(\*|\/\/|\/\*)/.test(line) ? '' : line.replace(/\s\/\/\s.*$/, ''));
    // A literal as the data, or a string that starts like a kind's data (`ob:k:${id}`).
    const raw = new RegExp(`callback_data\\s*:\\s*[\`'"]|[\`'"](?:${prefixes.join('|')}):`);
    // The registry and the modules that declare kinds for it (bot/callbacks*.ts, bot/callback-kind.ts).
    const registry = (f: string) => /^bot[/\\](?:callbacks(?:-[a-z]+)?|callback-kind)\.ts$/.test(f);
    const offenders = files.filter((f) => !registry(f)).flatMap((f) =>
      readFileSync(path.join(root, f), 'utf8').split('\n').flatMap((line, i) => (raw.test(code(line)) ? [`src/${f}:${i + 1}: ${line.trim()}`] : [])));
    expect(offenders).toEqual([]);
  });
});

describe('the gate\'s table of commands', () => {
  const update = (text: string, entities: MessageEntity[]) => ({ message: { text, entities } }) as unknown as Context;
  const role = (name: string, arg = '') => (Object.hasOwn(COMMAND_ROLES, name) ? COMMAND_ROLES[name]!.role(arg) : 'member');

  it('reads a command as grammY does: any bot_command at the start, its @bot suffix and case aside', () => {
    const text = '/Borrar_Mis_Datos@cuaderno_vivo_bot ya';
    expect(commandOf(update(text, [{ type: 'bold', offset: 0, length: 7 }, { type: 'bot_command', offset: 0, length: 35 }]))).toEqual({ name: 'borrar_mis_datos', arg: 'ya' });
    expect(commandOf(update('hola /borrar_mis_datos', [{ type: 'bot_command', offset: 5, length: 17 }]))).toBeUndefined();
  });

  it('erasing everything and changing the course are the owner\'s; one card, showing the course and the rest anyone allowed\'s', () => {
    expect(role('borrar_mis_datos')).toBe('owner');
    for (const all of ['', 'mis datos', 'todo', 'Todos mis datos']) expect(role('borrar', all)).toBe('owner');
    expect(role('borrar', '12')).toBe('member');
    expect(role('curso')).toBe('member');
    expect(role('curso', 'semana 2 Membranas')).toBe('owner');
    expect(role('curso', 'publicar')).toBe('teacher');
    expect(role('invitar')).toBe('teacher');
    expect(role('notas')).toBe('member');
    expect(role('constructor')).toBe('member');
  });
});

describe('the import proposal\'s week picker', () => {
  it('labels each week with its title, as the question back does, one a row', () => {
    const titles = ['Temperatura y calor', 'Primer principio de la termodinámica'];
    const k = importWeekKeyboard('a1b2c3d4e5f6a7b8c9d0e1f2', [1, 2], (w) => titles[w - 1]!);
    expect(k.inline_keyboard.map((r) => r.map((b) => b.text))).toEqual([['1 · Temperatura y calor'], [expect.stringMatching(/^2 · Primer principio de la/u)], ['Sin semana']]);
  });
});
