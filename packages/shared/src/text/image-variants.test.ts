import { describe, expect, it } from 'vitest';
import { hasImageVariants, imageSrcSet, imageVariantUrl } from './image-variants.ts';

describe('image variants', () => {
  it('names each variant beside the stored image, on the disk or behind a CDN', () => {
    expect(imageVariantUrl('/media/tg/chan/7/0-image.jpg', 480)).toBe('/media/tg/chan/7/0-image.w480.webp');
    expect(imageVariantUrl('https://cdn.example.com/media/tg/chan/7/0-image.png', 320)).toBe('https://cdn.example.com/media/tg/chan/7/0-image.w320.webp');
    expect(imageVariantUrl('https://bucket.s3.amazonaws.com/uploads/2026-11/ab/0-file.webp', 960)).toBe('https://bucket.s3.amazonaws.com/uploads/2026-11/ab/0-file.w960.webp');
    expect(imageSrcSet('/media/demo/a.jpg')).toBe('/media/demo/a.w320.webp 320w, /media/demo/a.w480.webp 480w, /media/demo/a.w640.webp 640w, /media/demo/a.w960.webp 960w, /media/demo/a.w1280.webp 1280w');
  });

  it('derives the variants of a versioned image from its versioned name, on the disk or behind a CDN', () => {
    expect(imageVariantUrl('/media/tg/chan/7/0-image.3fa9c01b.jpg', 480)).toBe('/media/tg/chan/7/0-image.3fa9c01b.w480.webp');
    expect(imageVariantUrl('https://cdn.example.com/media/tg/chan/7/0-image.3fa9c01b.jpg', 320)).toBe('https://cdn.example.com/media/tg/chan/7/0-image.3fa9c01b.w320.webp');
    expect(imageSrcSet('https://cdn.example.com/media/tg/chan/7/20-thumb.00ff12ab.png')).toContain('https://cdn.example.com/media/tg/chan/7/20-thumb.00ff12ab.w1280.webp 1280w');
  });

  it('leaves images hosted elsewhere, variants themselves and addresses with queries alone', () => {
    for (const src of ['https://example.com/photo.jpg', 'https://cdn.example.com/media/tg/chan/7/0-image.w480.webp', '/media/a.jpg?x=1', '/media/report.pdf', null, undefined, '']) {
      expect(hasImageVariants(src)).toBe(false);
      expect(imageSrcSet(src)).toBeUndefined();
    }
  });
});
