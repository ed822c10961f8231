/**
 * What the chat holds — the model behind the page: chats, messages in their current (edited)
 * state, the bot's command menu and callback queries waiting for an answer. Every change is also
 * published as a `ChatEvent`, which the page receives live (Server-Sent Events).
 */
import type { BotCommand, Chat, Message, User } from 'grammy/types';

/** A change the page must show. Messages are Telegram `Message` objects, exactly as the bot got them. */
export type ChatEvent =
  | { type: 'message'; message: Message }
  | { type: 'edit'; message: Message }
  | { type: 'delete'; chat_id: number; message_id: number }
  | { type: 'toast'; chat_id: number; text: string; show_alert: boolean }
  | { type: 'action'; chat_id: number; action: string }
  | { type: 'commands'; commands: BotCommand[] };

export type ChatListener = (event: ChatEvent) => void;

/**
 * What survives a restart (see persist.ts): chats, messages in their current state, the last
 * message id of each chat (ids are never reused, even after deletions) and the command menu.
 * Unanswered button presses do not survive: on Telegram they expire too.
 */
export interface ChatStateSnapshot {
  chats: Chat[];
  messages: Message[];
  lastMessageId: Record<string, number>;
  commands: BotCommand[];
}

interface PendingQuery {
  chatId: number;
  answered: boolean;
}

export class ChatState {
  private readonly chats = new Map<number, Chat>();
  private readonly messages = new Map<number, Map<number, Message>>();
  private readonly lastMessageId = new Map<number, number>();
  private readonly queries = new Map<string, PendingQuery>();
  private readonly listeners = new Set<ChatListener>();
  private queryCounter = 0;
  private retention: { max: number; evict: (messages: Message[]) => void } | undefined;
  /** Called with each new id before it is used (id-mark.ts persists its high-water mark). */
  private coverId: (chatId: number, id: number) => void = () => {};
  commands: BotCommand[] = [];

  /**
   * Keeps at most `max` messages per chat: older ones are handed to `evict` (to archive) and
   * dropped, so the saved history does not grow without bound. Applied now and on every new message.
   */
  retain(max: number, evict: (messages: Message[]) => void): void {
    this.retention = { max, evict };
    for (const chatId of this.messages.keys()) this.trim(chatId);
  }

  private trim(chatId: number): void {
    const bucket = this.messages.get(chatId);
    if (!this.retention || !bucket || bucket.size <= this.retention.max) return;
    const old = [...bucket.keys()].sort((a, b) => a - b).slice(0, bucket.size - this.retention.max);
    const gone = old.map((id) => bucket.get(id)!);
    for (const id of old) bucket.delete(id);
    this.retention.evict(gone);
  }

  /** Every new message id goes through `cover` before it is used or published. */
  guardIds(cover: (chatId: number, id: number) => void): void {
    this.coverId = cover;
  }

  /** Makes `user`'s private chat known (chat id = user id, as on Telegram). */
  openPrivateChat(user: User): Chat {
    const existing = this.chats.get(user.id);
    if (existing) return existing;
    const chat: Chat = { id: user.id, type: 'private', first_name: user.first_name, ...(user.username ? { username: user.username } : {}) };
    this.chats.set(chat.id, chat);
    return chat;
  }

  /** The chat with this id, or undefined (the server answers "chat not found"). */
  chat(chatId: number): Chat | undefined {
    return this.chats.get(chatId);
  }

  /** The next message of `chatId` gets an id above `id` (ids are never reused; see botapi-server). */
  skipIdsTo(chatId: number, id: number): void {
    this.lastMessageId.set(chatId, Math.max(this.lastMessageId.get(chatId) ?? 0, id));
  }

