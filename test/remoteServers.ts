/**
 * Remote caches for the tests: nginx (Debian's package) on loopback with WebDAV's PUT, as a team would
 * run one, started and stopped by the test; and a proxy in front of it that misbehaves as a remote
 * may (cuts a body short, flips a byte, never answers, has nothing). No test framework is loaded
 * here: the benchmark starts nginx too.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';

export interface Nginx {
  /** The server's base URL; `private/` under it asks for user `reader`, password `PASSWORD`. */
  readonly url: string;
  /** What it has served, one request a line (method, path, status, body bytes sent). */
  readonly requests: () => string[];
  /** Stops it and removes its folder. */
  readonly stop: () => Promise<void>;
}

export const PASSWORD = 's3cret-p4ss';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file)) ?? 'nginx';

/** Why the tests that need nginx cannot run here, or false. */
export const withoutNginx = spawnSync(NGINX, ['-v']).status !== 0 && 'needs nginx (apt-get install nginx; .ci/run installs it)';

/** A free port on loopback, as the system gives one. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startNginx(): Promise<Nginx> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'zumba-nginx-'));
  for (const sub of ['www', 'tmp']) mkdirSync(path.join(folder, sub));
  writeFileSync(path.join(folder, 'users'), `reader:{PLAIN}${PASSWORD}\n`);
  const port = await freePort();
  // As root, nginx's workers would be another user, who may not write the folder.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};` : '';
  const temporary = path.join(folder, 'tmp');
  writeFileSync(
    path.join(folder, 'nginx.conf'),
    `daemon off; ${user}
pid ${folder}/nginx.pid;
error_log ${folder}/error.log;
worker_processes 1;
events { worker_connections 256; }
http {
  access_log ${folder}/access.log;
  log_format plain '$request_method $uri $status $body_bytes_sent';
  client_body_temp_path ${temporary}; proxy_temp_path ${temporary}; fastcgi_temp_path ${temporary}; uwsgi_temp_path ${temporary}; scgi_temp_path ${temporary};
  server {
    listen 127.0.0.1:${port};
    root ${folder}/www;
    client_max_body_size 0;
    access_log ${folder}/requests.log plain;
    location / { dav_methods PUT; create_full_put_path on; dav_access user:rw; }
    location /private/ { auth_basic zumba; auth_basic_user_file ${folder}/users; dav_methods PUT; create_full_put_path on; dav_access user:rw; }
  }
}
`,
  );
  const server = spawn(NGINX, ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-e', path.join(folder, 'error.log')], { stdio: 'ignore' });
  await untilListening(port, server, folder);
  return {
    url: `http://127.0.0.1:${port}/`,
    requests: () => readLines(path.join(folder, 'requests.log')),
    stop: async () => {
      await stopped(server);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function untilListening(port: number, server: ChildProcess, folder: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (server.exitCode !== null) throw new Error(`nginx exited: ${readLines(path.join(folder, 'error.log')).join('\n')}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket.end() !== undefined));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await delay(25);
  }
  throw new Error('nginx did not listen within 5 s');
}

function stopped(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGQUIT');
  });
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');
  } catch {
    return [];
  }
}

/**
 * How the proxy answers a request for an object (`/v2/objects/…`); manifests pass through unless
 * `nothing`. `gzip` is no misbehaviour: each object compressed on the wire, as a server may be set to.
 */
export type Misbehaviour = 'cut' | 'short' | 'flipped' | 'silent' | 'missing objects' | 'nothing' | 'gzip' | 'not gzip';

/** A remote that forwards to `upstream` and misbehaves so. */
export async function misbehaving(upstream: string, how: Misbehaviour): Promise<{ readonly url: string; readonly stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer(async (request, response) => {
    const isObject = request.url!.includes('/v2/objects/');
    if (how === 'silent') return; // Never answers: the socket stays open.
    if (how === 'nothing' || (how === 'missing objects' && isObject)) return response.writeHead(404).end();
    const fetched = await fetch(new URL(request.url!.slice(1), upstream));
    const body = Buffer.from(await fetched.arrayBuffer());
    if (!isObject || fetched.status !== 200) return response.writeHead(fetched.status).end(body);
    if (how === 'cut') {
      // The whole length announced, half of it sent, then the connection dropped: a remote killed mid-download.
      response.writeHead(200, { 'content-length': body.length });
      response.write(body.subarray(0, body.length >> 1));
      return setTimeout(() => request.socket.destroy(), 20);
    }
    if (how === 'short') return response.writeHead(200, { 'content-length': body.length - 1 }).end(body.subarray(0, -1));
    if (how === 'gzip' || how === 'not gzip') {
      const sent = how === 'gzip' ? gzipSync(body) : body; // Said to be gzip, either way.
      return response.writeHead(200, { 'content-length': sent.length, 'content-encoding': 'gzip' }).end(sent);
    }
    // 'flipped': one bit of the body changed.
    body[body.length >> 1]! ^= 0x01;
    response.writeHead(200, { 'content-length': body.length }).end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
