// Types of tools.mjs for the TypeScript tests that share its checks.
export declare const INSTALL_COMMAND: string;
export declare const TOOLS: Record<'chromium' | 'ffmpeg' | 'espeak-ng' | 'nginx' | 'pg_dump', { check(): boolean; suites: string }>;
export declare function missingTools(): Array<{ name: string; suites: string }>;