  /** Stores a new message with the next id of its chat and publishes it. */
  add(chatId: number, build: (messageId: number) => Message): Message {
    const id = (this.lastMessageId.get(chatId) ?? 0) + 1;
    this.coverId(chatId, id);
    this.lastMessageId.set(chatId, id);
    const message = build(id);
    this.bucket(chatId).set(id, message);
    this.emit({ type: 'message', message });
    this.trim(chatId);
    return message;
  }

  /** The message as it is now, or undefined. */
  get(chatId: number, messageId: number): Message | undefined {
    return this.messages.get(chatId)?.get(messageId);
  }

  /** Replaces a message by its edited version and publishes the edit. */
  replace(message: Message): void {
    this.bucket(message.chat.id).set(message.message_id, message);
    this.emit({ type: 'edit', message });
  }

  /** Removes a message; false when there was none. */
  remove(chatId: number, messageId: number): boolean {
    const removed = this.messages.get(chatId)?.delete(messageId) ?? false;
    if (removed) this.emit({ type: 'delete', chat_id: chatId, message_id: messageId });
    return removed;
  }

  /** Messages of a chat in order, in their current state. */
  history(chatId: number): Message[] {
    return [...(this.messages.get(chatId)?.values() ?? [])].sort((a, b) => a.message_id - b.message_id);
  }

  /** Registers a button press and returns its `callback_query.id`. */
  newQuery(chatId: number): string {
    const id = `${Date.now()}${String(++this.queryCounter).padStart(6, '0')}`;
    this.queries.set(id, { chatId, answered: false });
    return id;
  }

  /** Called when a press is answered (persist.ts keeps the unanswered ones). */
  onQueryAnswered: () => void = () => {};

  /** Marks a query answered; undefined when it is unknown or was already answered. */
  answerQuery(id: string): PendingQuery | undefined {
    const q = this.queries.get(id);
    if (!q || q.answered) return undefined;
    q.answered = true;
    this.onQueryAnswered();
    return q;
  }

  /** Ids of button presses the bot has not answered yet. */
  unansweredQueries(): string[] {
    return [...this.queries].filter(([, q]) => !q.answered).map(([id]) => id);
  }

  /** The unanswered presses with their chats, as persist.ts keeps them. */
  pendingQueries(): Array<{ id: string; chatId: number }> {
    return [...this.queries].filter(([, q]) => !q.answered).map(([id, q]) => ({ id, chatId: q.chatId }));
  }

  /** Unanswered presses kept across a restart: still answerable, as on Telegram within its time. */
  restoreQueries(queries: ReadonlyArray<{ id: string; chatId: number }>): void {
    for (const q of queries) this.queries.set(q.id, { chatId: q.chatId, answered: false });
  }

  /** Everything that must survive a restart, as plain JSON-able data. */
  snapshot(): ChatStateSnapshot {
    return {
      chats: [...this.chats.values()],
      messages: [...this.messages.values()].flatMap((b) => [...b.values()]),
      lastMessageId: Object.fromEntries(this.lastMessageId),
      commands: this.commands,
    };
  }

  /**
   * Loads a snapshot into an empty state (start-up, before anyone listens). Message ids continue
   * after the highest of `lastMessageId` and the stored messages, so none is ever reused.
   */
  restore(s: ChatStateSnapshot): void {
    for (const chat of s.chats) this.chats.set(chat.id, chat);
    for (const [id, last] of Object.entries(s.lastMessageId)) this.lastMessageId.set(Number(id), last);
    for (const m of s.messages) {
      this.bucket(m.chat.id).set(m.message_id, m);
      if (!this.chats.has(m.chat.id)) this.chats.set(m.chat.id, m.chat);
      this.lastMessageId.set(m.chat.id, Math.max(this.lastMessageId.get(m.chat.id) ?? 0, m.message_id));
    }
    this.commands = s.commands;
  }

  subscribe(listener: ChatListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ChatEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private bucket(chatId: number): Map<number, Message> {
    let b = this.messages.get(chatId);
    if (!b) this.messages.set(chatId, (b = new Map()));
    return b;
  }
}
