import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../integrations/storage/index.ts';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import type { ArticleRow } from '../articles/admin-repo.ts';
import { mediaMissing } from './refresh-media.ts';
import type { Services } from '../../services.ts';

const storage = createMemoryStorage({ baseUrl: '/media' });
const s = { storage } as unknown as Services;
const post = { photos: [], videos: [] } as unknown as TelegramPost;
const article = (imageUrl: string | null) => ({ imageUrl, videoUrl: null }) as ArticleRow;

describe('mediaMissing', () => {
  it('names an address with a malformed escape instead of failing the run', async () => {
    const reason = await mediaMissing(s, article('/media/%E0%A4%A.jpg'), post);
    expect(reason).toContain('کد درصدی نادرست');
  });

  it('tells an address outside the storage and a stored file that is gone apart', async () => {
    expect(await mediaMissing(s, article('https://elsewhere.example/a.jpg'), post)).toContain('نشانی بیرونی');
    expect(await mediaMissing(s, article('/media/tg/chan/1/a.jpg'), post)).toContain('فایل پیدا نشد');
    await storage.put('tg/chan/1/a.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await mediaMissing(s, article('/media/tg/chan/1/a.jpg'), post)).toBeNull();
  });
});
