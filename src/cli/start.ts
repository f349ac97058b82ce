#!/usr/bin/env node
/**
 * The `zumba` command as installed (dist/bin/main.js): where Node keeps compiled code on disk
 * between runs (22.1 and later), that cache is turned on, then the command runs (main.ts).
 */
import module from 'node:module';

// Only modules loaded after this call are cached: the command is imported below it, not above.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./main.js');
