import { writeSafetyKit, type SafetyKitOptions } from './safety-kit.js';

/** A kit written in a worker thread (server/workers/pool.ts): its bytes come back as a Uint8Array. */
export default async function writeSafetyKitTask(options: SafetyKitOptions): Promise<Uint8Array> {
  return writeSafetyKit(options);
}
