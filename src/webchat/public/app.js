// Cuaderno Vivo — the local chat page. Plain JS, no build step, no external assets.
// It shows the bot's messages live (Server-Sent Events from /events) and sends what the person
// types or taps to /api/messages and /api/callbacks; the server turns them into Bot API updates.
'use strict';

// Every sentence the page shows: the server hands them over (/textos.js, from src/strings/server.ts).
const T = window.CV_TEXTS;

// Telegram shows a chat action for 5 s unless it is renewed or a message arrives.
const ACTION_MS = 5000;
const TOAST_MS = 3500;

const $ = (id) => document.getElementById(id);
const log = $('log');
const statusEl = $('status');
const textEl = $('text');
const form = $('composer');
const menu = $('menu');
const menuButton = $('menu-button');

let me = { id: 0 };
let commands = [];
// Class mode on the page: who the page plays (a persona id; '' = the page's owner), and the invite
// code of a page invite link (`/?unirse=<code>`), sent as `/start <code>` by each student who opens it.
let persona = sessionStorage.getItem('persona') || '';
let pendingJoin = new URLSearchParams(location.search).get('unirse');
if (pendingJoin) history.replaceState(null, '', '/');
let inviteOpened = false;
let source = null;
let actionTimer = 0;
let menuMode = 'menu'; // 'menu': tap sends the command; 'complete': tap fills the text box

// ---- rendering -------------------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  node.append(...children.filter((c) => c !== undefined && c !== null));
  return node;
}

/** Text with Telegram entities as nested elements; never innerHTML, so nothing from the bot runs. */
function richText(text, entities) {
  const sorted = [...(entities || [])].sort((a, b) => a.offset - b.offset || b.length - a.length);
  const root = el('div', { class: 'text', dir: 'auto' });
  build(root, text, 0, text.length, sorted);
  return root;
}

function build(parent, text, start, end, ents) {
  let pos = start;
  let i = 0;
  while (i < ents.length) {
    const e = ents[i];
    if (e.offset < pos) { i++; continue; }
    if (e.offset > pos) parent.append(text.slice(pos, e.offset));
    const eEnd = Math.min(e.offset + e.length, end);
    const inner = [];
    let j = i + 1;
    while (j < ents.length && ents[j].offset < eEnd) inner.push(ents[j++]);
    const node = entityNode(e, text.slice(e.offset, eEnd));
    build(node.querySelector('code') || node, text, e.offset, eEnd, inner);
    parent.append(node);
    pos = eEnd;
    i = j;
  }
  if (pos < end) parent.append(text.slice(pos, end));
}

function safeUrl(url) {
  try {
    const u = new URL(url, location.href);
    return ['http:', 'https:', 'mailto:'].includes(u.protocol) ? u.href : undefined;
  } catch { return undefined; }
}

/**
 * Monospace text is copied with a tap, as Telegram's apps do («tócalo para copiarlo»); on this page
 * the text also goes into the message box when it is empty, so a note to correct can be edited
 * there instead of typed again on a phone.
 */
function copiable(node) {
  node.classList.add('copiable');
  node.setAttribute('title', T.copyHint);
  node.addEventListener('click', () => {
    const text = node.textContent || '';
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => undefined);
    if (!textEl.value.trim()) {
      textEl.value = text;
      textEl.dispatchEvent(new Event('input'));
    }
    textEl.focus();
    toast(T.copied);
  });
  return node;
}

