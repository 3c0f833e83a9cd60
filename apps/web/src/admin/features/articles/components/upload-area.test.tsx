// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { ADMIN_STATUS_PATH } from '../../../../features/auth/api.ts';
import { UploadArea } from './upload-area.tsx';

const uploadFile = vi.hoisted(() => vi.fn());
vi.mock('../api.ts', async (original) => ({ ...(await original<typeof import('../api.ts')>()), uploadFile }));

const STATUS = { isAuthenticated: true, username: 'admin', csrfToken: 't', role: 'admin', permissions: ['self', 'view', 'articles'], twoFactorSetupRequired: false, trashRetentionDays: 30 };
const photo = () => new File([new Uint8Array([1, 2, 3])], 'IMG_2034.jpg', { type: 'image/jpeg' });

afterEach(() => uploadFile.mockReset());

function renderArea(title = 'صف طولانی جایگاه‌های سوخت در شرق تهران') {
  const uploaded = vi.fn();
  renderWithApp(<UploadArea onUploaded={uploaded} altFallback={() => title} />, { data: [[[ADMIN_STATUS_PATH], STATUS]] });
  const choose = (file: File) => fireEvent.change(screen.getByLabelText(/آپلود فایل/), { target: { files: [file] } });
  return { uploaded, choose };
}

describe('UploadArea', () => {
  it('sends the description the editor typed as the image\'s alt text, then clears it for the next file', async () => {
    uploadFile.mockResolvedValue({ url: '/media/x.jpg', kind: 'image', mimeType: 'image/jpeg', bytes: 3, embedHtml: '<figure><img src="/media/x.jpg" alt="a"></figure>' });
    const { uploaded, choose } = renderArea();
    const description = screen.getByLabelText('توضیح تصویر برای صفحه‌خوان‌ها (اختیاری)');
    expect(document.getElementById(description.getAttribute('aria-describedby')!)?.textContent).toBe('بگویید تصویر چه نشان می‌دهد؛ اگر خالی بماند، عنوان مقاله به کار می‌رود.');
    fireEvent.change(description, { target: { value: '  خودروها در صف بنزین  ' } });
    choose(photo());
    await waitFor(() => expect(uploaded).toHaveBeenCalledWith('<figure><img src="/media/x.jpg" alt="a"></figure>'));
    expect(uploadFile).toHaveBeenCalledWith(expect.any(File), 't', expect.any(Function), 'خودروها در صف بنزین');
    await waitFor(() => expect((description as HTMLInputElement).value).toBe(''));
  });

  it('falls back to the article\'s title when the editor gave no description', async () => {
    uploadFile.mockResolvedValue({ url: '/media/y.jpg', kind: 'image', mimeType: 'image/jpeg', bytes: 3, embedHtml: '<figure></figure>' });
    const { choose } = renderArea();
    choose(photo());
    await waitFor(() => expect(uploadFile).toHaveBeenCalledWith(expect.any(File), 't', expect.any(Function), 'صف طولانی جایگاه‌های سوخت در شرق تهران'));
  });
});
