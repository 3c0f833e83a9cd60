// The entry point of every command (commands.ts). What must run before the server's modules load
// comes first: the Node.js version check, the production default, the heap policy, the tick
// shape. Then Node's compile cache: a start reads the compiled code of the server's modules from
// disk (os.tmpdir()/node-compile-cache, or NODE_COMPILE_CACHE) instead of compiling it again, and
// answers its first page 11 % sooner (bench/HISTORY.md, "2026-12-07 23:15"). Only modules loaded
// after it is on benefit, hence commands.ts through import().
import './node-version.ts';
import './production-default.ts';
import './heap-policy.ts';
import './tick-shape.ts';
// The default export: on a Node.js without enableCompileCache, linking a named import would fail
// before node-version.ts could say what is wrong.
import module from 'node:module';

const cache = module.enableCompileCache();
// The render threads, and the processes this one starts, use the same cache.
if (cache.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;

await import('./commands.ts');