function entityNode(e, raw) {
  switch (e.type) {
    case 'bold': return el('strong');
    case 'italic': return el('em');
    case 'underline': return el('u');
    case 'strikethrough': return el('s');
    case 'code': return copiable(el('code'));
    case 'pre': return copiable(el('pre', {}, el('code')));
    case 'blockquote': case 'expandable_blockquote': return el('blockquote');
    case 'spoiler': {
      const s = el('span', { class: 'spoiler', tabindex: 0, role: 'button', 'aria-label': 'Texto oculto: púlsalo para verlo' });
      const reveal = () => { s.classList.add('shown'); s.removeAttribute('role'); s.removeAttribute('aria-label'); };
      s.addEventListener('click', reveal);
      s.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') reveal(); });
      return s;
    }
    case 'text_link': case 'url': {
      const href = safeUrl(e.type === 'url' ? raw : e.url);
      return href ? el('a', { href, target: '_blank', rel: 'noopener noreferrer' }) : el('span');
    }
    case 'bot_command':
      return el('button', { type: 'button', class: 'cmd', onclick: () => sendText(raw) });
    default: return el('span');
  }
}

function fileUrl(fileId) {
  return `/files/${encodeURIComponent(fileId)}`;
}

function formatSize(bytes) {
  if (!bytes) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace('.', ',')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

function formatTime(unixS) {
  return new Date(unixS * 1000).toLocaleTimeString('es-ES', { hour: '2-digit', minute: '2-digit' });
}

function mediaNodes(m) {
  const out = [];
  if (m.photo && m.photo.length) {
    const best = m.photo[m.photo.length - 1];
    out.push(el('a', { class: 'photo', href: fileUrl(best.file_id), target: '_blank', rel: 'noopener' },
      el('img', {
        src: fileUrl(best.file_id), alt: m.caption || T.photoAlt,
        width: best.width || undefined, height: best.height || undefined,
        onload: () => keepAtBottom(atEnd),
      })));
  }
  const sound = m.audio || m.voice;
  if (sound) {
    const title = m.audio ? [m.audio.performer, m.audio.title].filter(Boolean).join(' — ') || m.audio.file_name || T.audio : T.voice;
    const titleId = `t-${m.message_id}`;
    // A voice note reads as Telegram's bubble: the microphone, «Nota de voz» and its length.
    const length = m.voice && m.voice.duration ? ` · ${Math.floor(m.voice.duration / 60)}:${String(m.voice.duration % 60).padStart(2, '0')}` : '';
    out.push(el('div', { class: m.voice ? 'media-title voice-title' : 'media-title', id: titleId }, `${m.voice ? '🎙️' : '🎧'} ${title}${length}`));
    out.push(el('audio', { controls: true, preload: 'metadata', src: fileUrl(sound.file_id), 'aria-labelledby': titleId }));
  }
  if (m.document) {
    const d = m.document;
    out.push(el('a', { class: 'doc', href: `${fileUrl(d.file_id)}?download`, download: d.file_name || true, 'aria-label': `${T.download} ${d.file_name || T.document}` },
      el('span', { class: 'doc-icon', 'aria-hidden': 'true' }, '⬇'),
      el('span', {}, el('span', { class: 'doc-name' }, d.file_name || T.document), el('span', { class: 'doc-size' }, formatSize(d.file_size)))));
  }
  return out;
}

function keyboardNode(m) {
  const rows = m.reply_markup && m.reply_markup.inline_keyboard;
  if (!rows || !rows.length) return undefined;
  return el('div', { class: 'keyboard', role: 'group', 'aria-label': T.keyboard },
    ...rows.map((row) => el('div', { class: 'krow' }, ...row.map((b) => {
      if (b.url) {
        const href = safeUrl(b.url);
        return el('a', { class: 'kbtn', href, target: '_blank', rel: 'noopener noreferrer' }, b.text);
      }
      return el('button', { type: 'button', class: 'kbtn', 'data-callback': b.callback_data, onclick: (ev) => press(m.message_id, b.callback_data, ev.currentTarget) }, b.text);
    }))));
}

/** What a quoted message shows in one line: its text's first line, or what kind of media it is. */
function quotedSummary(q) {
  const text = q.text !== undefined ? q.text : q.caption;
  if (text) return text.split('\n').find((l) => l.trim()) || text;
  if (q.photo) return T.quotePhoto;
  if (q.audio || q.voice) return T.quoteAudio;
  if (q.document) return T.quoteDocument;
  return '…';
}

/**
 * A reply shows the message it answers, as Telegram's apps do: who wrote it and its first line.
 * Tapping it scrolls to that message and flashes it, so «es esta» points at something visible.
 */
function quoteNode(m) {
  const q = m.reply_to_message;
  if (!q) return undefined;
  const who = q.from && q.from.id === me.id ? T.you : T.bot;
  return el('button', {
    type: 'button', class: 'quote', 'data-quote': q.message_id, 'aria-label': `${T.quoteGo}: ${quotedSummary(q)}`,
    onclick: () => {
      const target = document.getElementById(`m-${q.message_id}`);
      if (!target) return toast(T.quoteGone);
      // At once, not smoothly, and no longer «at the end»: a message or an image that arrives while a
      // smooth scroll was on its way kept the reader at the end and took the quoted message away.
      target.scrollIntoView({ block: 'center' });
      atEnd = nearBottom();
      target.classList.remove('flash');
      void target.offsetWidth; // restart the animation
      target.classList.add('flash');
    },
  }, el('span', { class: 'quote-who' }, who), el('span', { class: 'quote-text' }, quotedSummary(q)));
}

/**
 * The text a person's own message shows: `/start <code>` (an invite link opened) as «/start», the
 * way Telegram's apps show a deep link: the code (an invite's, 8–64 URL-safe characters) is the
 * link's, not something the person wrote.
 */
function ownText(m) {
  return /^\/start [A-Za-z0-9_-]{8,64}$/.test(m.text) ? { text: '/start', entities: [{ type: 'bot_command', offset: 0, length: 6 }] } : m;
}

/**
 * A quiz as Telegram shows it: the question and one button per option; after the tap, the right
 * option marked ✓, the chosen wrong one ✗, and the explanation. In a private chat the one voter's
 * choice is the option with a vote, so a reload shows the same thing.
 */
function pollNode(m) {
  const p = m.poll;
  const answered = p.total_voter_count > 0 || p.is_closed;
  const chosen = p.options.findIndex((o) => o.voter_count > 0);
  const quiz = p.type === 'quiz';
  const rightIds = p.correct_option_ids || (p.correct_option_id !== undefined ? [p.correct_option_id] : []);
  const options = p.options.map((o, i) => {
    const right = quiz && answered && rightIds.includes(i);
    const wrong = quiz && answered && i === chosen && !right;
    const mark = right ? '✓' : wrong ? '✗' : '';
    const label = [o.text, right ? T.quizRight : wrong ? T.quizWrong : '', i === chosen ? T.quizYours : ''].filter(Boolean).join(', ');
    return el('button', {
      type: 'button', class: `poll-option${right ? ' right' : ''}${wrong ? ' wrong' : ''}${i === chosen ? ' chosen' : ''}`,
      'data-option': i, disabled: answered || undefined, 'aria-label': label,
      onclick: (ev) => vote(m.message_id, i, ev.currentTarget),
    }, el('span', { class: 'poll-mark', 'aria-hidden': 'true' }, mark), el('span', { class: 'poll-text' }, o.text));
  });
  return el('div', { class: 'poll', role: 'group', 'aria-label': p.question },
    el('div', { class: 'poll-kind' }, p.is_closed ? T.quizClosed : T.quiz),
    el('div', { class: 'poll-question' }, p.question),
    ...options,
    answered && p.explanation ? el('div', { class: 'poll-explanation', role: 'note' }, el('strong', {}, `💡 ${T.quizExplanation}: `), p.explanation) : undefined);
}

async function vote(messageId, option, button) {
  button.setAttribute('aria-busy', 'true');
  try {
    await post('/api/polls', { message_id: messageId, option });
  } catch (e) {
    toast(e.message || T.buttonFailed);
  } finally {
    if (button.isConnected) button.removeAttribute('aria-busy');
  }
}

function messageNode(m) {
  const mine = m.from && m.from.id === me.id;
  const keyboard = keyboardNode(m);
  const shown = mine && m.text !== undefined ? ownText(m) : m;
  const body = m.text !== undefined ? richText(shown.text, shown.entities) : m.caption ? richText(m.caption, m.caption_entities) : undefined;
  const meta = el('span', { class: 'meta' }, m.edit_date ? `${T.edited} ` : '', el('time', { datetime: new Date(m.date * 1000).toISOString() }, formatTime(m.date)));
  return el('article', {
    class: `msg ${mine ? 'out' : 'in'}${keyboard ? ' has-keyboard' : ''}`,
    id: `m-${m.message_id}`, 'data-message-id': m.message_id, 'aria-label': mine ? T.you : T.bot,
  }, el('div', { class: 'bubble' }, el('span', { class: 'visually-hidden' }, `${mine ? T.you : T.bot}: `), quoteNode(m), ...mediaNodes(m), m.poll ? pollNode(m) : undefined, body, meta), keyboard);
}

function nearBottom() {
  return log.scrollHeight - log.scrollTop - log.clientHeight < 120;
}

function keepAtBottom(force) {
  if (force || nearBottom()) log.scrollTop = log.scrollHeight;
}

// Whether the log showed its end at the last scroll. An image that loads later grows its message
// after the fact, so nearBottom() measured then says «no» although the person was at the end.
let atEnd = true;
log.addEventListener('scroll', () => { atEnd = nearBottom(); }, { passive: true });

// A bot message sent with force_reply opens the reply interface, as Telegram's apps do: the next
// text the person sends answers it. Any message the person sends closes it.
let replyTo = null;
const defaultPlaceholder = textEl.placeholder;
function trackReply(m) {
  if (m.reply_markup && m.reply_markup.force_reply && !(m.from && m.from.id === me.id)) {
    replyTo = m.message_id;
    textEl.placeholder = m.reply_markup.input_field_placeholder || defaultPlaceholder;
  } else if (m.from && m.from.id === me.id) {
    replyTo = null;
    textEl.placeholder = defaultPlaceholder;
  }
  // A longer placeholder («El motivo (opcional)») wraps on a phone: the box grows to show it whole.
  if (!textEl.value) autosize();
}

function addMessage(m) {
  trackReply(m);
  $('empty')?.remove();
  const existing = document.getElementById(`m-${m.message_id}`);
  const stick = nearBottom();
  if (existing) existing.replaceWith(messageNode(m));
  else log.append(messageNode(m));
  keepAtBottom(stick || (m.from && m.from.id === me.id));
}

function editMessage(m) {
  const existing = document.getElementById(`m-${m.message_id}`);
  if (!existing) return addMessage(m);
  // The question being answered was closed (edited without force_reply, e.g. «Seguir sin motivo»):
  // the next text is a message again, not a reply to it.
  if (replyTo === m.message_id && !(m.reply_markup && m.reply_markup.force_reply)) {
    replyTo = null;
    textEl.placeholder = defaultPlaceholder;
    if (!textEl.value) autosize();
  }
  // Keep a playing audio element if the media did not change (edits of captions or keyboards).
  const node = messageNode(m);
  const oldAudio = existing.querySelector('audio');
  const newAudio = node.querySelector('audio');
  if (oldAudio && newAudio && oldAudio.getAttribute('src') === newAudio.getAttribute('src')) newAudio.replaceWith(oldAudio);
  node.classList.add('flash');
  // An edit that grows a message (a card's answer and its rating buttons, a report) keeps a reader
  // who was at the end at the end, as a new message would — also when the edited message is not the
  // last one (an answer that arrived after it, say), since it still pushes the end down.
  const stick = atEnd || nearBottom();
  existing.replaceWith(node);
  if (stick) keepAtBottom(true);
}

// ---- status line, toasts, alerts ---------------------------------------------------------------

function setStatus(text, active) {
  statusEl.textContent = text;
  statusEl.classList.toggle('active', Boolean(active));
}

function showAction(action) {
  clearTimeout(actionTimer);
  setStatus(T.actions[action] || T.actions.typing, true);
  actionTimer = setTimeout(() => setStatus(T.online), ACTION_MS);
}

function clearAction() {
  clearTimeout(actionTimer);
  setStatus(T.online);
}

let toastTimer = 0;
function toast(text) {
  const t = $('toast');
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, TOAST_MS);
}

