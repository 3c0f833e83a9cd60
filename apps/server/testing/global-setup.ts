// Vitest's global setup for the server's tests: the test accounts' password hashes, made once
// per run, so no file spends most of a second of a core hashing them again.
import type { TestProject } from 'vitest/node';
import { hashPassword } from '../src/modules/auth/password.ts';
import { ROLE_PASSWORD, TEST_ADMIN } from './accounts.ts';

export default async function setup(project: TestProject): Promise<void> {
  const hashes: Record<string, string> = {};
  for (const password of [TEST_ADMIN.password, ROLE_PASSWORD]) hashes[password] = await hashPassword(password);
  project.provide('testPasswordHashes', hashes);
}
