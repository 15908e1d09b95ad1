import { Tooltip } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useLocaleFormat } from '../lib/use-locale-format';

/**
 * A time as "5 minutes ago" that keeps itself current; the exact date and time show on hover. Both
 * are isolated in the language's direction, so the right-to-left layout does not read "minutes ago 16".
 */
export function RelativeTime({ iso }: { iso: string }) {
  const format = useLocaleFormat();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const exact = useMemo(() => format.date(iso, { withTime: true }), [format, iso]);
  return (
    <Tooltip title={<span dir={format.dir}>{exact}</span>} describeChild>
      <time dateTime={iso} dir={format.dir}>
        {format.relative(iso, now)}
      </time>
    </Tooltip>
  );
}
