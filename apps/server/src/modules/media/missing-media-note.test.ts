import { describe, expect, it } from 'vitest';
import { givenByHand, missingMediaNote, noteWithout } from './missing-media-note.ts';

const WHY = 'سرور رسانه فایل را نداد (۵۰۰)';
const both = missingMediaNote([{ kind: 'video', reason: WHY }, { kind: 'image', reason: WHY }])!;

describe('a missing-media note', () => {
  it('names the kinds in one order, with the first reason', () => {
    expect(both).toBe(`بی‌تصویر، بی‌ویدیو: دریافت از تلگرام نشد (${WHY})`);
    expect(missingMediaNote([])).toBeNull();
  });

  it('drops what an editor gave by hand, and is gone when nothing is left', () => {
    expect(noteWithout(both, new Set(['image']))).toBe(`بی‌ویدیو: دریافت از تلگرام نشد (${WHY})`);
    expect(noteWithout(both, new Set(['video']))).toBe(`بی‌تصویر: دریافت از تلگرام نشد (${WHY})`);
    expect(noteWithout(both, new Set(['image', 'video']))).toBeNull();
    expect(noteWithout(both, new Set(['audio']))).toBe(both);
    expect(noteWithout(both, new Set())).toBe(both);
  });

  it('takes a kind as given only when its address was written by hand', () => {
    expect([...givenByHand({ editedFields: ['imageUrl', 'title'], imageUrl: 'https://example.com/a.jpg', videoUrl: null })]).toEqual(['image']);
    // Edited, then cleared: nothing is given.
    expect([...givenByHand({ editedFields: ['imageUrl'], imageUrl: null, videoUrl: null })]).toEqual([]);
    // Set by a run, not by hand.
    expect([...givenByHand({ editedFields: ['title'], imageUrl: '/media/a.jpg', videoUrl: '/media/v.mp4' })]).toEqual([]);
    expect([...givenByHand({ editedFields: ['videoUrl', 'imageUrl'], imageUrl: '/media/a.jpg', videoUrl: '/media/v.mp4' })].sort()).toEqual(['image', 'video']);
  });
});
