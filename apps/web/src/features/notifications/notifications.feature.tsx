import type { FeatureModule } from '../../lib/feature.ts';
import { notificationsMobile } from './notifications.mobile.ts';

/** The traveller's push messages, topics and bus thread; the driver's quick message (issue #16). */
export const notificationsFeature: FeatureModule = { ...notificationsMobile };
