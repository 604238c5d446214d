import type { FeatureModule } from '../../lib/feature.ts';
import { driverAppMobile } from './driver-app.mobile.ts';

/** The driver app (issue #13 items 8, 9): phone screens only, see driver-app.mobile.ts. */
export const driverAppFeature: FeatureModule = { ...driverAppMobile };
