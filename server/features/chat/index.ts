import { createBuiltInAssistant } from './assistant/built-in.js';
import { createModelAssistant } from './assistant/model.js';
import type { AssistantKnowledge } from './assistant/types.js';
import { DESTINATIONS } from '../../catalogue/destinations.js';
import type { AppContext } from '../../context.js';
import type { HttpServer } from '../../http-server.js';
import type { AdvisoryService } from '../advisories/service.js';
import type { DestinationService } from '../destinations/service.js';
import { HELP_LINES } from '../emergency/help-lines-routes.js';
import type { EmergencyService } from '../emergency/service.js';
import type { PlannerService } from '../planner/service.js';
import { createChatRepository } from './repository.js';
import { chatRoutes } from './routes.js';
import { createChatService } from './service.js';

/** What the assistant answers from: the site's own data and the visitor's trips. */
export interface ChatSources {
  destinations: DestinationService;
  advisories: AdvisoryService;
  emergency: EmergencyService;
  planner: PlannerService;
}

/**
 * The chat: the built-in assistant, or a model (AI_BASE_URL) that falls back on it, both answering
 * from the site's data; the visitor's conversation is kept.
 */
export async function registerChat(
  app: HttpServer,
  { config, database }: AppContext,
  { destinations, advisories, emergency, planner }: ChatSources,
): Promise<void> {
  const knowledge: AssistantKnowledge = {
    destinations: () => destinations.listOrPopulate(),
    destinationSource: (id) => DESTINATIONS.find((d) => d.id === id),
    advisories: () => advisories.list(),
    emergency,
    helpLines: HELP_LINES,
    trips: planner,
  };
  const builtIn = createBuiltInAssistant(knowledge);
  const assistant = config.ai
    ? createModelAssistant(config.ai, knowledge, builtIn, app.log)
    : builtIn;
  await app.register(chatRoutes, {
    service: createChatService(createChatRepository(database.db), assistant, planner),
  });
}