function alertBox(text) {
  const dialog = $('alert');
  $('alert-text').textContent = text;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else window.alert(text);
}

// ---- what the person does -----------------------------------------------------------------------

async function post(path, body) {
  // A network failure is the browser's own English («Failed to fetch»): say it in the page's words.
  const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(persona ? { ...body, persona } : body) })
    .catch(() => { throw new Error(T.unreachable); });
  const data = await res.json().catch(() => ({}));
  if (!res.ok || !data.ok) throw new Error(data.error || T.sendFailed);
  return data;
}

// The paste rule the bot joins parts by (served with the page's words, src/lib/paste-parts.ts):
// a part is at most `messageMax` characters (Telegram's longest message) and, but for the last, at
// least `fullPart` — that length is how the bot knows the next message continues the paste.
const { messageMax: MESSAGE_MAX, fullPart: FULL_PART } = window.CV_PASTE;

/**
 * Cuts `text` into parts of the paste rule, each cut at a paragraph, a line or a space when one
 * falls between FULL_PART and MESSAGE_MAX characters, else at MESSAGE_MAX.
 */
function splitForSending(text) {
  const parts = [];
  let rest = text;
  while (Array.from(rest).length > MESSAGE_MAX) {
    const chars = Array.from(rest).slice(0, MESSAGE_MAX);
    const head = chars.join('');
    const least = chars.slice(0, FULL_PART).join('').length; // FULL_PART characters, in UTF-16 units
    let part = '';
    for (const sep of ['\n\n', '\n', ' ']) {
      const cut = head.lastIndexOf(sep);
      part = cut >= least ? head.slice(0, cut).trimEnd() : '';
      if (Array.from(part).length >= FULL_PART) break;
    }
    if (Array.from(part).length < FULL_PART) part = head;
    parts.push(part);
    rest = rest.slice(part.length).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

async function sendText(text) {
  const trimmed = text.trim();
  if (!trimmed) return false;
  try {
    // One after the other, in order: the bot sees the parts of a paste as Telegram would send them.
    for (const part of splitForSending(trimmed)) {
      const answering = replyTo;
      replyTo = null;
      await post('/api/messages', answering !== null ? { text: part, reply_to: answering } : { text: part });
    }
    return true;
  } catch (e) {
    toast(e.message || T.sendFailed);
    return false;
  }
}

async function upload(body, name, as) {
  try {
    const res = await fetch(`/api/files?name=${encodeURIComponent(name)}&as=${as}`, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body });
    const data = await res.json().catch(() => ({}));
    if (!res.ok || !data.ok) throw new Error(data.error || T.sendFailed);
  } catch (e) {
    toast(e.message || T.sendFailed);
  }
}

// A file or a photo, as Telegram's apps send them: an image goes as a photo, an OGG or WAV as an
// audio file, anything else as a document.
$('attach').addEventListener('change', async (ev) => {
  const file = ev.target.files && ev.target.files[0];
  ev.target.value = '';
  if (!file) return;
  const as = /^image\/(png|jpeg|webp)$/.test(file.type) ? 'photo'
    : /^audio\/(ogg|opus|wav|x-wav|wave)$/.test(file.type) || /\.(ogg|oga|opus|wav)$/i.test(file.name) ? 'audio' : 'document';
  await upload(file, file.name, as);
});

// A voice note, as Telegram's microphone button makes one: tap to record, tap again to send. A
// browser that records OGG/Opus sends it as it is; others (Chromium records WebM) send the
// recording decoded to 16 kHz mono WAV, which the bot reads the same way.
const VOICE_RATE = 16000;
let recorder = null;

function wavOf(samples, rate) {
  const buf = new ArrayBuffer(44 + samples.length * 2);
  const v = new DataView(buf);
  const text = (o, s) => { for (let i = 0; i < s.length; i++) v.setUint8(o + i, s.charCodeAt(i)); };
  text(0, 'RIFF'); v.setUint32(4, 36 + samples.length * 2, true); text(8, 'WAVE');
  text(12, 'fmt '); v.setUint32(16, 16, true); v.setUint16(20, 1, true); v.setUint16(22, 1, true);
  v.setUint32(24, rate, true); v.setUint32(28, rate * 2, true); v.setUint16(32, 2, true); v.setUint16(34, 16, true);
  text(36, 'data'); v.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) v.setInt16(44 + i * 2, Math.max(-1, Math.min(1, samples[i])) * 32767, true);
  return new Blob([buf], { type: 'audio/wav' });
}

