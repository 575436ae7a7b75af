export { AccessibilityInfoCard, type AccessibilityInfoCardProps } from './AccessibilityInfoCard';
export { AccessibilitySupportSection } from './AccessibilitySupportSection';
export { AiRosterDialog } from './AiRosterDialog';
export { HeroSection, type HeroSectionProps } from './HeroSection';
export { MAIN_NAV_GROUPS, MOBILE_NAV_GROUPS, type NavGroup, type NavItem } from './navigation';
export { TEAM_MEMBERS, type TeamMember } from './team';
export { TeamSection, type TeamSectionProps } from './TeamSection';
