// A worker thread started from the TypeScript sources (`npm run dev`, the tests) has no compiler:
// this registers tsx in the thread and hands piscina the module's task. The production build runs
// the compiled module directly and never loads this file (see pool.ts).
import { workerData } from 'piscina';
import { register } from 'tsx/esm/api';

register();
const task = await import(workerData.module);
export default task.default;
