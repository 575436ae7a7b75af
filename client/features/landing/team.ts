/** The assistant and its three managers (spec §1 and §2, Team section; four members, spec §9). */
export interface TeamMember {
  /** The chat role of the member, e.g. `beth` for the assistant. */
  id: 'beth' | 'safety' | 'accessibility' | 'budget';
  name: string;
  role: string;
  /** One line on the team card. */
  summary: string;
  /** What it does, for the full roster (2 to 4 points). */
  duties: readonly string[];
}

export const TEAM_MEMBERS: readonly TeamMember[] = [
  {
    id: 'beth',
    name: 'Beth',
    role: 'Coordinator',
    summary: 'Your AI travel assistant: answers your questions and brings in the right manager.',
    duties: [
      'Answers travel questions from this site’s own destinations, advisories and emergency data',
      'Coordinates the Safety, Accessibility and Budget managers for you',
      'Says plainly when the site does not have the answer',
      'Proposes items for your trip as a card you apply or discard; it never changes your trip on its own',
    ],
  },
  {
    id: 'safety',
    name: 'AI Safety Manager',
    role: 'Safety',
    summary: 'Checks travel advisory levels and emergency numbers for the places you ask about.',
    duties: [
      'Gives the travel advisory level (1 to 4) of the places you ask about',
      'Lists the emergency numbers of those countries',
      'Warns you when a place is at level 3 (Reconsider Travel) or level 4 (Do Not Travel)',
    ],
  },
  {
    id: 'accessibility',
    name: 'AI Accessibility Manager',
    role: 'Accessibility',
    summary: 'Matches your needs to the accessibility features each destination documents.',
    duties: [
      'Matches your mobility, visual, hearing or neurodiversity needs to the features each destination documents',
      'Says what is not known, rather than guessing',
    ],
  },
  {
    id: 'budget',
    name: 'AI Budget Manager',
    role: 'Finance',
    summary: 'Adds up what your trip costs, in total and per day.',
    duties: [
      'Totals the items of your trip planner, booked against planned',
      'Tells you what a day of your trip costs',
      'Compares a total with the budget you give it, and finds destinations within a budget',
      'Compares prices only within one currency, with no guessed exchange rates',
    ],
  },
];
