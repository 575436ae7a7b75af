import type { Mailer } from '../../adapters/mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { HttpServer } from '../../http-server.js';
import { createBetaRepository } from './repository.js';
import { betaRoutes } from './routes.js';
import { createBetaService } from './service.js';

/** Beta sign-ups and their e-mailed verification links. */
export async function registerBeta(
  app: HttpServer,
  { config, database }: AppContext,
  { mailer }: { mailer: Mailer },
): Promise<void> {
  await app.register(betaRoutes, {
    service: createBetaService(createBetaRepository(database.db), {
      appUrl: config.appUrl,
      mailer,
    }),
  });
}
