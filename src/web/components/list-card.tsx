import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, CardContent, List, Stack, Typography } from '@mui/material';
import { type ReactNode, type Ref, useId } from 'react';
import { ListSkeleton } from './list-skeleton';
import { RetryAlert } from './retry-alert';

interface Props<T> {
  title: string;
  subtitle: ReactNode;
  /** The title, focusable: where the focus goes when a row takes its own button away. */
  titleRef?: Ref<HTMLHeadingElement>;
  /** A button beside the title ("New API key"), with a + unless told another icon. */
  action?: { label: string; onClick: () => void; icon?: ReactNode };
  /** Between the heading and the list: what chooses the rows shown (a filter, a switch). */
  controls?: ReactNode;
  /** The rows once loaded; undefined while loading. */
  items: readonly T[] | undefined;
  /** Each row, keyed: a ListItem of the list the card's title names. */
  renderItem: (item: T) => ReactNode;
  /** What went wrong, shown with a Retry button in place of the list; nothing when all is well. */
  failure?: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  /** The placeholder rows' name while the list loads. */
  loadingLabel: string;
  picture?: 'rounded' | 'circular';
  /** What an empty list says, and what to do about it; without it an empty list is an empty list. */
  empty?: { text: string; hint: string };
  /** Below the list, in the card. */
  children?: ReactNode;
  /** Beside the card's content: its dialogs. */
  dialogs?: ReactNode;
}

/**
 * A card section holding one list: its title and subtitle (naming the section and the list), an
 * optional action beside them, then the list's states: a failure with Retry, placeholder rows while
 * it loads, what an empty list says, or the rows.
 */
export function ListCard<T>({
  title,
  subtitle,
  titleRef,
  action,
  controls,
  items,
  renderItem,
  failure,
  retryLabel,
  onRetry,
  loadingLabel,
  picture = 'circular',
  empty,
  children,
  dialogs,
}: Props<T>) {
  const titleId = useId();
  const heading = (
    <Box sx={action ? { flex: '1 1 16rem', minWidth: 0 } : undefined}>
      <Typography
        id={titleId}
        ref={titleRef}
        tabIndex={titleRef ? -1 : undefined}
        variant="h6"
        component="h2"
      >
        {title}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {subtitle}
      </Typography>
    </Box>
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={2}>
          {action ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
              {heading}
              <Button
                variant="contained"
                startIcon={action.icon ?? <AddIcon />}
                onClick={action.onClick}
                sx={{ flexShrink: 0 }}
              >
                {action.label}
              </Button>
            </Box>
          ) : (
            heading
          )}
          {controls}
          {failure ? (
            <RetryAlert retryLabel={retryLabel} onRetry={onRetry}>
              {failure}
            </RetryAlert>
          ) : !items ? (
            <Box role="status" aria-busy aria-label={loadingLabel} sx={{ mx: -2 }}>
              <ListSkeleton rows={2} picture={picture} />
            </Box>
          ) : empty && items.length === 0 ? (
            <Box>
              <Typography>{empty.text}</Typography>
              <Typography variant="body2" color="textSecondary">
                {empty.hint}
              </Typography>
            </Box>
          ) : (
            <List aria-labelledby={titleId} disablePadding>
              {items.map(renderItem)}
            </List>
          )}
          {children}
        </Stack>
      </CardContent>
      {dialogs}
    </Card>
  );
}
