import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The deployment files (deploy/, docs/deploy.md) kept in step with .env.example: every variable
// they set is one .env.example describes, and the environment file sets what the layout needs.

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const names = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]);

/** The variables .env.example sets (commented-out examples, the tests' own, left out). */
const described = new Set(names(read('.env.example'), /^([A-Z][A-Z0-9_]*)=/gm));

/** The variables the Chapar services of compose.yaml set: the shared block's environment. */
function composeVariables(text: string): string[] {
  const block = text.slice(text.indexOf('x-chapar:'), text.indexOf('\nservices:'));
  const environment = block.slice(block.indexOf('  environment:\n') + '  environment:\n'.length);
  const lines = environment.split('\n');
  const end = lines.findIndex((l) => !/^ {4}|^\s*$/.test(l));
  return names(lines.slice(0, end).join('\n'), /^ {4}([A-Z][A-Z0-9_]*):/gm);
}

const files: Record<string, string[]> = {
  'deploy/chapar.env': names(read('deploy/chapar.env'), /^([A-Z][A-Z0-9_]*)=/gm),
  'deploy/Dockerfile': names(read('deploy/Dockerfile'), /^ENV\s+([A-Z][A-Z0-9_]*)[= ]/gm),
  'deploy/compose.yaml': composeVariables(read('deploy/compose.yaml')),
  'deploy/chapar-web@.service': names(read('deploy/chapar-web@.service'), /^Environment=([A-Z][A-Z0-9_]*)=/gm),
  'deploy/chapar-worker@.service': names(read('deploy/chapar-worker@.service'), /^Environment=([A-Z][A-Z0-9_]*)=/gm),
};

describe('the deployment files', () => {
  it('set only variables that .env.example describes', () => {
    expect(described.size).toBeGreaterThan(50);
    expect(files['deploy/chapar.env'].length).toBeGreaterThan(10);
    expect(files['deploy/Dockerfile']).toContain('NODE_ENV');
    expect(files['deploy/compose.yaml']).toEqual(['DATABASE_URL', 'HOST', 'TRUST_PROXY']);
    expect(files['deploy/chapar-web@.service']).toEqual(['PORT', 'NODE_COMPILE_CACHE']);
    expect(files['deploy/chapar-worker@.service']).toEqual(['NODE_COMPILE_CACHE']);
    for (const [file, vars] of Object.entries(files)) {
      expect(vars.filter((v) => !described.has(v)), `${file} sets variables .env.example does not describe`).toEqual([]);
    }
  });

  it('give every process of the layout what it needs to share one site', () => {
    const env = new Set(files['deploy/chapar.env']);
    for (const needed of ['DATABASE_URL', 'SESSION_SECRET', 'PUBLIC_BASE_URL', 'TRUST_PROXY', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'MEDIA_BASE_URL']) {
      expect(env.has(needed), needed).toBe(true);
    }
    // Both roles read the same file, and compose gives both the same block.
    expect(read('deploy/chapar-web@.service')).toContain('EnvironmentFile=/etc/chapar/chapar.env');
    expect(read('deploy/chapar-worker@.service')).toContain('EnvironmentFile=/etc/chapar/chapar.env');
    expect(read('deploy/compose.yaml').match(/<<: \*chapar/g)).toHaveLength(5);
  });

  it('are the ones docs/deploy.md names', () => {
    const doc = read('docs/deploy.md');
    for (const file of [...Object.keys(files), 'deploy/nginx.conf']) expect(doc).toContain(path.basename(file));
  });

  // The nginx of the systemd layout is Debian 12's (1.22), and compose pins the same version.
  const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  it.runIf(existsSync(nginx) || process.env.CI === 'true')('give nginx a configuration its pinned version accepts', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chapar-nginx-'));
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`, '-days', '1', '-subj', '/CN=news.example.com'], { stdio: 'ignore' });
      // The certificate's paths and the upstreams resolved here; everything else as shipped.
      const site = read('deploy/nginx.conf')
        .replace('/etc/letsencrypt/live/news.example.com/fullchain.pem', `${dir}/cert.pem`)
        .replace('/etc/letsencrypt/live/news.example.com/privkey.pem', `${dir}/key.pem`)
        .replace('web1:3000', '127.0.0.1:3001').replace('web2:3000', '127.0.0.1:3002');
      writeFileSync(`${dir}/chapar.conf`, site);
      writeFileSync(`${dir}/nginx.conf`, `error_log stderr;\npid ${dir}/nginx.pid;\nevents {}\nhttp {\n  include ${dir}/chapar.conf;\n}\n`);
      const test = () => execFileSync(nginx, ['-t', '-p', dir, '-c', `${dir}/nginx.conf`], { stdio: 'pipe' });
      expect(test).not.toThrow();
      expect(read('deploy/compose.yaml')).toMatch(/image: nginx:1\.22\b/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
