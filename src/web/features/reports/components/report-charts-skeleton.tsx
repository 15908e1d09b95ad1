import { Card, Grid, Skeleton } from '@mui/material';

/** The charts' drawing height on a phone and above. */
export const CHART_HEIGHT = { xs: 220, sm: 260 };

/** What stands in for the charts while their code or data loads: cards of the same size, no layout jump. */
export function ReportChartsSkeleton() {
  return (
    <Grid container spacing={2} aria-hidden>
      {[12, 6, 6].map((md, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Grid key={index} size={{ xs: 12, md }}>
          <Card sx={{ p: { xs: 1.5, sm: 2.5 } }}>
            <Skeleton width="30%" />
            <Skeleton
              variant="rounded"
              sx={{ mt: 1, height: { xs: CHART_HEIGHT.xs + 24, sm: CHART_HEIGHT.sm + 24 } }}
            />
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
