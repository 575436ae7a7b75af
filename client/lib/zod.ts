/*
 * The browser's zod: vite.config.ts resolves every `import … from 'zod'` of the client build (the
 * shared contracts' included) to this module, which sets zod up before any schema is made.
 *
 * jitless: zod otherwise compiles a fast parser for each object schema with `new Function`, which
 * the site's Content-Security-Policy forbids; its probe for that is itself reported as a CSP
 * violation. The server keeps zod's compiled parsers.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
