/**
 * A tiny real grammY bot for the web chat tests (not the product bot): it answers text with an
 * approval-style keyboard, edits the message when a button is tapped, and sends a photo, an audio
 * and a document on request — every kind of thing the page must show.
 */
import { Bot, InlineKeyboard, InputFile } from 'grammy';
import { makePng, makeWav } from './media-fixtures.js';

export const ECHO_COMMANDS = [
  { command: 'start', description: 'Qué hace este bot' },
  { command: 'portada', description: 'Envía una imagen de prueba' },
  { command: 'episodio', description: 'Envía un audio de prueba' },
];

/** Builds (does not start) the echo bot against `apiRoot`. */
export function createEchoBot(token: string, apiRoot: string): Bot {
  const bot = new Bot(token, { client: { apiRoot } });
  const png = makePng(320, 200);
  const wav = makeWav(2);

  bot.command('start', (ctx) => ctx.reply('Hola. Escriba algo y le propondré una acción con botones.'));
  bot.command('portada', async (ctx) => {
    await ctx.replyWithChatAction('upload_photo');
    await ctx.replyWithPhoto(new InputFile(png, 'portada.png'), { caption: 'Portada · semana 3 · maqueta' });
  });
  bot.command('episodio', async (ctx) => {
    await ctx.replyWithChatAction('record_voice');
    await ctx.replyWithAudio(new InputFile(wav, 'episodio-semana-3.wav'), { title: 'Episodio semana 3', performer: 'Cuaderno Vivo' });
    await ctx.replyWithDocument(new InputFile(wav, 'episodio-semana-3.wav'), { caption: 'El WAV original' });
  });
  bot.on('message:text', async (ctx) => {
    await ctx.replyWithChatAction('typing');
    const keyboard = new InlineKeyboard().text('✅ Aprobar', 'ok').text('❌ Rechazar', 'no');
    await ctx.reply(`Generar la portada para: «${ctx.message.text}»\nMotor: maqueta · ~1 s`, { reply_markup: keyboard });
  });
  bot.on('callback_query:data', async (ctx) => {
    const approved = ctx.callbackQuery.data === 'ok';
    await ctx.answerCallbackQuery({ text: approved ? 'Aprobado' : 'Rechazado' });
    const original = ctx.callbackQuery.message?.text ?? '';
    await ctx.editMessageText(`${original}\n\n${approved ? '✅ Aprobado' : '❌ Rechazado'} por ${ctx.from.first_name}`);
  });
  return bot;
}
