import createCache, { type EmotionCache } from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';

const caches: Partial<Record<'ltr' | 'rtl', EmotionCache>> = {};

/**
 * The emotion cache for a writing direction. The right-to-left one runs every style through the RTL
 * plugin, which mirrors left/right properties, so the whole MUI layout flips.
 */
export function emotionCacheFor(direction: 'ltr' | 'rtl'): EmotionCache {
  caches[direction] ??=
    direction === 'rtl'
      ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'mui', stylisPlugins: [prefixer] });
  return caches[direction];
}
