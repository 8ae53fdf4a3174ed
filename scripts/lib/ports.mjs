// Ports for one test run: each free when the run starts (the OS picks them),
// unless an environment variable names one. Two copies of the suite (two
// clones, or two runs) then never share a server or an emulator: a fixed
// port let the second copy test the first one's site, or sign up into and
// clear the first one's emulator.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** `env[name]` as a port number, or null when unset; a sentence for a value that is not a port. */
export function portFromEnv(name, env = process.env) {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a port number (1–65535), not "${raw}".`);
  return port;
}

/** The first port the OS hands out for port 0 and outgoing connections (Linux; 32768 elsewhere). */
function ephemeralStart() {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

function listenOn(server, port) {
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
}

/**
 * `count` different ports nothing listens on now on 127.0.0.1, drawn at
 * random below the range the OS hands out for port 0 (10000 up to it): a
 * port from that range can be taken between this pick and the server's
 * start (the e2e build bakes the Auth emulator's in minutes before the run)
 * by any program on the machine asking the OS for a free one. Each is held
 * until all are picked, so none is handed out twice.
 */
export async function freePorts(count) {
  const servers = [];
  const low = 10000;
  const high = Math.max(low + 1000, ephemeralStart());
  try {
    for (let tries = 0; servers.length < count; tries++) {
      const server = createServer();
      // After many taken ports, the OS picks one (from its own range).
      const port = tries < 200 ? low + Math.floor(Math.random() * (high - low)) : 0;
      if (await listenOn(server, port)) servers.push(server);
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => (s.listening ? s.close(() => r()) : r()))));
  }
}

/** One free port. */
export async function freePort() {
  return (await freePorts(1))[0];
}

/** True when something accepts connections on 127.0.0.1:`port`. */
export async function portInUse(port) {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}
