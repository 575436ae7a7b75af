// Only the lazily loaded Flight Plan page imports this feature.
export { TripPlanner } from './TripPlanner';
