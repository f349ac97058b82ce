/**
 * Loaded before every test file (`node --import`): the index of each test process, and of the servers
 * it spawns, goes to a folder of its own, never to the user's cache.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env['ZUMBA_CACHE_DIR'] = mkdtempSync(path.join(os.tmpdir(), 'zumba-test-cache-'));
