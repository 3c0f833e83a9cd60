// A local HTTP server that speaks enough of the OpenAI chat-completions API for
// tests: POST /v1/chat/completions answers with scripted replies, in order.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeReply =
  /** A normal completion whose message content is this text. */
  | { content: string }
  /** An HTTP error (or any status) with an optional JSON body and headers. */
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Accept the request and never answer. */
  | { hang: true }
  /** A normal completion whose content is worked out from the request (e.g. to answer a question right). */
  | { respond(body: RecordedRequest['body']): string; delayMs?: number };

export interface RecordedRequest {
  authorization?: string;
  body: { model?: string; messages?: { role: string; content: string }[]; response_format?: { type: string }; [key: string]: unknown };
}

export interface FakeOpenAiServer {
  /** Ends in /v1, as AI_BASE_URL does for OpenAI itself. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** The most requests it has held open at once (a reply with delayMs holds each that long). */
  peakConcurrency: number;
  /** Sets the replies: request n gets reply n, and the last one repeats. */
  script(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

async function readJson(req: IncomingMessage): Promise<RecordedRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
  } catch {
    return {};
  }
}

export async function startFakeOpenAi(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  let replies: FakeReply[] = [{ status: 500, body: { error: { message: 'no reply scripted' } } }];
  let open = 0;
  let peak = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return json(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    }
    const body = await readJson(req);
    requests.push({ authorization: req.headers.authorization, body });
    const reply = replies[Math.min(requests.length - 1, replies.length - 1)];
    if ('hang' in reply) return;
    if ('content' in reply) return json(200, completion(body.model ?? 'fake-model', reply.content));
    if ('respond' in reply) {
      open++;
      peak = Math.max(peak, open);
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      open--;
      return json(200, completion(body.model ?? 'fake-model', reply.respond(body)));
    }
    return json(reply.status, reply.body ?? { error: { message: `status ${reply.status}`, type: 'server_error' } }, reply.headers);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get peakConcurrency() { return peak; },
    script: (...next) => {
      replies = next;
      requests.length = 0;
      peak = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // A hanging reply keeps its socket open; close() alone would wait for it.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
