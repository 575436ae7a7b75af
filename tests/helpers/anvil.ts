import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 20_000;

/**
 * A real local Ethereum node (anvil, from the npm package @foundry-rs/anvil) on a free port. It
 * mines each transaction at once and unlocks ten funded development accounts.
 */
export async function startAnvil() {
  const binary = path.join(ROOT, 'node_modules/.bin/anvil');
  const node = spawn(binary, ['--host', '127.0.0.1', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`anvil did not start:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    node.stdout.setEncoding('utf8');
    node.stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = /Listening on ([\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        node.stdout.removeAllListeners('data');
        node.stdout.resume();
        resolve(`http://${match[1]}`);
      }
    });
    node.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      if (node.exitCode !== null) return;
      const exited = new Promise((resolve) => node.once('exit', resolve));
      node.kill('SIGTERM');
      await exited;
    },
  };
}
