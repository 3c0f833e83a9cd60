import { describe, expect, it } from 'vitest';
import { createGramjsGateway } from './gramjs-gateway.ts';

// Only what can be checked without Telegram: the real calls are covered by the fake-backed tests.
describe('createGramjsGateway', () => {
  it('builds a client without connecting, and a new session exports as empty', async () => {
    const warnings: string[] = [];
    const gateway = createGramjsGateway({ apiId: 12345, apiHash: 'a'.repeat(32), session: '', testDc: true, log: { warn: (m) => warnings.push(m) } });
    expect(gateway.exportSession()).toBe('');
    await gateway.disconnect();
    expect(warnings).toEqual([]);
  });

  it('refuses a saved session that is not a GramJS session string', () => {
    expect(() => createGramjsGateway({ apiId: 12345, apiHash: 'a'.repeat(32), session: 'not-a-session' })).toThrow();
  });
});
