// Imported first by main.ts: on a Node.js older than package.json's `engines` (pg-boss 12 needs
// 22.12), the site would start and fail later in the middle of its work; it stops here instead.

/** The oldest Node.js the locked packages run on; package.json's `engines.node` says the same. */
export const MIN_NODE_VERSION = '22.12.0';

/** The refusal for `version` (such as process.versions.node), or undefined when it is new enough. */
export function nodeVersionProblem(version: string, execPath = process.execPath): string | undefined {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const [needMajor, needMinor, needPatch] = MIN_NODE_VERSION.split('.').map(Number);
  if ((major - needMajor || minor - needMinor || patch - needPatch) >= 0) return undefined;
  return `Chapar needs Node.js ${MIN_NODE_VERSION} or newer (package.json "engines"; pg-boss needs it); this is Node.js ${version} (${execPath}). ` +
    'Install one with `node scripts/install-node.mjs` (it prints the directory to put first on PATH) or NodeSource\'s package, then start again.';
}

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
