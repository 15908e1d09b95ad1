/** Fatigue guard limits no test reaches (the guard's tests set the product's defaults instead). */
export const GENEROUS_FATIGUE_LIMITS = {
  FATIGUE_PER_DAY: '100',
  FATIGUE_PER_WEEK: '100',
  FATIGUE_MAX_PER_DAY: '100',
  FATIGUE_MAX_PER_WEEK: '100',
  FATIGUE_FOLLOWER_PER_DAY: '100',
};
