/**
 * A sentence in one module (docs/design.md §34, §36): every sentence a person reads — the chat, the
 * console, the CLI, a validation message, a log line — lives in `src/strings/`, where the one-voice
 * test walks it. This test parses every other `.ts` file of `src/` and fails on a Spanish sentence
 * literal there.
 *
 * The rule. A *sentence literal* is a string or template literal (a template's text parts joined
 * by a placeholder) with at least three words of two or more letters and a mark of Spanish: an
 * accented vowel, «ñ», «¿», «¡», or one of Spanish's commonest function words. «no» is not one
 * of those marks: English shares it, and the stand-in Telegram's protocol answers in English
 * (see below). These positions hold words that are not sentences, and are not counted:
 * - a module specifier (`import … from '…'`);
 * - the receiver of `.split(…)`: a list of words written as one string, or several joined by `+`
 *   (stop words);
 * - anything inside `new RegExp(…)`: the source of a pattern that reads what a person wrote;
 * - the value of a property called `name`: what a thing is called in code (a button kind), not
 *   something said to anyone.
 *
 * The modules that may hold Spanish sentences besides `src/strings/`:
 * - `src/agent/nlu/`: the NLU's data — phrases a student might write, the patterns of its slots.
 *   They are what a person SAYS to the bot, matched, never shown.
 * - `src/domain/course/demo.ts`: the demo course — sample data a new notebook starts with (its
 *   weeks' titles and terms), the student's to replace, not words the program says.
 *
 * The stand-in Telegram's Bot API (`src/webchat/`) answers a bad call with an English
 * `description`, as Telegram does; those are protocol, read by the bot's code, not by a person.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { tsFiles } from '../support/ts-files.js';

/** Modules where Spanish sentences belong or are data (see the header). Folders end in `/`, a prefix in `*`. */
const HOMES = ['strings/', 'agent/nlu/', 'domain/course/demo.ts'];

const SPANISH = /[áéíóúñ¿¡]|\b(de|la|el|los|las|que|una?|por|para|con|se|es|tu|tus|del|al)\b/i;
const WORD = /[a-záéíóúüñ]{2,}/i;

/** The text of a literal node, or null when the node is not a string or template literal. */
function literalText(n: ts.Node): string | null {
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
  if (ts.isTemplateExpression(n)) return [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(' x ');
  return null;
}

function isSentence(text: string): boolean {
  return text.split(/\s+/).filter((w) => WORD.test(w)).length >= 3 && SPANISH.test(text);
}

/** Whether the literal sits where words are not a sentence (the header's list of positions). */
function exempt(n: ts.Node): boolean {
  const parent = n.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true;
  // A word list may be written as several strings joined with `+` before it is split.
  let whole: ts.Node = n;
  while (ts.isParenthesizedExpression(whole.parent) || (ts.isBinaryExpression(whole.parent) && whole.parent.operatorToken.kind === ts.SyntaxKind.PlusToken)) whole = whole.parent;
  if (ts.isPropertyAccessExpression(whole.parent) && whole.parent.expression === whole && whole.parent.name.text === 'split') return true;
  if (ts.isPropertyAssignment(parent) && parent.initializer === n && ts.isIdentifier(parent.name) && parent.name.text === 'name') return true;
  for (let up: ts.Node | undefined = parent; up && !ts.isSourceFile(up); up = up.parent) {
    if (ts.isNewExpression(up) && ts.isIdentifier(up.expression) && up.expression.text === 'RegExp') return true;
  }
  return false;
}

/** Every sentence literal of one source, as `line: text`. */
function sentencesIn(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (n: ts.Node): void => {
    const text = literalText(n);
    if (text !== null && !exempt(n) && isSentence(text)) {
      found.push(`${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${text.slice(0, 100)}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

const under = (rel: string, list: readonly string[]) => list.some((m) => (m.endsWith('/') || m.endsWith('*') ? rel.startsWith(m.replace(/\*$/, '')) : rel === m));

describe('no sentence outside src/strings/', () => {
  it('no other module of src/ holds a Spanish sentence literal', async () => {
    const SRC = path.resolve('src');
    const found: string[] = [];
    for (const f of await tsFiles(SRC)) {
      const rel = path.relative(SRC, f).split(path.sep).join('/');
      if (under(rel, HOMES)) continue;
      for (const s of sentencesIn(rel, await readFile(f, 'utf8'))) found.push(`src/${rel}:${s}`);
    }
    expect(found).toEqual([]);
  });

  it('every module the lists name exists, so a moved one is not left allowed', async () => {
    const SRC = path.resolve('src');
    const rels = (await tsFiles(SRC)).map((f) => path.relative(SRC, f).split(path.sep).join('/'));
    const missing = HOMES.filter((m) => !rels.some((r) => under(r, [m])));
    expect(missing).toEqual([]);
  });

  it('catches a sentence and only a sentence (the rule can fail)', () => {
    const source = [
      "import { x } from './una ruta de la casa.js';",
      "const STOP = new Set('de la el los las que'.split(' '));",
      "const MORE = new Set(('de la el ' + 'los las que').split(' '));",
      "const ASKS = new RegExp(`(?:${['que es', 'de que va el tema'].join('|')})`);",
      "const k = kind({ name: 'cierre de un trabajo', role: 'owner' });",
      "throw new Error('there is no text in the message to edit');",
      "log('no se pudo guardar la nota', e);",
      'const s = `La nota ${id} no existe`;',
      "const w = 'Guion del pódcast';",
    ].join('\n');
    expect(sentencesIn('sample.ts', source)).toEqual([
      '7: no se pudo guardar la nota',
      '8: La nota  x  no existe',
      '9: Guion del pódcast',
    ]);
  });
});
