// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { RECHECK_MS, startOffline } from './start-offline.ts';

const browserSays = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startOffline', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  it('leaves a page the browser calls online as it is, without asking the site', () => {
    browserSays(true);
    const ask = vi.fn(async () => true);
    startOffline(ask);
    expect(onlineManager.isOnline()).toBe(true);
    expect(ask).not.toHaveBeenCalled();
  });

  it('starts offline when the browser says so and the site does not answer, and asks again later until it does', async () => {
    browserSays(false);
    vi.useFakeTimers();
    const answers = [false, false, true];
    const ask = vi.fn(async () => {
      const answered = answers.shift();
      if (!answered) throw new TypeError('Failed to fetch');
      return true;
    });
    startOffline(ask);
    await vi.advanceTimersByTimeAsync(0);
    expect(onlineManager.isOnline()).toBe(false);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RECHECK_MS);
    expect(ask).toHaveBeenCalledTimes(2);
    expect(onlineManager.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(RECHECK_MS);
    expect(ask).toHaveBeenCalledTimes(3);
    expect(onlineManager.isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(RECHECK_MS * 3);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('trusts the site over a browser that wrongly says offline', async () => {
    browserSays(false);
    startOffline(async () => true);
    await settle();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('stops asking once the browser itself says it is back online', async () => {
    browserSays(false);
    vi.useFakeTimers();
    const ask = vi.fn(async () => false);
    startOffline(ask);
    await vi.advanceTimersByTimeAsync(0);
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(RECHECK_MS * 3);
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
