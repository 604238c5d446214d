import type { FeatureModule } from '../../lib/feature.ts';
import { diaryMobile } from './diary.mobile.ts';

/** The traveller's diary (issue #13 item 4): entries with photos per journey day, private to the writer. */
export const diaryFeature: FeatureModule = { ...diaryMobile };
