import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: 'memory://', ...env });
const problem = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
};

describe('secrets in the environment', () => {
  it('refuses a short SESSION_SECRET and the example file\'s placeholder, saying what to do and never repeating it', () => {
    expect(problem({ SESSION_SECRET: 'x' })).toMatch(/^Invalid environment:\n {2}SESSION_SECRET: too short \(1 characters\): at least 32, e\.g\. `openssl rand -hex 32`/);
    expect(problem({ SESSION_SECRET: 'a'.repeat(31) })).toMatch(/SESSION_SECRET: too short \(31 characters\)/);
    const placeholder = problem({ SESSION_SECRET: 'change-me-to-64-hex-digits' });
    expect(placeholder).toMatch(/SESSION_SECRET: still the placeholder of the example file: put a secret of your own/);
    expect(placeholder).not.toContain('change-me-to-64-hex-digits');
    expect(problem({ SESSION_SECRET: `CHANGE-ME-${'0'.repeat(40)}` })).toMatch(/SESSION_SECRET: still the placeholder/);
    expect(load({ SESSION_SECRET: 'f'.repeat(32) }).sessionSecret).toBe('f'.repeat(32));
    expect(load({ SESSION_SECRET: '' }).sessionSecretIsRandom).toBe(true);
  });

  it('refuses an ADMIN_PASSWORD shorter than the command line\'s minimum of 8 characters', () => {
    expect(problem({ ADMIN_PASSWORD: '123' })).toMatch(/ADMIN_PASSWORD: at least 8 characters \(or leave it empty/);
    expect(problem({ ADMIN_PASSWORD: '1234567' })).toMatch(/ADMIN_PASSWORD: at least 8 characters/);
    expect(load({ ADMIN_PASSWORD: '12345678' }).adminPassword).toBe('12345678');
    expect(load({ ADMIN_PASSWORD: '' }).adminPassword).toBeUndefined();
  });
});

describe('addresses in the environment', () => {
  it('takes only an http(s) PUBLIC_BASE_URL', () => {
    for (const bad of ['localhost:3000', 'ftp://x.com', 'javascript:alert(1)', 'news.example.com', 'https://']) {
      expect(problem({ PUBLIC_BASE_URL: bad }), bad).toMatch(/PUBLIC_BASE_URL: an http:\/\/ or https:\/\/ address, e\.g\. https:\/\/news\.example\.com/);
    }
    expect(load({ PUBLIC_BASE_URL: 'https://news.example.com/' }).publicBaseUrl).toBe('https://news.example.com');
    expect(load({ PUBLIC_BASE_URL: 'http://127.0.0.1:3000' }).publicBaseUrl).toBe('http://127.0.0.1:3000');
    expect(load({ PORT: '3005' }).publicBaseUrl).toBe('http://localhost:3005');
  });

  it('takes only a postgres:// DATABASE_URL, without repeating it (it holds a password)', () => {
    for (const bad of ['garbage', 'mysql://chapar:hunter2@db/chapar', 'http://chapar:hunter2@db/chapar']) {
      const message = problem({ DATABASE_URL: bad });
      expect(message, bad).toMatch(/DATABASE_URL: a postgres:\/\/ \(or postgresql:\/\/\) URL/);
      expect(message).not.toContain('hunter2');
    }
    expect(load({ DATABASE_URL: 'postgresql://chapar:pw@127.0.0.1:5432/chapar' }).databaseUrl).toBe('postgresql://chapar:pw@127.0.0.1:5432/chapar');
    expect(load({ DATABASE_URL: 'postgres:///chapar?host=/run/postgresql' }).databaseUrl).toBe('postgres:///chapar?host=/run/postgresql');
  });

  it('bounds the time a PostgreSQL connection and a statement may take, with 0 lifting the statement limit', () => {
    expect(load({}).databaseTimeouts).toEqual({ connectTimeoutMs: 10_000, statementTimeoutMs: 30_000 });
    expect(load({ DATABASE_CONNECT_TIMEOUT_MS: '2500', DATABASE_STATEMENT_TIMEOUT_MS: '0' }).databaseTimeouts).toEqual({ connectTimeoutMs: 2_500, statementTimeoutMs: 0 });
    expect(problem({ DATABASE_CONNECT_TIMEOUT_MS: '50' })).toBe('Invalid environment:\n  DATABASE_CONNECT_TIMEOUT_MS: at least 100 (milliseconds)');
    expect(problem({ DATABASE_CONNECT_TIMEOUT_MS: '600000' })).toMatch(/DATABASE_CONNECT_TIMEOUT_MS: at most 120000/);
    for (const bad of ['500', '-1', '7200000']) {
      expect(problem({ DATABASE_STATEMENT_TIMEOUT_MS: bad }), bad).toBe('Invalid environment:\n  DATABASE_STATEMENT_TIMEOUT_MS: 0 (no limit) or 1000 to 3600000 (milliseconds)');
    }
  });
});
