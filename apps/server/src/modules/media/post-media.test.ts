import { readFile, stat, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { TelegramSource } from '../../integrations/telegram/index.ts';
import { downloadForStore } from './post-media.ts';
import type { Services } from '../../services.ts';

const services = { config: { mediaMaxBytes: 10_000 }, mediaPolicy: {} } as unknown as Services;
const noPages = { fetchPage: async () => ({ posts: [] }), fetchPost: async () => null };

describe('downloadForStore', () => {
  it('sends a video from a source that writes files to a temporary file, removed when done', async () => {
    const asked: string[] = [];
    const source: TelegramSource = {
      ...noPages,
      downloadMedia: async () => { throw new Error('a video must not be downloaded into memory'); },
      downloadMediaToFile: async (url, file, maxBytes) => {
        asked.push(`${url} ${maxBytes}`);
        await writeFile(file, Buffer.alloc(4000, 1));
        return 4000;
      },
    };
    const download = await downloadForStore(services, source, 'mtproto://akhbar_rooz/7/0', true);
    expect(asked).toEqual(['mtproto://akhbar_rooz/7/0 10000']);
    expect(Buffer.isBuffer(download.body)).toBe(false);
    const { file } = download.body as { file: string };
    expect((await readFile(file)).length).toBe(4000);
    await download.done();
    await expect(stat(file)).rejects.toThrow();
  });

  it('reads a photo into memory, and removes the partial file of a video that failed', async () => {
    let partial = '';
    const source: TelegramSource = {
      ...noPages,
      downloadMedia: async () => Buffer.from('photo'),
      downloadMediaToFile: async (_url, file) => {
        partial = file;
        await writeFile(file, Buffer.alloc(100));
        throw new Error('20000 bytes is over the 10000 byte cap');
      },
    };
    const photo = await downloadForStore(services, source, 'mtproto://akhbar_rooz/7/0', false);
    expect((photo.body as Buffer).toString()).toBe('photo');
    await expect(downloadForStore(services, source, 'mtproto://akhbar_rooz/8/0', true)).rejects.toThrow(/byte cap/);
    await expect(stat(partial)).rejects.toThrow();
  });
});