async function asVoiceFile(blob) {
  if (/^audio\/ogg/.test(blob.type)) return { body: blob, name: 'nota.ogg' };
  const decoded = await new AudioContext().decodeAudioData(await blob.arrayBuffer());
  const offline = new OfflineAudioContext(1, Math.max(1, Math.ceil(decoded.duration * VOICE_RATE)), VOICE_RATE);
  const src = offline.createBufferSource();
  src.buffer = decoded;
  src.connect(offline.destination);
  src.start();
  const mono = await offline.startRendering();
  return { body: wavOf(mono.getChannelData(0), VOICE_RATE), name: 'nota.wav' };
}

function setRecording(on) {
  const b = $('record');
  b.setAttribute('aria-pressed', on ? 'true' : 'false');
  b.setAttribute('aria-label', on ? T.stopRecording : T.recordVoice);
  b.title = on ? T.stopRecording : T.recordVoice;
}

$('record').addEventListener('click', async () => {
  if (recorder) {
    recorder.stop();
    return;
  }
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    toast(T.micUnavailable);
    return;
  }
  const type = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus'].find((t) => window.MediaRecorder && MediaRecorder.isTypeSupported(t));
  const rec = new MediaRecorder(stream, type ? { mimeType: type } : {});
  const chunks = [];
  rec.addEventListener('dataavailable', (e) => e.data.size && chunks.push(e.data));
  rec.addEventListener('stop', async () => {
    recorder = null;
    setRecording(false);
    stream.getTracks().forEach((t) => t.stop());
    try {
      const file = await asVoiceFile(new Blob(chunks, { type: rec.mimeType || type || '' }));
      await upload(file.body, file.name, 'voice');
    } catch {
      toast(T.sendFailed);
    }
  });
  recorder = rec;
  setRecording(true);
  rec.start();
});

