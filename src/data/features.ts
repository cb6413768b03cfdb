/** The parts of the site this build (and the server beside it) has on: the site config's, less `FEATURES_OFF`. */
import { featureSwitches } from '../lib/shared/features.ts';
import { site } from '../site.config.ts';

export const features = featureSwitches(site.features, process.env.FEATURES_OFF);
