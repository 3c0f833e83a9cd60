// A real S3-speaking server for tests and benchmarks (s3rver): started on a free port with its
// own temporary directory and one bucket, and the options the app's S3 storage needs to use it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { s3ClientConfig, type S3Options } from '../src/integrations/storage/index.ts';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export interface TestS3Server {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  bucket: string;
  /** What config.s3 takes (path-style addressing, s3rver's well-known credentials). */
  options: S3Options;
  /** The public address of the bucket's media/ prefix, for MEDIA_BASE_URL. */
  mediaBaseUrl: string;
  /** Every object key in the bucket (with its prefix), sorted. */
  keys(prefix?: string): Promise<string[]>;
  /**
   * With `separateProcess` only: the server's process is stopped (SIGSTOP), so the kernel still
   * accepts connections and nothing ever answers them, as a frozen bucket service does.
   */
  freeze(): void;
  /** Lets a frozen server run again (SIGCONT). */
  thaw(): void;
  /** With `separateProcess` only: the server ends (connections are refused) … */
  stop(): Promise<void>;
  /** … and starts again on the same port, with the objects it had. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** s3rver in a process of its own (on the port given, or any): prints its port, closes on SIGTERM. */
const CHILD = (modulePath: string) => `
const S3rver = require(${JSON.stringify(modulePath)});
const server = new S3rver({ address: '127.0.0.1', port: Number(process.argv[2]) || 0, silent: true, directory: process.argv[1], vhostBuckets: false });
server.run().then((address) => console.log(address.port));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));`;

/**
 * `separateProcess`: the server runs in a child process, as a bucket service runs apart from
 * the app (benchmarks: its work does not share the measured process's thread).
 */
export async function startS3Server(options: { bucket?: string; separateProcess?: boolean } = {}): Promise<TestS3Server> {
  const require = createRequire(import.meta.url);
  const directory = await mkdtemp(path.join(os.tmpdir(), 'chapar-s3-'));
  let port = 0;
  let stop: () => Promise<void>;
  let start = async (): Promise<void> => { throw new Error('only a server in a separate process can be stopped and started'); };
  let signal = (_name: NodeJS.Signals): void => { throw new Error('only a server in a separate process can be frozen'); };
  if (options.separateProcess) {
    let child: ChildProcess;
    start = async () => {
      child = spawn(process.execPath, ['-e', CHILD(require.resolve('s3rver')), directory, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
      port = await new Promise<number>((resolve, reject) => {
        child.stdout!.once('data', (data: Buffer) => resolve(Number(String(data).trim())));
        child.once('exit', (code) => reject(new Error(`the S3 server process ended with ${code}`)));
      });
    };
    await start();
    signal = (name) => { child.kill(name); };
    stop = () => new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // A frozen process only hears SIGTERM once it runs again.
      child.kill('SIGCONT');
      child.kill('SIGTERM');
    });
  } else {
    const S3rver = require('s3rver') as S3rverClass;
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false });
    port = (await server.run()).port;
    stop = () => server.close();
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = options.bucket ?? 'chapar-media';
  const s3: S3Options = { endpoint, region: 'us-east-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  const client = new S3Client(s3ClientConfig(s3));
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    options: s3,
    mediaBaseUrl: `${endpoint}/${bucket}/media`,
    async keys(prefix) {
      const keys: string[] = [];
      let truncated: boolean | undefined;
      do {
        // Paged by the last key seen (ListObjects' Marker), which s3rver honours as S3 does.
        const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Marker: keys.at(-1) }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        truncated = page.IsTruncated && Boolean(page.Contents?.length);
      } while (truncated);
      return keys.sort();
    },
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    stop: () => stop(),
    start: () => start(),
    async close() {
      client.destroy();
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
