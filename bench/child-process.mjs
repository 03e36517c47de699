// Child processes of the bench scripts that start servers (scale-out.mjs, seed-stack.mjs,
// page-cpu-ab.mjs): their output kept for the error message or a log file, their exit
// awaited, and a free port to start them on.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';

/** A port nobody listens on now (the OS picks it), for a server started just after. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command to its end: its output when it exits 0, else an error with the output's tail.
 *  `options` as spawn takes them (cwd, env: the whole environment, not merged). */
export function runToEnd(label, command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${label} exited with ${code}:\n${output.slice(-3000)}`))));
  });
}

/** A long-running child. `options`: cwd and env as spawn takes them (env whole, not merged),
 *  logFile where save() writes the output. */
export function startProcess(label, command, args, { logFile, ...options }) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks = [];
  const listeners = new Set();
  const keep = (chunk) => {
    chunks.push(chunk);
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const output = () => Buffer.concat(chunks).toString('utf8');
  return {
    label,
    child,
    exited,
    output,
    save: () => writeFile(logFile, Buffer.concat(chunks)),
    /** The first match of `pattern` in the output; fails when the process exits first or after `timeoutMs`. */
    waitForOutput(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const done = (settle, value) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle(value);
        };
        const timer = setTimeout(() => done(reject, new Error(`${label}: no ${pattern} within ${timeoutMs / 1000} s:\n${output().slice(-3000)}`)), timeoutMs);
        const check = () => {
          const match = output().match(pattern);
          if (match) done(resolve, match);
        };
        listeners.add(check);
        check();
        exited.then(({ code, signal }) => done(reject, new Error(`${label} exited (${signal ?? code}) while starting:\n${output().slice(-3000)}`)));
      });
    },
  };
}