async function press(messageId, data, button) {
  button.setAttribute('aria-busy', 'true');
  try {
    await post('/api/callbacks', { message_id: messageId, data });
  } catch (e) {
    toast(e.message || T.buttonFailed);
  } finally {
    // The bot answers the query (toast) or edits the message; either way the spinner ends soon.
    setTimeout(() => button.isConnected && button.removeAttribute('aria-busy'), 1500);
  }
}

form.addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const text = textEl.value;
  closeMenu();
  if (!text.trim()) return;
  // The box empties at once, as in Telegram: what the owner types while this is on its way is the
  // next message, never wiped when this one is confirmed. A failed send puts the text back if the
  // box is still empty.
  textEl.value = '';
  keepDraft();
  autosize();
  if (!(await sendText(text)) && !textEl.value) {
    textEl.value = text;
    keepDraft();
    autosize();
  }
  textEl.focus();
});

textEl.addEventListener('keydown', (ev) => {
  if (!menu.hidden && ['ArrowDown', 'ArrowUp', 'Escape', 'Tab'].includes(ev.key)) return menuKeys(ev);
  if (!menu.hidden && ev.key === 'Enter' && selectedIndex() >= 0) return menuKeys(ev);
  if (ev.key === 'Enter' && !ev.shiftKey && !ev.isComposing) {
    ev.preventDefault();
    form.requestSubmit();
  }
});

