// A directory nothing can be written into, for storage fault tests: mode 0555 for an ordinary
// user; for root, whom modes do not stop, the ext4 immutable flag (chattr +i). Checked by
// trying to write, so a test never believes in a read-only folder that is not one.
import { execFile } from 'node:child_process';
import { chmod, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const isRoot = () => process.getuid?.() === 0;

export async function makeReadOnly(dir: string): Promise<void> {
  await chmod(dir, 0o555);
  if (isRoot()) await run('chattr', ['+i', dir]);
  const probe = path.join(dir, '.write-probe');
  const written = await writeFile(probe, 'x').then(() => true, () => false);
  if (written) {
    await rm(probe, { force: true });
    throw new Error(`${dir} is still writable: neither its mode nor chattr +i stops writes on this file system`);
  }
}

export async function makeWritable(dir: string): Promise<void> {
  if (isRoot()) await run('chattr', ['-i', dir]).catch(() => undefined);
  await chmod(dir, 0o755);
}
