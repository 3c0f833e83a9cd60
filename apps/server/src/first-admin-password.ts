// The generated owner password on a first start: shown once on the console in a plain framed
// block (not inside a JSON log line, where it is easy to miss), and kept in
// DATA_DIR/first-admin-password (readable by the owner of the process only) until the first
// successful sign-in, which removes it.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password';

const fileIn = (dataDir: string) => path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);

/** The console block: a frame of plain characters (every terminal and log viewer shows them). */
export function firstAdminBanner(username: string, password: string, file: string | undefined): string {
  const lines = [
    'Chapar: the owner account was created.',
    '',
    `  username: ${username}`,
    `  password: ${password}`,
    '',
    'Sign in at /admin/login and change it (or run:',
    `  npm run admin -- set-password ${username}).`,
    ...(file ? ['', `Also kept in ${file} until the first sign-in.`] : ['This is the only place it is shown.']),
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((l) => `| ${l.padEnd(width)} |`), rule, ''].join('\n');
}

/** Writes the file (mode 0600); returns its path, or undefined without a data directory. */
export function keepFirstAdminPassword(dataDir: string, username: string, password: string): string | undefined {
  if (dataDir.startsWith('memory://')) return undefined;
  const file = fileIn(dataDir);
  writeFileSync(file, `username: ${username}\npassword: ${password}\n`, { mode: 0o600 });
  return file;
}

/** Removes the file after a successful sign-in; true when there was one. */
export function forgetFirstAdminPassword(dataDir: string): boolean {
  if (dataDir.startsWith('memory://')) return false;
  const file = fileIn(dataDir);
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}
