/**
 * The buttons of an import's proposal — pure. Each carries the import's short key (the first
 * SHORT_KEY hex digits of its SHA-256), so a tap after a restart finds the import on disk.
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import { MATERIAL_BUTTONS } from '../strings/material.js';
import { SHORT_KEY } from '../domain/material/imports.js';
import { CALLBACKS } from './callbacks.js';
import { weekPickerRows } from './keyboards.js';

export type { ImportAction } from './callbacks.js';

const short = (key: string) => key.slice(0, SHORT_KEY);

export function importKeyboard(key: string): InlineKeyboardMarkup {
  const k = short(key);
  return {
    inline_keyboard: [[
      { text: MATERIAL_BUTTONS.save, callback_data: CALLBACKS.importMaterial.format({ kind: 'guardar', key: k }) },
      { text: MATERIAL_BUTTONS.changeWeek, callback_data: CALLBACKS.importMaterial.format({ kind: 'semana', key: k }) },
      { text: MATERIAL_BUTTONS.discard, callback_data: CALLBACKS.importMaterial.format({ kind: 'descartar', key: k }) },
    ]],
  };
}

/** The weeks of the owner's course to choose from, labelled as the question back labels them (`topic`: a week's title), and «Sin semana». */
export function importWeekKeyboard(key: string, weeks: readonly number[], topic?: (week: number) => string): InlineKeyboardMarkup {
  const k = short(key);
  return {
    inline_keyboard: [
      ...weekPickerRows(weeks, (w, text) => ({ text, callback_data: CALLBACKS.importMaterial.format({ kind: 'elegir', key: k, week: w }) }), topic),
      [{ text: MATERIAL_BUTTONS.noWeek, callback_data: CALLBACKS.importMaterial.format({ kind: 'elegir', key: k, week: null }) }],
    ],
  };
}

/** The import a message's proposal buttons point at (a reply to the proposal corrects its draft). */
export function importKeyOf(markup: InlineKeyboardMarkup | undefined): string | undefined {
  for (const row of markup?.inline_keyboard ?? []) {
    for (const b of row) {
      const a = 'callback_data' in b ? CALLBACKS.importMaterial.parse(b.callback_data) : undefined;
      if (a) return a.key;
    }
  }
  return undefined;
}
