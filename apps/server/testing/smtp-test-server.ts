// A real SMTP server for tests (smtp-server), keeping every message it accepted, parsed by
// mailparser. It refuses the addresses a test names (550 at RCPT TO), can hang once a message's
// data has arrived (never answering it) or answer it 451 (try again later), and a bare TCP
// server stands for a mail server that accepts the connection and never says a word.
import net, { type AddressInfo, type Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  from: string;
  parsed: ParsedMail;
  raw: string;
}

/** defer-after-data: every message is answered 451 (try again later) once its data has arrived. */
export type SmtpTestMode = 'accept' | 'hang-after-data' | 'defer-after-data';

export interface SmtpTestServer {
  port: number;
  /** smtp://user:pass@127.0.0.1:{port} */
  url: string;
  received: ReceivedMail[];
  /** Addresses refused with 550 at RCPT TO. */
  refused: Set<string>;
  mode: SmtpTestMode;
  /** Messages whose data arrived while hanging (never answered, never kept). */
  hungMessages: number;
  /** Messages answered 451 after their data (mode 'defer-after-data'; never kept). */
  deferredMessages: number;
  logins: string[];
  /** Resolves once `count` messages have been accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Received messages to one address. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const waiters: Array<() => void> = [];
  const sockets = new Set<Socket>();
  const state = {
    port: 0, url: '', received: [] as ReceivedMail[], refused: new Set<string>(), mode: 'accept' as SmtpTestMode, hungMessages: 0, deferredMessages: 0, logins: [] as string[],
  };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onConnect(session, callback) { callback(); },
    onAuth(auth, _session, callback) {
      state.logins.push(`${auth.username}:${auth.password}`);
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (state.refused.has(address.address.toLowerCase())) {
        return callback(Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.mode === 'hang-after-data') {
          // The whole message is here; the answer never comes.
          state.hungMessages += 1;
          return;
        }
        if (state.mode === 'defer-after-data') {
          state.deferredMessages += 1;
          return callback(Object.assign(new Error('4.3.0 Mail server temporarily busy, try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw).then((parsed) => {
          state.received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', parsed, raw });
          for (const wake of waiters.splice(0)) wake();
          callback(null, `Ok: queued as ${state.received.length}`);
        }, (error: Error) => callback(error));
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  server.server.on('connection', (socket: Socket) => { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); });
  state.port = port;
  state.url = `smtp://mailer:secret@127.0.0.1:${port}`;

  return Object.assign(state, {
    to: (address: string) => state.received.filter((m) => m.to.includes(address.toLowerCase())),
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (state.received.length < count) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} mails (got ${state.received.length})`);
        await new Promise<void>((resolve) => { waiters.push(resolve); setTimeout(resolve, 100); });
      }
      return state.received;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

export interface SilentServer {
  url: string;
  /** Connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

/** Accepts connections and never answers: a mail server stuck before its greeting. */
export async function startSilentSmtpServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  const state = { url: '', connections: 0 };
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
