import { featureBoundaries } from './feature-boundaries.js';
import { functionSize } from './function-size.js';

/** The project's own lint rules, as the plugin `local`. */
export default {
  rules: { 'feature-boundaries': featureBoundaries, 'function-size': functionSize },
};
