export { DestinationCard } from './DestinationCard';
export { DestinationsGrid } from './DestinationsGrid';
