export { AdvisoriesSection } from './AdvisoriesSection';
export { AdvisoryBanner } from './AdvisoryBanner';
