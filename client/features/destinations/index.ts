export { DestinationsGrid } from './DestinationsGrid';
