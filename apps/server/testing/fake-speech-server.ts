// A local server speaking the OpenAI speech protocol (POST /audio/speech with model, voice and
// input; Bearer key): it answers with real audio made by ffmpeg (a tone whose length follows
// the input: 1 s per 100 characters, at least 0.5 s), or fails as a test asks (500, silence).
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type FakeSpeechMode = 'ok' | 'error500' | 'hang';

export interface FakeSpeechRequest {
  authorization: string | undefined;
  model: string;
  voice: string;
  input: string;
  responseFormat: string | undefined;
}

export interface FakeSpeechServer {
  baseUrl: string;
  requests: FakeSpeechRequest[];
  mode: FakeSpeechMode;
  /** Seconds of audio the server answers for an input. */
  secondsFor(input: string): number;
  close(): Promise<void>;
}

export const FAKE_SPEECH_KEY = 'test-speech-key';

export async function startFakeSpeechServer(): Promise<FakeSpeechServer> {
  const hanging = new Set<http.ServerResponse>();
  const secondsFor = (input: string) => Math.max(0.5, Math.round(input.length) / 100);
  const state: FakeSpeechServer = {
    baseUrl: '', requests: [], mode: 'ok', secondsFor,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/v1/audio/speech') {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { model: string; voice: string; input: string; response_format?: string };
        state.requests.push({ authorization: req.headers.authorization, model: body.model, voice: body.voice, input: body.input, responseFormat: body.response_format });
        if (req.headers.authorization !== `Bearer ${FAKE_SPEECH_KEY}`) {
          res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'bad key' } }));
          return;
        }
        if (state.mode === 'error500') {
          res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'speech backend exploded' } }));
          return;
        }
        if (state.mode === 'hang') {
          hanging.add(res);
          return;
        }
        const { stdout } = await run('ffmpeg', [
          '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=24000:duration=${secondsFor(body.input)}`,
          '-ac', '1', '-f', 'wav', 'pipe:1',
        ], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
        res.writeHead(200, { 'content-type': 'audio/wav' }).end(stdout);
      })().catch((error: Error) => res.writeHead(500).end(error.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
