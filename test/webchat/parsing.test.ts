/** Pure parsers of the embedded Bot API: multipart bodies, parse_mode, command entities, media headers. */
import { describe, expect, it } from 'vitest';
import { applyParseMode, commandEntities } from '../../src/webchat/format.js';
import { imageSize, sniffMime, wavDurationS } from '../../src/webchat/media.js';
import { MultipartError, parseMultipart } from '../../src/webchat/multipart.js';
import { BotApiError } from '../../src/webchat/params.js';
import { makePng, makeWav } from './media-fixtures.js';

describe('parseMultipart', () => {
  it("takes grammY's spelling (no space after the colon, unquoted filename) and binary bytes", () => {
    const b = '----------abc';
    const bytes = Buffer.from([0, 255, 13, 10, 45, 45, 1]);
    const body = Buffer.concat([
      Buffer.from(`--${b}\r\ncontent-disposition:form-data;name="chat_id"\r\n\r\n5\r\n--${b}\r\n`),
      Buffer.from(`content-disposition:form-data;name="photo"\r\n\r\nattach://xyz\r\n--${b}\r\n`),
      Buffer.from(`content-disposition:form-data;name="xyz";filename=photo.jpg\r\ncontent-type:application/octet-stream\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
    const out = parseMultipart(body, `multipart/form-data; boundary=${b}`);
    expect(out.fields).toEqual({ chat_id: '5', photo: 'attach://xyz' });
    expect(out.files.xyz?.filename).toBe('photo.jpg');
    expect(out.files.xyz?.data.equals(bytes)).toBe(true);
  });

  it('takes the browser spelling (quoted names, spaces) and rejects truncated bodies', () => {
    const body = Buffer.from('--X\r\nContent-Disposition: form-data; name="text"\r\n\r\nhola\r\n--X--\r\n');
    expect(parseMultipart(body, 'multipart/form-data; boundary="X"').fields).toEqual({ text: 'hola' });
    expect(() => parseMultipart(Buffer.from('--X\r\nContent-Disposition: form-data; name="a"\r\n\r\nhola'), 'multipart/form-data; boundary=X')).toThrow(MultipartError);
    expect(() => parseMultipart(body, 'multipart/form-data')).toThrow(MultipartError);
  });
});

describe('applyParseMode', () => {
  it('HTML: tags become entities with UTF-16 offsets, escapes are decoded', () => {
    expect(applyParseMode('🎧 <b>Hola</b> &amp; <a href="https://x.org">enlace</a>', 'HTML')).toEqual({
      text: '🎧 Hola & enlace',
      entities: [{ type: 'bold', offset: 3, length: 4 }, { type: 'text_link', offset: 10, length: 6, url: 'https://x.org' }],
    });
  });

  it('HTML: unknown or unclosed tags are Telegram errors', () => {
    expect(() => applyParseMode('<blink>x</blink>', 'HTML')).toThrow(/Unsupported start tag "blink"/);
    expect(() => applyParseMode('<b>x', 'HTML')).toThrow(/Can't find end tag/);
    expect(() => applyParseMode('a < b', 'HTML')).toThrow(BotApiError);
  });

  it('MarkdownV2: marks, code and links; an unescaped reserved character is refused', () => {
    expect(applyParseMode('*Semana 3* \\- `npm start`', 'MarkdownV2')).toEqual({
      text: 'Semana 3 - npm start',
      entities: [{ type: 'bold', offset: 0, length: 8 }, { type: 'code', offset: 11, length: 9 }],
    });
    expect(() => applyParseMode('Listo.', 'MarkdownV2')).toThrow("Character '.' is reserved");
    expect(applyParseMode('Listo.', undefined)).toEqual({ text: 'Listo.', entities: [] });
    expect(() => applyParseMode('x', 'BBCode')).toThrow('unsupported parse_mode');
  });

  it('commandEntities marks /commands at word starts only', () => {
    expect(commandEntities('/semana 3 y luego /estado, no a/b')).toEqual([
      { type: 'bot_command', offset: 0, length: 7 },
      { type: 'bot_command', offset: 18, length: 7 },
    ]);
    expect(commandEntities('hola /estado')).toEqual([{ type: 'bot_command', offset: 5, length: 7 }]);
  });
});

describe('media headers', () => {
  it('PNG size, WAV duration and types by magic bytes', () => {
    expect(imageSize(makePng(33, 17))).toEqual({ width: 33, height: 17 });
    expect(wavDurationS(makeWav(2))).toBe(2);
    expect(sniffMime(makePng(2, 2), 'photo.jpg')).toBe('image/png');
    expect(sniffMime(makeWav(0.1))).toBe('audio/wav');
    expect(sniffMime(Buffer.from('ID3\x04rest'))).toBe('audio/mpeg');
    expect(sniffMime(Buffer.from('plain'), 'notas.txt')).toBe('text/plain');
    expect(wavDurationS(Buffer.from('not a wav'))).toBeUndefined();
  });
});
