import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HELP_LINES_PATH, helpLinesSchema, type HelpLines } from '../../../contracts/help-lines.js';
import { US_OVERSEAS_CITIZENS_SERVICES } from '../../catalogue/emergency-contacts.js';
import {
  SMART_TRAVELER_ENROLLMENT_PROGRAM,
  SUICIDE_AND_CRISIS_LIFELINE,
  VETERANS_CRISIS_LINE,
} from '../../catalogue/veterans.js';

export const HELP_LINES: HelpLines = {
  veteransCrisisLine: VETERANS_CRISIS_LINE,
  crisisLifeline: SUICIDE_AND_CRISIS_LIFELINE,
  smartTravelerEnrollmentProgram: SMART_TRAVELER_ENROLLMENT_PROGRAM,
  overseasCitizensServices: US_OVERSEAS_CITIZENS_SERVICES,
};

/** The help lines that do not depend on the country: veterans, STEP, Overseas Citizens Services. */
export const helpLinesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    HELP_LINES_PATH,
    {
      schema: {
        tags: ['emergency'],
        summary:
          'The Veterans Crisis Line, the Smart Traveler Enrollment Program and the Overseas Citizens Services line',
        response: { 200: helpLinesSchema },
      },
    },
    () => HELP_LINES,
  );
};
