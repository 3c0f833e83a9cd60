#!/usr/bin/env node
// Before `npm start`: build the web app once if it has not been built (a fresh clone).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('apps/web/dist/server') || !existsSync('apps/web/dist/client')) {
  console.log('Building the web app (first start)…');
  const res = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(res.status ?? 1);
}
