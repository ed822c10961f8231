/**
 * A local HTTP server speaking the Anthropic Messages API (POST /v1/messages and
 * /v1/messages/count_tokens), scripted per test and recording every request, so tests run the real
 * `@anthropic-ai/sdk` end to end. Bind 127.0.0.1, port 0. Others may reuse it (bot, webchat).
 *
 * Each scripted reply answers one POST /v1/messages, in order: a message (`reply.message(...)`), an
 * HTTP error (`reply.error(429, ...)`), or a function of the request body. Past the end of the
 * script it answers 500 with `guion agotado` (and the test can see `exhausted`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface HttpReply {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export type Reply = HttpReply | ((body: Record<string, unknown>, index: number) => HttpReply);

let counter = 0;

export const reply = {
  /** A successful Messages API response. `usage` defaults to a small fixed count. */
  message(content: unknown[], stop_reason: string, usage: Partial<Record<'input_tokens' | 'output_tokens' | 'cache_creation_input_tokens' | 'cache_read_input_tokens', number>> = {}): HttpReply {
    return {
      status: 200,
      body: {
        id: `msg_test_${++counter}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-5-5',
        content,
        stop_reason,
        stop_sequence: null,
        usage: { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, ...usage },
      },
    };
  },
  /** An API error with the real error envelope (`{"type":"error","error":{type,message}}`). */
  error(status: number, type: string, message: string, headers: Record<string, string> = {}): HttpReply {
    return { status, headers, body: { type: 'error', error: { type, message } } };
  },
  toolUse(id: string, name: string, input: unknown) {
    return { type: 'tool_use', id, name, input };
  },
  text(text: string) {
    return { type: 'text', text };
  },
};

export interface MessagesApiServer {
  /** Base URL for the SDK (`baseURL`), e.g. http://127.0.0.1:41234 */
  url: string;
  /** Every request, in arrival order (messages and count_tokens). */
  requests: RecordedRequest[];
  /** Only the POST /v1/messages requests. */
  messageRequests(): RecordedRequest[];
  /** True once a request arrived after the script ran out. */
  readonly exhausted: boolean;
  close(): Promise<void>;
}

export interface MessagesApiServerOptions {
  replies: Reply[];
  /** Input tokens reported by count_tokens; default ~4 chars/token of the request JSON. Return an HttpReply to fail. */
  countTokens?: (body: Record<string, unknown>) => number | HttpReply;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, r: HttpReply): void {
  res.writeHead(r.status, { 'content-type': 'application/json', 'request-id': `req_test_${++counter}`, ...r.headers });
  res.end(JSON.stringify(r.body));
}

export async function startMessagesApiServer(opts: MessagesApiServerOptions): Promise<MessagesApiServer> {
  const requests: RecordedRequest[] = [];
  let next = 0;
  let exhausted = false;
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return send(res, reply.error(400, 'invalid_request_error', 'cuerpo no es JSON'));
    }
    const path = (req.url ?? '').split('?')[0] ?? '';
    requests.push({ path, headers: req.headers, body });
    if (req.method !== 'POST') return send(res, reply.error(405, 'invalid_request_error', 'método no permitido'));
    if (path === '/v1/messages/count_tokens') {
      const { model: _m, ...rest } = body;
      const n = opts.countTokens ? opts.countTokens(body) : Math.ceil(JSON.stringify(rest).length / 4);
      return typeof n === 'number' ? send(res, { status: 200, body: { input_tokens: n } }) : send(res, n);
    }
    if (path !== '/v1/messages') return send(res, reply.error(404, 'not_found_error', `no existe ${path}`));
    const index = next++;
    const r = opts.replies[index];
    if (!r) {
      exhausted = true;
      return send(res, reply.error(500, 'api_error', 'guion agotado'));
    }
    send(res, typeof r === 'function' ? r(body, index) : r);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    messageRequests: () => requests.filter((r) => r.path === '/v1/messages'),
    get exhausted() {
      return exhausted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