function autosize() {
  textEl.style.height = 'auto';
  textEl.style.height = `${Math.min(textEl.scrollHeight + 2, 144)}px`;
}

// A half-typed message survives a reload (or the phone's browser dropping the tab), as a draft
// does in Telegram: kept in this browser per persona, gone once sent.
const draftKey = () => `borrador:${persona || 'dueño'}`;
function keepDraft() {
  try {
    if (textEl.value) localStorage.setItem(draftKey(), textEl.value);
    else localStorage.removeItem(draftKey());
  } catch {
    // No storage (private mode, full): the draft just is not kept.
  }
}
function restoreDraft() {
  try {
    const draft = localStorage.getItem(draftKey());
    if (draft && !textEl.value) {
      textEl.value = draft;
      autosize();
    }
  } catch {
    // As above.
  }
}
restoreDraft();

textEl.addEventListener('input', () => {
  keepDraft();
  autosize();
  const v = textEl.value;
  if (/^\/[a-z0-9_]*$/i.test(v) && commands.length) openMenu('complete', v.slice(1).toLowerCase());
  else if (menuMode === 'complete') closeMenu();
});

// ---- command menu (setMyCommands) -------------------------------------------------------------

function renderCommands(list) {
  commands = list || [];
  menuButton.hidden = commands.length === 0;
  if (!commands.length) closeMenu();
}

