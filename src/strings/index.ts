/**
 * Every word a person or the model reads, in one place so it can be reviewed and translated
 * (docs/design.md §32, §36). One file per surface:
 * - `chat`   — what the bot says in Telegram (and the local chat page): messages, buttons, commands;
 * - `chart`  — the words drawn on the run's chart (the «Cronograma» photo);
 * - `review` — the spaced-review conversation (cards, grades, reminders);
 * - `agent`  — report lines, stop reasons, terminal prompts of the agent layer;
 * - `tools`  — tools as the owner reads them (a tool's name in words, the approval's choices);
 * - `server` — the embedded chat server's own replies and the chat page's words;
 * - `model`  — what only the model reads (tool results, dry runs, the system prompt) and the CLI's
 *              terminal approval: these may name tools, still in tú;
 * - `toolDescriptions` — each tool's description and its arguments' as the model reads them;
 * - `console` — what the person running the bot reads (start-up, config errors, damaged state files);
 * - `course`  — the student's course: why a pasted syllabus could not be read;
 * - `courseChat` — the course in the chat: /curso, a syllabus's proposal, edits, the class's course.
 * - `cards`   — the cards a model proposed, as the student keeps, rewrites or drops them;
 * - `voice`   — voice memos: kept for later, transcribed, or not readable;
 * - `erase`   — «borra mis datos»: the question and what was removed;
 * - `gate`    — a tap or a command the person may not use (a notebook-wide action, an unknown button);
 * - `entender` — what the model reads when it is asked what an unclear message means.
 * - `passages` — the answer to a question about the material: the passages quoted, with their source.
 * - `explicar` — what the model reads when it may explain such an answer from those passages alone.
 * - `notes`   — the notes and their cards one by one: the list, a note whole, moving, correcting, deleting.
 * - `clock`   — the student's time zone and the reminder asked for in words.
 * - `reread` — «leer de nuevo»: a document read again, the notes it changes and the cards to review.
 * - `repeat` — a week asked again that is already made: what the student has, what is new since.
 * - `narration` — what the student hears in the week's episode around their notes.
 * - `cli`    — the `cuaderno` CLI's usage, misuse and reports (`plan`, `simular`), for the terminal.
 * - `log`    — the console's lines about the program's own work: what it could not do, its faults.
 * - `study`  — the questions a card or a quiz asks of the notes, and how a formula is said aloud.
 * - `decisions` — the one answer to a tap on a decision that is gone or decided already.
 *
 * This folder is the lowest layer: it imports only types from below (store, tools' contract) and
 * never the layers that use it, so any layer may import its words from here.
 */
export * as chat from './chat.js';
export * as chart from './chart.js';
export * as review from './review.js';
export * as agent from './agent.js';
export * as tools from './tools.js';
export * as model from './model.js';
export * as toolDescriptions from './tool-descriptions.js';
export * as console from './console.js';
export * as server from './server.js';
export * as material from './material.js';
export * as course from './course.js';
export * as courseChat from './course-chat.js';
export * as cards from './cards.js';
export * as voice from './voice.js';
export * as erase from './erase.js';
export * as gate from './gate.js';
export * as entender from './entender.js';
export * as passages from './passages.js';
export * as explicar from './explicar.js';
export * as notes from './notes.js';
export * as clock from './clock.js';
export * as reread from './reread.js';
export * as repeat from './repeat.js';
export * as narration from './narration.js';
export * as cli from './cli.js';
export * as log from './log.js';
export * as study from './study.js';
export * as decisions from './decisions.js';
