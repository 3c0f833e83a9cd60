// External programs some suites need, and the one command that installs them all.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium ffmpeg espeak-ng nginx postgresql-client';

export const TOOLS = {
  chromium: { check: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'), suites: 'browser (e2e) tests, Lighthouse' },
  ffmpeg: { check: () => runs('ffmpeg', ['-version']), suites: 'video watermark and podcast encoding tests' },
  'espeak-ng': { check: () => runs('espeak-ng', ['--version']), suites: 'offline podcast speech tests' },
  nginx: { check: () => runs(process.env.NGINX_PATH ?? '/usr/sbin/nginx', ['-v']), suites: 'the production layout (cluster) tests' },
  pg_dump: { check: () => runs('pg_dump', ['--version']), suites: 'PostgreSQL backup and restore tests' },
};

function runs(cmd, args) {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function missingTools() {
  return Object.entries(TOOLS).filter(([, t]) => !t.check()).map(([name, t]) => ({ name, suites: t.suites }));
}