function openMenu(mode, filter = '') {
  menuMode = mode;
  const shown = commands.filter((c) => c.command.startsWith(filter));
  if (!shown.length) return closeMenu();
  // The exact match is highlighted first ("/nota" selects /nota, not /notas).
  const exact = Math.max(0, shown.findIndex((c) => c.command === filter));
  menu.replaceChildren(...shown.map((c, i) => el('li', {
    role: 'option', id: `cmd-${c.command}`, 'aria-selected': i === exact && mode === 'complete' ? 'true' : 'false',
    'data-command': c.command, onclick: () => chooseCommand(c.command),
  }, el('span', { class: 'c' }, `/${c.command}`), el('span', { class: 'd' }, c.description))));
  menu.hidden = false;
  menuButton.setAttribute('aria-expanded', 'true');
  syncActive();
}

function closeMenu() {
  menu.hidden = true;
  menuButton.setAttribute('aria-expanded', 'false');
  textEl.removeAttribute('aria-activedescendant');
  menuMode = 'menu';
}

function selectedIndex() {
  return [...menu.children].findIndex((li) => li.getAttribute('aria-selected') === 'true');
}

function syncActive() {
  const li = menu.children[selectedIndex()];
  if (li) {
    textEl.setAttribute('aria-activedescendant', li.id);
    li.scrollIntoView({ block: 'nearest' });
  } else textEl.removeAttribute('aria-activedescendant');
}

function menuKeys(ev) {
  const items = [...menu.children];
  let i = selectedIndex();
  if (ev.key === 'Escape') { ev.preventDefault(); return closeMenu(); }
  if (ev.key === 'Enter' || ev.key === 'Tab') {
    if (i < 0) return;
    ev.preventDefault();
    // A command typed in full ("/ayuda" + Intro) is sent, as in Telegram; a prefix is completed.
    const typed = textEl.value.trim().toLowerCase();
    if (ev.key === 'Enter' && items.some((li) => `/${li.dataset.command}` === typed)) {
      closeMenu();
      return form.requestSubmit();
    }
    return chooseCommand(items[i].dataset.command);
  }
  ev.preventDefault();
  i = ev.key === 'ArrowDown' ? (i + 1) % items.length : (i - 1 + items.length) % items.length;
  items.forEach((li, k) => li.setAttribute('aria-selected', k === i ? 'true' : 'false'));
  syncActive();
}

