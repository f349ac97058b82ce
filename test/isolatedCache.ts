/**
 * Loaded before every test file (`node --import`): each test process, and the servers it spawns, get
 * a temporary folder of their own (`TMPDIR`, which `os.tmpdir()` reads at each call) holding their
 * index, never the user's cache; the folder and all a test made in it go when the process exits.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const folder = mkdtempSync(path.join(os.tmpdir(), 'zumba-test-'));
// Open to all as the system's own is (sticky): some tests run a server as another user.
chmodSync(folder, 0o1777);
process.env['TMPDIR'] = folder;
process.env['ZUMBA_CACHE_DIR'] = path.join(folder, 'cache');
mkdirSync(process.env['ZUMBA_CACHE_DIR'], { mode: 0o700 });

// Retries: a server the test just killed may still be finishing a write in the cache.
process.on('exit', () => rmSync(folder, { recursive: true, force: true, maxRetries: 5 }));
// Each server answers alone, as the suites expect of the process they spawn; daemon.test.ts shares.
process.env['ZUMBA_ALONE'] = '1';
