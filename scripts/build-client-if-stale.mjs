// Builds the client when dist/client is missing or older than any client or contracts source file,
// so `npm start` always serves what the source says without rebuilding on every start.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/client/index.html');
const SOURCES = [
  'client',
  'contracts',
  'vite.config.ts',
  'scripts/prerender.ts',
  'scripts/compress.ts',
  'package-lock.json',
];

function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

let builtAt = 0;
try {
  builtAt = statSync(builtIndex).mtimeMs;
} catch {
  // Never built.
}
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));

if (builtAt >= sourcesAt) {
  console.log('Client build is up to date.');
} else {
  console.log(builtAt ? 'Client sources changed: rebuilding…' : 'Building the client…');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
