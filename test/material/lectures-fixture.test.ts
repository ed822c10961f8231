/**
 * The lectures fixture (test/fixtures/lectures/README.md) holds together: its JSON parses, every
 * lecture it names exists, every held-out question's quote is found exactly once in its lecture, and
 * the counts the issues «Your material, read faithfully» and «Study material worth studying» ask for.
 * Only the fixture is read: it measures code, so nothing here depends on that code.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'lectures');
const KINDS = ['definicion', 'enunciado', 'formula', 'termino', 'fecha', 'persona', 'obra'];

interface KeyIdea { term: string; kind: string; statement: string; formula?: string }
interface Question { lecture: string; question: string; answer_quote: string }

const keyIdeas = JSON.parse(readFileSync(path.join(DIR, 'key-ideas.json'), 'utf8')) as Record<string, KeyIdea[]>;
const questions = JSON.parse(readFileSync(path.join(DIR, 'questions.json'), 'utf8')) as Question[];
const lectures = Object.keys(keyIdeas);
const source = (file: string) => readFileSync(path.join(DIR, file), 'utf8');

/** The README's matching rule: emphasis and code marks out, `\|` read as `|`, whitespace collapsed. */
const normalise = (s: string) => s.replace(/\*\*|__|\*|`/g, '').replace(/\\\|/g, '|').replace(/\s+/g, ' ');
const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;
const words = (s: string) => s.trim().split(/\s+/).length;

describe('lectures fixture', () => {
  it('has three lectures, each a file with its «Tema N», its «semana N», sections and one table', () => {
    expect(lectures).toHaveLength(3);
    for (const file of lectures) {
      expect(existsSync(path.join(DIR, file)), file).toBe(true);
      const text = source(file);
      const tema = /^# Tema (\d+)\. \S/m.exec(text)?.[1];
      expect(tema, file).toBeDefined();
      expect(text, file).toMatch(new RegExp(`^Apuntes de clase, semana ${tema} \\(`, 'm'));
      expect(text.match(/^## /gm)?.length ?? 0, file).toBeGreaterThanOrEqual(4);
      const tableRows = text.split('\n').filter((l) => l.startsWith('|') && !/^\|[-| ]+\|$/.test(l));
      expect(tableRows.length - 1, `${file}: body rows of its one table`).toBeGreaterThanOrEqual(4);
      expect(tableRows.length - 1, file).toBeLessThanOrEqual(6);
      expect(words(text), file).toBeGreaterThanOrEqual(1000);
      expect(words(text), file).toBeLessThanOrEqual(1400);
    }
  });

  it('lists 8 to 14 key ideas per lecture, each with a term, a known kind and a statement', () => {
    for (const file of lectures) {
      const ideas = keyIdeas[file]!;
      expect(ideas.length, file).toBeGreaterThanOrEqual(8);
      expect(ideas.length, file).toBeLessThanOrEqual(14);
      for (const idea of ideas) {
        expect(idea.term.trim(), file).not.toBe('');
        expect(KINDS, `${file}: ${idea.term}`).toContain(idea.kind);
        expect(idea.statement.trim(), idea.term).not.toBe('');
        if (idea.kind === 'formula') expect(idea.formula, idea.term).toBeTruthy();
      }
    }
  });

  it('has at least 36 held-out questions, at least 12 per lecture', () => {
    expect(questions.length).toBeGreaterThanOrEqual(36);
    for (const file of lectures) expect(questions.filter((q) => q.lecture === file).length, file).toBeGreaterThanOrEqual(12);
    for (const q of questions) expect(lectures, q.question).toContain(q.lecture);
  });

  it('finds every answer quote exactly once in its lecture, 6 to 25 words, inside one block', () => {
    const sources = new Map(lectures.map((file) => [file, normalise(source(file))]));
    for (const q of questions) {
      const quote = normalise(q.answer_quote);
      expect(occurrences(sources.get(q.lecture)!, quote), `${q.question} → «${q.answer_quote}»`).toBe(1);
      expect(words(quote), q.answer_quote).toBeGreaterThanOrEqual(6);
      expect(words(quote), q.answer_quote).toBeLessThanOrEqual(25);
      expect(quote, q.answer_quote).not.toMatch(/[#|]/);
    }
  });
});