async function chooseCommand(command) {
  const mode = menuMode;
  closeMenu();
  if (mode === 'complete') {
    // Typing "/se…" then choosing fills the box so arguments can follow (/semana 3).
    textEl.value = `/${command} `;
    autosize();
  } else {
    await sendText(`/${command}`);
  }
  textEl.focus();
}

menuButton.addEventListener('click', () => {
  if (menu.hidden) {
    openMenu('menu');
    textEl.focus();
  } else closeMenu();
});
document.addEventListener('click', (ev) => {
  if (!menu.hidden && !menu.contains(ev.target) && ev.target !== menuButton && !menuButton.contains(ev.target) && ev.target !== textEl) closeMenu();
});

// ---- live connection -----------------------------------------------------------------------------

/** The persona switcher (class mode only): one option per person the page can play. */
function renderPersonas(list, current) {
  const box = $('personas');
  if (!list.length) return void (box.hidden = true);
  const select = $('persona');
  select.replaceChildren(...list.map((p) => el('option', { value: String(p.id) }, p.first_name)));
  select.value = String(current.id);
  box.hidden = false;
}

function switchTo(id) {
  persona = String(id);
  sessionStorage.setItem('persona', persona);
  // Each persona has its own draft: the box shows the one of who the page plays now.
  textEl.value = '';
  restoreDraft();
  autosize();
  delete document.body.dataset.ready;
  connect();
}

/** After a snapshot: a page invite switches the teacher to a student, and each student who opens it joins. */
function followInvite(e) {
  if (!pendingJoin || !e.personas.length) return false;
  if (e.user.id === e.personas[0].id) {
    // Once: the teacher chosen afterwards in the switcher stays the teacher.
    if (inviteOpened) return false;
    inviteOpened = true;
    switchTo(e.personas[1].id);
    return true;
  }
  if (e.messages.length === 0) {
    toast(T.personas.joining);
    void sendText(`/start ${pendingJoin}`);
  }
  return false;
}

$('persona').addEventListener('change', (ev) => switchTo(ev.target.value));

function connect() {
  setStatus(T.connecting);
  if (source) source.close();
  // The browser's time zone goes with the stream: the bot shows times and sends reminders at the student's hour.
  const zone = (() => { try { return Intl.DateTimeFormat().resolvedOptions().timeZone || ''; } catch { return ''; } })();
  const query = new URLSearchParams();
  if (persona) query.set('persona', persona);
  if (zone) query.set('zone', zone);
  source = new EventSource(String(query) ? `/events?${query}` : '/events');
  source.onopen = () => setStatus(T.online);
  source.onerror = () => setStatus(T.reconnecting);
  source.onmessage = (ev) => {
    const e = JSON.parse(ev.data);
    switch (e.type) {
      case 'snapshot':
        me = e.user;
        renderPersonas(e.personas || [], e.user);
        if (followInvite(e)) break;
        $('bot-name').textContent = e.bot.first_name;
        log.replaceChildren();
        // A chat never opened shows what Telegram shows there: a button that sends /start.
        if (!e.messages.length) log.append(el('div', { class: 'empty', id: 'empty' }, el('p', {}, T.empty), el('button', { type: 'button', class: 'empty-start', onclick: () => { void sendText('/start'); textEl.focus(); } }, T.start)));
        e.messages.forEach(addMessage);
        renderCommands(e.commands);
        // The menu button narrows the box: a pending reply's placeholder is measured again.
        if (!textEl.value) autosize();
        keepAtBottom(true);
        document.body.dataset.ready = 'true';
        break;
      case 'message':
        if (e.message.from && e.message.from.id !== me.id) clearAction();
        addMessage(e.message);
        break;
      case 'edit':
        editMessage(e.message);
        break;
      case 'delete':
        document.getElementById(`m-${e.message_id}`)?.remove();
        break;
      case 'toast':
        if (e.show_alert) alertBox(e.text);
        else toast(e.text);
        break;
      case 'action':
        showAction(e.action);
        break;
      case 'commands':
        renderCommands(e.commands);
        break;
    }
  };
}

connect();
textEl.focus();
